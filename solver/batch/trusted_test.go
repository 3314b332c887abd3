package batch

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/probe"
	"github.com/patience-solver/patience/rules"
)

// Validating a Ripple Fan deal costs about as much as deciding it, so a
// batch run over deal numbers (from a range or a deals file) and Find
// decide dealgen's deals without validating any: rules.Validate is never
// called, whatever the number of deals.
func TestDealsAreNotValidated(t *testing.T) {
	for _, g := range []rules.Game{rules.RippleFan, rules.RussianCell} {
		deals := "1-500"
		if g == rules.RussianCell {
			deals = "1-20"
		}
		before := probe.Validations.Load()
		cfg := testConfig(t, g, deals)
		cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
		res := run(t, cfg)
		if res.Done == 0 {
			t.Fatalf("%s: no deal decided", g)
		}
		if got := probe.Validations.Load() - before; got != 0 {
			t.Errorf("%s: a run over deals %s validated %d times, want 0", g, deals, got)
		}

		before = probe.Validations.Load()
		l, err := ReadDeals(strings.NewReader("7\n3\n11\n"), "deals.txt")
		if err != nil {
			t.Fatal(err)
		}
		cfg = testConfig(t, g, "1")
		cfg.Deals = l
		if res := run(t, cfg); res.Done != 3 {
			t.Errorf("%s: a deals file of 3 deals: %d decided", g, res.Done)
		}
		if got := probe.Validations.Load() - before; got != 0 {
			t.Errorf("%s: a run over a deals file validated %d times, want 0", g, got)
		}

		before = probe.Validations.Load()
		seen := 0
		_, _, err = Find(context.Background(), FindConfig{Game: g, From: 1, Solver: cfg.Solver, Match: func(Record) bool { return true }},
			func(Record) bool { seen++; return seen < 50 })
		if err != nil {
			t.Fatal(err)
		}
		if got := probe.Validations.Load() - before; got != 0 {
			t.Errorf("%s: Find validated %d times, want 0", g, got)
		}
	}
}
