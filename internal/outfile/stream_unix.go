//go:build unix

package outfile

import (
	"fmt"
	"os"
	"syscall"
)

// openDescriptor opens the descriptor t names for writing: a copy of it;
// or, for a pipe, the target to open anew through /proc (returned with a
// nil file), so that the open is of its own (non-blocking, so that a
// deadline can cut short a write that nothing reads) and its wait for a
// reader is cut short by a signal.
func openDescriptor(t Target) (Target, *os.File, error) {
	var st syscall.Stat_t
	if syscall.Fstat(t.FD, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFIFO {
		p := fmt.Sprintf("/proc/self/fd/%d", t.FD)
		if _, err := os.Stat(p); err == nil {
			return Target{Name: t.Name, Path: p, FD: -1}, nil, nil
		}
	}
	fd, err := syscall.Dup(t.FD)
	if err != nil {
		return t, nil, &Error{Name: t.Name, Err: fmt.Errorf("descriptor %d: %v", t.FD, err)}
	}
	syscall.CloseOnExec(fd)
	return t, os.NewFile(uintptr(fd), t.Name), nil
}
