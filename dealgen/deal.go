package dealgen

import (
	"github.com/patience-solver/patience/rules"
)

// Dealer deals numbered deals and keeps its generator state between deals,
// so that a batch worker that owns one Dealer (and one Position, see
// DealInto) deals without allocating. The zero value is ready to use. A
// Dealer must not be used by two goroutines at once; give each worker its
// own.
type Dealer struct {
	mt  mt19937
	key []uint32 // seed words of numbers beyond 2^64, reused
}

// Deck returns the shuffled talon of deal n, like the package-level Deck,
// reusing the Dealer's generator state.
func (d *Dealer) Deck(n Number) [rules.NumCards]rules.Card {
	if n == (Number{}) {
		panic("dealgen: the zero Number is not a deal")
	}
	var deck [rules.NumCards]rules.Card
	if n.usesLCG() {
		deck = lcgDeck
		g := newLCG(n.small)
		// PySolFC's shuffle: for n = 51 down to 1, swap deck[n] with
		// deck[randint(n)]. Written out for each generator, so that the
		// calls are direct and can be inlined.
		for k := rules.NumCards - 1; k > 0; k-- {
			j := g.randint(k)
			deck[k], deck[j] = deck[j], deck[k]
		}
		return deck
	}
	for i := range deck {
		deck[i] = rules.Card(i)
	}
	if n.big == "" {
		d.mt.seedUint64(n.small)
	} else {
		d.mt.initByArray(d.bigKey(n))
	}
	for k := rules.NumCards - 1; k > 0; k-- {
		j := d.mt.randint(k)
		deck[k], deck[j] = deck[j], deck[k]
	}
	return deck
}

// bigKey splits a number beyond 2^64 into 32-bit words, least significant
// first, as CPython's random.seed does.
func (d *Dealer) bigKey(n Number) []uint32 {
	b := n.Big().Bytes() // big-endian
	key := d.key[:0]
	for end := len(b); end > 0; end -= 4 {
		var w uint32
		for i := max(0, end-4); i < end; i++ {
			w = w<<8 | uint32(b[i])
		}
		key = append(key, w)
	}
	d.key = key
	return key
}

// lcgDeck is the deck an LCG deal shuffles. PySolFC reorders its deck
// rank-major, suits C D H S, before an LCG shuffle, so that the numbers
// match the Microsoft FreeCell deals:
// deck'[4r+i] = deck[r + 13*s_i] with s = (0, 3, 2, 1).
var lcgDeck = func() (d [rules.NumCards]rules.Card) {
	suits := [4]rules.Suit{rules.Clubs, rules.Diamonds, rules.Hearts, rules.Spades}
	for r := range 13 {
		for i, s := range suits {
			d[4*r+i] = rules.NewCard(rules.Rank(r), s)
		}
	}
	return d
}()

// DealInto deals deal n of game g into p, like the package-level DealInto,
// reusing the Dealer's generator state.
func (d *Dealer) DealInto(g rules.Game, n Number, p *rules.Position) {
	talon := d.Deck(n)
	dealInto(g, &talon, p)
}

// Deck returns the shuffled talon of deal n: the deck in PySolFC's order
// (id = suit*13 + rank, suits C S H D), reordered rank-major for an LCG
// deal, then shuffled. The top of the talon is the last element, the first
// card dealt. It panics on the zero Number, which is not a deal.
func Deck(n Number) [rules.NumCards]rules.Card {
	var d Dealer
	return d.Deck(n)
}

// Deal returns the starting position of deal n of game g, numbered as in
// PySolFC. It panics on the zero Number and on an unknown game.
func Deal(g rules.Game, n Number) *rules.Position {
	return DealDeck(g, Deck(n))
}

// DealDeck deals a talon (top = last element) into a new starting position
// of game g, in PySolFC's dealing order. It is how explicit decks are
// dealt. It does not check that the talon holds each card once; that is
// for whoever reads the deck. It panics on an unknown game, as Deal does.
func DealDeck(g rules.Game, talon [rules.NumCards]rules.Card) *rules.Position {
	p := rules.NewPosition(g)
	// One backing array for all the piles, with each pile's slices capped
	// (three-index slices), so that appending to one pile reallocates it
	// instead of writing over its neighbour.
	block := make([]rules.Card, rules.NumCards)
	at := 0
	take := func(k int) []rules.Card {
		s := block[at : at : at+k]
		at += k
		return s
	}
	switch g {
	case rules.RussianCell:
		for c := range p.Tableau {
			p.Tableau[c] = rules.Pile{Down: take(c), Up: take(min(c, 1)*4 + 1)}
		}
	case rules.RippleFan:
		for c := range p.Tableau {
			p.Tableau[c] = rules.Pile{Down: take(0), Up: take(4)}
		}
	}
	dealInto(g, &talon, p)
	return p
}

// DealInto deals deal n of game g into p, reusing p's slices: the fast
// path for batch runs. Once p's piles have grown to a deal's size (after
// the first call for that game, or when p came from Deal of that game), it
// allocates nothing: it allocates only when p has too few piles, cells or
// pile capacity for game g.
//
// p may be any position, typically one from rules.NewPosition or an
// earlier deal. Every field is overwritten: the game, all piles, the cells
// and the foundations. Because the slices are reused, the previous
// contents of p, and any slice taken from p before the call, are
// overwritten; clone a position that must outlive the next deal. p's
// piles must not share memory beyond their lengths (positions from rules
// and from this package do not), since appends write past them. The
// package-level DealInto keeps the MT19937 state on the stack; a worker
// that wants the state kept between deals can use Dealer.DealInto. It
// panics on the zero Number, an unknown game and a nil p.
func DealInto(g rules.Game, n Number, p *rules.Position) {
	var d Dealer
	d.DealInto(g, n, p)
}

// emptyCards is a non-nil empty pile part. Its capacity is zero, so
// appending to it never writes into shared memory.
var emptyCards = []rules.Card{}

// dealInto pops the talon into p in PySolFC's dealing order.
func dealInto(g rules.Game, talon *[rules.NumCards]rules.Card, p *rules.Position) {
	piles := g.Piles()
	if g != rules.RussianCell && g != rules.RippleFan {
		panic("dealgen: unknown game " + g.String())
	}
	p.Game = g
	p.Foundations = [4]int{}
	if cap(p.Tableau) >= piles {
		p.Tableau = p.Tableau[:piles]
	} else {
		p.Tableau = make([]rules.Pile, piles)
	}
	for c := range p.Tableau {
		pl := &p.Tableau[c]
		if pl.Down == nil {
			pl.Down = emptyCards
		}
		if pl.Up == nil {
			pl.Up = emptyCards
		}
		pl.Down, pl.Up = pl.Down[:0], pl.Up[:0]
	}
	cells := g.Cells()
	if cap(p.Cells) >= cells {
		p.Cells = p.Cells[:cells]
	} else {
		p.Cells = make([]rules.Card, cells)
	}
	for i := range p.Cells {
		p.Cells[i] = rules.NoCard
	}

	top := rules.NumCards
	pop := func() rules.Card {
		top--
		return talon[top]
	}
	t := p.Tableau
	switch g {
	case rules.RussianCell:
		// Face down: row i puts one card on each column from i to 6, so
		// column c gets c face-down cards.
		for i := 1; i <= 6; i++ {
			for c := i; c <= 6; c++ {
				t[c].Down = append(t[c].Down, pop())
			}
		}
		// Four face-up rows on columns 1 to 6, then one on every column.
		for range 4 {
			for c := 1; c <= 6; c++ {
				t[c].Up = append(t[c].Up, pop())
			}
		}
		for c := 0; c <= 6; c++ {
			t[c].Up = append(t[c].Up, pop())
		}
	case rules.RippleFan:
		for range 4 {
			for c := 0; c <= 12; c++ {
				t[c].Up = append(t[c].Up, pop())
			}
		}
	}
}
