package rules_test

import (
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestZeroMove: the zero Move, which stands for no move, prints as such
// and is told by IsZero; a real move is not zero.
func TestZeroMove(t *testing.T) {
	var none rules.Move
	if !none.IsZero() || none.String() != "no move" {
		t.Errorf("zero Move: IsZero %v, %q", none.IsZero(), none)
	}
	m := rules.MustMove("5C t3>t6")
	if m.IsZero() || m.String() != "5C t3>t6" {
		t.Errorf("%v: IsZero %v", m, m.IsZero())
	}
}
