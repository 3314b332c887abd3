package wording

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestOneMove: a count of one move is said in the singular everywhere the
// words come from here, and other counts in the plural.
func TestOneMove(t *testing.T) {
	for n, want := range map[int]string{0: "0 moves", 1: "1 move", 2: "2 moves", 89: "89 moves"} {
		if got := Moves(n); got != want {
			t.Errorf("Moves(%d) = %q, want %q", n, got, want)
		}
	}
	if got, want := CanBeWon(1), "This position can be won (1 move to go)."; got != want {
		t.Errorf("CanBeWon(1) = %q, want %q", got, want)
	}
	one := solver.Result{Verdict: solver.Solvable, Moves: []rules.Move{rules.MustMove("KD t4>f")}, Forced: 1}
	lines := strings.Join(Verdict(one, false), "\n")
	if !strings.Contains(lines, "in 1 move, 1 of them forced") || strings.Contains(lines, "1 moves") {
		t.Errorf("the verdict of a one-move win reads %q", lines)
	}
}
