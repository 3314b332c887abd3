//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// openTerminal opens a pseudo-terminal and returns its terminal end, or
// skips the test where there is none.
func openTerminal(t *testing.T) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("no pseudo-terminal: %v", e)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("no pseudo-terminal: %v", e)
	}
	slave, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { slave.Close() })
	return slave
}

// TestColourOnTerminal: standard output, wrapped to catch write errors, is
// still seen to be a terminal, so boards are coloured there (and only
// there, and not with NO_COLOR).
func TestColourOnTerminal(t *testing.T) {
	tty := openTerminal(t)
	cliUnsetenv(t, "NO_COLOR")
	t.Setenv("TERM", "xterm")
	if !colorOK(&outWriter{w: tty}) {
		t.Error("a terminal behind the output wrapper gets no colour")
	}
	if colorOK(&outWriter{w: &bytes.Buffer{}}) {
		t.Error("a buffer gets colour")
	}
	t.Setenv("NO_COLOR", "1")
	if colorOK(&outWriter{w: tty}) {
		t.Error("colour with NO_COLOR set")
	}
}
