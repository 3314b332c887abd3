package batch

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestFindAgreesWithSolver checks that Find reports exactly the matching
// deals, in order, that deciding the same deals one by one gives, for any
// number of workers.
func TestFindAgreesWithSolver(t *testing.T) {
	n := uint64(300)
	if testing.Short() {
		n = 120
	}
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	cfg.MemoryMB = 64
	s := solver.New(rules.RussianCell, cfg)
	var want []uint64
	for d := uint64(1); d <= n; d++ {
		r, err := s.Solve(context.Background(), dealgen.Deal(rules.RussianCell, dealgen.FromUint64(d)))
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict == solver.Unsolvable {
			want = append(want, d)
		}
	}
	if len(want) < 5 {
		t.Fatalf("only %d unsolvable deals in 1..%d", len(want), n)
	}
	for _, workers := range []int{1, 2, 3} {
		var got []uint64
		var examined atomic.Int64
		fcfg := cfg
		fcfg.Workers = workers
		scanned, unknown, err := Find(context.Background(), FindConfig{
			Game: rules.RussianCell, From: 1, Solver: fcfg,
			Match:    func(r Record) bool { return r.Verdict == solver.Unsolvable },
			Progress: &examined,
		}, func(r Record) bool {
			u, _ := r.Number.Uint64()
			if n := uint64(examined.Load()); n != u {
				t.Errorf("%d workers: deal %d reported after %d deals examined", workers, u, n)
			}
			got = append(got, u)
			return len(got) < len(want)
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%d workers: found %v, want %v", workers, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%d workers: found %v, want %v", workers, got, want)
			}
		}
		if scanned != want[len(want)-1] || unknown != 0 {
			t.Fatalf("%d workers: scanned %d deals (%d unknown), want %d", workers, scanned, unknown, want[len(want)-1])
		}
	}
}

// TestFindStopsOnCancel checks that a cancelled Find returns promptly.
func TestFindStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := solver.Config{Workers: 2}
	_, _, err := Find(ctx, FindConfig{Game: rules.RippleFan, From: 1, Solver: cfg,
		Match: func(Record) bool { return false }}, func(Record) bool { return true })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

// TestFindDefaultMemory: MemoryMB 0 is solver.DefaultMemoryMB for the whole
// call, split among the workers, as with an explicit 1024: Find once gave
// each worker max(1, 0/workers) = 1 MB, and a hard deal then searched far
// more positions (Find over deals 1..3000 ran 40 times slower). Deal 385
// searches 350,000 positions, more than a 1 MB table holds.
func TestFindDefaultMemory(t *testing.T) {
	nodes := func(scfg solver.Config) int64 {
		var n int64
		_, _, err := Find(context.Background(), FindConfig{Game: rules.RussianCell, From: 385, Solver: scfg, Match: func(Record) bool { return true }},
			func(r Record) bool { n = r.Nodes; return false })
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	zero, explicit := nodes(solver.Config{Workers: 1}), nodes(solver.Config{Workers: 1, MemoryMB: solver.DefaultMemoryMB})
	if zero != explicit {
		t.Errorf("deal 385: %d positions with MemoryMB 0, %d with MemoryMB %d: 0 must mean the default", zero, explicit, solver.DefaultMemoryMB)
	}
}
