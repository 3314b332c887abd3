package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

// TestSleepSetsCommute checks the claim the sleep sets rest on, move by
// move: when S is its parent P after move m, every move z of P that
// sleepSet puts to sleep in S is a move of S too, and S+z is the same
// position (the same key) as P+z+m.
func TestSleepSetsCommute(t *testing.T) {
	pr := AllPruning().on()
	s := newRCSearch(testConfig(1).resolve(rules.RussianCell), new(interrupt))
	w := s.workers[0]
	b := &w.b
	rng := rand.New(rand.NewPCG(51, 52))
	checked := 0
	for i := 0; i < 2000; i++ {
		p := midGame(rng, uint64(1+rng.IntN(10_000)), 5+rng.IntN(40))
		if err := b.load(p); err != nil {
			t.Fatal(err)
		}
		b.cellHome, b.kingHome = true, true
		for {
			m, ok := b.nextAuto(pr)
			if !ok {
				break
			}
			b.make(m)
		}
		moves := b.genMoves(nil, pr, false)
		status := make([]uint8, len(moves))
		for j, m := range moves {
			status[j] = childUnknown
			if _, ok := b.childKey(m); ok {
				status[j] = childNew
			}
		}
		for via, m := range moves {
			if status[via] != childNew {
				continue // expand sets sleep sets only below such moves
			}
			um := b.make(m)
			w.clearSleep()
			w.sleepSet(moves, status, via)
			inS := map[rcMove]bool{}
			for _, x := range b.genMoves(nil, pr, false) {
				inS[x] = true
			}
			for _, z := range moves[:via] {
				if !w.asleep(z) {
					continue
				}
				if !inS[z] {
					t.Fatalf("%v asleep after %v, but not a move there", z.toRules(), m.toRules())
				}
				uz := b.make(z)
				sz := b.key
				b.unmake(uz)
				b.unmake(um)
				uz = b.make(z)
				um2 := b.make(m)
				pzm := b.key
				b.unmake(um2)
				b.unmake(uz)
				um = b.make(m)
				if sz != pzm {
					t.Fatalf("%v then %v: not the same position as the other order", m.toRules(), z.toRules())
				}
				checked++
			}
			b.unmake(um)
		}
	}
	if checked < 1500 {
		t.Fatalf("only %d sleeping moves checked", checked)
	}
	t.Logf("%d sleeping moves checked", checked)
}

// TestSleepSetsSearchTheSamePositions checks the claim of the sleep sets:
// they only save table probes. An unsolvable deal is searched to the end,
// so the number of positions expanded must be exactly the same with them
// on and off.
func TestSleepSetsSearchTheSamePositions(t *testing.T) {
	n := uint64(60)
	if longtest.Enabled() {
		n = 300
	}
	compared := 0
	for d := uint64(1); d <= n; d++ {
		p := deal(rules.RussianCell, d)
		on := mustSolve(t, p, testConfig(1))
		if on.Verdict != Unsolvable {
			continue
		}
		cfg := testConfig(1)
		cfg.Pruning.NoSleepSets = true
		off := mustSolve(t, p, cfg)
		if off.Verdict != Unsolvable || off.Nodes != on.Nodes {
			t.Fatalf("deal %d: %v in %d positions with sleep sets, %v in %d without", d, on.Verdict, on.Nodes, off.Verdict, off.Nodes)
		}
		compared++
	}
	if compared < 3 {
		t.Fatalf("only %d unsolvable deals compared", compared)
	}
}
