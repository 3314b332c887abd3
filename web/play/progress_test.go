package play

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestProgressReported: the exact searches (par, solve) tell the report
// given to Answer how far they have come while they run, the positions
// searched rising and within the budget; the other requests tell nothing.
// (Deal 6's shortest win takes some 100,000 positions, its first win a few
// hundred; Answer without a report is every other test's.)
func TestProgressReported(t *testing.T) {
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(6))
	won, err := solver.Solve(context.Background(), start, solver.Config{Workers: 1})
	if err != nil || won.Verdict != solver.Solvable {
		t.Fatal(won.Verdict, err)
	}
	var moves []string
	for _, m := range won.Moves {
		moves = append(moves, m.String())
	}
	const budget = 5_000_000
	for _, c := range []struct {
		name  string
		r     Request
		quiet bool
	}{
		{"par", Request{Op: "par", Position: docOf(t, start), Moves: moves, MaxNodes: budget}, false},
		{"solve shortest", Request{Op: "solve", Position: docOf(t, start), Shortest: true, MaxNodes: budget}, false},
		{"line", Request{Op: "line", Position: docOf(t, start), Moves: moves, Auto: true}, true},
	} {
		req, err := json.Marshal(c.r)
		if err != nil {
			t.Fatal(err)
		}
		var heard []Progress
		got := Answer(context.Background(), req, func(p Progress) { heard = append(heard, p) })
		var e errorDoc
		if json.Unmarshal(got, &e) != nil || e.Error != "" {
			t.Fatalf("%s: %.200s", c.name, got)
		}
		if c.quiet {
			if len(heard) != 0 {
				t.Errorf("%s: reported %v", c.name, heard)
			}
			continue
		}
		if len(heard) == 0 {
			t.Errorf("%s: no progress reported", c.name)
		}
		for i, p := range heard {
			if p.Budget != budget || p.Searched <= 0 || p.Searched > budget || i > 0 && p.Searched <= heard[i-1].Searched {
				t.Errorf("%s: progress %+v after %v", c.name, p, heard[:i])
				break
			}
		}
	}
}

// TestNotifyPaced: notify tells the first count at once, then none
// before reportEvery has passed, none that is not above the last told,
// and the default budget when the search has none of its own.
func TestNotifyPaced(t *testing.T) {
	if notify(nil, 10) != nil {
		t.Error("notify without a report is not nil")
	}
	var heard []Progress
	n := notify(func(p Progress) { heard = append(heard, p) }, 0)
	n(1024)
	n(2048)
	n(3072)
	if len(heard) != 1 || heard[0] != (Progress{Searched: 1024, Budget: solver.DefaultMaxNodes}) {
		t.Fatalf("three counts at once: heard %+v, want the first alone, of the default budget", heard)
	}
	time.Sleep(reportEvery + 10*time.Millisecond)
	n(512)
	if len(heard) != 1 {
		t.Fatalf("a count below the last told: heard %+v", heard)
	}
	n(4096)
	if len(heard) != 2 || heard[1].Searched != 4096 {
		t.Fatalf("a count after %v: heard %+v", reportEvery, heard)
	}
}
