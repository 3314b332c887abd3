package sample

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/dealgen"
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
