package solver

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(uint64(i + 1)); got != w {
			t.Fatalf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// TestRestartsKeepVerdicts checks restartSearch against one search with no
// restarts, with runs far shorter than the default so that most deals
// start over many times. The verdicts must agree, and an unsolvable deal
// must end with exactly the same number of positions in the table: every
// position reachable under the pruning, each entered once. A restart that
// left an unfinished position in the table would leave some of those out.
func TestRestartsKeepVerdicts(t *testing.T) {
	n := uint64(250)
	if !longtest.Enabled() {
		n = 50
	}
	defer func(u int64) { restartUnit = u }(restartUnit)
	unsolvable, restarted := 0, 0
	for d := uint64(1); d <= n; d++ {
		p := deal(rules.RussianCell, d)
		restartUnit = 0
		ref := mustSolve(t, p, testConfig(1))
		for _, unit := range []int64{5, 60} {
			restartUnit = unit
			before := restartsMade.Load()
			r := mustSolve(t, p, testConfig(1))
			if r.Verdict != ref.Verdict {
				t.Fatalf("deal %d, restart unit %d: %v, without restarts %v", d, unit, r.Verdict, ref.Verdict)
			}
			if restartsMade.Load() > before {
				restarted++
			}
			if ref.Verdict == Unsolvable && (r.Stored != ref.Stored || r.Nodes < ref.Nodes) {
				t.Fatalf("deal %d, restart unit %d: %d positions stored and %d searched, without restarts %d and %d",
					d, unit, r.Stored, r.Nodes, ref.Stored, ref.Nodes)
			}
		}
		if ref.Verdict == Unsolvable {
			unsolvable++
		}
	}
	// Both units together: a deal of more than 60 positions starts over
	// with each, a smaller one with the unit of 5 at least.
	if unsolvable < 3 || restarted < int(n) {
		t.Fatalf("only %d unsolvable deals, %d searches that restarted", unsolvable, restarted)
	}
}

// TestRestartsReproducible checks that restarts keep a one-worker search
// reproducible: the same deal gives the same moves and counts twice.
func TestRestartsReproducible(t *testing.T) {
	deals := []uint64{4323, 385} // 385: 350,000 positions
	if !longtest.Enabled() {
		deals = deals[:1]
	}
	for _, d := range deals {
		p := deal(rules.RussianCell, d)
		a := mustSolve(t, p, testConfig(1))
		b := mustSolve(t, p, testConfig(1))
		if a.Verdict != b.Verdict || a.Nodes != b.Nodes || len(a.Moves) != len(b.Moves) {
			t.Fatalf("deal %d: %v in %d positions, %d moves, then %v in %d, %d moves", d, a.Verdict, a.Nodes, len(a.Moves), b.Verdict, b.Nodes, len(b.Moves))
		}
		for i := range a.Moves {
			if a.Moves[i] != b.Moves[i] {
				t.Fatalf("deal %d: move %d differs", d, i+1)
			}
		}
	}
}

// TestWarmUpRestarts checks that several workers on one deal start with a
// warm-up that restarts as one worker does: two deals that one worker wins
// in a few thousand positions, with restarts, and in hundreds of thousands
// without, are won within the warm-up by two workers.
func TestWarmUpRestarts(t *testing.T) {
	for _, d := range []uint64{4323, 86924} {
		p := deal(rules.RussianCell, d)
		r := mustSolve(t, p, testConfig(2))
		if r.Verdict != Solvable || r.Nodes > warmUpNodes {
			t.Fatalf("deal %d on two workers: %v in %d positions, want a win within the warm-up (%d)", d, r.Verdict, r.Nodes, warmUpNodes)
		}
	}
}

// TestLazyPathSet checks the path set that the one-worker search builds
// only once its table reaches half its cap (livePath): at that moment it
// must hold exactly what a path set kept all along holds. With a 1 MB
// table, deals of more than about 6,000 positions get there, after
// restarts; 38, 61 and 130 go on to evict. The verdicts, and the position
// counts of searches that evict nothing, must be those of a search with a
// table too large to ever build it.
func TestLazyPathSet(t *testing.T) {
	verifyLazyPath = true
	defer func() { verifyLazyPath = false }()
	deals := []uint64{18, 25, 38, 61, 370, 130, 1280, 21, 64}
	if !longtest.Enabled() {
		deals = deals[:4]
	}
	before := lazyPathBuilds.Load()
	for _, d := range deals {
		p := deal(rules.RussianCell, d)
		small := DefaultConfig()
		small.Workers, small.MemoryMB = 1, 1
		large := small
		large.MemoryMB = DefaultMemoryMB
		rs, err := Solve(context.Background(), p, small)
		if err != nil {
			t.Fatal(err)
		}
		rl, err := Solve(context.Background(), p, large)
		if err != nil {
			t.Fatal(err)
		}
		if rs.Verdict != rl.Verdict || (rs.Evicted == 0 && rs.Nodes != rl.Nodes) {
			t.Errorf("deal %d: 1 MB %v in %d positions (%d evicted), 1024 MB %v in %d",
				d, rs.Verdict, rs.Nodes, rs.Evicted, rl.Verdict, rl.Nodes)
		}
	}
	if n := lazyPathBuilds.Load() - before; n < int64(len(deals))/2 {
		t.Fatalf("the path set was built %d times on %d deals", n, len(deals))
	}
}
