package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/patience-solver/patience/solver/batch"
)

// outTarget is where an output path (--out, --plot) leads.
type outTarget struct {
	// path is the file to write: the path given, or, when it is a
	// symbolic link, the path of the file the link leads to, so that the
	// file is written (or replaced, in its own directory) and the link
	// stays as it was.
	path string
	// fd is the descriptor of this process that the path names
	// (/dev/stdout, /proc/self/fd/N, "-" for standard output), or -1.
	// Such an output is written through the descriptor, never renamed
	// or replaced.
	fd int
}

// fdPath matches the path of a descriptor in /proc, its directories'
// symbolic links followed (/proc/self is a link to /proc/PID).
var fdPath = regexp.MustCompile(`^/proc/([0-9]+)(/task/[0-9]+)?/fd/([0-9]+)$`)

// resolveOut follows the symbolic links that name leads through, as far as
// a file, a descriptor of this process, or a name that leads nowhere yet.
func resolveOut(name string) outTarget {
	if name == "-" {
		return outTarget{path: name, fd: 1}
	}
	p := name
	for range 40 { // as the kernel, give up on a longer chain of links
		abs, err := filepath.Abs(p)
		if err != nil {
			break
		}
		dir, base := filepath.Split(abs)
		rdir, err := filepath.EvalSymlinks(dir)
		if err != nil {
			break // the directory is not there: opening p says so
		}
		if m := fdPath.FindStringSubmatch(filepath.Join(rdir, base)); m != nil && m[1] == strconv.Itoa(os.Getpid()) {
			if fd, err := strconv.Atoi(m[3]); err == nil {
				return outTarget{path: p, fd: fd}
			}
		}
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			break
		}
		target, err := os.Readlink(p)
		if err != nil || (!filepath.IsAbs(target) && strings.Contains(target, ":[")) {
			break // another process's pipe, say: opened through its link
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		p = filepath.Clean(target)
	}
	return outTarget{path: p, fd: -1}
}

// stream reports whether the output is written as it is, as a stream: a
// descriptor, or a file that is not a regular file (a pipe, a device).
// A directory is not a stream: opening it says what is wrong.
func (t outTarget) stream() bool {
	if t.fd >= 0 {
		return true
	}
	st, err := os.Stat(t.path)
	return err == nil && !st.Mode().IsRegular() && !st.IsDir()
}

// openStream opens a stream output (see stream) for writing, named name in
// messages: a copy of the descriptor, or the file opened for writing. A
// named pipe with no reader yet is waited for until ctx ends (a signal):
// then it returns interrupted.
func openStream(ctx context.Context, t outTarget, flag, name string, sig func() syscall.Signal) (*os.File, error) {
	if t.fd >= 0 {
		var f *os.File
		var err error
		if t, f, err = openDescriptor(t, flag, name); f != nil || err != nil {
			return f, err
		}
	}
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(t.path, os.O_WRONLY, 0)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			return nil, badInput("cannot write %s %s: %v", flag, name, batch.Pathless(o.err))
		}
		return o.f, nil
	case <-ctx.Done():
		// The open goes on in the background, and ends with the process.
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, stoppedWaiting(sig(), fmt.Sprintf("for a reader of %s %s", flag, name))
	}
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
