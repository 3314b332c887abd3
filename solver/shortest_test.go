package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

// plainShortest is the reference for the shortest search, written for
// reading: a uniform-cost search (positions taken in order of the moves
// made to reach them) over every legal move of rules.LegalMoves, positions
// kept whole as text in a map. It returns a shortest winning line, or won
// false when there is none; ok is false when it gave up after limit
// positions.
//
// Without auto it prunes nothing: foundation moves and (when o.Returns is
// on) returns are moves like any other, and only exactly equal positions
// are merged, in any order of columns, piles and cells (no rule refers to
// their order: docs/design.md §4.2). With auto it plays every foundation move from a column, pile
// or cell at once after each move, each counted as a move (docs/design.md §4.2:
// this keeps the shortest length).
func plainShortest(start *rules.Position, o rules.Options, auto bool, limit int) (line []rules.Move, won, ok bool) {
	type node struct {
		p      *rules.Position
		key    string
		g      int
		parent int
		moves  []rules.Move // from the parent: a move, then the foundation moves it set off
	}
	var nodes []node
	var buckets [][]int // buckets[g]: nodes first reached after g moves
	best := map[string]int{}
	push := func(p *rules.Position, g, parent int, moves []rules.Move) {
		if auto {
			for again := true; again; {
				again = false
				for _, m := range rules.LegalMoves(p, o, nil) {
					if m.To == rules.F && m.From.Kind != rules.Foundation {
						p.Apply(m)
						moves = append(moves, m)
						g++
						again = true
						break
					}
				}
			}
		}
		k := plainSymKey(p)
		if old, seen := best[k]; seen && old <= g {
			return
		}
		best[k] = g
		for len(buckets) <= g {
			buckets = append(buckets, nil)
		}
		buckets[g] = append(buckets[g], len(nodes))
		nodes = append(nodes, node{p: p, key: k, g: g, parent: parent, moves: moves})
	}
	push(start.Clone(), 0, -1, nil)
	var buf []rules.Move
	for g := 0; g < len(buckets); g++ {
		for _, i := range buckets[g] {
			n := nodes[i]
			if best[n.key] < g {
				continue // reached in fewer moves since
			}
			if n.p.Won() {
				for j := i; j >= 0; j = nodes[j].parent {
					line = append(slices.Clone(nodes[j].moves), line...)
				}
				return line, true, true
			}
			buf = rules.LegalMoves(n.p, o, buf)
			for _, m := range buf {
				q := n.p.Clone()
				q.Apply(m)
				push(q, g+1, i, []rules.Move{m})
			}
			nodes[i].p = nil // done with it
			if len(nodes) > limit {
				return nil, false, false
			}
		}
	}
	return nil, false, true
}

// plainSymKey writes the whole position with its piles, and its cells, in
// sorted order.
func plainSymKey(p *rules.Position) string {
	var piles []string
	for _, pl := range p.Tableau {
		var b strings.Builder
		for _, c := range pl.Down {
			b.WriteByte(byte(c) + 100)
		}
		for _, c := range pl.Up {
			b.WriteByte(byte(c))
		}
		piles = append(piles, b.String())
	}
	slices.Sort(piles)
	cells := slices.Clone(p.Cells)
	slices.Sort(cells)
	var b strings.Builder
	for _, h := range p.Foundations {
		b.WriteByte(byte('a' + h))
	}
	for _, c := range cells {
		b.WriteByte(byte(c))
	}
	for _, pl := range piles {
		b.WriteByte('|')
		b.WriteString(pl)
	}
	return b.String()
}

// shortestConfig is testConfig(1) with the shortest search on.
func shortestConfig() Config {
	cfg := testConfig(1)
	cfg.Shortest = true
	return cfg
}

// boundOf returns the solver's lower bound for a rules position.
func boundOf(t *testing.T, p *rules.Position) int {
	t.Helper()
	if p.Game == rules.RippleFan {
		var b rfBoard
		if err := b.load(p); err != nil {
			t.Fatal(err)
		}
		return b.lowerBound()
	}
	var b rcBoard
	if err := b.load(p); err != nil {
		t.Fatal(err)
	}
	return b.lowerBound()
}

// shortestCases returns positions of both games small enough for the
// plain search with foundation moves played at once: near-finished Russian
// Cell positions with 12 to 19 cards off the foundations (from about 15 the
// ordinary search's line is often longer than the shortest), and Ripple
// Fan positions, near-finished or with all 52 cards in sorted piles.
func shortestCases(rng *rand.Rand, n int) []*rules.Position {
	var ps []*rules.Position
	for i := 0; i < n; i++ {
		ps = append(ps, nearFinished(rng, 12+rng.IntN(8)))
		if i%4 == 3 {
			ps = append(ps, sortedRippleFan(rng))
		} else {
			ps = append(ps, nearFinishedRipple(rng, 8+rng.IntN(25)))
		}
	}
	return ps
}

// compareShortest solves p with the shortest search under cfg and checks it
// against a shortest line of the plain search (won false: none): the same
// verdict, and for a win the same length, proven, with a line the referee
// accepts (mustSolve). It returns the verdict.
func compareShortest(t *testing.T, p *rules.Position, cfg Config, want []rules.Move, won bool) Verdict {
	t.Helper()
	r := mustSolve(t, p, cfg)
	switch {
	case !won:
		if r.Verdict != Unsolvable {
			t.Fatalf("%s: %v, the plain search finds no win\n%s", p.Game, r.Verdict, rules.MarshalPosition(p, ""))
		}
	case r.Verdict != Solvable || !r.Optimal || len(r.Moves) != len(want) || r.LowerBound != len(want):
		t.Fatalf("%s: %v in %d moves (optimal %v, lower bound %d); the plain search wins in %d\n%s",
			p.Game, r.Verdict, len(r.Moves), r.Optimal, r.LowerBound, len(want), rules.MarshalPosition(p, ""))
	}
	return r.Verdict
}

// TestShortestAgreesWithPlainSearch compares the shortest search with the
// plain search (foundation moves played at once, no returns) on small
// positions of both games. It counts the positions where the ordinary
// search's line is longer than the shortest, which are those where the
// deepening does the work.
func TestShortestAgreesWithPlainSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	n := 100
	if !longtest.Enabled() {
		n = 25
	}
	counts := map[string]int{}
	for _, p := range shortestCases(rng, n) {
		o := rules.Options{NoReturns: true}
		want, won, ok := plainShortest(p, o, true, 200_000)
		if !ok {
			counts["too large"]++
			continue
		}
		cfg := shortestConfig()
		cfg.Options = o
		v := compareShortest(t, p, cfg, want, won)
		counts[p.Game.String()+" "+v.String()]++
		if won {
			if plain := mustSolve(t, p, testConfig(1)); len(plain.Moves) > len(want) {
				counts[p.Game.String()+" shorter than the ordinary line"]++
			}
		}
	}
	t.Logf("compared: %v", counts)
	for _, k := range []string{"russian-cell solvable", "ripple-fan solvable", "ripple-fan unsolvable",
		"russian-cell shorter than the ordinary line", "ripple-fan shorter than the ordinary line"} {
		if counts[k] < n/25 {
			t.Errorf("too few %q to compare: %v", k, counts)
		}
	}
	if counts["too large"] > n/10 {
		t.Errorf("too many positions beyond the plain search: %v", counts)
	}
}

// TestShortestNeedsNoAutoMovesOrReturns tests the proofs that the shortest
// search may play foundation moves at once and never play a card back from
// a foundation: the plain search here does neither by itself (every legal
// move is a branch, returns included), and the lengths must still be the
// same. The Russian Cell positions are small, as that search is large.
func TestShortestNeedsNoAutoMovesOrReturns(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	n, most := 60, 4
	if !longtest.Enabled() {
		n, most = 8, 3
	}
	counts := map[string]int{}
	for i := 0; i < n; i++ {
		for _, p := range []*rules.Position{nearFinished(rng, 3+rng.IntN(most)), nearFinishedRipple(rng, 8+rng.IntN(10))} {
			o := rules.Options{}
			want, won, ok := plainShortest(p, o, false, 200_000)
			if !ok {
				counts["too large"]++
				continue
			}
			cfg := shortestConfig()
			cfg.Options = o
			v := compareShortest(t, p, cfg, want, won)
			counts[p.Game.String()+" "+v.String()]++
		}
	}
	t.Logf("compared: %v", counts)
	if counts["russian-cell solvable"] < n*3/4 || counts["ripple-fan solvable"] < n/4 {
		t.Errorf("too few compared: %v", counts)
	}
}

// TestLowerBoundAdmissible checks the lower bounds against true remaining
// lengths: along a shortest line found by the plain search, the position
// after i of its C moves needs exactly C-i more, and its bound must not be
// higher. It also checks that the bound goes beyond counting the cards off
// the foundations often enough for the check to mean something.
func TestLowerBoundAdmissible(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	n := 60
	if !longtest.Enabled() {
		n = 15
	}
	checked, above, tight := map[rules.Game]int{}, map[rules.Game]int{}, 0
	for _, start := range shortestCases(rng, n) {
		line, won, ok := plainShortest(start, rules.Options{NoReturns: true}, true, 200_000)
		if !ok || !won {
			continue
		}
		p := start.Clone()
		for i := 0; i <= len(line); i++ {
			need := len(line) - i
			h := boundOf(t, p)
			if h > need {
				t.Fatalf("bound %d above the %d moves still needed:\n%s", h, need, rules.MarshalPosition(p, ""))
			}
			checked[p.Game]++
			if h > 52-p.OnFoundations() {
				above[p.Game]++
			}
			if h == need {
				tight++
			}
			if i < len(line) {
				p.Apply(line[i])
			}
		}
	}
	t.Logf("positions checked %v; bound above the cards off the foundations in %v; equal to the moves needed in %d", checked, above, tight)
	for _, g := range rules.Games() {
		if above[g] < n {
			t.Errorf("%s: the bound exceeded the cards left in only %d positions", g, above[g])
		}
	}
}

// TestShortestBudget: a node budget that ends the proof leaves the ordinary
// search's solution as the best found, with a proven lower bound below its
// length and the budget as the reason; one that ends the ordinary search
// leaves an unknown verdict with the lower bound at the start.
func TestShortestBudget(t *testing.T) {
	p := deal(rules.RussianCell, 6)
	plain := mustSolve(t, p, testConfig(1))
	cfg := shortestConfig()
	cfg.MaxNodes = plain.Nodes + 5000
	r := mustSolve(t, p, cfg)
	if r.Verdict != Solvable || r.Optimal || len(r.Moves) != len(plain.Moves) {
		t.Fatalf("got %v in %d moves (optimal %v); want the ordinary %d moves, not proven", r.Verdict, len(r.Moves), r.Optimal, len(plain.Moves))
	}
	if r.LowerBound < 52 || r.LowerBound >= len(r.Moves) {
		t.Fatalf("lower bound %d for a best solution of %d moves", r.LowerBound, len(r.Moves))
	}
	if want := (StopReason{Kind: NodeBudget, Limit: cfg.MaxNodes}); r.Reason != want {
		t.Fatalf("reason %q, want %q", r.Reason, want)
	}
	full := mustSolve(t, p, shortestConfig())
	if !full.Optimal || r.LowerBound > len(full.Moves) {
		t.Fatalf("the budgeted lower bound %d is above the shortest length %d (optimal %v)", r.LowerBound, len(full.Moves), full.Optimal)
	}

	cfg.MaxNodes = 10
	r = mustSolve(t, p, cfg)
	if r.Verdict != Unknown || r.Reason != (StopReason{Kind: NodeBudget, Limit: 10}) || r.LowerBound != boundOf(t, p) || r.LowerBound < 52 {
		t.Fatalf("max nodes 10: %v (%q), lower bound %d", r.Verdict, r.Reason, r.LowerBound)
	}
}

// TestShortestUnsolvable: an unsolvable position stays unsolvable, with no
// moves and no lower bound.
func TestShortestUnsolvable(t *testing.T) {
	for _, c := range []struct {
		g rules.Game
		n uint64
	}{{rules.RussianCell, 7}, {rules.RippleFan, 1}} {
		r := mustSolve(t, deal(c.g, c.n), shortestConfig())
		if r.Verdict != Unsolvable || len(r.Moves) != 0 || r.Optimal || r.LowerBound != 0 {
			t.Errorf("%s %d: %v, %d moves, optimal %v, lower bound %d", c.g, c.n, r.Verdict, len(r.Moves), r.Optimal, r.LowerBound)
		}
	}
}

// TestShortestDeals: on full deals the shortest solution is proven, no
// longer than the ordinary one, and the same with 1 and 2 workers (which
// only the ordinary search uses).
func TestShortestDeals(t *testing.T) {
	deals := []uint64{6, 8, 10}
	if !longtest.Enabled() {
		deals = deals[:1]
	}
	for _, d := range deals {
		p := deal(rules.RussianCell, d)
		plain := mustSolve(t, p, testConfig(1))
		var lens []int
		for _, w := range []int{1, 2} {
			cfg := shortestConfig()
			cfg.Workers = w
			r := mustSolve(t, p, cfg)
			if r.Verdict != Solvable || !r.Optimal || r.LowerBound != len(r.Moves) || len(r.Moves) > len(plain.Moves) {
				t.Fatalf("deal %d, %d workers: %v in %d moves (optimal %v, lower bound %d); ordinary %d", d, w, r.Verdict, len(r.Moves), r.Optimal, r.LowerBound, len(plain.Moves))
			}
			lens = append(lens, len(r.Moves))
		}
		if lens[0] != lens[1] {
			t.Fatalf("deal %d: shortest %d moves with 1 worker, %d with 2", d, lens[0], lens[1])
		}
	}
}

// TestShortestPruningSwitches: the shortest length is the same with the
// foundation moves played at once or not, returns skipped or tried, and
// Kings at the bottom of a column moved to empty columns or not, on
// near-finished Russian Cell positions.
func TestShortestPruningSwitches(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	n := 60
	if !longtest.Enabled() {
		n = 15
	}
	compared, shorter := 0, 0
	for i := 0; i < n; i++ {
		p := nearFinished(rng, 14+rng.IntN(7))
		on := mustSolve(t, p, shortestConfig())
		cfg := shortestConfig()
		cfg.Pruning.NoAutoFoundation = true
		cfg.Pruning.PlayReturns = true
		cfg.Pruning.NoKingBottom = true
		cfg.MaxNodes = 2_000_000
		off := mustSolve(t, p, cfg)
		if off.Verdict == Unknown {
			continue
		}
		if off.Verdict != on.Verdict || len(off.Moves) != len(on.Moves) || off.Optimal != on.Optimal {
			t.Fatalf("position %d: %v in %d moves with the pruning, %v in %d without\n%s", i, on.Verdict, len(on.Moves), off.Verdict, len(off.Moves), rules.MarshalPosition(p, ""))
		}
		compared++
		if plain := mustSolve(t, p, testConfig(1)); len(plain.Moves) > len(on.Moves) {
			shorter++
		}
	}
	t.Logf("compared %d positions, %d with a line shorter than the ordinary one", compared, shorter)
	if compared < n*3/4 || shorter < n/5 {
		t.Fatalf("only %d of %d positions compared, %d with a shorter line", compared, n, shorter)
	}
}

// TestShortestTinyTable runs the shortest search with a table too small for
// it (the searches store about 15,000 and 42,000 positions), so that it
// forgets positions all the time: the lengths must not change. (Far smaller
// tables make the search too slow to finish: forgotten positions are
// searched again, with everything below them.)
func TestShortestTinyTable(t *testing.T) {
	evicted := int64(0)
	cases := []struct {
		d  uint64
		kb int64
	}{{6, 256}, {8, 1024}}
	if !longtest.Enabled() {
		cases = cases[:1]
	}
	for _, c := range cases {
		p := deal(rules.RussianCell, c.d)
		want := mustSolve(t, p, shortestConfig())
		s := New(rules.RussianCell, shortestConfig())
		s.src = &rcShortest{tt: newDepthTable[rcKey](c.kb<<10, 64)} // 8,192 and 32,768 positions
		r, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != Solvable || !r.Optimal || len(r.Moves) != len(want.Moves) {
			t.Fatalf("deal %d: %v in %d moves (optimal %v) with a tiny table, %d with a large one", c.d, r.Verdict, len(r.Moves), r.Optimal, len(want.Moves))
		}
		end, err := rules.Replay(p, shortestConfig().Options, r.Moves)
		if err != nil {
			t.Fatal(err)
		}
		if !end.Won() {
			t.Fatalf("deal %d: the %d moves found with a tiny table do not win", c.d, len(r.Moves))
		}
		evicted += r.Evicted
	}
	if evicted == 0 {
		t.Fatal("the tiny table never evicted: the test tests nothing")
	}
}
