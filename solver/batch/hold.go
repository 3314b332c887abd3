package batch

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Held is a results file locked as a run that writes it locks it (Open),
// so that no run starts writing it while it is Held, and a file that a
// run is writing cannot be Held. A file that did not exist is created
// empty to be locked, and removed again by Abandon.
type Held struct {
	name    string
	f       *os.File
	unlock  func()
	empty   bool
	created bool
	mode    fs.FileMode

	tmp       *os.File // the file that is to replace it (CreateTemp)
	tmpUnlock func()
	replaced  bool
}

// Hold locks the regular file name for a command that is about to replace
// it (merge --out), as a second run of stats would: it fails, with the
// error a second run gets, while a run is writing the file. When there is
// no such file, Hold creates it empty (with the permissions the umask
// allows) and locks it, so that no run can start on it until the command
// has replaced it: call Abandon if it is not replaced. It returns nil and
// no error when name is not a regular file (a device or a pipe, which
// holds no results to lose, and which the command writes as it is).
func Hold(name string) (*Held, error) {
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		return nil, nil
	}
	f, unlock, st, created, err := lockPath(name, 0o666)
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		unlock()
		f.Close()
		return nil, notResults(name, err)
	}
	return &Held{name: name, f: f, unlock: unlock, empty: st.Size() == 0, created: created, mode: st.Mode().Perm()}, nil
}

// afterOpen, when set (by tests), is called by lockPath between opening
// a results file and locking it.
var afterOpen func(name string)

// lockPath opens (or creates, with perm less the umask) the results file
// name for reading and writing and locks it, as a run that writes it does,
// and checks that name still names the file it locked: another command
// may have replaced or removed it in between (merge renames its file over
// the name), and then it tries again. It says whether it created the file.
func lockPath(name string, perm fs.FileMode) (f *os.File, unlock func(), st fs.FileInfo, created bool, err error) {
	for try := 0; ; try++ {
		created = true
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			created = false
			f, err = os.OpenFile(name, os.O_RDWR, 0)
			if errors.Is(err, fs.ErrNotExist) && try < 100 {
				continue // removed in between
			}
		}
		if err != nil {
			return nil, nil, nil, false, fmt.Errorf("cannot open the results file: %w", err)
		}
		if afterOpen != nil {
			afterOpen(name)
		}
		if unlock, err = lockFile(f); err != nil {
			f.Close()
			return nil, nil, nil, false, fmt.Errorf("%s is being written by another patience run (%w)", name, err)
		}
		st, err = f.Stat()
		if err == nil {
			var now fs.FileInfo
			now, err = os.Stat(name)
			if err == nil && os.SameFile(st, now) {
				return f, unlock, st, created, nil
			}
			if err == nil || errors.Is(err, fs.ErrNotExist) {
				err = nil
				if try < 100 {
					unlock()
					f.Close()
					continue // another file now has the name: lock that one
				}
				err = errors.New("it keeps being replaced")
			}
		}
		unlock()
		f.Close()
		return nil, nil, nil, false, fmt.Errorf("cannot open the results file %s: %w", name, err)
	}
}

// Empty reports whether the file held nothing when it was locked.
func (h *Held) Empty() bool { return h.empty }

// Mode returns the permissions of the file held: those of an existing
// file, or those the umask gives a new one. The file that replaces it
// gets them.
func (h *Held) Mode() fs.FileMode { return h.mode }

// Header reads the header of the file, or says why it is not a results
// file.
func (h *Held) Header() (Header, error) {
	if _, err := h.f.Seek(0, 0); err != nil {
		return Header{}, notResults(h.name, err)
	}
	rd, err := NewReader(h.f, h.name)
	if err != nil {
		return Header{}, err
	}
	return rd.Header(), nil
}

// notResults says that a file that cannot be read back from its start
// (seek fails: a file of /proc, say) cannot hold results.
func notResults(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	why := err.Error()
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ESPIPE) {
		why = "it cannot be read back from its start (seek: " + err.Error() + ")"
	}
	return fmt.Errorf("%s cannot be used for results: %s; give a regular file, a pipe or a device such as /dev/null", name, why)
}

// Release unlocks and closes the file, and the temporary file of
// CreateTemp (removed if it has not replaced the held file). It does
// nothing on a nil Held.
func (h *Held) Release() {
	if h == nil || h.f == nil {
		return
	}
	if h.tmp != nil {
		if !h.replaced {
			os.Remove(h.tmp.Name())
		}
		h.tmpUnlock()
		h.tmp.Close()
		h.tmp = nil
	}
	h.unlock()
	h.f.Close()
	h.f = nil
}

// Abandon releases the file, and removes it if Hold created it and it is
// still the empty file Hold made: a command that fails leaves no file
// behind. It does nothing on a nil Held.
func (h *Held) Abandon() {
	if h == nil || h.f == nil {
		return
	}
	if h.created && !h.replaced {
		st, err1 := h.f.Stat()
		now, err2 := os.Stat(h.name)
		if err1 == nil && err2 == nil && os.SameFile(st, now) && st.Size() == 0 {
			os.Remove(h.name)
		}
	}
	h.Release()
}

// tempMark is in the names of the temporary files that replace a held
// file: NAME.merge-RANDOM, beside it.
const tempMark = ".merge-"

// isTempName reports whether name is prefix followed by one or more
// digits alone: the form of os.CreateTemp's names for the pattern
// prefix+"*".
func isTempName(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok || rest == "" {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// CreateTemp makes the file that is to replace the held one, in its
// directory, locked for as long as the file is held (so that a merge
// still running keeps it), with the held file's permissions. It first
// removes the temporary files of earlier merges to the same name that no
// live process holds (a merge killed by SIGKILL leaves its file). Errors
// name the held file, never the temporary one.
func (h *Held) CreateTemp() (*os.File, error) {
	dir, base := filepath.Dir(h.name), filepath.Base(h.name)
	removeStaleTemps(dir, base+tempMark)
	tmp, err := os.CreateTemp(dir, base+tempMark+"*")
	if err != nil {
		return nil, fmt.Errorf("cannot make a new file in %s: %w", dir, Pathless(err))
	}
	unlock, err := lockFile(tmp)
	if err == nil {
		err = tmp.Chmod(h.mode)
		if err != nil {
			unlock()
		}
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, Pathless(err)
	}
	h.tmp, h.tmpUnlock = tmp, unlock
	return tmp, nil
}

// removeStaleTemps removes the files of dir named as os.CreateTemp names
// the temporary files of a merge (prefix, then digits alone) that no
// process holds locked. Other files, such as a user's NAME.merge-backup,
// are never touched.
func removeStaleTemps(dir, prefix string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !isTempName(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		name := filepath.Join(dir, e.Name())
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		if unlock, err := lockFile(f); err == nil {
			if st, err := f.Stat(); err == nil {
				if now, err := os.Stat(name); err == nil && os.SameFile(st, now) {
					os.Remove(name)
				}
			}
			unlock()
		}
		f.Close()
	}
}

// RemoveTemp removes the temporary file of CreateTemp, if there is one:
// the held file stays as it was. It may be called while another goroutine
// still writes the temporary file.
func (h *Held) RemoveTemp() {
	if h == nil || h.tmp == nil {
		return
	}
	os.Remove(h.tmp.Name())
}

// Replace puts the temporary file of CreateTemp, written whole (and left
// open) by the caller, in place of the held file, once it is on the disk,
// at once (rename): a reader sees one or the other. The name stays locked
// until Release.
func (h *Held) Replace() error {
	err := h.tmp.Sync()
	if err == nil {
		err = os.Rename(h.tmp.Name(), h.name)
	}
	if err != nil {
		os.Remove(h.tmp.Name())
		return Pathless(err)
	}
	h.replaced = true
	return nil
}

// Pathless returns the system's error of a file operation without the
// path (the Err of an *fs.PathError or *os.LinkError), for a message that
// names the file in its own words, such as "rf.jsonl: permission denied"
// for a file whose temporary name the user never saw.
func Pathless(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}
