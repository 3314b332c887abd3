//go:build !unix

package outfile

import (
	"fmt"
	"os"
)

// openDescriptor writes standard output, the one descriptor there is a
// name for ("-"), as it is.
func openDescriptor(t Target) (Target, *os.File, error) {
	if t.FD == 1 {
		return t, os.Stdout, nil
	}
	return t, nil, &Error{Name: t.Name, Err: fmt.Errorf("descriptor %d", t.FD)}
}
