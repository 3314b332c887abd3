package outfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"syscall"
)

// held is an output file locked (LockPath) by a command that is about to
// replace it, so that no run starts writing it meanwhile, and that cannot
// be held while a run writes it. A file that did not exist is created
// empty to be locked, and removed again by abandon.
type held struct {
	name    string // the path (links resolved)
	f       *os.File
	unlock  func()
	st      fs.FileInfo
	created bool

	tmp      *os.File // the file that is to replace it (createTemp)
	replaced bool
}

// hold locks the regular file at path (creating it empty if there is
// none), and registers it, so that a process ending at once (Quiesce)
// leaves no file of its own behind.
func hold(path string) (*held, error) {
	f, unlock, st, created, err := LockPath(path, 0o666)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		unlock()
		f.Close()
		return nil, &Error{Name: path, Err: errors.New("became a pipe or a device as the command began: run it again")}
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		unlock()
		f.Close()
		return nil, Unseekable(path, err)
	}
	h := &held{name: path, f: f, unlock: unlock, st: st, created: created}
	register(h)
	return h, nil
}

// tempForm is the form of the names of the files that replace an output:
// .NAME.patience-HEX.tmp, hidden, beside it, with 16 hex digits that no
// user chooses. Only files of this form are ever removed as stale.
var tempForm = regexp.MustCompile(`^\.(.+)\.patience-[0-9a-f]{16}\.tmp$`)

// tempName returns a new name of tempForm for the output base.
func tempName(base string) string {
	var b [8]byte
	rand.Read(b[:])
	return "." + base + ".patience-" + hex.EncodeToString(b[:]) + ".tmp"
}

// createTempBeside makes, beside path, a new file of tempForm, never
// following a link, with perm less the umask.
func createTempBeside(path string, perm fs.FileMode) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	for {
		f, err := os.OpenFile(filepath.Join(dir, tempName(base)), os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
}

// createTemp makes the file that is to replace the held one, in its
// directory, locked as long as it lives (so that a stale-file sweep
// leaves it), with the held file's permissions, or for a new file those
// of the umask. It first removes the files of this form to the same name
// that no live process holds locked (a command killed by SIGKILL leaves
// its file).
func (h *held) createTemp() (*os.File, error) {
	removeStaleTemps(h.name)
	tmp, err := createTempBeside(h.name, 0o666)
	if err != nil {
		return nil, Pathless(err)
	}
	_, err = Lock(tmp)
	if err == nil && !h.created {
		err = tmp.Chmod(h.st.Mode().Perm())
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, Pathless(err)
	}
	mu.Lock()
	h.tmp = tmp
	mu.Unlock()
	return tmp, nil
}

// removeStaleTemps removes the files beside path of tempForm for its name
// that no process holds locked. Other files, such as a user's
// NAME.merge-1 or .NAME.backup, are never touched.
func removeStaleTemps(path string) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		m := tempForm.FindStringSubmatch(e.Name())
		if m == nil || m[1] != base || !e.Type().IsRegular() {
			continue
		}
		name := filepath.Join(dir, e.Name())
		f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
		if err != nil {
			continue
		}
		if unlock, err := Lock(f); err == nil {
			if st, err := f.Stat(); err == nil {
				if now, err := os.Lstat(name); err == nil && os.SameFile(st, now) {
					os.Remove(name)
				}
			}
			unlock()
		}
		f.Close()
	}
}

// old returns the file held, at its start, for a check of what it holds;
// nil when it was empty or new.
func (h *held) old() (*os.File, error) {
	if h.created || h.st.Size() == 0 {
		return nil, nil
	}
	if _, err := h.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return h.f, nil
}

// replace puts the temporary file, written whole, in place of the held
// file, once it is on the disk, at once (rename): a reader sees one or the
// other. First it checks that the path still names the file it locked: a
// file that another command put there (a stats run on a name that was
// removed, say) is never replaced (ErrReplaced). A process ending at once
// (Quiesce) waits for the rename.
func (h *held) replace() error {
	if err := h.tmp.Sync(); err != nil {
		return Pathless(err)
	}
	guard.RLock()
	defer guard.RUnlock()
	now, err := os.Stat(h.name)
	if err != nil || !os.SameFile(now, h.st) {
		return ErrReplaced
	}
	if err := os.Rename(h.tmp.Name(), h.name); err != nil {
		return Pathless(err)
	}
	mu.Lock()
	h.replaced = true
	mu.Unlock()
	return nil
}

// release removes the temporary file (unless it replaced the held file)
// and, if the held file was made by hold and is still the empty file it
// made, that file too; then unlocks and closes them. It does nothing the
// second time.
func (h *held) release() {
	if h == nil {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	h.cleanLocked()
	delete(live, h)
	if h.f != nil {
		h.unlock()
		h.f.Close()
		h.f = nil
	}
	if h.tmp != nil {
		h.tmp.Close()
		h.tmp = nil
	}
}

// cleanLocked removes what the command made and did not put in place:
// the temporary file, and a new empty file made to be held. mu is held.
func (h *held) cleanLocked() {
	if h.f == nil || h.replaced {
		return
	}
	if h.tmp != nil {
		os.Remove(h.tmp.Name())
	}
	if h.created {
		st, err1 := h.f.Stat()
		now, err2 := os.Stat(h.name)
		if err1 == nil && err2 == nil && os.SameFile(st, now) && st.Size() == 0 {
			os.Remove(h.name)
		}
	}
}

var (
	// guard is taken (shared) by each rename that puts an output in
	// place, and whole by Quiesce, so that a process ending at once never
	// ends mid-rename.
	guard sync.RWMutex
	// mu guards live and the fields of the held files that Quiesce reads.
	mu   sync.Mutex
	live = map[*held]bool{}
)

func register(h *held) {
	mu.Lock()
	live[h] = true
	mu.Unlock()
}

// Quiesce readies the process to end at once (a second signal, or a stop
// that took too long): it waits for a rename under way, then removes
// every temporary file and every new empty file that an unfinished Write
// made, so that each output is as it was or whole. Renames after it wait
// for ever: call it just before os.Exit.
func Quiesce() {
	guard.Lock()
	mu.Lock()
	defer mu.Unlock()
	for h := range live {
		h.cleanLocked()
	}
	for name := range liveTemps {
		os.Remove(name)
	}
}

// Rewrite replaces the file f, which the caller has locked at name (a
// results file that a run rewrites before it goes on), with a new file
// that write fills, made beside it: the new file gets f's permissions, is
// locked before it takes the name (so that no run starts on it), and
// takes it only if name still names f (else ErrReplaced). It returns the
// new file, open for reading and writing, and its unlock; the caller
// still holds f. When write returns keep, nothing is replaced and Rewrite
// returns nil files. On an error name is as it was. A process ending at
// once (Quiesce) waits for the rename, and removes the new file before.
func Rewrite(f *os.File, name string, write func(tmp *os.File) (keep bool, err error)) (*os.File, func(), error) {
	st, err := f.Stat()
	if err != nil {
		return nil, nil, &Error{Name: name, Err: Pathless(err)}
	}
	tmp, err := createTempBeside(name, 0o600)
	if err != nil {
		return nil, nil, &Error{Name: name, Err: Pathless(err)}
	}
	mu.Lock()
	liveTemps[tmp.Name()] = true
	mu.Unlock()
	defer func() {
		mu.Lock()
		delete(liveTemps, tmp.Name())
		mu.Unlock()
		os.Remove(tmp.Name()) // nothing to remove once renamed
	}()
	fail := func(err error) (*os.File, func(), error) {
		tmp.Close()
		return nil, nil, err
	}
	keep, err := write(tmp)
	if err != nil {
		return fail(err)
	}
	if keep {
		return fail(nil)
	}
	err = tmp.Chmod(st.Mode().Perm())
	if err == nil {
		err = tmp.Sync()
	}
	if err != nil {
		return fail(&Error{Name: name, Err: Pathless(err), Writing: true})
	}
	unlock, err := Lock(tmp)
	if err != nil {
		return fail(&Error{Name: name, Err: Pathless(err), Writing: true})
	}
	guard.RLock()
	defer guard.RUnlock()
	if now, err := os.Stat(name); err != nil || !os.SameFile(now, st) {
		unlock()
		return fail(&Error{Name: name, Err: ErrReplaced})
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		unlock()
		return fail(&Error{Name: name, Err: Pathless(err), Writing: true})
	}
	return tmp, unlock, nil
}
