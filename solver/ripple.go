package solver

import (
	"fmt"

	"github.com/patience-solver/patience/rules"
)

// Ripple Fan state.
//
// Only top cards move, one at a time, onto a top card of the same suit one
// rank higher, or to the foundation; an emptied pile is never filled. So a
// card that has moved sits on its successor for good (its successor is
// unique and cannot move from under it), or is on its foundation. The
// position therefore follows from two things: the foundation heights, and
// how many of its start cards each pile still holds (the start cards are
// those left once each pile's top run of cards lying on their successors is
// taken off; in a dealt position that is the four dealt cards, or fewer when
// a dealt card happens to lie on its successor).
//
// Every move either takes a start card off its pile or raises a foundation,
// so no position repeats: the search space is acyclic and needs no path
// set.
//
// Key layout (rfKey, 8 bytes):
//
//	bits 3i..3i+2   start cards left in pile i (0..4), i = 0..12
//	bits 40..55     foundation heights, 4 bits each, suits C S H D
//	bit 63          always 1, so that no key is zero
type rfKey [1]uint64

const rfPiles = 13

// rfFound is the destination of a move to the foundation, in the place of a
// pile index (0..12).
const rfFound = rfPiles

// rfBoard is the mutable position of the Ripple Fan search.
type rfBoard struct {
	pile  [rfPiles][rules.NumCards]uint8
	n     [rfPiles]uint8 // cards in the pile
	start [rfPiles]uint8 // start cards left: pile[i][:start[i]]
	found [4]uint8
	pos   [rules.NumCards]uint8 // pile of each card not on a foundation
	key   uint64
}

type rfUndo struct {
	card, from, to uint8 // to is a pile or rfFound
	oldStart       uint8
	forced         bool // the only move considered (see Result.Forced)
}

func (b *rfBoard) setStart(i, v uint8) {
	b.start[i] = v
	b.key = b.key&^(7<<(3*uint(i))) | uint64(v)<<(3*uint(i))
}

func (b *rfBoard) setFound(s, h uint8) {
	b.found[s] = h
	sh := 40 + 4*uint(s)
	b.key = b.key&^(0xF<<sh) | uint64(h)<<sh
}

func (b *rfBoard) load(p *rules.Position) error {
	*b = rfBoard{key: keyTag}
	if len(p.Tableau) != rfPiles || len(p.Cells) != 0 {
		return fmt.Errorf("ripple fan position needs 13 piles and no cells")
	}
	for s := 0; s < 4; s++ {
		b.setFound(uint8(s), uint8(p.Foundations[s]))
	}
	for i, pl := range p.Tableau {
		if len(pl.Down) > 0 {
			return fmt.Errorf("t%d: ripple fan has no face-down cards", i+1)
		}
		for j, c := range pl.Up {
			b.pile[i][j] = uint8(c)
			b.pos[c] = uint8(i)
		}
		n := uint8(len(pl.Up))
		b.n[i] = n
		st := n
		for st > 1 && onSucc(b.pile[i][st-1], b.pile[i][st-2]) {
			st--
		}
		if st > 4 {
			return fmt.Errorf("t%d holds more than 4 cards below its top run", i+1)
		}
		b.setStart(uint8(i), st)
	}
	return nil
}

// onSucc reports whether card c lying on card u lies on its successor.
func onSucc(c, u uint8) bool { return u == c+1 && c%13 != 12 }

func (b *rfBoard) won() bool { return b.found == [4]uint8{13, 13, 13, 13} }

func (b *rfBoard) top(i uint8) uint8 {
	if b.n[i] == 0 {
		return none
	}
	return b.pile[i][b.n[i]-1]
}

func (b *rfBoard) make(c, from, to uint8) rfUndo {
	u := rfUndo{card: c, from: from, to: to, oldStart: b.start[from]}
	b.n[from]--
	if b.n[from] < b.start[from] {
		b.setStart(from, b.n[from])
	}
	if to == rfFound {
		b.setFound(c/13, b.found[c/13]+1)
	} else {
		b.pile[to][b.n[to]] = c
		b.n[to]++
		b.pos[c] = to
	}
	return u
}

func (b *rfBoard) unmake(u rfUndo) {
	if u.to == rfFound {
		b.setFound(u.card/13, b.found[u.card/13]-1)
	} else {
		b.n[u.to]--
	}
	b.pile[u.from][b.n[u.from]] = u.card
	b.n[u.from]++
	b.pos[u.card] = u.from
	b.setStart(u.from, u.oldStart)
}

// blockedPair reports whether a card above a lower card of its own suit in
// pile i can never leave it.
//
// Proof that such a position cannot be won: let X lie above Y in one pile,
// same suit, X higher. Y can reach its foundation only after X leaves the
// pile, and X can leave only to its foundation (which needs Y there first)
// or onto its successor X+1 as the top card of another pile. If X is a King
// it has no successor; if X+1 lies below X in the same pile, it cannot be a
// top card anywhere while X is there. Either way X never leaves and Y never
// reaches the foundation.
func (b *rfBoard) blockedPair(i uint8) bool {
	n := b.n[i]
	for a := uint8(1); a < n; a++ {
		x := b.pile[i][a]
		blocked := x%13 == 12
		for k := uint8(0); k < a && !blocked; k++ {
			blocked = b.pile[i][k] == x+1
		}
		if !blocked {
			continue
		}
		for k := uint8(0); k < a; k++ {
			y := b.pile[i][k]
			if y/13 == x/13 && y < x {
				return true
			}
		}
	}
	return false
}

// buries reports whether moving card c onto its successor at the top of
// pile j would leave it above a lower card of its suit: then c lies on its
// successor, can never leave, and the position is lost (the proof at
// blockedPair).
func (b *rfBoard) buries(c, j uint8) bool {
	for k := uint8(0); k+1 < b.n[j]; k++ {
		y := b.pile[j][k]
		if y/13 == c/13 && y < c {
			return true
		}
	}
	return false
}

// rfSearch decides Ripple Fan positions. The space is small and acyclic, so
// one worker searches it alone; batch runs put one deal on each worker.
type rfSearch struct {
	cfg    Config
	intr   *interrupt
	tt     *table[rfKey]
	b      rfBoard
	played []rfUndo
	nodes  int64
	step   int64
	bud    *budget
	stop   bool
}

func newRFSearch(cfg Config, intr *interrupt) *rfSearch {
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
// with AutoFoundation off, to its foundation).
func (b *rfBoard) genMoves(cand *[2 * rfPiles]rfUndo, pr Pruning) int {
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
