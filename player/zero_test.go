package player

import (
	"testing"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// TestZeroConfig checks the player's zero Sampling against the rule of
// docs/design.md ("Settings"): Samples 0 is this package's DecisionSamples
// (per decision), Seed 0 is sample.DefaultSeed, for the player and for
// Review alike.
func TestZeroConfig(t *testing.T) {
	s := Sampling{}.resolved()
	if s.Samples != DecisionSamples || s.Seed != sample.DefaultSeed {
		t.Errorf("zero Sampling resolved to %d samples, seed %d; want %d, %d", s.Samples, s.Seed, DecisionSamples, sample.DefaultSeed)
	}
	pl, err := New(rules.RussianCell, Config{Kind: Sampled})
	if err != nil {
		t.Fatal(err)
	}
	if pl.cfg.Samples != DecisionSamples || pl.cfg.Seed != sample.DefaultSeed {
		t.Errorf("player with a zero Sampling: %d samples, seed %d", pl.cfg.Samples, pl.cfg.Seed)
	}
}
