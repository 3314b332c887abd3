package main

import (
	"io"

	"github.com/patience-solver/patience/solver/batch"
)

// oneStdin refuses inputs (the input files a command is given, by name)
// that name standard input, "-", more than once: it can be read once.
func oneStdin(inputs ...string) error {
	n := 0
	for _, in := range inputs {
		if in == "-" {
			n++
		}
	}
	if n > 1 {
		return badInput("- (standard input) is given %d times: it can be read once, so give - for one input only", n)
	}
	return nil
}

// openResults opens the results file name ("-" for standard input) and
// reads its header. The reader names the file as messages do ("standard
// input" for "-"); done closes the file.
func openResults(s streams, name string) (r *batch.Reader, done func(), err error) {
	in, done, err := openInput(s, name)
	if err != nil {
		return nil, nil, err
	}
	r, err = batch.NewReader(in, fileName(name))
	if err != nil {
		done()
		return nil, nil, usageError{err}
	}
	return r, done, nil
}

// readInput reads the whole of the file name ("-" for standard input).
func readInput(s streams, name string) ([]byte, error) {
	in, done, err := openInput(s, name)
	if err != nil {
		return nil, err
	}
	defer done()
	data, err := io.ReadAll(in)
	if err != nil {
		return nil, usageError{err}
	}
	return data, nil
}
