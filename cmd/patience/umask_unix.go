//go:build unix

package main

import (
	"os"
	"sync"
	"syscall"
)

var umaskMu sync.Mutex

// currentUmask returns the process's umask (reading it sets it: set back
// at once).
func currentUmask() os.FileMode {
	umaskMu.Lock()
	defer umaskMu.Unlock()
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}
