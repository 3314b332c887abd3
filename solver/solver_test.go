package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

func TestKeySizes(t *testing.T) {
	if s := unsafe.Sizeof(rcKey{}); s != 16 {
		t.Errorf("Russian Cell key is %d bytes, want 16", s)
	}
	if s := unsafe.Sizeof(rfKey{}); s != 8 {
		t.Errorf("Ripple Fan key is %d bytes, want 8", s)
	}
}

// nearFinished builds a Russian Cell position with only left cards off the
// foundations, spread at random over the columns and cells, some of them
// face down, and no column empty (when left >= 7). Both verdicts occur
// among them. With no empty column, returned cards can go only to the cells
// or onto their successors, which keeps a search with returns small.
func nearFinished(rng *rand.Rand, left int) *rules.Position {
	for {
		p := rules.NewPosition(rules.RussianCell)
		var rest []rules.Card
		// Take cards off the tops of full foundations at random.
		h := [4]int{13, 13, 13, 13}
		for n := 0; n < left; n++ {
			s := rng.IntN(4)
			if h[s] == 0 {
				n--
				continue
			}
			h[s]--
			rest = append(rest, rules.NewCard(rules.Rank(h[s]), rules.Suit(s)))
		}
		p.Foundations = h
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for _, c := range rest {
			if r := rng.IntN(4); r == 0 && p.Cells[0] == rules.NoCard {
				p.Cells[0] = c
				continue
			} else if r == 1 && p.Cells[1] == rules.NoCard {
				p.Cells[1] = c
				continue
			}
			i := rng.IntN(7)
			for j := range p.Tableau {
				if len(p.Tableau[j].Up) == 0 {
					i = j
					break
				}
			}
			p.Tableau[i].Up = append(p.Tableau[i].Up, c)
		}
		// Sort some columns low to high from the bottom: a low card under
		// higher ones of its suit is what makes a position stuck.
		for i := range p.Tableau {
			up := p.Tableau[i].Up
			if rng.IntN(2) == 0 {
				slices.SortFunc(up, func(a, b rules.Card) int { return int(a.Rank()) - int(b.Rank()) })
			}
		}
		// Turn some bottom cards face down where the column allows it.
		for i := range p.Tableau {
			pl := &p.Tableau[i]
			for len(pl.Up) > 1 && len(pl.Down) < i && rng.IntN(3) > 0 {
				pl.Down = append(pl.Down, pl.Up[0])
				pl.Up = pl.Up[1:]
			}
		}
		if rules.Validate(p) == nil {
			return p
		}
	}
}

// nearFinishedRipple builds a Ripple Fan position with only left cards off
// the foundations, dealt at random into piles of at most 4, some piles
// sorted high to low from the bottom so that both verdicts occur.
func nearFinishedRipple(rng *rand.Rand, left int) *rules.Position {
	for {
		p := rules.NewPosition(rules.RippleFan)
		h := [4]int{13, 13, 13, 13}
		var rest []rules.Card
		for len(rest) < left {
			s := rng.IntN(4)
			if h[s] == 0 {
				continue
			}
			h[s]--
			rest = append(rest, rules.NewCard(rules.Rank(h[s]), rules.Suit(s)))
		}
		p.Foundations = h
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for _, c := range rest {
			i := rng.IntN(rfPiles)
			for len(p.Tableau[i].Up) == 4 {
				i = (i + 1) % rfPiles
			}
			p.Tableau[i].Up = append(p.Tableau[i].Up, c)
		}
		for i := range p.Tableau {
			if rng.IntN(3) > 0 {
				slices.SortFunc(p.Tableau[i].Up, func(a, b rules.Card) int { return int(b.Rank()) - int(a.Rank()) })
			}
		}
		if rules.Validate(p) == nil {
			return p
		}
	}
}

// TestReturnsNeverNeeded tests the proof of docs/design.md §4.2 on near-finished
// positions: a plain search that may play cards back from the foundations
// and plays no foundation move by itself agrees with the fast solver, which
// plays foundation moves at once and never returns a card. Stuck positions
// are rare (about 1 in 1,000 of these), so the fast solver picks them out
// and the plain search checks each one it can finish.
func TestReturnsNeverNeeded(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	wantWon, wantLost := 100, 20
	if !longtest.Enabled() {
		wantWon, wantLost = 5, 1
	}
	counts := map[bool]int{}
	for tries := 0; counts[true] < wantWon || counts[false] < wantLost; tries++ {
		if tries == 200_000 {
			t.Fatalf("too few of one verdict compared: %v", counts)
		}
		p := nearFinished(rng, 10+rng.IntN(20))
		r := mustSolve(t, p, testConfig(1))
		won := r.Verdict == Solvable
		if r.Verdict == Unknown || counts[won] >= map[bool]int{true: wantWon, false: wantLost}[won] {
			continue
		}
		want, ok := plainSolve(p, rules.DefaultOptions(), false, 20_000)
		if !ok {
			continue
		}
		if want != won {
			t.Fatalf("%s\nsolver says %v, plain search with returns says won=%v", rules.MarshalPosition(p, ""), r.Verdict, want)
		}
		counts[want]++
	}
	t.Logf("compared: won %d, lost %d", counts[true], counts[false])
}

// TestPruningSwitches checks that each reduction alone leaves the verdicts
// unchanged: every switch is turned off in turn on a sample of deals, of
// which at least a quarter must be won and an eighth lost.
func TestPruningSwitches(t *testing.T) {
	switches := []struct {
		name string
		off  func(*Pruning)
	}{
		{"AutoFoundation", func(p *Pruning) { p.NoAutoFoundation = true }},
		{"SkipReturns", func(p *Pruning) { p.PlayReturns = true }},
		{"Symmetry", func(p *Pruning) { p.NoSymmetry = true }},
		{"KingBottom", func(p *Pruning) { p.NoKingBottom = true }},
		{"SleepSets", func(p *Pruning) { p.NoSleepSets = true }},
		{"BlockedPair", func(p *Pruning) { p.NoBlockedPair = true }},
		{"CellHome", func(p *Pruning) { p.NoCellHome = true }},
		{"KingHome", func(p *Pruning) { p.NoKingHome = true }},
		{"all", func(p *Pruning) { *p = NoPruning() }},
	}
	n := uint64(40)
	if !longtest.Enabled() {
		n = 8
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sw := range switches {
		t.Run(sw.name, func(t *testing.T) {
			var positions []*rules.Position
			for d := uint64(1); d <= n; d++ {
				positions = append(positions, deal(rules.RussianCell, d), deal(rules.RippleFan, d), sortedRippleFan(rng), nearFinished(rng, 14))
			}
			decided := map[Verdict]int{}
			for i, p := range positions {
				on := mustSolve(t, p, testConfig(1))
				cfg := testConfig(1)
				sw.off(&cfg.Pruning)
				cfg.MaxNodes = 2_000_000
				off := mustSolve(t, p, cfg)
				if off.Verdict == Unknown {
					continue // over the budget: compares nothing
				}
				if off.Verdict != on.Verdict {
					t.Fatalf("position %d (%s): %v with all pruning, %v with %s off", i, p.Game, on.Verdict, off.Verdict, sw.name)
				}
				decided[on.Verdict]++
			}
			t.Logf("%d of %d positions decided and compared: %d won, %d lost", decided[Solvable]+decided[Unsolvable], len(positions), decided[Solvable], decided[Unsolvable])
			if decided[Solvable]+decided[Unsolvable] < len(positions)/2 || decided[Solvable] < len(positions)/4 || decided[Unsolvable] < len(positions)/8 {
				t.Fatalf("with %s off, %d won and %d lost of %d positions decided: want half decided, a quarter won, an eighth lost", sw.name, decided[Solvable], decided[Unsolvable], len(positions))
			}
		})
	}
}

// TestWorkersAgree checks that verdicts do not depend on the number of
// workers searching one deal. The warm-up, in which one worker searches
// alone, is cut short so that every deal goes through the split of the tree
// among the workers.
func TestWorkersAgree(t *testing.T) {
	n := uint64(60)
	if !longtest.Enabled() {
		n = 15
	}
	defer func(w int64) { warmUpNodes = w }(warmUpNodes)
	warmUpNodes = 50
	for d := uint64(1); d <= n; d++ {
		p := deal(rules.RussianCell, d)
		one := mustSolve(t, p, testConfig(1))
		for _, w := range []int{2, 3} {
			many := mustSolve(t, p, testConfig(w))
			if many.Verdict != one.Verdict {
				t.Fatalf("deal %d: %v with 1 worker, %v with %d", d, one.Verdict, many.Verdict, w)
			}
		}
	}
}

// TestTinyTableStaysExact runs with a table far too small for the search,
// so that it evicts all the time: verdicts must not change, only speed.
func TestTinyTableStaysExact(t *testing.T) {
	defer func(w int64) { warmUpNodes = w }(warmUpNodes)
	warmUpNodes = 50           // several workers split the tree at once
	evicted := map[int]int64{} // by worker count
	for _, d := range []uint64{3, 4, 7, 12} {
		p := deal(rules.RussianCell, d)
		want := mustSolve(t, p, testConfig(1))
		for _, w := range []int{1, 2} {
			cfg := testConfig(w)
			cfg.MemoryMB = 0
			s := New(rules.RussianCell, cfg)
			// Shrink the cap below what --memory can say: 32 KiB, 1,024
			// slots.
			if w == 1 {
				s.rc.tab = ownRCTable(newTable[rcKey](32<<10, 64))
			} else {
				s.rc.tab = sharedRCTable(newConcTable(32<<10, 64))
			}
			r, err := s.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != want.Verdict {
				t.Fatalf("deal %d, %d workers: %v with a tiny table, %v with a large one", d, w, r.Verdict, want.Verdict)
			}
			evicted[w] += r.Evicted
		}
	}
	for _, w := range []int{1, 2} {
		if evicted[w] == 0 {
			t.Fatalf("with %d workers the tiny table never evicted: the test tests nothing", w)
		}
	}
}

// TestEnterFindsEvictedPathPosition: once the one-worker table is full it
// overwrites old keys, and a position on the search path may be among
// them. Meeting that position again must still count as seen (the path
// set catches it), or the search would go round a cycle of moves (a card
// to a cell and back, with CellHome off). Here a key is entered as on the
// path, the table is filled until that key is gone from it, and the key
// is entered again.
func TestEnterFindsEvictedPathPosition(t *testing.T) {
	cfg := testConfig(1)
	cfg.MemoryMB = 0
	s := New(rules.RussianCell, cfg)
	tt := newTable[rcKey](1<<10, 64) // 64 slots
	s.rc.tab = ownRCTable(tt)
	w := s.rc.workers[0]
	w.pathLive = true
	onPath := rcKey{12345, keyTag}
	if w.enter(onPath, onPath.hash()) {
		t.Fatal("a new key was reported seen")
	}
	inTable := func(k rcKey) bool {
		for _, x := range tt.slots {
			if x == k {
				return true
			}
		}
		return false
	}
	for i := uint64(1); inTable(onPath); i++ {
		if i > 100_000 {
			t.Fatal("the table never overwrote the key")
		}
		k := rcKey{i, keyTag}
		tt.visit(k, k.hash()) // other positions, not on the path
	}
	if tt.evicted == 0 {
		t.Fatal("the key left the table without an eviction")
	}
	if !w.enter(onPath, onPath.hash()) {
		t.Fatal("a position on the path, evicted from the table, was not seen again")
	}
}

func TestBudgets(t *testing.T) {
	p := deal(rules.RussianCell, 385) // among the hardest of the first thousands
	cfg := testConfig(1)
	cfg.MaxNodes = 1000
	r := mustSolve(t, p, cfg)
	if r.Verdict != Unknown || r.Reason != (StopReason{Kind: NodeBudget, Limit: 1000}) {
		t.Fatalf("got %v (%q), want unknown with the node budget reason", r.Verdict, r.Reason)
	}
	if r.Nodes < 1000 || r.Nodes > 2000 {
		t.Fatalf("expanded %d nodes under a budget of 1000", r.Nodes)
	}
	cfg = testConfig(2)
	cfg.Timeout = 1 // a nanosecond: spent at the first look
	r = mustSolve(t, p, cfg)
	if r.Verdict != Unknown || r.Reason != (StopReason{Kind: TimeLimit}) {
		t.Fatalf("got %v (%q), want unknown with the time reason", r.Verdict, r.Reason)
	}
}

func TestKnownVerdicts(t *testing.T) {
	// Each deal's verdict agrees with the plain search (see plain_test.go);
	// these pin a few, and that deal 1 holds the face-down trap of docs/design.md
	// §4.3 (QC lies on a face-down KC).
	cases := []struct {
		g    rules.Game
		n    uint64
		want Verdict
	}{
		{rules.RussianCell, 1, Solvable},
		{rules.RussianCell, 617, Solvable},
		{rules.RippleFan, 1, Unsolvable},
	}
	for _, c := range cases {
		r := mustSolve(t, deal(c.g, c.n), testConfig(1))
		if r.Verdict != c.want {
			t.Errorf("%s %d: %v, want %v", c.g, c.n, r.Verdict, c.want)
		}
	}
}

// TestNoAllocationPerPosition checks that the search loop does not allocate:
// a warmed-up solver deciding a deal of half a million positions allocates
// only a handful of objects (result, budget, table growth, deeper frames),
// not one per position.
func TestNoAllocationPerPosition(t *testing.T) {
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		n := map[rules.Game]uint64{rules.RussianCell: 385, rules.RippleFan: 1144207}[g]
		if g == rules.RussianCell && !longtest.Enabled() {
			n = 38 // 56,000 positions; 385 has 350,000
		}
		p := deal(g, n)
		cfg := testConfig(1)
		s := New(g, cfg)
		var nodes int64
		allocs := testing.AllocsPerRun(2, func() {
			r, err := s.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			nodes = r.Nodes
		})
		if nodes < 5000 || allocs > 100 {
			t.Errorf("%s %d: %.0f allocations for %d positions", g, n, allocs, nodes)
		}
	}
}

// TestContextCancel checks that a cancelled context ends a long search
// soon, as unknown with Interrupted as its reason; that a context already
// done returns at once; and that the same Solver then searches again under
// a live context.
func TestContextCancel(t *testing.T) {
	for _, w := range []int{1, 2} {
		s := New(rules.RussianCell, testConfig(w))
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan Result)
		go func() {
			r, _ := s.Solve(ctx, deal(rules.RussianCell, 9646)) // about a million positions
			done <- r
		}()
		time.Sleep(20 * time.Millisecond)
		cancel()
		select {
		case r := <-done:
			if r.Verdict != Unknown || r.Reason != (StopReason{Kind: Interrupted}) || r.Reason.String() != "interrupted" {
				t.Fatalf("%d workers: %v (%q) after a cancel", w, r.Verdict, r.Reason)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%d workers: the search went on after the cancel", w)
		}
		if r, _ := s.Solve(ctx, deal(rules.RussianCell, 3)); r.Verdict != Unknown || r.Reason.Kind != Interrupted || r.Nodes != 0 {
			t.Fatalf("a search under a cancelled context ran: %v (%q), %d positions", r.Verdict, r.Reason, r.Nodes)
		}
		if r, _ := s.Solve(context.Background(), deal(rules.RussianCell, 3)); r.Verdict != Solvable {
			t.Fatalf("%d workers: deal 3 after a cancelled search: %v (%q)", w, r.Verdict, r.Reason)
		}
	}
}

// TestContextDeadline checks that a context's deadline ends the search as
// Config.Timeout does (the reason TimeLimit), for the ordinary and the
// shortest search, with the context's error, and that a deadline already
// past returns at once.
func TestContextDeadline(t *testing.T) {
	for _, shortest := range []bool{false, true} {
		cfg := testConfig(2)
		cfg.Shortest = shortest
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		r, err := Solve(ctx, deal(rules.RussianCell, 9646), cfg)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("error %v, want context.DeadlineExceeded", err)
		}
		if r.Verdict != Unknown || r.Reason != (StopReason{Kind: TimeLimit}) || r.Nodes == 0 {
			t.Fatalf("shortest %v: %v (%q) after %d positions, want unknown, time limit reached", shortest, r.Verdict, r.Reason, r.Nodes)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("shortest %v: the search went on %v after its deadline of 50ms", shortest, d)
		}
		r, err = Solve(ctx, deal(rules.RussianCell, 3), cfg)
		if !errors.Is(err, context.DeadlineExceeded) || r.Verdict != Unknown || r.Reason.Kind != TimeLimit || r.Nodes != 0 {
			t.Fatalf("shortest %v: a search past its deadline ran: %v (%q), %d positions, %v", shortest, r.Verdict, r.Reason, r.Nodes, err)
		}
	}
}

// TestWrongGame checks that a position of another game than the Solver's
// is refused with ErrWrongGame, and searches nothing.
func TestWrongGame(t *testing.T) {
	s := New(rules.RussianCell, testConfig(1))
	r, err := s.Solve(context.Background(), deal(rules.RippleFan, 1))
	if !errors.Is(err, ErrWrongGame) || err.Error() != "wrong game: solver is for russian-cell, position is ripple-fan" || r.Nodes != 0 {
		t.Fatalf("%v, %d positions; want ErrWrongGame", err, r.Nodes)
	}
}

// TestStopReasonText pins the texts of the stop reasons, which results
// files and solutions hold, and checks that ParseStopReason reads them
// back and nothing else.
func TestStopReasonText(t *testing.T) {
	cases := []struct {
		r    StopReason
		text string
	}{
		{StopReason{}, ""},
		{StopReason{Kind: NodeBudget, Limit: 100_000_000}, "node budget of 100000000 reached"},
		{StopReason{Kind: TimeLimit}, "time limit reached"},
		{StopReason{Kind: Interrupted}, "interrupted"},
		{pathTooLong, "search path longer than 100000 moves"},
	}
	for _, c := range cases {
		if got := c.r.String(); got != c.text {
			t.Errorf("%+v: %q, want %q", c.r, got, c.text)
		}
		back, err := ParseStopReason(c.text)
		if err != nil || back != c.r {
			t.Errorf("ParseStopReason(%q) = %+v, %v; want %+v", c.text, back, err, c.r)
		}
	}
	for _, bad := range []string{"node budget of  reached", "node budget of -1 reached", "node budget of 01 reached", "time limit", "Interrupted", "search path longer than x moves"} {
		if r, err := ParseStopReason(bad); !errors.Is(err, ErrBadReason) {
			t.Errorf("ParseStopReason(%q) = %+v, %v; want ErrBadReason", bad, r, err)
		}
	}
}

// TestForcedMoves checks the difficulty count: every move to a foundation
// is automatic and so forced, no other move is forced unless it was the
// only one considered, and only wins have forced moves.
func TestForcedMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var positions []*rules.Position
	for d := uint64(1); d <= 30; d++ {
		positions = append(positions, deal(rules.RussianCell, d), sortedRippleFan(rng))
	}
	for i, p := range positions {
		for _, w := range []int{1, 2} {
			r := mustSolve(t, p, testConfig(w))
			toF := 0
			for _, m := range r.Moves {
				if m.To == rules.F {
					toF++
				}
			}
			if r.Forced < toF || r.Forced > len(r.Moves) {
				t.Fatalf("position %d, %d workers: %d forced of %d moves, %d to the foundations", i, w, r.Forced, len(r.Moves), toF)
			}
		}
	}
	// A Ripple Fan position with one move to make (JD onto QD, uncovering
	// TD) before everything goes home: every move of the solution is forced.
	p := rules.NewPosition(rules.RippleFan)
	p.Foundations = [4]int{13, 13, 13, 9}
	p.Tableau[0].Up = rules.MustCards("TD JD")
	p.Tableau[1].Up = rules.MustCards("KD QD")
	r := mustSolve(t, p, testConfig(1))
	if r.Verdict != Solvable || len(r.Moves) != 5 || r.Forced != 5 {
		t.Fatalf("%v in %d moves, %d forced; want solvable in 5, all forced", r.Verdict, len(r.Moves), r.Forced)
	}
}

// midGame plays up to n random legal moves (foundation returns included)
// from a Russian Cell deal, stopping early at a position with no move.
func midGame(rng *rand.Rand, d uint64, n int) *rules.Position {
	p := deal(rules.RussianCell, d)
	var buf []rules.Move
	for i := 0; i < n; i++ {
		buf = rules.LegalMoves(p, rules.DefaultOptions(), buf)
		if len(buf) == 0 {
			break
		}
		p.Apply(buf[rng.IntN(len(buf))])
	}
	return p
}

// awayFromHome plays, where there is one, a move of a column's top card to
// a cell that leaves the card's successor a column's top card, or a King in
// a cell beside an empty column: the positions CellHome and KingHome never
// keep.
func awayFromHome(p *rules.Position) {
	for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
		if m.To.Kind != rules.Cell || m.From.Kind != rules.Tableau {
			continue
		}
		q := p.Clone()
		q.Apply(m)
		for _, pl := range q.Tableau {
			top := rules.NoCard
			if len(pl.Up) > 0 {
				top = pl.Up[len(pl.Up)-1]
			}
			if (m.Card.Rank() == rules.King && top == rules.NoCard) || (m.Card.Rank() != rules.King && top == m.Card+1) {
				p.Apply(m)
				return
			}
		}
	}
}

// TestHomesAgreeWithPlainSearch tests the CellHome and KingHome proofs
// (prune_cellhome.go, prune_kinghome.go): with only the proven foundation
// reductions besides them, each alone and both together, the solver agrees
// with the plain search on deals and on positions in the middle of a game,
// some of which start with a card that goes home at once.
func TestHomesAgreeWithPlainSearch(t *testing.T) {
	n, limit := 60, 30_000
	if !longtest.Enabled() {
		n, limit = 5, 10_000
	}
	rng := rand.New(rand.NewPCG(7, 8))
	counts := map[bool]int{}
	homeFirst := 0
	for i := 0; i < n; i++ {
		d := uint64(i + 1)
		away := midGame(rng, d, 10+rng.IntN(40))
		awayFromHome(away)
		for _, p := range []*rules.Position{deal(rules.RussianCell, d), midGame(rng, d, 10+rng.IntN(40)), away} {
			want, ok := plainSolve(p, rules.DefaultOptions(), true, limit)
			if !ok {
				continue
			}
			for _, pr := range []pruning{{CellHome: true}, {KingHome: true, Symmetry: true}, {CellHome: true, KingHome: true, Symmetry: true}} {
				cfg := testConfig(1)
				pr.AutoFoundation, pr.SkipReturns = true, true
				cfg.Pruning = pr.public()
				r := mustSolve(t, p, cfg)
				if got := r.Verdict == Solvable; got != want || r.Verdict == Unknown {
					t.Fatalf("position %d: solver with %+v says %v, plain search says won=%v\n%s", i, pr, r.Verdict, want, rules.FormatBoard(p, "", rules.BoardStyle{}))
				}
			}
			counts[want]++
			var b rcBoard
			if err := b.load(p); err != nil {
				t.Fatal(err)
			}
			if _, ok := b.nextAuto(pruning{CellHome: true, KingHome: true}); ok {
				homeFirst++
			}
		}
	}
	if counts[true] < n/4 || counts[false] < n/4 {
		t.Fatalf("too few of each verdict compared: %v", counts)
	}
	t.Logf("won %d, lost %d; %d positions start with a card going home", counts[true], counts[false], homeFirst)
}

// TestRippleFanMoveOntoPileTen: the one winning line moves TS onto JS at the
// top of t10, whose index (9) must not be taken for the foundation.
func TestRippleFanMoveOntoPileTen(t *testing.T) {
	p := rules.NewPosition(rules.RippleFan)
	p.Foundations = [4]int{13, 8, 13, 13}
	p.Tableau[0].Up = rules.MustCards("9S TS")
	p.Tableau[9].Up = rules.MustCards("KS QS JS")
	r := mustSolve(t, p, testConfig(1))
	if r.Verdict != Solvable || len(r.Moves) != 6 || r.Moves[0].String() != "TS t1>t10" {
		t.Fatalf("%v in %v, want solvable in 6 moves, starting TS t1>t10", r.Verdict, r.Moves)
	}
}

// TestOneWorkerReproducible: with one worker the search is deterministic:
// the same position gives the same verdict, the same moves and the same
// node count, from a fresh solver or from one that has decided other deals
// since (as the batch workers reuse theirs).
func TestOneWorkerReproducible(t *testing.T) {
	n := uint64(40)
	if !longtest.Enabled() {
		n = 10
	}
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		cfg := testConfig(1)
		reused := New(g, cfg)
		for d := uint64(1); d <= n; d++ {
			p := deal(g, d)
			if g == rules.RippleFan && d%2 == 0 {
				p = sortedRippleFan(rand.New(rand.NewPCG(d, 3))) // some wins
			}
			a := mustSolve(t, p, cfg)
			b, err := reused.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := reused.Solve(context.Background(), deal(g, d+1000)); err != nil { // another deal in between
				t.Fatal(err)
			}
			c, err := reused.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []Result{b, c} {
				if r.Verdict != a.Verdict || r.Nodes != a.Nodes || !slices.Equal(r.Moves, a.Moves) {
					t.Fatalf("%s %d: %v in %d nodes (%d moves), then %v in %d nodes (%d moves)",
						g, d, a.Verdict, a.Nodes, len(a.Moves), r.Verdict, r.Nodes, len(r.Moves))
				}
			}
		}
	}
}

// TestAutoKeyMatchesPlay checks autoKey against playing: wherever it gives
// a key, playing the move and then every automatic move ends in a position
// with that key, and every automatic move played was a foundation move.
func TestAutoKeyMatchesPlay(t *testing.T) {
	n := 600
	if !longtest.Enabled() {
		n = 100
	}
	pr := AllPruning().on()
	rng := rand.New(rand.NewPCG(11, 12))
	checked, homes := 0, 0
	for i := 0; i < n; i++ {
		d := uint64(i + 1)
		ps := []*rules.Position{deal(rules.RussianCell, d)}
		for j := 0; j < 12; j++ {
			ps = append(ps, midGame(rng, d, 5+rng.IntN(80)))
		}
		for _, p := range ps {
			var b rcBoard
			if err := b.load(p); err != nil {
				t.Fatal(err)
			}
			b.cellHome, b.kingHome = pr.CellHome, pr.KingHome
			var settle []rcUndo
			for m, ok := b.nextAuto(pr); ok; m, ok = b.nextAuto(pr) {
				settle = append(settle, b.make(m))
			}
			for _, m := range b.genMoves(nil, pr, true) {
				k, ok := b.autoKey(m)
				if m.to >= locPair || !ok {
					continue
				}
				before := b.key
				undo := []rcUndo{b.make(m)}
				for a, ok := b.nextAuto(pr); ok; a, ok = b.nextAuto(pr) {
					if a.to != locF {
						homes++
					}
					undo = append(undo, b.make(a))
				}
				if b.won() || b.key != k {
					t.Fatalf("position %d, move %v: autoKey %x, played %x (won %v)", i, m.toRules(), k, b.key, b.won())
				}
				for j := len(undo) - 1; j >= 0; j-- {
					b.unmake(undo[j])
				}
				if b.key != before {
					t.Fatalf("position %d: taking back %v did not restore the key", i, m.toRules())
				}
				checked++
			}
			for j := len(settle) - 1; j >= 0; j-- {
				b.unmake(settle[j])
			}
		}
	}
	if checked < n || homes == 0 {
		t.Fatalf("only %d moves checked, %d cards going home from a cell", checked, homes)
	}
	t.Logf("%d moves checked, %d cards going home from a cell", checked, homes)
}

// TestAutoKeysInSearch has the search check, at every child it looks up
// through autoKey, that the key is the one playing the move and its
// automatic moves gives: on whole searches of deals, with both workers'
// kinds of tables, and on positions in the middle of a game.
func TestAutoKeysInSearch(t *testing.T) {
	verifyAutoKeys = true
	defer func() { verifyAutoKeys = false }()
	deals := []uint64{385, 517, 4323}
	n := 200
	if !longtest.Enabled() {
		deals, n = []uint64{517}, 40
	}
	for d := uint64(1); d <= uint64(n); d++ {
		deals = append(deals, d)
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for _, d := range deals {
		for _, p := range []*rules.Position{deal(rules.RussianCell, d), midGame(rng, d, 10+rng.IntN(60))} {
			for _, workers := range []int{1, 2} {
				cfg := DefaultConfig()
				cfg.Workers = workers
				if _, err := Solve(context.Background(), p, cfg); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestKingHomeDoubleSwap: these deals are won (by a search with KingHome
// off, and by the search before CellHome and KingHome existed), but with
// both on the search lost them. Their wins need a King to go to an empty
// column while another King and its Queen wait in the cells, which the
// settled position (Queen on King, alone in a column) can only copy with
// the double swap. Every pruning combination must win them, with one
// worker and with two.
func TestKingHomeDoubleSwap(t *testing.T) {
	deals := []uint64{212166, 212765, 263830, 369371, 458094, 542592, 708447, 785831, 891518, 913765, 946512, 960907}
	if !longtest.Enabled() {
		deals = deals[:3]
	}
	for _, d := range deals {
		p := deal(rules.RussianCell, d)
		for _, workers := range []int{1, 2} {
			for _, off := range []string{"", "CellHome", "KingHome"} {
				cfg := testConfig(workers)
				switch off {
				case "CellHome":
					cfg.Pruning.NoCellHome = true
				case "KingHome":
					cfg.Pruning.NoKingHome = true
				}
				if r := mustSolve(t, p, cfg); r.Verdict != Solvable {
					t.Errorf("deal %d, %d workers, %s off: %v, want solvable", d, workers, off, r.Verdict)
				}
			}
		}
	}
	// Every position on a winning line is won. Along the line found with
	// KingHome off, the search with everything on lost the position after
	// move 21 (QH and KH in the cells, t1 empty, and the win goes on with
	// KC and TH to t1) and every one before it.
	p := deal(rules.RussianCell, 212166)
	cfg := testConfig(1)
	cfg.Pruning.NoKingHome = true
	line := mustSolve(t, p, cfg).Moves
	for i, m := range line {
		if r := mustSolve(t, p, testConfig(1)); r.Verdict != Solvable {
			t.Fatalf("deal 212166 after %d moves of a win: %v, want solvable\n%s", i, r.Verdict, rules.FormatBoard(p, "", rules.BoardStyle{}))
		}
		p.Apply(m)
	}
}

// TestWinningLinesStayWon: every position on a winning line can be won.
// The lines come from searches with CellHome, KingHome or both off, so
// they pass through positions those rules never keep; the search with
// every rule on must win each position along them (every third one is
// checked). With the KingHome double swap taken out, it loses a position
// of deal 676 after six moves of such a line.
func TestWinningLinesStayWon(t *testing.T) {
	n := uint64(800)
	if !longtest.Enabled() {
		n = 40
	}
	checked := 0
	for d := uint64(1); d <= n; d++ {
		p := deal(rules.RussianCell, d)
		for _, off := range []string{"CellHome", "KingHome", "both"} {
			cfg := testConfig(1)
			cfg.Pruning.NoCellHome = off != "KingHome"
			cfg.Pruning.NoKingHome = off != "CellHome"
			r := mustSolve(t, p, cfg)
			if r.Verdict != Solvable {
				continue
			}
			q := p.Clone()
			for i, m := range r.Moves {
				if i%3 == 0 {
					checked++
					if got := mustSolve(t, q, testConfig(1)); got.Verdict != Solvable {
						t.Fatalf("deal %d, the win found with %s off, after %d moves: %v with every rule on\n%s",
							d, off, i, got.Verdict, rules.FormatBoard(q, "", rules.BoardStyle{}))
					}
				}
				q.Apply(m)
			}
		}
	}
	if checked < int(n)*20 {
		t.Fatalf("only %d positions checked", checked)
	}
	t.Logf("%d positions along winning lines checked", checked)
}

// TestConfigSplit: Workers and MemoryMB are the totals for the call, 0
// meaning runtime.NumCPU() and DefaultMemoryMB, when a caller splits them
// among one-core searches.
func TestConfigSplit(t *testing.T) {
	for _, c := range []struct {
		cfg          Config
		most         int
		workers, mem int
	}{
		{Config{}, 0, runtime.NumCPU(), max(1, DefaultMemoryMB/runtime.NumCPU())},
		{Config{Workers: 4}, 0, 4, DefaultMemoryMB / 4},
		{Config{Workers: 4, MemoryMB: 100}, 0, 4, 25},
		{Config{Workers: 4, MemoryMB: 100}, 2, 2, 50},
		{Config{Workers: 8, MemoryMB: 3}, 0, 8, 1},
		{Config{Workers: 1}, 0, 1, DefaultMemoryMB},
	} {
		w, each := c.cfg.Split(c.most)
		if w != c.workers || each.Workers != 1 || each.MemoryMB != c.mem {
			t.Errorf("%+v.Split(%d) = %d workers of %d cores and %d MB, want %d of 1 core and %d MB", c.cfg, c.most, w, each.Workers, each.MemoryMB, c.workers, c.mem)
		}
	}
}
