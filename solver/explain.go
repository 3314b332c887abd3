package solver

import (
	"slices"

	"github.com/patience-solver/patience/rules"
)

// Explaining a loss.
//
// When the search has proven a position unsolvable, a player wants to know
// why. The search cannot say (it only found that every line of play fails),
// so FindBlockage looks at the position itself for a cause that can be put
// in words and that is proven, below, to make the position unwinnable. It
// is only ever used to explain a verdict the search has already given; it
// decides nothing.
//
// Two causes are looked for.
//
// No move. The position is not won and has no legal move (Russian Cell: no
// move but playing a card back from a foundation). Then it cannot be won:
// a winning line would have a first move. With returns, a foundation card
// may still be played back, but a return is never needed
// (docs/pruning.md, "SkipReturns": if a position can be won, it can be won
// without returns), so a position whose only moves are returns is lost too.
//
// A deadlock: a set D of cards, none on a foundation, such that none of
// them can ever be the first of D to move. Such a D proves the position
// lost. Take any line of play (by the fact above, one without returns is
// enough to consider, so foundation cards stay there). If no card of D
// ever moves, the cards of D never reach their foundations, and the line
// does not win. Otherwise look at the first move that moves a card of D:
// until then every card of D is where it was at the start, and the check
// below (that no card of D can make a move while D is in place) shows that
// this move is impossible. So no line wins.
//
// What "in place" gives, and the checks, for each game:
//
// Ripple Fan: only a pile's top card moves, alone, onto the top card of
// another pile that is its same-suit successor, or to its foundation. While
// D is in place, a card at or below a card of D in its pile stays in that
// pile (a card leaves a pile only from the top), so it is not on its
// foundation, and a card strictly below a card of D is not a top card. A
// card c of D cannot make a move when both:
//   - (foundation) some lower card of its suit lies at or below a card of D
//     in its pile: it stays off the foundation, which needs it before c;
//   - (successor) c is a King; or its successor c+1 lies below c in c's own
//     pile (it is never the top card of another pile while c is above it);
//     or c+1 lies strictly below a card of D in another pile (it is never a
//     top card). c+1 is never on the foundation while c is not.
//
// Russian Cell: a move takes a column's face-up card with everything above
// it (a group), a column's top card, or a cell card. So that "in place"
// means what it says, D is closed downwards in each column: with a card of
// D, every card under it is in D too. Then a move that carries a card of D
// along in a group has its bottom card in D, so it moves a card of D. While
// D is in place, every card of D stays in its cell, or in its column on the
// same cards; a card strictly below a card of D is not a column's top card
// and, if face down, stays face down; a column that holds a card of D is
// never empty; a cell that holds a card of D is never free. A card c of D
// cannot make a move when:
//   - c is face down under a card of D: it cannot move at all; or else
//   - (foundation and cell) c is under a card of D (never a top card, the
//     only cards that go to a foundation or a cell from a column), or c is
//     in a cell (cell cards never go to the other cell) and some lower card
//     of its suit is in D, or c is a column card, some lower card of its
//     suit is in D, and both cells hold cards of D;
//   - and (onto a column) c is a King and every column holds a card of D,
//     so that no column is or becomes empty; or c is not a King and its
//     successor c+1 is in D and is in a cell, or under a card of D, or in
//     c's own column (then it stays in that column while c does, never the
//     top card of another one).
//
// A card that cannot move while D is in place still cannot when D has more
// cards (every condition above asks for cards to be in D, none for cards
// to be out of it), so deadlocks are closed under union and there is a
// largest one. It is found by starting from every card off the foundations
// and taking out, until none is left to take out, each card that could
// move (in Russian Cell with the cards above it, to keep D closed
// downwards). A deadlock with fewer cards is easier to explain: FindBlockage
// looks for one card that blocks itself (with the cards under it), and
// otherwise takes cards out of the largest deadlock one at a time while a
// deadlock remains, and explains what is left.

// Blockage is a proven cause that a position cannot be won, as data: no
// move left, or a deadlock, with what a player needs to be shown about
// each of its cards. The words are the caller's (game.Why). The zero
// Blockage, which FindBlockage never returns, and a card that is not one
// of the 52 are known to no method: each gives its zero answer (the zero
// Place, false, rules.NoCard, nil).
type Blockage struct {
	// Cards are the cards that can never move (a deadlock), cells first,
	// then pile by pile from the top down; none when no move at all is
	// left.
	Cards []rules.Card
	b     *lossBoard
	d     cardSet
}

// NoMove reports whether the cause is that no move is left (playing a card
// back from a foundation aside).
func (bl *Blockage) NoMove() bool { return len(bl.Cards) == 0 }

// Place is where a card lies: a cell, or a pile (a column, in Russian
// Cell) and its index there from the bottom, face-down cards counted.
type Place struct {
	// Cell says that the card is in a cell.
	Cell bool
	// Pile is the cell, or the pile, from 0.
	Pile int
	// Index is the card's place in its pile, from the bottom.
	Index int
}

// knows reports whether bl comes from FindBlockage and c is one of the
// 52 cards, whose place it knows.
func (bl *Blockage) knows(c rules.Card) bool { return bl.b != nil && c.Valid() }

// Place says where card c lies.
func (bl *Blockage) Place(c rules.Card) Place {
	if !bl.knows(c) {
		return Place{}
	}
	w := bl.b.at[c]
	return Place{Cell: w.kind == inCell, Pile: w.pile, Index: w.index}
}

// FaceDown reports whether card c is face down.
func (bl *Blockage) FaceDown(c rules.Card) bool { return bl.knows(c) && bl.b.faceDown(c) }

// Covered reports whether a card of the deadlock lies above card c in its
// pile: c stays where it is while they do.
func (bl *Blockage) Covered(c rules.Card) bool { return bl.knows(c) && bl.b.above(&bl.d, c) }

// TopAbove returns the highest card of the deadlock above card c in its
// pile, or rules.NoCard.
func (bl *Blockage) TopAbove(c rules.Card) rules.Card {
	if !bl.knows(c) {
		return rules.NoCard
	}
	return bl.b.topAbove(&bl.d, c)
}

// Lower returns the lower card of c's suit that best shows why c cannot
// go to its foundation: one under c itself if there is one, else one the
// deadlock holds off its foundation.
func (bl *Blockage) Lower(c rules.Card) rules.Card {
	if !bl.knows(c) {
		return rules.NoCard
	}
	return bl.b.witnessLower(&bl.d, c)
}

// Under returns the face-up cards under card c in its pile, from the one
// just under it down.
func (bl *Blockage) Under(c rules.Card) []rules.Card {
	if !bl.knows(c) {
		return nil
	}
	w := bl.b.at[c]
	if w.kind != inPile {
		return nil
	}
	var cs []rules.Card
	for k := w.index - 1; k >= bl.b.down[w.pile]; k-- {
		cs = append(cs, bl.b.piles[w.pile][k])
	}
	return cs
}

// FindBlockage looks at position p for a cause that makes it unwinnable:
// no move left (playing a card back from a foundation never helps a win),
// or a deadlock: a set of cards, none on a foundation, none of which can
// ever be the first of them to move, since while all of them stay in place
// each is kept from every move by the others. Such cards never reach their
// foundations, so no line of play wins. It returns false when it finds none, which does not
// mean that the position can be won. The text names piles and columns by
// their t numbers and cells by their c numbers, as a player sees them.
// A position that fails rules.Validate has no cause to prove: FindBlockage
// returns false for it.
func FindBlockage(p *rules.Position) (Blockage, bool) {
	if rules.Validate(p) != nil || p.Won() {
		return Blockage{}, false
	}
	var buf [64]rules.Move
	b := newLossBoard(p)
	if len(rules.LegalMoves(p, rules.Options{NoReturns: true}, buf[:0])) == 0 {
		return Blockage{b: b}, true
	}
	d := b.largestDeadlock(b.offFoundations())
	if d.empty() {
		return Blockage{}, false
	}
	d = b.shrink(d)
	return Blockage{Cards: b.shrinkOrder(&d), b: b, d: d}, true
}

// cardSet is a set of cards.
type cardSet [rules.NumCards]bool

func (s *cardSet) empty() bool {
	for _, in := range s {
		if in {
			return false
		}
	}
	return true
}

func (s *cardSet) cards() []rules.Card {
	var cs []rules.Card
	for c, in := range s {
		if in {
			cs = append(cs, rules.Card(c))
		}
	}
	return cs
}

// place says where a card is: in a pile (at an index counted from the
// bottom, face-down cards included), in a cell, or on a foundation.
type place struct {
	kind  uint8 // onFoundation, inPile or inCell
	pile  int   // pile, or cell
	index int   // in the pile, from the bottom
}

const (
	onFoundation = iota
	inPile
	inCell
)

// lossBoard is a position laid out for the deadlock checks.
type lossBoard struct {
	p     *rules.Position
	at    [rules.NumCards]place
	piles [][]rules.Card // each pile bottom first, face-down cards included
	down  []int          // face-down cards at the bottom of each pile
}

func newLossBoard(p *rules.Position) *lossBoard {
	b := &lossBoard{p: p, piles: make([][]rules.Card, len(p.Tableau)), down: make([]int, len(p.Tableau))}
	for i, pl := range p.Tableau {
		b.piles[i] = append(append([]rules.Card(nil), pl.Down...), pl.Up...)
		b.down[i] = len(pl.Down)
		for k, c := range b.piles[i] {
			b.at[c] = place{inPile, i, k}
		}
	}
	for j, c := range p.Cells {
		if c.Valid() {
			b.at[c] = place{inCell, j, 0}
		}
	}
	return b
}

// offFoundations returns every card that is not on a foundation.
func (b *lossBoard) offFoundations() cardSet {
	var s cardSet
	for c := range s {
		s[c] = b.at[c].kind != onFoundation
	}
	return s
}

// above reports whether some card of d lies strictly above card c in c's
// pile (false for a card that is not in a pile).
func (b *lossBoard) above(d *cardSet, c rules.Card) bool {
	w := b.at[c]
	if w.kind != inPile {
		return false
	}
	for _, x := range b.piles[w.pile][w.index+1:] {
		if d[x] {
			return true
		}
	}
	return false
}

// held reports whether card c stays off its foundation while d is in
// place: it is in d, or lies under a card of d.
func (b *lossBoard) held(d *cardSet, c rules.Card) bool {
	return b.at[c].kind != onFoundation && (d[c] || b.above(d, c))
}

// lowerHeld returns a lower card of c's suit that d holds off the
// foundation, or NoCard.
func (b *lossBoard) lowerHeld(d *cardSet, c rules.Card) rules.Card {
	for y := rules.NewCard(rules.Ace, c.Suit()); y < c; y++ {
		if b.held(d, y) {
			return y
		}
	}
	return rules.NoCard
}

// canMove reports whether card c of d might make a move while d is in
// place: the negation of the checks proven above. It encodes the moves of
// rules.LegalMoves (rules/movegen.go) as a question about sets of cards,
// not as a list of moves, so it cannot be compared move by move; a change
// to the rules there must be made here too, and TestBlockageOnlyWhenLost
// checks every blockage found against the solver's verdict.
func (b *lossBoard) canMove(d *cardSet, c rules.Card) bool {
	if b.p.Game == rules.RippleFan {
		return b.rfCanMove(d, c)
	}
	return b.rcCanMove(d, c)
}

func (b *lossBoard) rfCanMove(d *cardSet, c rules.Card) bool {
	if b.lowerHeld(d, c) == rules.NoCard {
		return true // it may go to its foundation
	}
	return b.rfSuccessorOpen(d, c)
}

// rfSuccessorOpen reports whether Ripple Fan card c might go onto its
// successor while d is in place.
func (b *lossBoard) rfSuccessorOpen(d *cardSet, c rules.Card) bool {
	if c.Rank() == rules.King {
		return false
	}
	s, wc := c+1, b.at[c]
	ws := b.at[s]
	if ws.kind != inPile {
		return false // on its foundation, which c has not reached: not in a valid position
	}
	if ws.pile == wc.pile {
		return ws.index > wc.index // above c, it may leave and be a top card elsewhere
	}
	return !b.above(d, s)
}

func (b *lossBoard) rcCanMove(d *cardSet, c rules.Card) bool {
	w := b.at[c]
	under := b.above(d, c)
	if under && w.index < b.down[w.pile] {
		return false // face down, and stays so
	}
	if !under && b.lowerHeld(d, c) == rules.NoCard {
		return true // it may go to its foundation
	}
	if w.kind == inPile && !under && !b.cellsHeld(d) {
		return true // it may go to a cell
	}
	return b.rcColumnOpen(d, c)
}

// cellsHeld reports whether both cells hold cards of d.
func (b *lossBoard) cellsHeld(d *cardSet) bool {
	for _, x := range b.p.Cells {
		if !x.Valid() || !d[x] {
			return false
		}
	}
	return true
}

// rcColumnOpen reports whether Russian Cell card c (with the cards on it)
// might go onto a column while d is in place.
func (b *lossBoard) rcColumnOpen(d *cardSet, c rules.Card) bool {
	if c.Rank() == rules.King {
		return !b.everyColumnHeld(d)
	}
	s := c + 1
	if !d[s] {
		return true
	}
	ws := b.at[s]
	switch {
	case ws.kind == inCell:
		return false
	case b.above(d, s):
		return false
	case b.at[c].kind == inPile && ws.pile == b.at[c].pile:
		return false
	}
	return true
}

// everyColumnHeld reports whether every column holds a card of d.
func (b *lossBoard) everyColumnHeld(d *cardSet) bool {
	for _, pile := range b.piles {
		held := false
		for _, x := range pile {
			held = held || d[x]
		}
		if !held {
			return false
		}
	}
	return true
}

// remove takes card c out of d; in Russian Cell, with the cards above it
// in its column, so that d stays closed downwards.
func (b *lossBoard) remove(d *cardSet, c rules.Card) {
	d[c] = false
	if w := b.at[c]; b.p.Game == rules.RussianCell && w.kind == inPile {
		for _, x := range b.piles[w.pile][w.index+1:] {
			d[x] = false
		}
	}
}

// largestDeadlock returns the largest deadlock within the cards of u (in
// Russian Cell, u must be closed downwards): it takes out each card that
// might move until none is left to take out. It may be empty.
func (b *lossBoard) largestDeadlock(u cardSet) cardSet {
	d := u
	for changed := true; changed; {
		changed = false
		for c := range d {
			if d[c] && b.canMove(&d, rules.Card(c)) {
				b.remove(&d, rules.Card(c))
				changed = true
			}
		}
	}
	return d
}

// isDeadlock reports whether no card of d can move while d is in place (and,
// in Russian Cell, d is closed downwards).
func (b *lossBoard) isDeadlock(d *cardSet) bool {
	if d.empty() {
		return false
	}
	for c, in := range d {
		if !in {
			continue
		}
		if b.at[c].kind == onFoundation || b.canMove(d, rules.Card(c)) {
			return false
		}
		if w := b.at[c]; b.p.Game == rules.RussianCell && w.kind == inPile {
			for _, x := range b.piles[w.pile][:w.index] {
				if !d[x] {
					return false
				}
			}
		}
	}
	return true
}

// shrink returns a smaller deadlock within d, from which no single card
// (with those above it, in Russian Cell) can be taken out with a deadlock
// left: a card that is a deadlock by itself (with the cards under it) if
// there is one, or else the smaller result of taking cards out in two
// orders, top cards first and bottom cards first.
func (b *lossBoard) shrink(d cardSet) cardSet {
	// A card that blocks itself (in Russian Cell, with the cards under
	// it) makes the shortest explanation.
	for _, c := range b.shrinkOrder(&d) {
		var u cardSet
		u[c] = true
		if w := b.at[c]; b.p.Game == rules.RussianCell && w.kind == inPile {
			for _, x := range b.piles[w.pile][:w.index] {
				u[x] = true
			}
		}
		if e := b.largestDeadlock(u); !e.empty() {
			return b.shrinkBy(e, false)
		}
	}
	top := b.shrinkBy(d, false)
	bottom := b.shrinkBy(d, true)
	if len(bottom.cards()) < len(top.cards()) {
		return bottom
	}
	return top
}

func (b *lossBoard) shrinkBy(d cardSet, bottomFirst bool) cardSet {
	for again := true; again; {
		again = false
		order := b.shrinkOrder(&d)
		if bottomFirst {
			slices.Reverse(order)
		}
		for _, c := range order {
			if !d[c] {
				continue
			}
			u := d
			b.remove(&u, c)
			if e := b.largestDeadlock(u); !e.empty() {
				d, again = e, true
			}
		}
	}
	return d
}

// shrinkOrder lists the cards of d: cells first, then pile by pile from
// the top down.
func (b *lossBoard) shrinkOrder(d *cardSet) []rules.Card {
	var order []rules.Card
	for _, c := range b.p.Cells {
		if c.Valid() && d[c] {
			order = append(order, c)
		}
	}
	for _, pile := range b.piles {
		for k := len(pile) - 1; k >= 0; k-- {
			if d[pile[k]] {
				order = append(order, pile[k])
			}
		}
	}
	return order
}

// topAbove returns the highest card of d above card c in its pile, or
// NoCard.
func (b *lossBoard) topAbove(d *cardSet, c rules.Card) rules.Card {
	w := b.at[c]
	if w.kind != inPile {
		return rules.NoCard
	}
	pile := b.piles[w.pile]
	for k := len(pile) - 1; k > w.index; k-- {
		if d[pile[k]] {
			return pile[k]
		}
	}
	return rules.NoCard
}

func (b *lossBoard) faceDown(c rules.Card) bool {
	w := b.at[c]
	return w.kind == inPile && w.index < b.down[w.pile]
}

// witnessLower returns the lower card of c's suit that best shows why c
// cannot go to its foundation: one under c itself if there is one.
func (b *lossBoard) witnessLower(d *cardSet, c rules.Card) rules.Card {
	w := b.at[c]
	for y := rules.NewCard(rules.Ace, c.Suit()); y < c; y++ {
		if wy := b.at[y]; w.kind == inPile && wy.kind == inPile && wy.pile == w.pile && wy.index < w.index {
			return y
		}
	}
	return b.lowerHeld(d, c)
}
