// Package outfile is the one way a patience command writes a file (a
// results file, a merged file, a catalogue, a picture, the web page's
// files). An output:
//   - is refused when it is one of the command's inputs, whatever the
//     spelling of the paths or the links on the way;
//   - when it is a descriptor of the process ("-", /dev/stdout,
//     /proc/self/fd/N), a pipe or a device, is written as it is, a wait
//     for a pipe's reader ending with the context;
//   - else is followed through its symbolic links (which stay), locked as
//     a stats run locks its results file (so that no run starts on it, and
//     a file a run is writing is never replaced), written whole to a new
//     file beside it, with the old file's permissions or the umask's, and
//     renamed over it once the path is checked to still name the file
//     locked.
//
// A command stopped by a signal (its context ended) leaves the output as
// it was; a process that must end at once calls Quiesce first.
package outfile

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Options say how an output is written.
type Options struct {
	// Inputs are the files the command reads: an output that is one of
	// them is refused (ErrInput). "-" is standard input: an output is
	// refused when standard input is a regular file and the output is
	// that file (SameFile).
	Inputs []string
	// Check, when not nil, is called once the new content is written,
	// with the file it is to replace, locked and at its start (not for a
	// new or empty file, nor for a stream): an error refuses to replace
	// it, and is returned as it is. Merge refuses a file of another run
	// without --force this way.
	Check func(old *os.File) error
	// FileOnly refuses a descriptor, a pipe or a device (ErrNotFile): the
	// output is a file (a picture).
	FileOnly bool
	// NoFollow replaces the name itself: a symbolic link or a pipe of
	// that name is replaced by the file, never followed or opened (the
	// files the web command writes into a folder). A regular file of
	// that name is locked and replaced as any output is, so that a file
	// another run writes is never replaced.
	NoFollow bool
}

// BeforeReplace, when set (by tests), is called by Write once the new
// content is written and checked, just before it replaces the output.
var BeforeReplace func()

// Write writes the output name whole with write, as the package says.
// write gets the file to write: the stream itself, or the new file that
// replaces the output; it must not close it. Errors are *Error, but for
// an error of write or Check, returned as it is. When ctx ends first,
// Write returns an *Error with ErrStopped at once (write goes on in the
// background, to end with the process) and the output is as it was.
func Write(ctx context.Context, name string, o Options, write func(f *os.File) error) error {
	if err := refuseInputs(name, o.Inputs); err != nil {
		return err
	}
	var t Target
	if o.NoFollow {
		fi, err := os.Lstat(name)
		switch {
		case err == nil && fi.IsDir():
			return &Error{Name: name, Err: errors.New("it is a folder")}
		case err == nil && !fi.Mode().IsRegular():
			return writeNoFollow(ctx, name, write) // a link or a pipe: its name is replaced
		}
		t = Target{Name: name, Path: name, FD: -1}
	} else {
		t = Resolve(name)
	}
	if t.Stream() {
		if o.FileOnly {
			return &Error{Name: name, Err: ErrNotFile}
		}
		f, err := OpenStream(ctx, t)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := abandonable(ctx, func() error { return write(f) }); err != nil {
			return named(name, err)
		}
		if err := f.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
			return &Error{Name: name, Err: Pathless(err), Writing: true}
		}
		return nil
	}
	h, err := hold(t.Path)
	if err != nil {
		return renamed(err, name)
	}
	defer h.release()
	tmp, err := h.createTemp()
	if err != nil {
		return &Error{Name: name, Err: err}
	}
	err = abandonable(ctx, func() error {
		if err := write(tmp); err != nil {
			return err
		}
		if o.Check != nil {
			old, err := h.old()
			if err != nil {
				return &Error{Name: name, Err: Pathless(err)}
			}
			if old != nil {
				if err := o.Check(old); err != nil {
					return err
				}
			}
		}
		if BeforeReplace != nil {
			BeforeReplace()
		}
		return nil
	})
	if err != nil {
		return named(name, err)
	}
	if err := h.replace(); err != nil {
		return &Error{Name: name, Err: err, Writing: !errors.Is(err, ErrReplaced)}
	}
	return nil
}

// Probe checks, before a command does its work, that Write could write
// name with o, changing nothing: so that a run never ends by finding that
// its output cannot be written. It does not wait for a pipe's reader.
func Probe(name string, o Options) error {
	if err := refuseInputs(name, o.Inputs); err != nil {
		return err
	}
	t := Resolve(name)
	if o.NoFollow {
		t = Target{Name: name, Path: name, FD: -1}
	} else if t.Stream() {
		if o.FileOnly {
			return &Error{Name: name, Err: ErrNotFile}
		}
		return nil
	}
	if st, err := os.Lstat(t.Path); err == nil && st.Mode().IsRegular() {
		// A file that another run holds is found now, not at the end.
		f, err := os.OpenFile(t.Path, os.O_WRONLY, 0)
		if err != nil {
			return &Error{Name: name, Err: Pathless(err)}
		}
		unlock, err := Lock(f)
		if err != nil {
			f.Close()
			return busy(name, err)
		}
		unlock()
		f.Close()
	} else if st, err := os.Stat(t.Path); err == nil && st.IsDir() {
		return &Error{Name: name, Err: errors.New("it is a directory")}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) && !o.NoFollow {
		return &Error{Name: name, Err: Pathless(err)} // a loop of links, say
	}
	f, err := createTempBeside(t.Path, 0o600)
	if err != nil {
		return &Error{Name: name, Err: errors.New("cannot make a file in " + filepath.Dir(t.Path) + ": " + Pathless(err).Error())}
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// refuseInputs refuses an output that is one of inputs (SameFile).
func refuseInputs(name string, inputs []string) error {
	for _, in := range inputs {
		if SameFile(name, in) {
			return &Error{Name: name, Err: ErrInput}
		}
	}
	return nil
}

// SameFile reports whether the output out is the input in: SamePath,
// where "-" is standard output as the output and standard input as the
// input. Standard input or output is one file with another only when it
// is a regular file (redirected from or to it: "< f", "> f", ">> f"),
// compared by its identity, the device and inode, as it is now: not a
// copy the command made of it.
func SameFile(out, in string) bool {
	if out != "-" && in != "-" {
		return SamePath(out, in)
	}
	a, err1 := identity(out, os.Stdout)
	b, err2 := identity(in, os.Stdin)
	return err1 == nil && err2 == nil && a.Mode().IsRegular() && b.Mode().IsRegular() && os.SameFile(a, b)
}

// identity is the file that name leads to, std for "-".
func identity(name string, std *os.File) (fs.FileInfo, error) {
	if name == "-" {
		return std.Stat()
	}
	return os.Stat(name)
}

// named returns err as it is when it is the caller's own (from write or
// Check) or already an *Error, else an *Error naming the output.
func named(name string, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	if err == ErrStopped {
		return &Error{Name: name, Err: ErrStopped}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &Error{Name: name, Err: Pathless(err), Writing: true}
	}
	return err
}

// renamed gives an *Error of a resolved path the name the user gave.
func renamed(err error, name string) error {
	var e *Error
	if errors.As(err, &e) {
		return &Error{Name: name, Err: e.Err, Waiting: e.Waiting}
	}
	return err
}

// abandonable runs f, which may wait on a pipe that nothing writes, and
// returns what it returns; or, if ctx ends first, ErrStopped: f goes on in the background, to end with the process.
func abandonable(ctx context.Context, f func() error) error {
	ch := make(chan error, 1)
	go func() { ch <- f() }()
	select {
	case err := <-ch:
		return err
	case <-ctx.Done():
		return ErrStopped
	}
}

// liveTemps are the temporary files of writeNoFollow not yet renamed,
// removed by Quiesce. mu guards it.
var liveTemps = map[string]bool{}

// writeNoFollow writes the regular file name through a new file beside
// it, renamed over it: name, a symbolic link or a pipe, is replaced,
// never opened or followed.
func writeNoFollow(ctx context.Context, name string, write func(f *os.File) error) error {
	if ctx.Err() != nil {
		return &Error{Name: name, Err: ErrStopped}
	}
	f, err := createTempBeside(name, 0o666)
	if err != nil {
		return &Error{Name: name, Err: Pathless(err)}
	}
	tmp := f.Name()
	mu.Lock()
	liveTemps[tmp] = true
	mu.Unlock()
	defer func() {
		mu.Lock()
		delete(liveTemps, tmp)
		mu.Unlock()
		os.Remove(tmp) // nothing to remove once renamed
	}()
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return named(name, err)
	}
	guard.RLock()
	defer guard.RUnlock()
	if err := os.Rename(tmp, name); err != nil {
		return &Error{Name: name, Err: Pathless(err), Writing: true}
	}
	return nil
}
