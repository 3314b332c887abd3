//go:build unix

package main

import (
	"fmt"
	"os"
	"syscall"
)

// openDescriptor opens the descriptor t names for writing: a copy of it;
// or, for a pipe, the target to open anew through /proc (returned with a
// nil file), so that a write that nothing reads can be cut short (see
// batch.Runner.Run), with its wait for a reader cut short by a signal.
func openDescriptor(t outTarget, flag, name string) (outTarget, *os.File, error) {
	var st syscall.Stat_t
	if syscall.Fstat(t.fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFIFO {
		p := fmt.Sprintf("/proc/self/fd/%d", t.fd)
		if _, err := os.Stat(p); err == nil {
			return outTarget{path: p, fd: -1}, nil, nil
		}
	}
	fd, err := syscall.Dup(t.fd)
	if err != nil {
		return t, nil, badInput("cannot write %s %s: descriptor %d: %v", flag, name, t.fd, err)
	}
	syscall.CloseOnExec(fd)
	return t, os.NewFile(uintptr(fd), name), nil
}
