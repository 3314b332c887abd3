package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// AfterOpen, when set (by tests), is called by LockPath between opening a
// file and locking it.
var AfterOpen func(name string)

// LockPath opens (or creates, with perm less the umask) the file name for
// reading and writing and locks it (Lock), and checks that name still
// names the file it locked: another command may have replaced or removed
// it in between (merge renames its file over the name), and then it tries
// again. It says whether it created the file. A file that another command
// holds locked gives an *Error with ErrBusy.
func LockPath(name string, perm fs.FileMode) (f *os.File, unlock func(), st fs.FileInfo, created bool, err error) {
	for try := 0; ; try++ {
		created = true
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			created = false
			f, err = os.OpenFile(name, os.O_RDWR, 0)
			if errors.Is(err, fs.ErrNotExist) && try < 100 {
				continue // removed in between
			}
		}
		if err != nil {
			return nil, nil, nil, false, &Error{Name: name, Err: Pathless(err)}
		}
		if AfterOpen != nil {
			AfterOpen(name)
		}
		if unlock, err = Lock(f); err != nil {
			f.Close()
			return nil, nil, nil, false, busy(name, err)
		}
		st, err = f.Stat()
		if err == nil {
			var now fs.FileInfo
			now, err = os.Stat(name)
			if err == nil && os.SameFile(st, now) {
				return f, unlock, st, created, nil
			}
			if err == nil || errors.Is(err, fs.ErrNotExist) {
				err = nil
				if try < 100 {
					unlock()
					f.Close()
					continue // another file now has the name: lock that one
				}
				err = errors.New("it keeps being replaced")
			}
		}
		unlock()
		f.Close()
		return nil, nil, nil, false, &Error{Name: name, Err: Pathless(err)}
	}
}

// busy is the error of the file name that another command holds locked
// (Lock failed with err).
func busy(name string, err error) error {
	return &Error{Name: name, Err: fmt.Errorf("%w (%v)", ErrBusy, err)}
}
