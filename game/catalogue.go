package game

import (
	"errors"
	"fmt"
	"math"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// Listed is what a look-up of deals in the catalogue found.
type Listed struct {
	// Found is how many deals were listed.
	Found int
	// Next is the deal to go on from with a search, or 0 when there is
	// none (the catalogue ends at the last plain deal number).
	Next uint64
	// Unknown is how many deals left unknown by the catalogue's budget
	// were passed over, of the Scanned deals looked at.
	Unknown, Scanned uint64
}

// FindInCatalogue lists, with emit, the deals of c of verdict kind from
// deal from on, until there are count of them or the catalogue ends. It
// stops early when emit returns false. A nil emit takes every deal: the
// Listed counts them. A nil c (no catalogue) lists none.
func FindInCatalogue(c *catalogue.Catalogue, kind catalogue.Status, from uint64, count int, emit func(uint64) bool) Listed {
	if c == nil {
		return Listed{}
	}
	if emit == nil {
		emit = func(uint64) bool { return true }
	}
	start := from
	var l Listed
	for l.Found < count {
		n, skipped, ok := c.Next(from, kind)
		l.Unknown += skipped
		if !ok {
			break
		}
		l.Found++
		from = n + 1
		if !emit(n) {
			l.Next, l.Scanned = from, from-start
			return l
		}
	}
	if l.Found == count {
		l.Next, l.Scanned = from, from-start
		return l
	}
	l.Next = max(from, c.Last+1)
	if c.Last == math.MaxUint64 {
		l.Next = 0
	}
	l.Scanned = l.Next - start
	return l
}

// Known is what the shipped catalogue says of a deal as dealt, with every
// card known: whether it can be won, and a winnable deal's difficulty.
type Known struct {
	Status     catalogue.Status     // catalogue.Winnable or catalogue.Unwinnable
	Difficulty catalogue.Difficulty // the label of a labelled winnable deal, else catalogue.NoDifficulty
	From       string               // the catalogue, "Russian Cell deals 1..1,000,000, solved by patience v1.2.3"
}

// Note is the line that says what the catalogue knows: "Catalogue:
// winnable (Russian Cell deals 1..1,000,000, solved by patience v1.2.3)",
// or with a difficulty, "Catalogue: winnable, difficulty hard (...)".
func (k *Known) Note() string {
	if k.Difficulty != catalogue.NoDifficulty {
		return fmt.Sprintf("Catalogue: %s, difficulty %s (%s)", k.Status.Words(), k.Difficulty, k.From)
	}
	return fmt.Sprintf("Catalogue: %s (%s)", k.Status.Words(), k.From)
}

// KnownOf returns what the catalogue of p's game under options o knows of
// p, when p is the start of deal num and the catalogue has decided it;
// nil otherwise (a later position of the deal, a deal outside the
// catalogue or left undecided, a position with no number, no position).
func KnownOf(o rules.Options, p *rules.Position, num string) *Known {
	if num == "" || p == nil {
		return nil
	}
	n, err := dealgen.ParseNumber(num)
	if err != nil {
		return nil
	}
	c := catalogue.For(p.Game, o)
	if c == nil {
		return nil
	}
	v := c.Lookup(n)
	if v != catalogue.Winnable && v != catalogue.Unwinnable {
		return nil
	}
	if !dealgen.Deal(p.Game, n).Equal(p) {
		return nil // a later position of the deal, or another
	}
	u, _ := n.Uint64()
	return &Known{Status: v, Difficulty: c.Difficulty(u), From: c.Describe()}
}

// ErrNoCatalogue is the error of RandomDeal for a game that this build
// has no catalogue of.
var ErrNoCatalogue = errors.New("this build has no catalogue of the game's deals to pick from")

// noGameCatalogue is RandomDeal's refusal of a game that is no game: no
// catalogue (ErrNoCatalogue, in its words) and no game (rules.ErrNoGame).
type noGameCatalogue struct{}

func (noGameCatalogue) Error() string { return ErrNoCatalogue.Error() }

func (noGameCatalogue) Unwrap() []error { return []error{ErrNoCatalogue, rules.ErrNoGame} }

// RandomDeal picks a deal of game g from its catalogue with seed
// (catalogue.Catalogue.Pick): a winnable one of difficulty d when d is
// given, else a winnable one when winnable, else any deal the catalogue
// covers. The same seed gives the same deal for the same catalogue. A
// difficulty it has no deal of is refused with an error that matches
// catalogue.ErrNoDifficulty. A g that is no game, the zero rules.Game
// among them, has no catalogue: its error matches ErrNoCatalogue and
// rules.ErrNoGame.
func RandomDeal(g rules.Game, winnable bool, d catalogue.Difficulty, seed uint64) (dealgen.Number, error) {
	if g != rules.RussianCell && g != rules.RippleFan {
		return dealgen.Number{}, noGameCatalogue{}
	}
	c := catalogue.For(g, rules.DefaultOptions())
	if c == nil {
		return dealgen.Number{}, ErrNoCatalogue
	}
	if d == catalogue.NoDifficulty {
		return dealgen.FromUint64(c.Pick(winnable, seed)), nil
	}
	n, ok := c.PickDifficulty(d, seed)
	if !ok {
		return dealgen.Number{}, catalogue.WhyNoDifficulty(g, c, d)
	}
	return dealgen.FromUint64(n), nil
}
