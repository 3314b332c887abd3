package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
)

// TestRandomDealAndKnown: a random winnable deal is one the catalogue
// knows as winnable, the same seed gives the same deal, a difficulty picks
// a deal of that label, and the note says so; a later position of the
// deal, or no number, has no note.
func TestRandomDealAndKnown(t *testing.T) {
	o := rules.DefaultOptions()
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		n, err := game.RandomDeal(g, true, catalogue.NoDifficulty, 7)
		if err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		if again, _ := game.RandomDeal(g, true, catalogue.NoDifficulty, 7); again != n {
			t.Errorf("%v: seed 7 gave %v, then %v", g, n, again)
		}
		p := dealgen.Deal(g, n)
		k := game.KnownOf(o, p, n.String())
		if k == nil || k.Status != catalogue.Winnable || !strings.HasPrefix(k.Note(), "Catalogue: winnable") {
			t.Fatalf("%v deal %v: %+v", g, n, k)
		}
		if game.KnownOf(o, p, "") != nil {
			t.Errorf("%v: a note for a position without a number", g)
		}
	}
	n, err := game.RandomDeal(rules.RussianCell, true, catalogue.Hard, 3)
	if err != nil {
		t.Fatal(err)
	}
	p := dealgen.Deal(rules.RussianCell, n)
	k := game.KnownOf(o, p, n.String())
	if k == nil || k.Difficulty != catalogue.Hard || !strings.Contains(k.Note(), "difficulty hard") {
		t.Errorf("a hard deal, %v: %+v", n, k)
	}
	// Ripple Fan deals have no difficulty: refused with an error that
	// catalogue.ErrNoDifficulty matches.
	_, err = game.RandomDeal(rules.RippleFan, true, catalogue.Hard, 1)
	if !errors.Is(err, catalogue.ErrNoDifficulty) || err.Error() != "a Ripple Fan deal has no difficulty: every card is face up, so a player who does not peek sees them all" {
		t.Errorf("a hard Ripple Fan deal: %v", err)
	}
	moved := p.Clone()
	ms := rules.LegalMoves(moved, o, nil)
	if len(ms) == 0 {
		t.Fatal("no legal move")
	}
	moved.Apply(ms[0])
	if game.KnownOf(o, moved, n.String()) != nil {
		t.Errorf("a note for a later position of deal %v", n)
	}
}
