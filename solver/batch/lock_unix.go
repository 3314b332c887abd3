//go:build unix

package batch

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, without waiting, so that
// two runs never append to one results file. The lock ends with the
// process, however it ends.
func lockFile(f *os.File) (func(), error) {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return nil, err
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
}
