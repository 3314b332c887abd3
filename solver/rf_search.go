package solver

// The Ripple Fan search: depth-first, one worker, with its move generation.

import (
	"github.com/patience-solver/patience/rules"
)

// rfSearch decides Ripple Fan positions. The space is small and acyclic, so
// one worker searches it alone; batch runs put one deal on each worker.
type rfSearch struct {
	cfg    settings
	intr   *interrupt
	tt     *table[rfKey]
	b      rfBoard
	played []rfUndo
	nodes  int64
	step   int64
	bud    *budget
	stop   bool
}

func newRFSearch(cfg settings, intr *interrupt) *rfSearch {
	return &rfSearch{cfg: cfg, intr: intr, tt: newTable[rfKey](cfg.memoryBytes(), 1<<10)}
}

func (s *rfSearch) solve(p *rules.Position) (Result, error) {
	if err := s.b.load(p); err != nil {
		return Result{}, err
	}
	s.tt.reset()
	s.played = s.played[:0]
	s.nodes = 0
	s.stop = false
	s.bud = newBudget(s.cfg, s.intr)
	s.step = min(int64(budgetStep), max(1, s.bud.max/4))
	dead := false
	if s.cfg.Pruning.BlockedPair {
		for i := uint8(0); i < rfPiles; i++ {
			dead = dead || s.b.blockedPair(i)
		}
	}
	won := !dead && s.search()
	s.bud.nodes.Add(s.nodes)
	r := Result{Nodes: s.bud.nodes.Load(), Stored: int64(s.tt.count), TableBytes: s.tt.bytes(), Evicted: s.tt.evicted}
	switch {
	case won:
		r.Verdict = Solvable
		r.Moves, r.Forced = rfMoves(s.played)
	case s.bud.stop.Load():
		r.Verdict = Unknown
		r.Reason = s.bud.why()
	default:
		r.Verdict = Unsolvable
	}
	return r, nil
}

// rfMoves turns a played line into rules moves, and counts its forced
// moves.
func rfMoves(played []rfUndo) ([]rules.Move, int) {
	out := make([]rules.Move, len(played))
	forced := 0
	for i, u := range played {
		to := rules.F
		if u.to != rfFound {
			to = rules.T(int(u.to))
		}
		out[i] = rules.Move{Card: rules.Card(u.card), From: rules.T(int(u.from)), To: to}
		if u.forced {
			forced++
		}
	}
	return out, forced
}

func (s *rfSearch) search() bool {
	b := &s.b
	autos := 0
	if s.cfg.Pruning.AutoFoundation {
		autos = b.playFoundations(&s.played)
	}
	if b.won() {
		return true
	}
	if s.stop || s.tt.visit(rfKey{b.key}, (rfKey{b.key}).hash()) {
		s.undo(autos)
		return false
	}
	if s.bud.tick(&s.nodes, s.step) {
		s.stop = true
	}
	var cand [2 * rfPiles]rfUndo
	n := b.genMoves(&cand, s.cfg.Pruning)
	for _, m := range cand[:n] {
		if s.stop {
			break
		}
		if s.try(m.card, m.from, m.to, n == 1) {
			return true
		}
	}
	s.undo(autos)
	return false
}

func (s *rfSearch) try(c, from, to uint8, forced bool) bool {
	u := s.b.make(c, from, to)
	u.forced = forced
	s.played = append(s.played, u)
	if s.search() {
		return true
	}
	s.undo(1)
	return false
}

func (s *rfSearch) undo(n int) {
	for ; n > 0; n-- {
		last := len(s.played) - 1
		s.b.unmake(s.played[last])
		s.played = s.played[:last]
	}
}

// playFoundations plays every top card that can go to its foundation, until
// none can, appending the moves (forced) to played. It returns how many.
func (b *rfBoard) playFoundations(played *[]rfUndo) int {
	autos := 0
	for again := true; again; {
		again = false
		for i := uint8(0); i < rfPiles; i++ {
			if c := b.top(i); c != none && b.found[c/13] == c%13 {
				u := b.make(c, i, rfFound)
				u.forced = true
				*played = append(*played, u)
				autos++
				again = true
			}
		}
	}
	return autos
}

// genMoves puts the moves to branch on in cand and returns how many: each
// top card onto its successor, if that is another pile's top card (and,
// with AutoFoundation off, to its foundation). These are the Ripple Fan
// moves of rules.LegalMoves (rules/movegen.go): with every pruning off,
// TestRFGenMovesIsLegalMoves checks that they are the same set.
func (b *rfBoard) genMoves(cand *[2 * rfPiles]rfUndo, pr pruning) int {
	n := 0
	for i := uint8(0); i < rfPiles; i++ {
		c := b.top(i)
		if c == none {
			continue
		}
		if !pr.AutoFoundation && b.found[c/13] == c%13 {
			cand[n] = rfUndo{card: c, from: i, to: rfFound}
			n++
		}
		if c%13 == 12 {
			continue
		}
		// The successor's pile, if the successor is a top card.
		j := b.pos[c+1]
		if j == i || b.found[c/13] > c%13+1 || b.top(j) != c+1 {
			continue
		}
		if pr.BlockedPair && b.buries(c, j) {
			continue
		}
		cand[n] = rfUndo{card: c, from: i, to: j}
		n++
	}
	return n
}
