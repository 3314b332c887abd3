package catbuild

import (
	"errors"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/rules"
)

// TestNilRefused: a nil catalogue is of no game, for ReadLabels and for
// Labels.Apply, and an Input without an Open function or over a nil reader
// is a *batch.FileError, where each dereferenced nil.
func TestNilRefused(t *testing.T) {
	var ge *GameError
	if _, err := ReadLabels(nil, Input{}, nil); !errors.As(err, &ge) || ge.Want != rules.RussianCell {
		t.Errorf("ReadLabels of no catalogue: %v", err)
	}
	if _, err := (&Labels{}).Apply(nil); !errors.As(err, &ge) {
		t.Errorf("Apply to no catalogue: %v", err)
	}
	var fe *batch.FileError
	for _, in := range []Input{{Name: "x.jsonl"}, ReaderInput("y.jsonl", nil)} {
		if _, err := Build(rules.RussianCell, []Input{in}, ""); !errors.As(err, &fe) || fe.Name != in.Name {
			t.Errorf("Build of %+v: %v; want a *batch.FileError", in, err)
		}
	}
}
