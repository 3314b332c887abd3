package probe_test

// The counts of rules.Validate that the search packages must keep: each
// exported call checks its position once, and a run over dealgen's deals
// (which are valid as dealt) checks none. The count lives here, under
// rules, so these tests are here too, calling the packages as a user
// does.

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/rules/internal/probe"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// counted returns how many times f validated a position.
func counted(f func()) int64 {
	before := probe.Validations.Load()
	f()
	return probe.Validations.Load() - before
}

var deal = testgames.Deal

// TestSolveTrustedDoesNotValidate: SolveTrusted does not check its
// position (that is its point), and Solve checks it once a call.
func TestSolveTrustedDoesNotValidate(t *testing.T) {
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	s := solver.New(rules.RippleFan, cfg)
	var d dealgen.Dealer
	p := rules.NewPosition(rules.RippleFan)
	if got := counted(func() {
		for n := uint64(1); n <= 20; n++ {
			d.DealInto(rules.RippleFan, dealgen.FromUint64(n), p)
			if _, err := s.SolveTrusted(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		}
	}); got != 0 {
		t.Errorf("SolveTrusted on 20 deals validated %d times, want 0", got)
	}
	if got := counted(func() {
		if _, err := s.Solve(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}); got != 1 {
		t.Errorf("Solve validated %d times, want 1", got)
	}
}

// TestSampleValidatesOncePerCall: Estimate and Hint check their position
// once, not each arrangement they fill in nor each position its moves
// reach.
func TestSampleValidatesOncePerCall(t *testing.T) {
	p := deal(rules.RussianCell, 1)
	for _, c := range []int{4, 5, 6, 7} { // 4 unknown cards: 24 arrangements
		d := p.Tableau[c-1].Down
		d[len(d)-1] = rules.UnknownCard
	}
	cfg := sample.Config{Solver: solver.Config{Workers: 2}, Samples: 24, Seed: 1}
	var sh sample.Share
	if got := counted(func() {
		var err error
		if sh, err = sample.Estimate(context.Background(), p, cfg); err != nil {
			t.Fatal(err)
		}
	}); got != 1 || sh.Total() != 24 {
		t.Errorf("Estimate over %d arrangements validated %d times, want 1", sh.Total(), got)
	}
	var adv sample.Shares
	if got := counted(func() {
		var err error
		if adv, err = sample.MoveShares(context.Background(), p, cfg); err != nil {
			t.Fatal(err)
		}
	}); got != 1 || adv.Searches == 0 {
		t.Errorf("Hint with %d searches validated %d times, want 1", adv.Searches, got)
	}
}

// TestPlayValidatesOnce: Play checks its start once, not the view before
// each move: the greedy player's moves cost less than a check.
func TestPlayValidatesOnce(t *testing.T) {
	var gm *player.PlayedGame
	cfg := player.Config{Kind: player.Greedy, Sampling: player.Sampling{Solver: solver.Config{Workers: 1}}}
	if got := counted(func() {
		var err error
		if gm, err = player.Play(context.Background(), deal(rules.RussianCell, 2), cfg); err != nil {
			t.Fatal(err)
		}
	}); got != 1 || len(gm.Moves) < 2 {
		t.Errorf("a greedy game of %d moves validated %d times, want 1", len(gm.Moves), got)
	}
}

// TestDealsAreNotValidated: validating a Ripple Fan deal costs about as
// much as deciding it, so a batch run over deal numbers (from a range or
// a deals file) and Find decide dealgen's deals without validating any.
func TestDealsAreNotValidated(t *testing.T) {
	for _, g := range []rules.Game{rules.RippleFan, rules.RussianCell} {
		deals := "1-500"
		if g == rules.RussianCell {
			deals = "1-20"
		}
		scfg := solver.DefaultConfig()
		scfg.MemoryMB, scfg.Workers = 64, 2
		run := func(l *batch.DealList) *batch.Result {
			r, err := batch.Open(batch.Config{Game: g, Deals: l, Solver: scfg, Out: filepath.Join(t.TempDir(), "r.jsonl")})
			if err != nil {
				t.Fatal(err)
			}
			res, err := r.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		l, err := batch.ParseDeals(deals)
		if err != nil {
			t.Fatal(err)
		}
		if got := counted(func() {
			if res := run(l); res.Done == 0 {
				t.Fatalf("%s: no deal decided", g)
			}
		}); got != 0 {
			t.Errorf("%s: a run over deals %s validated %d times, want 0", g, deals, got)
		}
		if got := counted(func() {
			l, err := batch.ReadDeals(strings.NewReader("7\n3\n11\n"), "deals.txt")
			if err != nil {
				t.Fatal(err)
			}
			if res := run(l); res.Done != 3 {
				t.Errorf("%s: a deals file of 3 deals: %d decided", g, res.Done)
			}
		}); got != 0 {
			t.Errorf("%s: a run over a deals file validated %d times, want 0", g, got)
		}
		if got := counted(func() {
			seen := 0
			_, _, err := batch.Find(context.Background(), batch.FindConfig{Game: g, From: 1, Solver: scfg, Match: func(batch.Record) bool { return true }},
				func(batch.Record) bool { seen++; return seen < 50 })
			if err != nil {
				t.Fatal(err)
			}
		}); got != 0 {
			t.Errorf("%s: Find validated %d times, want 0", g, got)
		}
	}
}
