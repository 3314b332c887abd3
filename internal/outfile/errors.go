package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// The kinds of failure of an output, as the Err of an *Error: check them
// with errors.Is.
var (
	// ErrStopped: the context ended (a signal) before the output was
	// written; nothing was replaced.
	ErrStopped = errors.New("stopped")
	// ErrBusy: another patience command holds the file (a stats run
	// writing it, or a merge replacing it).
	ErrBusy = errors.New("is being written by another patience run")
	// ErrInput: the output is one of the command's inputs.
	ErrInput = errors.New("is one of the files the command reads")
	// ErrReplaced: the path stopped naming the file the command locked
	// (removed, renamed away, or another file renamed over it) before the
	// command replaced it: nothing was replaced.
	ErrReplaced = errors.New("was replaced or removed while this command held it")
	// ErrNotFile: the output must be a regular file (Options.FileOnly),
	// and is a descriptor, a pipe or a device.
	ErrNotFile = errors.New("is not a regular file (a pipe, a device or a descriptor)")
	// ErrUnseekable: the output is a file that cannot be read back from
	// its start (a file of /proc, say), so it can neither be checked
	// nor resumed.
	ErrUnseekable = errors.New("cannot be read back from its start; give a regular file, a pipe or a device")
)

// Unseekable is the error of a file name whose seek failed with err:
// ErrUnseekable where the seek cannot be done at all (EINVAL, ESPIPE),
// else the system's error.
func Unseekable(name string, err error) error {
	err = Pathless(err)
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ESPIPE) {
		return &Error{Name: name, Err: fmt.Errorf("%w (seek: %v)", ErrUnseekable, err)}
	}
	return &Error{Name: name, Err: err}
}

// Error is the failure to write one output, named as the user gave it.
// Its Err is one of the Err values above, the caller's own error (from
// the write or the check, as it is), or the system's error without the
// path (so that no temporary name shows).
type Error struct {
	Name string
	Err  error
	// Waiting says, with ErrStopped, what the command waited for when it
	// was stopped ("for a reader of").
	Waiting string
	// Writing is set when the failure came once the output was open:
	// while writing, syncing or renaming (a full disk, say), not from
	// the output as given (a directory, a file another run holds).
	Writing bool
}

func (e *Error) Error() string {
	switch {
	case errors.Is(e.Err, ErrStopped) && e.Waiting != "":
		return "stopped while waiting " + e.Waiting + " " + e.Name
	case errors.Is(e.Err, ErrBusy), errors.Is(e.Err, ErrInput), errors.Is(e.Err, ErrReplaced), errors.Is(e.Err, ErrNotFile), errors.Is(e.Err, ErrUnseekable):
		return e.Name + " " + e.Err.Error()
	}
	return "cannot write " + e.Name + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// Pathless returns the system's error of a file operation without the
// path (the Err of an *fs.PathError or *os.LinkError), for a message that
// names the file in its own words.
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
