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

// TestSize: the size of a difference of two shares, in points, with its
// interval, or exact.
func TestSize(t *testing.T) {
	for _, c := range []struct {
		diff, low, high float64
		exact           bool
		want            string
	}{
		{0.0275, 0.0047, 0.0501, false, "about 2.8 points (0.5–5.0)"},
		{0.0101, 0.005, 0.018, false, "about 1 point (0.5–1.8)"},
		{0.0925, 0.0477, 0.1363, false, "about 9.2 points (4.8–13.6)"},
		{0.02, -0.003, 0.043, false, "about 2 points (-0.3 to 4.3)"},
		{0.0125, 0, 0, true, "exactly 1.2 points"},
		{0.0925, 0.0477, 0.1363, false, "about 9.2 points (4.8–13.6, 95% interval)"},
		{1, 0, 0, true, "exactly 100 points"},
	} {
		note := ""
		if strings.Contains(c.want, "95%") {
			note = "95% interval"
		}
		if got := Size(c.diff, c.low, c.high, c.exact, note); got != c.want {
			t.Errorf("Size(%v, %v, %v, %v) = %q, want %q", c.diff, c.low, c.high, c.exact, got, c.want)
		}
	}
}
