package solver

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// plainSolve is the slow reference search, written for reading: depth-first
// over rules.LegalMoves (the rules package's own move generator), every
// position kept whole as text in a map. With auto set it plays foundation
// moves at once (from a column or a cell, never returns) and nothing else is
// pruned; without it, every legal move is a branch, returns included when
// o.Returns is on. It gives up (ok false) after limit positions.
func plainSolve(start *rules.Position, o rules.Options, auto bool, limit int) (won, ok bool) {
	seen := map[string]bool{}
	stack := []*rules.Position{start.Clone()}
	var buf []rules.Move
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if auto {
			for again := true; again; {
				again = false
				for _, m := range rules.LegalMoves(p, o, buf) {
					if m.To == rules.F && m.From.Kind != rules.Foundation {
						p.Apply(m)
						again = true
						break
					}
				}
			}
		}
		if p.Won() {
			return true, true
		}
		k := plainKey(p)
		if seen[k] {
			continue
		}
		seen[k] = true
		if len(seen) > limit {
			return false, false
		}
		// Push in reverse, so that the first move listed (foundation
		// moves come first) is explored first.
		buf = rules.LegalMoves(p, o, buf)
		for i := len(buf) - 1; i >= 0; i-- {
			q := p.Clone()
			q.Apply(buf[i])
			stack = append(stack, q)
		}
	}
	return false, true
}

// plainKey writes the whole position, column and cell order included.
func plainKey(p *rules.Position) string {
	var b strings.Builder
	for _, h := range p.Foundations {
		b.WriteByte(byte('a' + h))
	}
	for _, c := range p.Cells {
		b.WriteByte(byte(c))
	}
	for _, pl := range p.Tableau {
		b.WriteByte('|')
		for _, c := range pl.Down {
			b.WriteByte(byte(c) + 100)
		}
		for _, c := range pl.Up {
			b.WriteByte(byte(c))
		}
	}
	return b.String()
}

func deal(g rules.Game, n uint64) *rules.Position {
	return dealgen.Deal(g, dealgen.FromUint64(n))
}

// testConfig is the default configuration on one worker with a modest
// budget, for tests.
func testConfig(workers int) Config {
	cfg := DefaultConfig()
	cfg.Workers = workers
	cfg.MaxNodes = 20_000_000
	cfg.MemoryMB = 256
	return cfg
}

// mustSolve runs the solver and checks the result's contract: a Solvable
// verdict's moves replay to a win under the referee.
func mustSolve(t *testing.T, p *rules.Position, cfg Config) Result {
	t.Helper()
	if p.Game == rules.RippleFan {
		cfg.Options.Returns = false
	}
	r, err := Solve(context.Background(), p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict == Solvable {
		end, err := rules.Replay(p, cfg.Options, r.Moves)
		if err != nil {
			t.Fatalf("solution fails the referee: %v", err)
		}
		if !end.Won() {
			t.Fatalf("solution of %d moves does not win", len(r.Moves))
		}
	}
	return r
}

// sortedRippleFan builds Ripple Fan layouts that are often winnable: a
// random deal whose piles are each sorted high to low from the bottom, so
// that low cards tend to be on top. Numbered deals are almost never won, so
// these supply the winnable side of the differential test.
func sortedRippleFan(rng *rand.Rand) *rules.Position {
	cards := rng.Perm(rules.NumCards)
	p := rules.NewPosition(rules.RippleFan)
	for i := range p.Tableau {
		pile := make([]rules.Card, 4)
		for j := range pile {
			pile[j] = rules.Card(cards[4*i+j])
		}
		// Bubble the pile into descending rank, bottom first.
		for a := 0; a < 4; a++ {
			for b := 0; b+1 < 4-a; b++ {
				if pile[b].Rank() < pile[b+1].Rank() {
					pile[b], pile[b+1] = pile[b+1], pile[b]
				}
			}
		}
		p.Tableau[i].Up = pile
	}
	return p
}

func TestRippleFanAgreesWithPlainSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var positions []*rules.Position
	for n := uint64(1); n <= 300; n++ {
		positions = append(positions, deal(rules.RippleFan, n))
	}
	n := 300
	if testing.Short() {
		n = 100
	}
	for i := 0; i < 300; i++ {
		positions = append(positions, sortedRippleFan(rng))
		if i < n {
			positions = append(positions, nearFinishedRipple(rng, 8+rng.IntN(25)))
		}
	}
	o := rules.Options{}
	counts := map[Verdict]int{}
	for i, p := range positions {
		want, ok := plainSolve(p, o, false, 2_000_000)
		if !ok {
			t.Fatalf("position %d: plain search over its limit", i)
		}
		r := mustSolve(t, p, testConfig(1))
		if got := r.Verdict == Solvable; got != want || r.Verdict == Unknown {
			t.Fatalf("position %d: solver says %v, plain search says won=%v", i, r.Verdict, want)
		}
		counts[r.Verdict]++
	}
	if counts[Solvable] < 20 || counts[Unsolvable] < 20 {
		t.Fatalf("too few of one verdict to compare: %v", counts)
	}
	t.Logf("verdicts: %v", counts)
}

func TestRussianCellAgreesWithPlainSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("long differential test")
	}
	counts := map[Verdict]int{}
	skipped := 0
	for n := uint64(1); counts[Solvable]+counts[Unsolvable] < 300; n++ {
		p := deal(rules.RussianCell, n)
		want, ok := plainSolve(p, rules.DefaultOptions(), true, 30_000)
		if !ok {
			skipped++
			continue
		}
		r := mustSolve(t, p, testConfig(1))
		if got := r.Verdict == Solvable; got != want || r.Verdict == Unknown {
			t.Fatalf("deal %d: solver says %v, plain search says won=%v", n, r.Verdict, want)
		}
		counts[r.Verdict]++
	}
	if counts[Unsolvable] < 10 {
		t.Fatalf("too few unsolvable deals compared: %v", counts)
	}
	t.Logf("verdicts: %v; %d deals too large for the plain search", counts, skipped)
}
