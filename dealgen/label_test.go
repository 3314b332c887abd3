package dealgen

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestCheckLabelStart: a deal's start, and what a player sees of it
// (--hide), pass as that deal and fail as the next one, naming the deal.
func TestCheckLabelStart(t *testing.T) {
	for _, g := range rules.Games() {
		for _, k := range []uint64{1, 617, 2217, 1 << 40} {
			n, next := FromUint64(k), FromUint64(k+1)
			p := Deal(g, n)
			for _, q := range []*rules.Position{p, p.Hide()} {
				if err := CheckLabel(q, n); err != nil {
					t.Errorf("%v deal %v as itself: %v", g, n, err)
				}
				err := CheckLabel(q, next)
				var nd *NotThatDeal
				if !errors.As(err, &nd) || nd.Number != next || !strings.Contains(err.Error(), "its layout is not deal "+next.String()+"'s: ") {
					t.Errorf("%v deal %v labelled %v: %v", g, n, next, err)
				}
			}
		}
	}
	// The report's case: deal 617's layout labelled 618.
	err := CheckLabel(Deal(rules.RussianCell, FromUint64(617)), FromUint64(618))
	if want := "not a position of deal 618: its layout is not deal 618's: t1's face-up card 1 from the bottom is 6C, where deal 618 deals AD"; err == nil || err.Error() != want {
		t.Errorf("617 as 618: %v, want %q", err, want)
	}
	// Two face-up cards swapped in a column, above its bottom face-up
	// card: the start's shape, not its layout.
	p := Deal(rules.RussianCell, FromUint64(617))
	up := p.Tableau[3].Up
	up[2], up[3] = up[3], up[2]
	if err := CheckLabel(p, FromUint64(617)); err == nil || !strings.Contains(err.Error(), "t4's face-up card 3 from the bottom") {
		t.Errorf("617 with two cards swapped: %v", err)
	}
}

// TestCheckLabelPlayed: every position reached by legal moves from a deal
// passes as that deal (the check never refuses a true label), with every
// card known and as the player sees it; and a played position of Russian
// Cell with face-down cards left, or of Ripple Fan with a pile left whose
// bottom card the other deal does not deal there, fails as another deal.
func TestCheckLabelPlayed(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf []rules.Move
	for _, g := range rules.Games() {
		o := rules.DefaultOptions()
		for game := range 200 {
			n := FromUint64(uint64(game) + 1)
			other := FromUint64(uint64(game) + 100000)
			p := Deal(g, n)
			for move := 0; move < 150; move++ {
				buf = rules.LegalMoves(p, o, buf)
				if len(buf) == 0 {
					break
				}
				p.Apply(buf[r.IntN(len(buf))])
				if err := CheckLabel(p, n); err != nil {
					t.Fatalf("%v deal %v after %d random moves: %v", g, n, move+1, err)
				}
				if err := CheckLabel(p.Hide(), n); err != nil {
					t.Fatalf("%v deal %v after %d random moves, hidden: %v", g, n, move+1, err)
				}
				// Another deal's label: refused while the position still
				// holds what can tell them apart.
				tell := false
				switch g {
				case rules.RussianCell:
					for _, pl := range p.Tableau {
						tell = tell || len(pl.Down) > 0
					}
				case rules.RippleFan:
					// A pile left with cards holds its dealt bottom card.
					for i, pl := range p.Tableau {
						tell = tell || len(pl.Up) > 0 && pl.Up[0] != Deal(g, other).Tableau[i].Up[0]
					}
				}
				if err := CheckLabel(p, other); tell && err == nil {
					t.Fatalf("%v deal %v after %d random moves passes as deal %v", g, n, move+1, other)
				}
			}
		}
	}
}

// TestCheckLabelRippleFanOrder: a Ripple Fan pile must begin with the
// deal's cards for it, in the deal's order.
func TestCheckLabelRippleFanOrder(t *testing.T) {
	n := FromUint64(5)
	p := Deal(rules.RippleFan, n)
	// Take the top card off pile 1 (the check looks at no other pile for
	// it) and swap the two below it.
	pl := &p.Tableau[0]
	pl.Up = pl.Up[:3]
	pl.Up[1], pl.Up[2] = pl.Up[2], pl.Up[1]
	err := CheckLabel(p, n)
	if err == nil || !strings.Contains(err.Error(), "t1 begins ") || !strings.Contains(err.Error(), "a pile's lower cards never move while cards lie on them") {
		t.Errorf("a pile out of the deal's order: %v", err)
	}
}
