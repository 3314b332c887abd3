package rules

// Automatic foundation moves: the moves a player's program may make by
// itself, because they never spoil a win.

// NextAutoMove returns the next automatic foundation move of p, if there is
// one: a card that is free to move (a column's or pile's top card, or a
// cell card) and that its foundation wants next.
//
// Such a move is always safe: whatever the face-down cards are, a position
// that can be won can still be won after it, in no more moves. The proof:
// in a winning line, play the card to its foundation first and leave out its later moves; nothing
// is ever put on it but its predecessor, which is on the foundation
// already, a group that carried it moves as well without it, and a place
// it leaves is only emptier.
//
// The order is the solver's. Russian Cell takes the suits in the order C S
// H D, and for each the cell card before a column's top card. Ripple Fan
// takes the first pile, from t1, whose top card can go. Unknown cards
// (UnknownCard, "??") are never top cards, so the player's view gets the
// same moves. A nil p has none.
func NextAutoMove(p *Position) (Move, bool) {
	if p == nil {
		return Move{}, false
	}
	if p.Game == RippleFan {
		for i, pl := range p.Tableau {
			if n := len(pl.Up); n > 0 && toFoundation(p, pl.Up[n-1]) {
				return Move{Card: pl.Up[n-1], From: T(i), To: F}, true
			}
		}
		return Move{}, false
	}
	for s := 0; s < 4; s++ {
		h := p.Foundations[s]
		if h >= 13 {
			continue
		}
		c := Card(s*13 + h)
		for j, x := range p.Cells {
			if x == c {
				return Move{Card: c, From: C(j), To: F}, true
			}
		}
		for i, pl := range p.Tableau {
			if n := len(pl.Up); n > 0 && pl.Up[n-1] == c {
				return Move{Card: c, From: T(i), To: F}, true
			}
		}
	}
	return Move{}, false
}

// SafeAutoMoves plays the automatic foundation moves of p on a copy, one
// after another until none is left, and returns them in the solver's order
// (see NextAutoMove; Ripple Fan sweeps the piles t1 to t13, and sweeps
// again while a card went home). p itself is not changed. A nil p has
// none.
func SafeAutoMoves(p *Position) []Move {
	if p == nil {
		return nil
	}
	var ms []Move
	if p.Game == RippleFan {
		q := p.Clone()
		for again := true; again; {
			again = false
			for i := range q.Tableau {
				up := q.Tableau[i].Up
				if n := len(up); n > 0 && toFoundation(q, up[n-1]) {
					m := Move{Card: up[n-1], From: T(i), To: F}
					q.Apply(m)
					ms = append(ms, m)
					again = true
				}
			}
		}
		return ms
	}
	q := p
	for {
		m, ok := NextAutoMove(q)
		if !ok {
			return ms
		}
		if q == p {
			q = p.Clone()
		}
		q.Apply(m)
		ms = append(ms, m)
	}
}
