package sample

import (
	"context"
	"errors"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestZeroConfig checks sample's zero Config against the rule of
// docs/design.md ("Settings"): Samples 0 is DefaultSamples and Seed 0 is
// DefaultSeed, so a zero Config draws the same arrangements as the
// defaults given by hand.
func TestZeroConfig(t *testing.T) {
	var c Config
	if c.samples() != DefaultSamples || c.seed() != DefaultSeed {
		t.Fatalf("zero Config: %d samples, seed %d; want %d, %d", c.samples(), c.seed(), DefaultSamples, DefaultSeed)
	}
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)).Hide()
	one := solver.Config{Workers: 1}
	zero, err := Estimate(context.Background(), p, Config{Solver: one, Samples: 8})
	if err != nil {
		t.Fatal(err)
	}
	given, err := Estimate(context.Background(), p, Config{Solver: one, Samples: 8, Seed: DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	if zero.Seed != DefaultSeed || zero.Tally != given.Tally {
		t.Errorf("Seed 0: seed %d, %+v; DefaultSeed: %+v", zero.Seed, zero.Tally, given.Tally)
	}
}

// TestConfigRefused: a negative Samples, or a Solver setting out of range,
// is refused by every call that takes a Config with a *rules.ConfigError
// naming it, before any arrangement is drawn (it drew DefaultSamples).
func TestConfigRefused(t *testing.T) {
	ctx := context.Background()
	p := hideTops(deal(617), 2)
	first := rules.LegalMoves(deal(617), rules.Options{}, nil)[0]
	for _, c := range []struct {
		field string
		cfg   Config
	}{
		{"sample.Config.Samples", Config{Samples: -5}},
		// The solver's own settings are solver's to test, each: here, that
		// its Config is checked.
		{"solver.Config.MaxNodes", Config{Solver: solver.Config{MaxNodes: -1}}},
	} {
		check := func(call string, err error) {
			t.Helper()
			var ce *rules.ConfigError
			if !errors.As(err, &ce) || ce.Field != c.field {
				t.Errorf("%s with %s out of range: %v; want a *rules.ConfigError for it", call, c.field, err)
			}
		}
		sh, err := Estimate(ctx, p, c.cfg)
		check("Estimate", err)
		if sh.Total() != 0 {
			t.Errorf("Estimate with %s out of range drew %d arrangements", c.field, sh.Total())
		}
		_, err = MoveShares(ctx, p, c.cfg)
		check("MoveShares", err)
		_, err = Compare(ctx, p, c.cfg, nil)
		check("Compare", err)
		_, err = RankMoves(ctx, p, c.cfg, nil)
		check("RankMoves", err)
		_, err = FreshWin(ctx, deal(617), c.cfg, first, nil)
		check("FreshWin", err)
	}
}

// TestNilRefused: FreshWin refuses a nil or invalid position and a first
// move that is not legal (it returned the zero Move and no error), and the
// helpers take nil and out-of-range arguments without a panic.
func TestNilRefused(t *testing.T) {
	ctx := context.Background()
	cfg := config(4, 1, 1)
	m, err := FreshWin(ctx, nil, cfg, rules.Move{}, nil)
	testgames.CheckInvalid(t, "FreshWin of no position", err)
	if !m.IsZero() {
		t.Errorf("FreshWin of no position: %v", m)
	}
	var me *rules.MoveError
	if _, err := FreshWin(ctx, deal(617), cfg, rules.Move{}, nil); !errors.As(err, &me) {
		t.Errorf("FreshWin of the zero Move: %v; want a *rules.MoveError", err)
	}
	if arr, ex := Arrangements(nil, 10, 1); arr != nil || ex {
		t.Errorf("Arrangements(nil) = %v, %v", arr, ex)
	}
	if arr, ex := Arrangements(hideTops(deal(617), 2, 3, 4, 5), -1, 0); arr != nil || ex {
		t.Errorf("Arrangements of -1 samples = %d, %v", len(arr), ex)
	}
	if Key(nil) != "" || Key(rules.NewPosition(rules.RussianCell)) == "" {
		t.Error("Key(nil) is not the empty key, or a position has it")
	}
	seen := map[string]bool{Key(deal(617).Hide()): true}
	if Seen(seen, nil, rules.Move{}) || Seen(seen, deal(617), rules.MustMove("KS t1>t2")) {
		t.Error("Seen: a move of no position, or an illegal move, leads to a position seen")
	}
}
