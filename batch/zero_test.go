package batch

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestZeroConfig checks batch's zero Config against the rule of
// docs/design.md ("Settings"): beside the deals it needs, a zero field is
// the documented default. Solver.Workers and Solver.MemoryMB are the totals
// for the run, 0 meaning runtime.NumCPU() and solver.DefaultMemoryMB; the
// rules are the default rules of the game, recorded in the header as
// before; an old Ripple Fan file, whose header says returns false, resumes.
func TestZeroConfig(t *testing.T) {
	for _, g := range rules.Games() {
		l, err := ParseDeals("1-20")
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "r.jsonl")
		r, err := Open(Config{Game: g, Deals: l, Out: out})
		if err != nil {
			t.Fatal(err)
		}
		if r.cfg.Solver.Workers != runtime.NumCPU() || r.cfg.Solver.MemoryMB != solver.DefaultMemoryMB || r.cfg.Solver.MaxNodes != solver.DefaultMaxNodes {
			t.Errorf("%v: zero Config resolved to %d workers, %d MB, %d nodes; want %d, %d, %d", g,
				r.cfg.Solver.Workers, r.cfg.Solver.MemoryMB, r.cfg.Solver.MaxNodes, runtime.NumCPU(), solver.DefaultMemoryMB, solver.DefaultMaxNodes)
		}
		if w, each := r.cfg.Solver.Split(0); w != runtime.NumCPU() || each.MemoryMB != max(1, solver.DefaultMemoryMB/w) {
			t.Errorf("%v: %d workers of %d MB each, want %d of %d MB", g, w, each.MemoryMB, runtime.NumCPU(), solver.DefaultMemoryMB/runtime.NumCPU())
		}
		if r.Header().Options.Returns(g) != (g == rules.RussianCell) {
			t.Errorf("%v: header returns %v", g, r.Header().Options.Returns(g))
		}
		if _, err := r.Run(t.Context()); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		head, _, _ := strings.Cut(string(data), "\n")
		want := map[rules.Game]string{rules.RussianCell: `"rules":{"returns":true}`, rules.RippleFan: `"rules":{"returns":false}`}[g]
		if !strings.Contains(head, want) {
			t.Errorf("%v: header %s lacks %s", g, head, want)
		}
		// The file resumes with the zero Config, and with the options
		// a caller would have set by hand before (no returns for Ripple
		// Fan).
		for _, o := range []rules.Options{{}, {NoReturns: g == rules.RippleFan}} {
			r, err := Open(Config{Game: g, Deals: l, Out: out, Solver: solver.Config{Options: o}})
			if err != nil {
				t.Fatalf("%v with %+v: the file does not resume: %v", g, o, err)
			}
			if p := r.Snapshot(); p.Resumed != 20 || p.Count.Total() != 20 {
				t.Errorf("%v with %+v: resumed %d deals, counts %+v", g, o, p.Resumed, p.Count)
			}
			r.Close()
		}
	}
}

// TestCounts: the counts name each verdict, whatever the order of the
// solver.Verdict constants.
func TestCounts(t *testing.T) {
	var c Counts
	c.Add(solver.Solvable, 3)
	c.Add(solver.Unsolvable, 2)
	c.Add(solver.Unknown, 1)
	if c != (Counts{Solvable: 3, Unsolvable: 2, Unknown: 1}) || c.Total() != 6 {
		t.Errorf("counts %+v, total %d", c, c.Total())
	}
	for v, want := range map[solver.Verdict]uint64{solver.Solvable: 3, solver.Unsolvable: 2, solver.Unknown: 1} {
		if c.Of(v) != want {
			t.Errorf("Of(%v) = %d, want %d", v, c.Of(v), want)
		}
	}
}

// TestFindZeroMatch: a FindConfig with no Match reports every deal, in
// order, instead of failing on the nil function.
func TestFindZeroMatch(t *testing.T) {
	var got []uint64
	_, _, err := Find(t.Context(), FindConfig{Game: rules.RippleFan, From: 1}, func(r Record) bool {
		n, _ := r.Number.Uint64()
		got = append(got, n)
		return len(got) < 5
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 5 || got[0] != 1 || got[4] != 5 {
		t.Errorf("deals reported: %v, want 1..5", got)
	}
}
