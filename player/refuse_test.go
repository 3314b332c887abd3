package player

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestConfigRefused: each setting out of range, of Config, Sampling,
// Judging and the Solver within, is refused before any work by every call
// that takes it, with a *rules.ConfigError that names it (a negative count
// of samples or margin was the default; a margin of 2 was taken).
func TestConfigRefused(t *testing.T) {
	ctx := context.Background()
	start := deal(rules.RussianCell, 617)
	moves := rules.LegalMoves(start, rules.Options{}, nil)[:1]
	solvers := []struct {
		field string
		cfg   solver.Config
	}{
		{"solver.Config.Workers", solver.Config{Workers: -1}},
		{"solver.Config.MaxNodes", solver.Config{MaxNodes: -1}},
		{"solver.Config.Timeout", solver.Config{Timeout: -time.Second}},
		{"solver.Config.MemoryMB", solver.Config{MemoryMB: -1}},
	}
	type bad struct {
		field string
		cfg   Config
		jd    Judging
	}
	cases := []bad{
		{"player.Config.Kind", Config{Kind: 99}, Judging{}},
		{"player.Sampling.Samples", Config{Sampling: Sampling{Samples: -1}}, Judging{}},
		{"player.Judging.Samples", Config{}, Judging{Samples: -1}},
		{"player.Judging.Margin", Config{}, Judging{Margin: -1}},
		{"player.Judging.Margin", Config{}, Judging{Margin: 2}},
		{"player.Judging.Margin", Config{}, Judging{Margin: math.NaN()}},
	}
	for _, s := range solvers {
		cases = append(cases, bad{s.field, Config{Sampling: Sampling{Solver: s.cfg}}, Judging{}})
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
	for _, s := range solvers {
		if _, err := LocateLoss(ctx, start, moves, s.cfg); err == nil {
			t.Errorf("LocateLoss with %s out of range: no error", s.field)
		}
	}
	if err := (Judging{Margin: 1, Samples: 1}).check(); err != nil {
		t.Errorf("a margin of 1: %v", err)
	}
}
