package main

import (
	"io"

	"github.com/patience-solver/patience/catbuild"
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

// resultsInputs are the results files files ("-" for standard input) as
// package catbuild reads them: each named as messages name it ("standard
// input" for "-"), and opened by openInput when its turn comes.
func resultsInputs(s streams, files []string) []catbuild.Input {
	inputs := make([]catbuild.Input, len(files))
	for i, file := range files {
		inputs[i] = catbuild.Input{Name: fileName(file), Open: func() (io.ReadCloser, error) {
			in, done, err := openInput(s, file)
			if err != nil {
				return nil, err
			}
			return doneCloser{in, done}, nil
		}}
	}
	return inputs
}

// doneCloser is a reader that openInput opened, and its done as Close.
type doneCloser struct {
	io.Reader
	done func()
}

func (d doneCloser) Close() error {
	d.done()
	return nil
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
