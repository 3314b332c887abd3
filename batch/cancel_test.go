package batch

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestCancelEndsSearchInProgress cancels a run while its one worker is
// deep in a long search (deal 9646, about a million positions): the
// context reaches the search, which ends soon rather than being abandoned
// after StopGrace, and its deal is not written, so a resumed run searches
// it again.
func TestCancelEndsSearchInProgress(t *testing.T) {
	l, err := ParseDeals("9646")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "r.jsonl")
	r, err := Open(Config{Game: rules.RussianCell, Deals: l, Solver: solver.Config{Workers: 1}, Out: out, StopGrace: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	res, err := r.Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("the run took %v to stop", d)
	}
	if res == nil || res.Done != 0 {
		t.Fatalf("%+v: want an interrupted run with none done", res)
	}
	if _, lines := resultLines(t, out); len(lines) != 0 {
		t.Fatalf("the interrupted deal was written: %q", lines)
	}
}

// TestFindStopsSearchInProgress checks the same for Find: its context ends
// the search it is in.
func TestFindStopsSearchInProgress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	scanned, _, err := Find(ctx, FindConfig{Game: rules.RussianCell, From: 9646, Solver: solver.Config{Workers: 1},
		Match: func(Record) bool { return true }}, func(Record) bool { return true })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 30*time.Second || scanned != 0 {
		t.Fatalf("Find stopped after %v with %d deals reported; want soon, none", d, scanned)
	}
}
