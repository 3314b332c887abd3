package solver

import (
	"testing"
)

// TestKingHome: on positions where KingHome changes the search (a King in
// a cell goes to an empty column, a King is kept from a cell, a swap), the
// solver with it agrees with the plain search. KingHome needs Symmetry (a
// King takes the first empty column). TestKingHomeDoubleSwap
// (solver_test.go) has the case that once went wrong.
func TestKingHome(t *testing.T) {
	base := pruning{AutoFoundation: true, SkipReturns: true, Symmetry: true}
	on := base
	on.KingHome = true
	checkRule(t, 42, on, base)
	both := on
	both.CellHome = true
	off := base
	off.CellHome = true
	checkRule(t, 43, both, off)
}
