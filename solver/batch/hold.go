package batch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Held is an existing results file, locked as a run that writes it locks
// it (Open), so that no run starts writing it while it is Held, and a file
// that a run is writing cannot be Held.
type Held struct {
	name   string
	f      *os.File
	unlock func()
	empty  bool
}

// Hold locks the existing regular file name for a command that is about
// to replace it (merge --out), as a second run of stats would: it fails,
// with the error a second run gets, while a run is writing the file. It
// returns nil and no error when there is no such file, or when name is
// not a regular file (a device or a pipe, which holds no results to lose).
func Hold(name string) (*Held, error) {
	st, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !st.Mode().IsRegular()) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	unlock, err := lockFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s is being written by another patience run (%v)", name, err)
	}
	return &Held{name: name, f: f, unlock: unlock, empty: st.Size() == 0}, nil
}

// Empty reports whether the file held nothing when it was locked.
func (h *Held) Empty() bool { return h.empty }

// Header reads the header of the file, or says why it is not a results
// file.
func (h *Held) Header() (Header, error) {
	if _, err := h.f.Seek(0, 0); err != nil {
		return Header{}, err
	}
	rd, err := NewReader(h.f, h.name)
	if err != nil {
		return Header{}, err
	}
	return rd.Header(), nil
}

// Release unlocks and closes the file. It does nothing on a nil Held.
func (h *Held) Release() {
	if h == nil || h.f == nil {
		return
	}
	h.unlock()
	h.f.Close()
	h.f = nil
}
