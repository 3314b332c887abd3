package solver

import (
	"fmt"
	"math"
	"time"

	"github.com/patience-solver/patience/rules"
)

// Shortest solutions (Config.Shortest).
//
// A solution's length counts every move in its list, automatic foundation
// moves included. The shortest search finds a solution of the fewest moves
// and proves that none is shorter, or, when a budget ends the proof first,
// returns the best solution found and a proven lower bound.
//
// # How
//
// 1. The ordinary search decides the position. Unsolvable and unknown
// verdicts are final; a win gives a first solution, of U moves.
//
// 2. Iterative deepening A* (IDA*, Korf 1985) then runs passes of
// depth-first search, pass B cutting every line whose length so far plus a
// lower bound on the moves still needed (see the bounds below) exceeds B.
// The first pass has B = the bound at the start; each later pass takes for
// B the smallest such sum a cut line had. When a pass finds a win it has at
// most B moves and is the shortest. When B reaches U, the first solution is
// the shortest and the last pass is not needed.
//
// A transposition table (depthTable) holds, for each position the pass has
// expanded, the fewest moves after which it was expanded; a position met
// again after as many moves or more is skipped. This is exact: take a
// shortest solution of C <= B moves and a position Z on it, reached after
// g(Z) moves, the fewest possible. By induction from the end of the
// solution: an expansion of Z after g(Z) moves finds a win, for its
// successor Z' on the solution (at g(Z') = g(Z) + moves played) passes the
// cut (the bound is a lower bound), and is either expanded after g(Z')
// moves, or skipped because the pass expanded it before after g(Z') moves
// (it cannot have been reached in fewer), and that expansion has finished
// with a win (it cannot still be running: it would be deeper on the current
// line than Z). So the pass with B = C finds a win; and a pass with B < C
// cannot. Positions on the current line are in the table with fewer moves,
// so a line that comes back to one of them is skipped, which is how cycles
// end. The table may forget entries (when full): that only costs speed.
// Entries are compared by the whole packed key of rc_state.go and rf_state.go.
//
// The next B is proven too: along the shortest solution the same induction
// reaches a cut position, whose sum is at most C. So each finished pass
// raises the proven lower bound to its next B, and a budget that ends a pass
// leaves that pass's B as the proven lower bound.
//
// # Pruning that keeps the shortest length
//
// Foundation moves are played at once (AutoFoundation). Let X be an
// available card (a column's top card or a cell card, or a Ripple Fan
// pile's top card) whose foundation wants it next, and S any winning line
// without returns (returns are dealt with next). Let S' be: X to its
// foundation, then S without the moves of X itself. Each position of S',
// compared to the matching position of S, lacks X (which is on its
// foundation instead), and the card X lay on may be face up already. Every
// move of S of another card stays legal: its card is where it was (a group
// that carried X moves without it); its destination is the same top card,
// an empty cell or column (only emptier in S'), or the foundation, which in
// S wanted that card, so not of X's suit before X went there; and nothing
// was ever moved onto X in S, since only X's predecessor may go there and it
// is on its foundation for good. Once S plays X to its foundation the two
// positions are the same. S' has one move of X, S at least one: S' is no
// longer. So a shortest line may play X first.
//
// Returns are never played (SkipReturns): a shortest solution has none.
// Take a solution with returns, and among its returned cards one, X, whose
// suit has no other return between X's return and X's next move to the
// foundation (the returns of a suit in that span are of lower cards, whose
// spans lie inside X's, so an innermost one exists). Leave out X's return
// and every move of X up to and including its way back to the foundation.
// In between, the foundation of X's suit stays as it was (no card of that
// suit can go up without X, none comes down), so every other move is legal
// as before: no card was on X (only its predecessor may go there, and it
// stays on its foundation), X covered no face-down card (it was put only on
// face-up cards), a group that carried X moves without it, places are only
// emptier. The line is two moves shorter at least. With the returns left
// out, the first argument applies too.
//
// Symmetry (the key has no column or cell order) and KingBottom keep every
// length: positions that differ only in that order have the same shortest
// solutions, with the columns renumbered, and a King moved from the bottom
// of a column to an empty column gives the same position, so a shortest
// solution never does it. BlockedPair (Ripple Fan) cuts only positions that
// cannot be won. Sleep sets are not used here.
//
// # Lower bounds
//
// The bound of a position is the number of cards off the foundations (each
// needs its own move to its foundation; a move carries one card there) plus
// a bound on the other moves.
//
// Ripple Fan (rfBoard.lowerBound): a card A lying above a lower
// card B of its own suit in one pile must move off that pile before B goes
// home, and not to its foundation (which wants B first): that is a move of A
// alone onto its successor. Each such card needs its own move, which is
// not to a foundation.
//
// Russian Cell (rcBoard.lowerBound): let A lie above a lower card B of its
// own suit in one column (face down or up). B goes home only from a
// column's top or a cell, so the two must be parted first: by a move whose
// group has its bottom card D above B and at or below A (moving B carries
// A along, and A cannot go home before B). That move is not to a
// foundation (its group holds A, or is A). Until it, the cards from B to A
// stay as they are (one of them can leave only with A above it), so D still
// lies on the card it lay on now: the move parts the column at the gap just
// below D, one of the gaps between B and A. One move parts one gap, in one
// column. So the moves needed for a column are at least the fewest gaps
// that meet every such pair's span of gaps; the usual greedy (scan up the
// column, part at the top card of a pair whose span no earlier part meets)
// gives that number exactly. Columns add up: their moves have different
// bottom cards. And none of these moves is to a foundation, so they add to
// the cards off the foundations.
//
// # Search space
//
// With foundation moves played at once, the search branches only on the
// other moves; the foundation moves played after each are counted with it.
// The ordinary search runs with the Config's workers; the deepening passes
// run on one core.

// shortestPruning is what the shortest search uses of the Pruning switches:
// all but SleepSets, CellHome and KingHome, with Symmetry always on (the
// keys have no order). CellHome and KingHome keep verdicts, not lengths:
// the move that settles a card may be one a shortest solution does without.
func shortestPruning(pr pruning) pruning {
	pr.Symmetry = true
	pr.SleepSets = false
	pr.CellHome = false
	pr.KingHome = false
	return pr
}

// solveShortest runs the shortest search on p (see above).
func (s *Solver) solveShortest(p *rules.Position) (Result, error) {
	start := time.Now()
	var r Result
	var err error
	if s.rf != nil {
		r, err = s.rf.solve(p)
		s.rf.tt.release() // give back its memory to the deepening
	} else {
		r, err = s.rc.solve(p)
		s.rc.releaseTable()
	}
	if err != nil {
		return r, err
	}
	var d deepener
	if s.rf != nil {
		if s.srf == nil {
			s.srf = &rfShortest{tt: newDepthTable[rfKey](s.cfg.memoryBytes(), 1<<10)}
		}
		err = s.srf.load(p, s.cfg)
		d = s.srf
	} else {
		if s.src == nil {
			s.src = &rcShortest{tt: newDepthTable[rcKey](s.cfg.memoryBytes(), 1<<12)}
		}
		err = s.src.load(p, s.cfg)
		d = s.src
	}
	if err != nil {
		return r, err
	}
	r.LowerBound = d.rootBound()
	switch r.Verdict {
	case Unsolvable:
		r.LowerBound = 0
		return r, nil
	case Unknown:
		return r, nil
	}

	// The deepening passes share the budget with the ordinary search.
	bud := &budget{max: s.cfg.maxNodes(), intr: &s.interrupted, progress: s.cfg.Progress, notify: s.cfg.Notify}
	if s.cfg.Timeout > 0 {
		bud.deadline = start.Add(s.cfg.Timeout)
	}
	bud.nodes.Store(r.Nodes)
	best := len(r.Moves)
	switch {
	case r.LowerBound > best:
		return r, fmt.Errorf("shortest search: lower bound %d above a solution of %d moves", r.LowerBound, best)
	case r.LowerBound == best:
		r.Optimal = true // the first solution meets the bound: no pass needed
		return r, nil
	case bud.charge(0):
		r.Reason = bud.why()
		return r, nil
	}
	lb, moves, forced, err := deepen(d, bud, r.LowerBound, best)
	r.Nodes = bud.nodes.Load()
	if err != nil {
		return r, err
	}
	r.LowerBound = lb
	if moves != nil {
		r.Moves, r.Forced = moves, forced
	}
	if len(r.Moves) == lb {
		r.Optimal = true
	} else {
		r.Reason = bud.why()
	}
	n, b, e := d.tableStats()
	r.Stored, r.TableBytes, r.Evicted = max(r.Stored, n), max(r.TableBytes, b), r.Evicted+e
	return r, nil
}

// deepener is one game's deepening search.
type deepener interface {
	// rootBound is the lower bound at the start position.
	rootBound() int
	// pass runs one pass with bound b. It reports a win (the moves are
	// then w.moves()) or the smallest sum above b of a cut line
	// (math.MaxInt if none was cut), and stops early when bud is spent.
	pass(b int, bud *budget) (won bool, next int)
	// moves returns the winning line of the last pass and how many of its
	// moves were forced.
	moves() ([]rules.Move, int)
	tableStats() (stored, bytes, evicted int64)
}

// deepen runs passes from bound lb until a win, a bound that reaches best
// (the length of a known solution), or a spent budget. It returns the
// proven lower bound, and the winning line if a pass found one.
func deepen(d deepener, bud *budget, lb, best int) (int, []rules.Move, int, error) {
	for lb < best {
		won, next := d.pass(lb, bud)
		if won {
			m, f := d.moves()
			if len(m) != lb {
				return lb, nil, 0, fmt.Errorf("shortest search: pass %d found %d moves", lb, len(m))
			}
			return lb, m, f, nil
		}
		if bud.stop.Load() {
			return lb, nil, 0, nil
		}
		if next == math.MaxInt {
			// A pass that cut nothing searched everything: but the
			// position was won by the ordinary search.
			return lb, nil, 0, fmt.Errorf("shortest search: no win within every line, after a solution of %d moves", best)
		}
		lb = next
	}
	if lb > best {
		return lb, nil, 0, fmt.Errorf("shortest search: lower bound %d above a solution of %d moves", lb, best)
	}
	return lb, nil, 0, nil
}

// Russian Cell.

// rcShortest is the deepening search of Russian Cell.
type rcShortest struct {
	b           rcBoard
	pr          pruning
	returnMoves bool // cards are played back from a foundation (never, with SkipReturns)
	tt          *depthTable[rcKey]
	frames      [][]rcMove
	played      []rcUndo
	// colBound[i] is b.columnBound(i), kept up to date move by move, and
	// saved holds the values each played move replaced (two per move).
	colBound [rcCols]uint8
	saved    []uint8
	pass_    uint16
	bound    int
	next     int
	bud      *budget
	nodes    int64
	stop     bool
}

func (x *rcShortest) load(p *rules.Position, cfg settings) error {
	x.pr = shortestPruning(cfg.Pruning)
	x.returnMoves = cfg.returns && !x.pr.SkipReturns
	x.tt.reset()
	x.pass_ = 0
	x.played = x.played[:0]
	x.saved = x.saved[:0]
	if err := x.b.load(p); err != nil {
		return err
	}
	for i := uint8(0); i < rcCols; i++ {
		x.colBound[i] = uint8(x.b.columnBound(i))
	}
	return nil
}

// lowerBound is x.b.lowerBound(), from the kept column bounds.
func (x *rcShortest) lowerBound() int {
	n := x.b.offFoundations()
	for _, v := range x.colBound {
		n += int(v)
	}
	return n
}

func (x *rcShortest) rootBound() int { return x.lowerBound() }

func (x *rcShortest) tableStats() (int64, int64, int64) {
	return int64(x.tt.count), x.tt.bytes(), x.tt.evicted
}

func (x *rcShortest) moves() ([]rules.Move, int) {
	out := make([]rules.Move, len(x.played))
	forced := 0
	for i, u := range x.played {
		out[i] = u.m.toRules()
		if u.forced {
			forced++
		}
	}
	return out, forced
}

func (x *rcShortest) pass(b int, bud *budget) (bool, int) {
	x.takeBack(len(x.played)) // the line of the last pass
	x.pass_++
	x.bound, x.next, x.bud, x.stop, x.nodes = b, math.MaxInt, bud, false, 0
	won := x.enter(0)
	bud.charge(x.nodes)
	return won, x.next
}

// play plays m and brings the bounds of its two places up to date (a
// move changes only the columns it leaves and enters).
func (x *rcShortest) play(m rcMove, forced bool) {
	u := x.b.make(m)
	u.forced = forced
	x.played = append(x.played, u)
	x.saved = append(x.saved, x.update(m.from), x.update(m.to))
}

// update recomputes the bound of place l if it is a column, and returns
// the old value (0 for other places).
func (x *rcShortest) update(l uint8) uint8 {
	if l >= rcCols {
		return 0
	}
	old := x.colBound[l]
	x.colBound[l] = uint8(x.b.columnBound(l))
	return old
}

func (x *rcShortest) takeBack(n int) {
	for ; n > 0; n-- {
		k := len(x.played) - 1
		u := x.played[k]
		x.b.unmake(u)
		x.played = x.played[:k]
		s := len(x.saved) - 2
		// Restore in the reverse order of play (from and to may be the
		// same place only for no move, but keep the order anyway).
		if u.m.to < rcCols {
			x.colBound[u.m.to] = x.saved[s+1]
		}
		if u.m.from < rcCols {
			x.colBound[u.m.from] = x.saved[s]
		}
		x.saved = x.saved[:s]
	}
}

// enter plays the foundation moves of the position reached, then cuts it,
// skips it, or expands it. It reports a win, leaving the winning line on
// the board and in x.played.
func (x *rcShortest) enter(depth int) bool {
	autos := 0
	if x.pr.AutoFoundation {
		for {
			m, ok := x.b.nextFoundation()
			if !ok {
				break
			}
			x.play(m, true)
			autos++
		}
	}
	g := len(x.played)
	if f := g + x.lowerBound(); f > x.bound {
		x.next = min(x.next, f)
		x.takeBack(autos)
		return false
	}
	if x.b.won() {
		return true
	}
	if x.stop || x.tt.enter(x.b.key, x.b.key.hash(), x.pass_, g) {
		x.takeBack(autos)
		return false
	}
	if x.bud.tick(&x.nodes, budgetStep) {
		x.stop = true
	}
	for len(x.frames) <= depth {
		x.frames = append(x.frames, make([]rcMove, 0, 64))
	}
	moves := x.b.genMoves(x.frames[depth], x.pr, x.returnMoves)
	x.frames[depth] = moves
	for i := range moves {
		moves[i] = x.b.rate(moves[i])
	}
	sortMoves(moves)
	for _, m := range moves {
		if x.stop {
			break
		}
		x.play(m, len(moves) == 1)
		if x.enter(depth + 1) {
			return true
		}
		x.takeBack(1)
	}
	x.takeBack(autos)
	return false
}

// sortMoves orders moves by score, best first (insertion sort, stable).
func sortMoves(ms []rcMove) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for j > 0 && ms[j-1].score < m.score {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = m
	}
}

// lowerBound returns a lower bound on the moves still needed to win: the
// cards off the foundations, plus for each column the fewest gaps that part
// every card from the lower cards of its suit below it (see shortest.go for
// the proof).
func (b *rcBoard) lowerBound() int {
	n := b.offFoundations()
	for i := uint8(0); i < rcCols; i++ {
		n += b.columnBound(i)
	}
	return n
}

func (b *rcBoard) offFoundations() int {
	return 52 - int(b.found[0]) - int(b.found[1]) - int(b.found[2]) - int(b.found[3])
}

// columnBound returns the fewest gaps of column i that part every card from
// the lower cards of its suit below it.
func (b *rcBoard) columnBound(i uint8) int {
	n := 0
	// low[s] is the lowest rank of suit s from the last part up to the
	// card before j (14: none).
	low := [4]uint8{14, 14, 14, 14}
	for j := uint8(0); j < b.n[i]; j++ {
		c := b.col[i][j]
		s, r := c/13, c%13
		if low[s] < r {
			// A pair in the column not yet parted: part it just below c,
			// which parts every pair whose span holds that gap, and start
			// afresh above it.
			n++
			low = [4]uint8{14, 14, 14, 14}
		}
		low[s] = min(low[s], r)
	}
	return n
}

// Ripple Fan.

// rfShortest is the deepening search of Ripple Fan. The positions form no
// cycles, but the same position is reached by many lines.
type rfShortest struct {
	b      rfBoard
	pr     pruning
	tt     *depthTable[rfKey]
	played []rfUndo
	pass_  uint16
	bound  int
	next   int
	bud    *budget
	nodes  int64
	stop   bool
	dead   bool // a pile at the start can never be cleared (BlockedPair)
}

func (x *rfShortest) load(p *rules.Position, cfg settings) error {
	x.pr = shortestPruning(cfg.Pruning)
	x.tt.reset()
	x.pass_ = 0
	x.played = x.played[:0]
	if err := x.b.load(p); err != nil {
		return err
	}
	x.dead = false
	if x.pr.BlockedPair {
		for i := uint8(0); i < rfPiles; i++ {
			x.dead = x.dead || x.b.blockedPair(i)
		}
	}
	return nil
}

func (x *rfShortest) rootBound() int { return x.b.lowerBound() }

func (x *rfShortest) tableStats() (int64, int64, int64) {
	return int64(x.tt.count), x.tt.bytes(), x.tt.evicted
}

func (x *rfShortest) moves() ([]rules.Move, int) {
	return rfMoves(x.played)
}

func (x *rfShortest) pass(b int, bud *budget) (bool, int) {
	x.takeBack(len(x.played))
	x.pass_++
	x.bound, x.next, x.bud, x.stop, x.nodes = b, math.MaxInt, bud, false, 0
	won := !x.dead && x.enter()
	bud.charge(x.nodes)
	return won, x.next
}

func (x *rfShortest) takeBack(n int) {
	for ; n > 0; n-- {
		k := len(x.played) - 1
		x.b.unmake(x.played[k])
		x.played = x.played[:k]
	}
}

func (x *rfShortest) enter() bool {
	b := &x.b
	autos := 0
	if x.pr.AutoFoundation {
		autos = b.playFoundations(&x.played)
	}
	g := len(x.played)
	if f := g + b.lowerBound(); f > x.bound {
		x.next = min(x.next, f)
		x.takeBack(autos)
		return false
	}
	if b.won() {
		return true
	}
	if x.stop || x.tt.enter(rfKey{b.key}, (rfKey{b.key}).hash(), x.pass_, g) {
		x.takeBack(autos)
		return false
	}
	if x.bud.tick(&x.nodes, budgetStep) {
		x.stop = true
	}
	var cand [2 * rfPiles]rfUndo
	n := b.genMoves(&cand, x.pr)
	for _, m := range cand[:n] {
		if x.stop {
			break
		}
		u := b.make(m.card, m.from, m.to)
		u.forced = n == 1
		x.played = append(x.played, u)
		if x.enter() {
			return true
		}
		x.takeBack(1)
	}
	x.takeBack(autos)
	return false
}

// lowerBound returns a lower bound on the moves still needed to win: the
// cards off the foundations, plus one for every card that lies above a
// lower card of its suit in its pile (see shortest.go for the proof).
func (b *rfBoard) lowerBound() int {
	n := 52 - int(b.found[0]) - int(b.found[1]) - int(b.found[2]) - int(b.found[3])
	for i := 0; i < rfPiles; i++ {
		low := [4]uint8{14, 14, 14, 14}
		for j := uint8(0); j < b.n[i]; j++ {
			c := b.pile[i][j]
			s, r := c/13, c%13
			if low[s] < r {
				n++
			}
			low[s] = min(low[s], r)
		}
	}
	return n
}
