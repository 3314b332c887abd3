package solver

import (
	"context"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/internal/testgames"

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

var deal = testgames.Deal

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
	m, n := 300, 300
	if !longtest.Enabled() {
		m, n = 100, 50
	}
	for d := uint64(1); d <= uint64(m); d++ {
		positions = append(positions, deal(rules.RippleFan, d))
	}
	for i := 0; i < m; i++ {
		positions = append(positions, sortedRippleFan(rng))
		if i < n {
			positions = append(positions, nearFinishedRipple(rng, 8+rng.IntN(25)))
		}
	}
	o := rules.Options{NoReturns: true}
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
	want, minLost, limit := 300, 10, 30_000
	if !longtest.Enabled() {
		want, minLost, limit = 15, 1, 30_000
	}
	counts := map[Verdict]int{}
	skipped := 0
	for n := uint64(1); counts[Solvable]+counts[Unsolvable] < want; n++ {
		p := deal(rules.RussianCell, n)
		want, ok := plainSolve(p, rules.DefaultOptions(), true, limit)
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
	if counts[Unsolvable] < minLost {
		t.Fatalf("too few unsolvable deals compared: %v", counts)
	}
	t.Logf("verdicts: %v; %d deals too large for the plain search", counts, skipped)
}

// ruleCases returns up to n Russian Cell positions at whose start the
// pruning on changes what the search does, against off (the same without
// the rule): after the foundation moves, the automatic move or the moves
// branched on differ. They come from random games of deals, some with a
// card just put away from home (awayFromHome), and from near-finished
// layouts, some with empty columns. It gives up after tries positions.
func ruleCases(rng *rand.Rand, on, off pruning, n, tries int) []*rules.Position {
	var out []*rules.Position
	for i := 0; i < tries && len(out) < n; i++ {
		if p := ruleCandidate(rng, i); ruleApplies(p, on, off) {
			out = append(out, p)
		}
	}
	return out
}

// ruleCandidate is the i-th position ruleCases considers: by turns a
// random game of a deal, the same with a card put away from home, and a
// near-finished layout.
func ruleCandidate(rng *rand.Rand, i int) *rules.Position {
	switch i % 3 {
	case 0:
		return midGame(rng, uint64(1+rng.IntN(10_000)), 5+rng.IntN(60))
	case 1:
		p := midGame(rng, uint64(1+rng.IntN(10_000)), 5+rng.IntN(60))
		awayFromHome(p)
		return p
	default:
		return nearFinished(rng, 3+rng.IntN(16))
	}
}

// ruleApplies reports whether the pruning on changes the first automatic
// move or the moves generated at p's start, after its foundation moves,
// against off.
func ruleApplies(p *rules.Position, on, off pruning) bool {
	var b rcBoard
	if b.load(p) != nil {
		return false
	}
	for {
		m, ok := b.nextFoundation()
		if !ok {
			break
		}
		b.make(m)
	}
	if b.won() {
		return false
	}
	a1, ok1 := b.nextAuto(on)
	a2, ok2 := b.nextAuto(off)
	if ok1 != ok2 || a1 != a2 {
		return true
	}
	if ok1 {
		return false
	}
	m1 := b.genMoves(nil, on, false)
	m2 := b.genMoves(nil, off, false)
	key := func(m rcMove) [4]uint8 { return [4]uint8{m.card, m.from, m.to, m.aux} }
	s1, s2 := map[[4]uint8]bool{}, map[[4]uint8]bool{}
	for _, m := range m1 {
		s1[key(m)] = true
	}
	for _, m := range m2 {
		s2[key(m)] = true
	}
	return !maps.Equal(s1, s2)
}

// checkRule compares, on positions where the rule applies (as ruleCases
// finds them), the verdict of the solver with the pruning on against the
// plain search's. It goes on until both have decided ruleWon won and
// ruleLost lost positions (more when the long tests run), so that the rule
// is checked on both verdicts, and fails if ruleTries positions do not
// give them. Lost positions are the rarer (one in six to one in sixty
// where a rule applies), so the plain search, the slow half, runs only on
// a position of a verdict still wanted.
func checkRule(t *testing.T, seed uint64, on, off pruning) {
	t.Helper()
	need := map[bool]int{true: ruleWon, false: ruleLost}
	limit := 5_000 // plain positions: the default run stays quick
	if longtest.Enabled() {
		need = map[bool]int{true: 10 * ruleWon, false: 10 * ruleLost}
		limit = 30_000
	}
	rng := newRuleRand(seed)
	counts := map[bool]int{}
	applies, unplain := 0, 0
	for i := 0; counts[true] < need[true] || counts[false] < need[false]; i++ {
		if i == ruleTries {
			t.Fatalf("compared won %d, lost %d of %d positions where the rule applies (%d too large for the plain search), in %d tried: want %d and %d",
				counts[true], counts[false], applies, unplain, i, need[true], need[false])
		}
		p := ruleCandidate(rng, i)
		if !ruleApplies(p, on, off) {
			continue
		}
		applies++
		cfg := testConfig(1)
		cfg.Pruning = on.public()
		r := mustSolve(t, p, cfg)
		if r.Verdict == Unknown {
			t.Fatalf("position %d: solver with %+v says %v\n%s", i, on, r.Reason, rules.FormatBoard(p, "", rules.BoardStyle{}))
		}
		won := r.Verdict == Solvable
		if counts[won] >= need[won] {
			continue
		}
		want, ok := plainSolve(p, rules.DefaultOptions(), true, limit)
		if !ok {
			unplain++
			continue
		}
		if want != won {
			t.Fatalf("position %d: solver with %+v says %v, plain search says won=%v\n%s", i, on, r.Verdict, want, rules.FormatBoard(p, "", rules.BoardStyle{}))
		}
		counts[want]++
	}
	t.Logf("%d positions where the rule applies; compared: won %d, lost %d", applies, counts[true], counts[false])
}

// The least a rule's comparison decides in a quick run, of each verdict
// (ten times as many in a long run), and how many positions it may try.
const (
	ruleWon   = 20
	ruleLost  = 4
	ruleTries = 200_000
)

// newRuleRand is the random source of ruleCases for a seed.
func newRuleRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// public returns the Pruning that switches on what p does.
func (p pruning) public() Pruning {
	return Pruning{NoAutoFoundation: !p.AutoFoundation, PlayReturns: !p.SkipReturns, NoSymmetry: !p.Symmetry, NoKingBottom: !p.KingBottom,
		NoSleepSets: !p.SleepSets, NoBlockedPair: !p.BlockedPair, NoCellHome: !p.CellHome, NoKingHome: !p.KingHome}
}
