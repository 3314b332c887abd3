package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

// TestBlockedPair checks the BlockedPair proof against the plain search on
// Ripple Fan positions where it applies: a position with a blocked pair in
// a pile is never won, and on positions where a move would bury a card
// above a lower one of its suit (the moves the pruning drops), the solver
// with only the foundation moves and BlockedPair agrees with the plain
// search.
func TestBlockedPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	need := 15
	if longtest.Enabled() {
		need = 300
	}
	blocked, buried := 0, 0
	counts := map[bool]int{}
	for i := 0; i < 100*need && (blocked < need || buried < need); i++ {
		var p *rules.Position
		switch i % 3 {
		case 0:
			p = deal(rules.RippleFan, uint64(1+rng.IntN(1_000_000)))
		case 1:
			p = sortedRippleFan(rng)
		default:
			p = nearFinishedRipple(rng, 8+rng.IntN(25))
		}
		var b rfBoard
		if err := b.load(p); err != nil {
			t.Fatal(err)
		}
		dead := false
		for j := uint8(0); j < rfPiles; j++ {
			dead = dead || b.blockedPair(j)
		}
		var with, without [2 * rfPiles]rfUndo
		drops := b.genMoves(&with, pruning{BlockedPair: true, AutoFoundation: true}) != b.genMoves(&without, pruning{AutoFoundation: true})
		if !dead && !drops {
			continue
		}
		want, ok := plainSolve(p, rules.Options{NoReturns: true}, false, 20_000)
		if !ok {
			continue
		}
		if dead {
			if want {
				t.Fatalf("position %d has a blocked pair and is won\n%s", i, rules.FormatBoard(p, "", rules.BoardStyle{}))
			}
			blocked++
		}
		if drops {
			cfg := testConfig(1)
			cfg.Pruning = pruning{AutoFoundation: true, BlockedPair: true}.public()
			r := mustSolve(t, p, cfg)
			if got := r.Verdict == Solvable; got != want || r.Verdict == Unknown {
				t.Fatalf("position %d: solver says %v, plain search says won=%v", i, r.Verdict, want)
			}
			buried++
			counts[want]++
		}
	}
	if blocked < need || buried < need {
		t.Fatalf("compared %d positions with a blocked pair and %d with a burying move, want %d each", blocked, buried, need)
	}
	t.Logf("%d blocked, %d with a burying move (won %d, lost %d)", blocked, buried, counts[true], counts[false])
}
