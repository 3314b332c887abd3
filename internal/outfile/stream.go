package outfile

import (
	"context"
	"os"
)

// OpenStream opens a stream output (see Target.Stream) for writing: a copy
// of the descriptor, or the file opened for writing. A named pipe with no
// reader yet is waited for until ctx ends: then it returns an error that
// is ErrStopped, and the open goes on in the background, to end with the
// process. Other errors are *Error.
func OpenStream(ctx context.Context, t Target) (*os.File, error) {
	if t.FD >= 0 {
		var f *os.File
		var err error
		if t, f, err = openDescriptor(t); f != nil || err != nil {
			return f, err
		}
	}
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(t.Path, os.O_WRONLY, 0)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			return nil, &Error{Name: t.Name, Err: Pathless(o.err)}
		}
		return o.f, nil
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, &Error{Name: t.Name, Err: ErrStopped, Waiting: "for a reader of"}
	}
}
