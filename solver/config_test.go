package solver

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// TestConfigRefused: each number of a Config out of range is refused by
// Check, and by every search, before any work, with a *rules.ConfigError
// that names it; 0 and the largest values are taken.
func TestConfigRefused(t *testing.T) {
	ctx := context.Background()
	p := dealgen.Deal(rules.RippleFan, dealgen.FromUint64(5))
	for _, c := range []struct {
		field string
		cfg   Config
	}{
		{"solver.Config.Workers", Config{Workers: -1}},
		{"solver.Config.MaxNodes", Config{MaxNodes: -1}},
		{"solver.Config.Timeout", Config{Timeout: -time.Second}},
		{"solver.Config.MemoryMB", Config{MemoryMB: -1}},
		{"solver.Config.MemoryMB", Config{MemoryMB: maxMemoryMB + 1}},
	} {
		var ce *rules.ConfigError
		if err := c.cfg.Check(); !errors.As(err, &ce) || ce.Field != c.field {
			t.Errorf("%+v: Check says %v; want a *rules.ConfigError for %s", c.cfg, err, c.field)
		}
		res, err := Solve(ctx, p, c.cfg)
		if !errors.As(err, &ce) || ce.Field != c.field || res.Nodes != 0 {
			t.Errorf("%+v: Solve gives %v after %d positions; want a *rules.ConfigError for %s", c.cfg, err, res.Nodes, c.field)
		}
		s := New(rules.RippleFan, c.cfg)
		if _, err := s.Solve(ctx, p); !errors.As(err, &ce) {
			t.Errorf("%+v: (*Solver).Solve gives %v", c.cfg, err)
		}
		if _, err := s.SolveTrusted(ctx, p); !errors.As(err, &ce) {
			t.Errorf("%+v: SolveTrusted gives %v", c.cfg, err)
		}
		if _, err := Solve(ctx, nil, c.cfg); !errors.As(err, &ce) {
			t.Errorf("%+v, no position: %v; want the config refused first", c.cfg, err)
		}
	}
	if err := (Config{MemoryMB: maxMemoryMB, MaxNodes: 1, Timeout: 1}).Check(); err != nil {
		t.Errorf("the largest MemoryMB: %v", err)
	}
	if res, err := Solve(ctx, p, Config{Workers: 1, MaxNodes: 1000, MemoryMB: 1}); err != nil {
		t.Errorf("a Config in range: %+v, %v", res, err)
	}
}
