package player

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
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

// TestConfigRefused: each setting out of range, of Config, Sampling,
// Judging and the Solver within, is refused before any work by every call
// that takes it, with a *rules.ConfigError that names it (a negative count
// of samples or margin was the default; a margin of 2 was taken).
func TestConfigRefused(t *testing.T) {
	ctx := context.Background()
	start := deal(rules.RussianCell, 617)
	moves := rules.LegalMoves(start, rules.Options{}, nil)[:1]
	// The solver's own settings are solver's to test, each: here, that
	// its Config is checked.
	cases := []struct {
		field string
		cfg   Config
		jd    Judging
	}{
		{"player.Config.Kind", Config{Kind: 99}, Judging{}},
		{"player.Sampling.Samples", Config{Sampling: Sampling{Samples: -1}}, Judging{}},
		{"player.Judging.Samples", Config{}, Judging{Samples: -1}},
		{"player.Judging.Margin", Config{}, Judging{Margin: -1}},
		{"player.Judging.Margin", Config{}, Judging{Margin: 2}},
		{"player.Judging.Margin", Config{}, Judging{Margin: math.NaN()}},
		{"solver.Config.Workers", Config{Sampling: Sampling{Solver: solver.Config{Workers: -1}}}, Judging{}},
	}
	for _, c := range cases {
		check := func(call string, err error) {
			t.Helper()
			var ce *rules.ConfigError
			if !errors.As(err, &ce) || ce.Field != c.field {
				t.Errorf("%s with %s out of range (%+v, %+v): %v; want a *rules.ConfigError for it", call, c.field, c.cfg, c.jd, err)
			}
		}
		if c.jd == (Judging{}) {
			_, err := New(rules.RussianCell, c.cfg)
			check("New", err)
			_, err = Play(ctx, start, c.cfg)
			check("Play", err)
		}
		if c.cfg.Kind == 0 {
			_, err := Review(ctx, start, moves, c.cfg.Sampling, c.jd)
			check("Review", err)
			_, err = FindLoss(ctx, start, moves, c.cfg.Sampling, c.jd)
			check("FindLoss", err)
		}
	}
	var ce *rules.ConfigError
	if _, err := LocateLoss(ctx, start, moves, solver.Config{Timeout: -time.Second}); !errors.As(err, &ce) {
		t.Errorf("LocateLoss with a negative Timeout: %v", err)
	}
	if err := (Judging{Margin: 1, Samples: 1}).check(); err != nil {
		t.Errorf("a margin of 1: %v", err)
	}
}
