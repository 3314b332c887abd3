//go:build !unix

package main

import "os"

// openDescriptor writes standard output, the one descriptor there is a
// name for ("-"), as it is.
func openDescriptor(t outTarget, flag, name string) (outTarget, *os.File, error) {
	if t.fd == 1 {
		return t, os.Stdout, nil
	}
	return t, nil, badInput("cannot write %s %s: descriptor %d", flag, name, t.fd)
}
