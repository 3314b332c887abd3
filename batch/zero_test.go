package batch

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/player"
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

// TestConfigRefused: Open and Find refuse each setting out of range with a
// *rules.ConfigError that names it, before any work (they took negative
// numbers as the defaults).
func TestConfigRefused(t *testing.T) {
	deals, err := ParseDeals("1-3")
	if err != nil {
		t.Fatal(err)
	}
	base := Config{Game: rules.RippleFan, Deals: deals, Solver: solver.Config{Workers: 1}}
	// The solver's own settings are solver's to test, each: here, that
	// its Config is checked.
	cases := []struct {
		field string
		edit  func(*Config)
	}{
		{"batch.Config.Shard", func(c *Config) { c.Shard = Shard{Index: 2, Count: 2} }},
		{"batch.Config.Shard", func(c *Config) { c.Shard = Shard{Index: 1} }},
		{"batch.Config.ChunkSize", func(c *Config) { c.ChunkSize = -1 }},
		{"batch.Config.FlushEvery", func(c *Config) { c.FlushEvery = -time.Second }},
		{"batch.Config.StopGrace", func(c *Config) { c.StopGrace = -time.Second }},
		{"player.Sampling.Samples", func(c *Config) { c.Player = &player.Config{Sampling: player.Sampling{Samples: -1}} }},
		{"player.Config.Kind", func(c *Config) { c.Player = &player.Config{Kind: 99} }},
		{"solver.Config.MemoryMB", func(c *Config) { c.Solver.MemoryMB = -1 }},
	}
	for _, c := range cases {
		cfg := base
		c.edit(&cfg)
		var ce *rules.ConfigError
		r, err := Open(cfg)
		if !errors.As(err, &ce) || ce.Field != c.field || r != nil {
			t.Errorf("Open with %s out of range: %v; want a *rules.ConfigError for it", c.field, err)
		}
	}
	var ce *rules.ConfigError
	n, _, err := Find(context.Background(), FindConfig{Game: rules.RippleFan, Solver: solver.Config{Timeout: -time.Second}}, func(Record) bool { return false })
	if !errors.As(err, &ce) || ce.Field != "solver.Config.Timeout" || n != 0 {
		t.Errorf("Find with a negative Solver.Timeout: %v after %d deals; want a *rules.ConfigError for it", err, n)
	}
	if r, err := Open(base); err != nil {
		t.Errorf("Open in range: %v", err)
	} else {
		r.Close()
	}
}

// TestNilRefused: the calls given nil, or the zero value of a type that a
// constructor makes, return an error or nothing, where they panicked (a
// nil emit, the zero Shard's division by zero, the zero Runner's ticker
// in a goroutine of its own, a nil reader, a nil header, no files).
func TestNilRefused(t *testing.T) {
	if _, _, err := Find(context.Background(), FindConfig{Game: rules.RippleFan, Solver: solver.Config{Workers: 1}}, nil); err == nil {
		t.Error("Find with a nil emit: no error")
	}
	if n := (Shard{}).Len(10); n != 10 {
		t.Errorf("the zero Shard holds %d of 10 deals", n)
	}
	if k, ok := (Shard{}).Local(7); !ok || k != 7 || (Shard{}).Global(7) != 7 {
		t.Errorf("the zero Shard: Local(7) = %d, %v; Global(7) = %d", k, ok, (Shard{}).Global(7))
	}
	if n := (Shard{Index: 3}).Len(10); n != 0 {
		t.Errorf("a shard of Count 0 holds %d deals", n)
	}
	if _, ok := (Shard{Index: 3}).Local(3); ok {
		t.Error("a shard of Count 0 holds deal 3")
	}
	if _, err := new(Runner).Run(context.Background()); err == nil {
		t.Error("the zero Runner ran")
	}
	var l DealList
	l.Add(dealgen.Number{})
	if l.Len() != 0 || l.Check() == nil {
		t.Errorf("the zero Number added: %d deals, Check says %v", l.Len(), l.Check())
	}
	l.Add(dealgen.FromUint64(5))
	if l.At(0) != dealgen.FromUint64(5) || l.At(1) != (dealgen.Number{}) || l.At(1<<40) != (dealgen.Number{}) {
		t.Error("At out of range is a deal")
	}
	random, err := ParseDeals("random:3@1")
	if err != nil {
		t.Fatal(err)
	}
	random.Add(dealgen.FromUint64(5))
	if random.Len() != 3 || random.Check() == nil || random.At(3) != (dealgen.Number{}) {
		t.Errorf("a deal added to a random list: %d deals, Check says %v", random.Len(), random.Check())
	}
	var fe *FileError
	if _, err := NewReader(nil, "r.jsonl"); !errors.As(err, &fe) {
		t.Errorf("NewReader(nil): %v", err)
	}
	if _, err := ReadDeals(nil, "deals.txt"); err == nil {
		t.Error("ReadDeals(nil): no error")
	}
	var zero Reader
	var rec Record
	if err := zero.Next(&rec); err == nil || err == io.EOF {
		t.Errorf("the zero Reader's Next: %v", err)
	}
	if err := zero.Each(func(*Record) error { return nil }); err == nil {
		t.Error("the zero Reader's Each: no error")
	}
	if _, err := zero.InDeclared(nil, nil); err == nil {
		t.Error("InDeclared(nil, nil): no error")
	}
	h := Header{Game: rules.RippleFan}
	if d := h.Diff(nil, true, true); len(d) == 0 || d[0].Field != "game" {
		t.Errorf("Diff against nil: %v", d)
	}
	if _, _, err := SummarizeFiles(nil); err == nil {
		t.Error("SummarizeFiles(nil): no error")
	}
	var sum Summary
	sum.Add(nil)
	if sum.Total() != 0 {
		t.Error("a nil record counted")
	}
}
