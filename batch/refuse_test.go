package batch

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestConfigRefused: Open and Find refuse each setting out of range with a
// *rules.ConfigError that names it, before any work (they took negative
// numbers as the defaults).
func TestConfigRefused(t *testing.T) {
	deals, err := ParseDeals("1-3")
	if err != nil {
		t.Fatal(err)
	}
	base := Config{Game: rules.RippleFan, Deals: deals, Solver: solver.Config{Workers: 1}}
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
		edit  func(*Config)
	}
	cases := []bad{
		{"batch.Config.Shard", func(c *Config) { c.Shard = Shard{Index: 2, Count: 2} }},
		{"batch.Config.Shard", func(c *Config) { c.Shard = Shard{Index: 1} }},
		{"batch.Config.ChunkSize", func(c *Config) { c.ChunkSize = -1 }},
		{"batch.Config.FlushEvery", func(c *Config) { c.FlushEvery = -time.Second }},
		{"batch.Config.StopGrace", func(c *Config) { c.StopGrace = -time.Second }},
		{"player.Sampling.Samples", func(c *Config) { c.Player = &player.Config{Sampling: player.Sampling{Samples: -1}} }},
		{"player.Config.Kind", func(c *Config) { c.Player = &player.Config{Kind: 99} }},
	}
	for _, s := range solvers {
		cases = append(cases, bad{s.field, func(c *Config) { c.Solver = s.cfg }})
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
	for _, s := range solvers {
		var ce *rules.ConfigError
		n, _, err := Find(context.Background(), FindConfig{Game: rules.RippleFan, Solver: s.cfg}, func(Record) bool { return false })
		if !errors.As(err, &ce) || ce.Field != s.field || n != 0 {
			t.Errorf("Find with %s out of range: %v after %d deals; want a *rules.ConfigError for it", s.field, err, n)
		}
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
