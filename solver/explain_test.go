package solver

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

// TestBlockageOnlyWhenLost checks every cause FindBlockage reports against
// the search, on numbered deals and on positions reached by random play:
// wherever it finds one, the solver proves the position unsolvable. For a
// deadlock it also checks the claim itself: the cards named form a
// deadlock, and in every position reachable from there (the whole space,
// searched plainly with the rules' own move generator, where it is small
// enough), each of them is still where it was.
func TestBlockageOnlyWhenLost(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		g               rules.Game
		deals, playouts int
		every           int // sample a position every this many moves of a playout
		minDeadlocks    int
	}{
		{rules.RippleFan, 1000, 150, 1, 500},
		{rules.RussianCell, 20, 120, 20, 20},
	} {
		deals, playouts := c.deals, c.playouts
		if !longtest.Enabled() {
			deals, playouts = deals/5, playouts/4
		}
		var positions []*rules.Position
		for d := 1; d <= deals; d++ {
			positions = append(positions, deal(c.g, uint64(d)))
		}
		for d := 1; d <= playouts; d++ {
			positions = append(positions, randomPlay(rng, deal(c.g, uint64(d)), c.every)...)
		}
		if c.g == rules.RippleFan {
			for range playouts {
				positions = append(positions, sortedRippleFan(rng))
			}
		}
		var noMove, deadlocks, explored, lost int
		for i, p := range positions {
			b, found := FindBlockage(p)
			r := mustSolve(t, p, testConfig(1))
			if r.Verdict == Unknown {
				t.Fatalf("%s position %d: %s", c.g, i, r.Reason)
			}
			if r.Verdict == Unsolvable {
				lost++
			}
			if !found {
				continue
			}
			if r.Verdict != Unsolvable {
				t.Fatalf("%s position %d is %v, but FindBlockage finds %v\n%s", c.g, i, r.Verdict, b.Cards, rules.FormatBoard(p, "", rules.BoardStyle{}))
			}
			if len(b.Cards) == 0 {
				noMove++
				if len(rules.LegalMoves(p, rules.Options{NoReturns: true}, nil)) != 0 {
					t.Fatalf("%s position %d: no move, it says, but there are moves", c.g, i)
				}
				continue
			}
			deadlocks++
			lb := newLossBoard(p)
			var d cardSet
			for _, x := range b.Cards {
				d[x] = true
			}
			if !lb.isDeadlock(&d) {
				t.Fatalf("%s position %d: %v is not a deadlock", c.g, i, b.Cards)
			}
			if complete, moved := cardsStay(p, b.Cards, 5_000); complete {
				explored++
				if moved != "" {
					t.Fatalf("%s position %d: %s moves, yet the explanation says it never can:\n%s\n%s",
						c.g, i, moved, b.Cards, rules.FormatBoard(p, "", rules.BoardStyle{}))
				}
			}
		}
		t.Logf("%s: %d positions, %d lost; explained %d by no move, %d by a deadlock (%d of them checked over every reachable position)",
			c.g, len(positions), lost, noMove, deadlocks, explored)
		if deadlocks < c.minDeadlocks/4 || explored < deadlocks/2 || noMove == 0 {
			t.Fatalf("%s: too few causes to check: %d no move, %d deadlocks (%d explored)", c.g, noMove, deadlocks, explored)
		}
	}
}

// randomPlay plays random legal moves (no returns) from p until none is
// left, or for 300 moves, and returns a copy of the position every so many
// moves, and of the last one.
func randomPlay(rng *rand.Rand, p *rules.Position, every int) []*rules.Position {
	var out []*rules.Position
	var buf []rules.Move
	for step := 1; step <= 300; step++ {
		buf = rules.LegalMoves(p, rules.Options{NoReturns: true}, buf)
		if len(buf) == 0 {
			break
		}
		p.Apply(buf[rng.IntN(len(buf))])
		if step%every == 0 {
			out = append(out, p.Clone())
		}
	}
	return append(out, p)
}

// cardsStay searches every position reachable from p without returns,
// plainly (up to limit positions), and reports whether it searched them
// all and, if one of the cards is ever elsewhere than in p (another pile,
// another height in its pile, another cell, a foundation), which.
func cardsStay(p *rules.Position, cards []rules.Card, limit int) (complete bool, moved string) {
	where := func(q *rules.Position, c rules.Card) [2]int {
		for i, pl := range q.Tableau {
			for k, x := range append(append([]rules.Card(nil), pl.Down...), pl.Up...) {
				if x == c {
					return [2]int{i, k}
				}
			}
		}
		for j, x := range q.Cells {
			if x == c {
				return [2]int{100 + j, 0}
			}
		}
		return [2]int{-1, 0} // on a foundation
	}
	start := make([][2]int, len(cards))
	for i, c := range cards {
		start[i] = where(p, c)
	}
	seen := map[string]bool{plainKey(p): true}
	stack := []*rules.Position{p.Clone()}
	var buf []rules.Move
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range cards {
			if where(q, c) != start[i] {
				return true, c.String()
			}
		}
		buf = rules.LegalMoves(q, rules.Options{NoReturns: true}, buf)
		for _, m := range buf {
			r := q.Clone()
			r.Apply(m)
			if k := plainKey(r); !seen[k] {
				if len(seen) >= limit {
					return false, ""
				}
				seen[k] = true
				stack = append(stack, r)
			}
		}
	}
	return true, ""
}

// TestDeadlockNeedsEveryCard checks that the explained deadlock is small:
// no card (in Russian Cell, with those above it) can be taken out of it
// with a deadlock left, so every card named is part of the cause.
func TestDeadlockNeedsEveryCard(t *testing.T) {
	n := 300
	if !longtest.Enabled() {
		n = 60
	}
	var checked, several int
	for d := 1; d <= n; d++ {
		p := deal(rules.RippleFan, uint64(d))
		b, ok := FindBlockage(p)
		if !ok || len(b.Cards) == 0 {
			continue
		}
		checked++
		if len(b.Cards) > 1 {
			several++
		}
		lb := newLossBoard(p)
		var set cardSet
		for _, x := range b.Cards {
			set[x] = true
		}
		for _, x := range b.Cards {
			u := set
			lb.remove(&u, x)
			if e := lb.largestDeadlock(u); !e.empty() {
				t.Fatalf("deal %d: %v is a deadlock without %s: %v", d, b.Cards, x, e.cards())
			}
		}
	}
	// Nearly every Ripple Fan deal is lost to a deadlock (99% of deals
	// 1..10000, docs/internals.md), about one in seven of several cards
	// (60 and 10 of deals 1..60, 296 and 44 of 1..300): a test that
	// checked fewer would check little.
	t.Logf("%d of deals 1..%d have a deadlock, %d of them of several cards", checked, n, several)
	if checked < n*9/10 || several < n/10 {
		t.Errorf("checked %d deadlocks, %d of several cards, in deals 1..%d: want at least %d and %d", checked, several, n, n*9/10, n/10)
	}
}

var explainShare = flag.Bool("explain-share", false, "measure the share of lost positions FindBlockage explains (slow)")

// TestExplainedShare measures, when -explain-share is given, how many of
// the lost positions FindBlockage explains: Ripple Fan deals 1..10000,
// Russian Cell deals 1..2000, and positions reached by random play from
// Russian Cell deals 1..1000 (a position every 25 moves, and the last,
// where no move is left or after 300 moves). Beyond what
// TestBlockageOnlyWhenLost checks (every cause is on a lost position), it
// holds each set to the share docs/internals.md publishes, less a margin:
// at least 99% of the lost Ripple Fan deals explained, none of the Russian
// Cell deals (they start with free cells, so neither cause can apply), at
// least 60% of the positions reached by play; and each set must have lost
// positions to explain.
//
//	go test ./solver -run TestExplainedShare -explain-share -v
func TestExplainedShare(t *testing.T) {
	if !*explainShare {
		t.Skip("a measurement: run with -explain-share")
	}
	cfg := testConfig(1)
	cfg.MaxNodes = 100_000_000
	// count solves the positions and checks that between lo and hi of the
	// lost ones (fractions) are explained.
	count := func(name string, lo, hi float64, positions func(yield func(*rules.Position))) {
		var lost, noMove, deadlock, total int
		sizes := map[int]int{}
		solvers := map[rules.Game]*Solver{}
		positions(func(p *rules.Position) {
			total++
			s := solvers[p.Game]
			if s == nil {
				s = New(p.Game, cfg)
				solvers[p.Game] = s
			}
			r, err := s.Solve(context.Background(), p)
			if err != nil || r.Verdict == Unknown {
				t.Fatalf("%s: %v %s", name, err, r.Reason)
			}
			b, ok := FindBlockage(p)
			if ok && r.Verdict != Unsolvable {
				t.Fatalf("%s: a cause on a %v position", name, r.Verdict)
			}
			if r.Verdict != Unsolvable {
				return
			}
			lost++
			switch {
			case ok && len(b.Cards) == 0:
				noMove++
			case ok:
				deadlock++
				sizes[len(b.Cards)]++
			}
		})
		share := float64(noMove+deadlock) / float64(max(lost, 1))
		t.Logf("%s: %d positions, %d lost; explained %d (%.2f%%): %d no move, %d deadlocks (cards in the deadlock: %v)",
			name, total, lost, noMove+deadlock, 100*share, noMove, deadlock, sizes)
		if lost < 100 || share < lo || share > hi {
			t.Errorf("%s: %d lost, %.2f%% explained: want at least 100 lost, %.0f%% to %.0f%% explained", name, lost, 100*share, 100*lo, 100*hi)
		}
	}
	count("Ripple Fan deals 1..10000", 0.99, 1, func(yield func(*rules.Position)) {
		for d := uint64(1); d <= 10000; d++ {
			yield(deal(rules.RippleFan, d))
		}
	})
	count("Russian Cell deals 1..2000", 0, 0, func(yield func(*rules.Position)) {
		for d := uint64(1); d <= 2000; d++ {
			yield(deal(rules.RussianCell, d))
		}
	})
	count("Russian Cell, random play from deals 1..1000", 0.60, 1, func(yield func(*rules.Position)) {
		rng := rand.New(rand.NewPCG(1, 2))
		for d := uint64(1); d <= 1000; d++ {
			for _, p := range randomPlay(rng, deal(rules.RussianCell, d), 25) {
				yield(p)
			}
		}
	})
}
