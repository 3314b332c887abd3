package main

import (
	"io"

	"github.com/patience-solver/patience/batch"
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

// readCatalogueFile reads the catalogue file name ("-" for standard
// input), up to maxCatalogueBytes: a larger input is refused once one
// byte more is read, never read whole (an endless device, say).
func readCatalogueFile(s streams, name string) ([]byte, error) {
	in, done, err := openInput(s, name)
	if err != nil {
		return nil, err
	}
	defer done()
	data, err := io.ReadAll(io.LimitReader(in, int64(maxCatalogueBytes)+1))
	if err != nil {
		return nil, badInput("%s: %v", fileName(name), err)
	}
	if len(data) > maxCatalogueBytes {
		return nil, badInput("%s: larger than %s: not a catalogue (a catalogue is read up to that; the largest that ships is under 100 KB)", fileName(name), catalogueCap())
	}
	return data, nil
}
