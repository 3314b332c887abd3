//go:build unix

package outfile

import (
	"os"
	"syscall"
)

// Lock takes an exclusive advisory lock on f, without waiting, so that two
// commands never write one file at once (two stats runs appending to one
// results file, or a merge replacing it). The lock ends with the process,
// however it ends.
func Lock(f *os.File) (unlock func(), err error) {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return nil, err
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
}
