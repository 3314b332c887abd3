package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/patience-solver/patience/internal/outfile"
)

// writeOut writes the output that flag (such as "--out") names, through
// the one output routine (outfile.Write: inputs refused, links followed,
// descriptors, pipes and devices written as they are, a file locked,
// written beside its name and renamed over it), and puts its failures in
// the command's terms (outError).
func writeOut(ctx context.Context, flag, name string, o outfile.Options, write func(f *os.File) error) error {
	return outError(ctx, flag, outfile.Write(ctx, name, o, write))
}

// outError puts a failure of the output that flag names in the command's
// terms: a stop by a signal (exit 128 plus its number); bad input (exit
// 2) when the output cannot be used as given (one of the inputs, a file
// another run holds, a directory); a failure to write (exit 1), naming
// the output, never a temporary file. Other errors (the command's own,
// from writing or checking the output) are returned as they are.
func outError(ctx context.Context, flag string, err error) error {
	var e *outfile.Error
	if !errors.As(err, &e) {
		return err
	}
	what := flag + " " + e.Name
	switch {
	case errors.Is(e.Err, outfile.ErrStopped) && e.Waiting != "":
		return stoppedWaiting(signalOf(ctx), e.Waiting+" "+what)
	case errors.Is(e.Err, outfile.ErrStopped):
		return interrupted{signalOf(ctx)}
	case errors.Is(e.Err, outfile.ErrInput):
		return badInput("%s is one of the files the command reads: write it elsewhere", what)
	case errors.Is(e.Err, outfile.ErrBusy):
		return badInput("%s %s", flag, e.Error())
	case errors.Is(e.Err, outfile.ErrReplaced):
		return ioFailure{fmt.Errorf("%s was replaced or removed while the command held it: it is left as it is, and nothing was written; run the command again", what)}
	case errors.Is(e.Err, outfile.ErrNotFile):
		return badInput("cannot write %s: it is not a regular file (a pipe, a device or standard output); this output is written to a file", what)
	case e.Writing:
		return ioFailure{fmt.Errorf("cannot write %s: %w", what, e.Err)}
	}
	return badInput("cannot write %s: %w", what, e.Err)
}

// stoppedWaiting is the error of a command stopped by sig while it waited
// (what it waited for given as "for ..."): it says so on its own line, and
// exits 128 plus the signal's number.
type stoppedWaitingError struct {
	interrupted
	what string
}

func (e stoppedWaitingError) Error() string {
	return fmt.Sprintf("stopped by %s while waiting %s", sigName(e.sig), e.what)
}

func stoppedWaiting(sig syscall.Signal, what string) error {
	return stoppedWaitingError{interrupted{sig}, what}
}

// abandonable runs f, which may wait on a pipe that nothing writes, and
// returns what it returns; or, if ctx ends first (a signal), stop: f goes
// on in the background, to end with the process.
func abandonable[T any](ctx context.Context, f func() (T, error)) (res T, err error, stopped bool) {
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := f()
		ch <- result{v, err}
	}()
	select {
	case r := <-ch:
		return r.v, r.err, false
	case <-ctx.Done():
		return res, nil, true
	}
}

// sameAsStdout reports whether f is the file of standard output (out, as
// the command has it), so that the summary goes to stderr instead.
func sameAsStdout(f *os.File, out io.Writer) bool {
	if o, ok := out.(*outWriter); ok {
		out = o.w
	}
	so, ok := out.(*os.File)
	if !ok {
		return false
	}
	a, err1 := f.Stat()
	b, err2 := so.Stat()
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}
