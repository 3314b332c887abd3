package player

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/rules"
)

// lockstep plays a and b, two deals that differ only in face-down cards
// (moved: the cards of a whose place differs in b), with two players of
// cfg side by side, each shown only its own game's view, and compares
// their decisions up to and including the move that turns up the first of
// the moved cards. It returns how many decisions it compared, how many of
// them were rated, and how many moves the first player rated by its search
// over reveals, decisions it widened and decisions it rated by rollouts
// (the reveal, adaptive and rollout players' own work).
func lockstep(t *testing.T, a, b *rules.Position, moved []rules.Card, cfg Config) (compared, rated, own int) {
	t.Helper()
	pa, err := New(a.Game, cfg)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := New(b.Game, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ta, tb := a.Clone(), b.Clone()
	for {
		if !ta.Hide().Equal(tb.Hide()) {
			t.Fatal("the two games show different views before a moved card turned up")
		}
		da, oka, err := pa.Next(context.Background(), ta.Hide())
		if err != nil {
			t.Fatal(err)
		}
		db, okb, err := pb.Next(context.Background(), tb.Hide())
		if err != nil {
			t.Fatal(err)
		}
		if oka != okb || da != db {
			t.Fatalf("decision %d differs before the cards that differ turn up: %+v (%v), %+v (%v)", compared+1, da, oka, db, okb)
		}
		if !oka {
			return compared, rated, pa.reveals + pa.widened + pa.rollouts
		}
		compared++
		if da.How == Rated {
			rated++
		}
		for _, tr := range []*rules.Position{ta, tb} {
			if err := rules.Check(tr, cfg.options(), da.Move); err != nil {
				t.Fatalf("decision %d, %v: %v", compared, da.Move, err)
			}
		}
		c := ta.Reveals(da.Move)
		ta.Apply(da.Move)
		tb.Apply(da.Move)
		if c != rules.NoCard && slices.Contains(moved, c) {
			return compared, rated, pa.reveals + pa.widened + pa.rollouts
		}
	}
}

// TestRevealNoPeeking is TestNoPeeking for the reveal, adaptive, rollout
// and conditioned players, on 5 deals each (with PATIENCE_LONG, 20; for
// the conditioned player and the rollout player's plan base, 2 and 8): each
// deal against a copy with every face-down card but the top one of each
// column shuffled, so that the first card turned up in each column is the
// same in both and the second differs;
// with PATIENCE_LONG also against a copy with the bottom face-down cards
// of columns 6 and 7 swapped, which turn up late in a game. The players'
// decisions must be the same, move for move and rating for rating, up to
// and including the move that turns up the first card that differs.
func TestRevealNoPeeking(t *testing.T) {
	for _, kind := range []Kind{Reveal, Adaptive, Rollout} {
		t.Run(kind.String(), func(t *testing.T) { noPeekingLockstep(t, config(kind, 8), 5, 20) })
	}
	// The slowest two on fewer deals, to keep CI within its time.
	t.Run("conditioned", func(t *testing.T) { noPeekingLockstep(t, conditionedConfig(6), 2, 8) })
	t.Run("rollout-plan", func(t *testing.T) { noPeekingLockstep(t, planConfig(2), 2, 8) })
}

// conditionedConfig is the conditioned player with 2 arrangements for
// each card a move may turn up, for a quick test.
func conditionedConfig(samples int) Config {
	cfg := config(Conditioned, samples)
	cfg.PerCard = 2
	return cfg
}

// planConfig is the rollout player whose base policy follows the
// solver's line in a guessed arrangement.
func planConfig(samples int) Config {
	cfg := config(Rollout, samples)
	cfg.Rollouts.Plan = true
	return cfg
}

// noPeekingLockstep is TestRevealNoPeeking for one player.
func noPeekingLockstep(t *testing.T, cfg Config, shortDeals, longDeals int) {
	kind := cfg.Kind
	deals := shortDeals
	variants := 1
	if longtest.Enabled() {
		deals, variants = longDeals, 2
	}
	compared, rated, own := 0, 0, 0
	for n := uint64(1); n <= uint64(deals); n++ {
		for variant := range variants {
			a := deal(rules.RussianCell, n)
			b := a.Clone()
			var moved []rules.Card
			if variant == 1 {
				b.Tableau[5].Down[0], b.Tableau[6].Down[0] = b.Tableau[6].Down[0], b.Tableau[5].Down[0]
				moved = []rules.Card{a.Tableau[5].Down[0], a.Tableau[6].Down[0]}
			} else {
				type slot struct{ col, i int }
				var slots []slot
				var down []rules.Card
				for col, pl := range b.Tableau {
					for i := range len(pl.Down) - 1 { // the top face-down card stays
						slots = append(slots, slot{col, i})
						down = append(down, pl.Down[i])
					}
				}
				r := rand.New(rand.NewPCG(n, 2))
				r.Shuffle(len(down), func(i, j int) { down[i], down[j] = down[j], down[i] })
				for k, s := range slots {
					if b.Tableau[s.col].Down[s.i] != down[k] {
						moved = append(moved, b.Tableau[s.col].Down[s.i])
					}
					b.Tableau[s.col].Down[s.i] = down[k]
				}
			}
			if a.Equal(b) || !a.Hide().Equal(b.Hide()) {
				t.Fatal("the two deals must differ, and only in face-down cards")
			}
			c, r, o := lockstep(t, a, b, moved, cfg)
			compared += c
			rated += r
			own += o
		}
	}
	if compared < 5*deals || rated < 2*deals || own < deals {
		t.Fatalf("compared %d decisions, %d of them rated, %d rated by the %s player's own work: too few to show anything", compared, rated, own, kind)
	}
	t.Logf("compared %d decisions, %d rated, %d by the %s player's own work", compared, rated, own, kind)
}

// TestRevealSameSeedSameGame: the reveal, adaptive, rollout and
// conditioned players' games are
// the same with one worker and with two, and the referee replays them
// (play checks that).
func TestRevealSameSeedSameGame(t *testing.T) {
	for _, kind := range []Kind{Reveal, Adaptive, Rollout} {
		sameGameTwice(t, deal(rules.RussianCell, 617), config(kind, 10))
	}
	sameGameTwice(t, deal(rules.RussianCell, 617), conditionedConfig(10))
	sameGameTwice(t, deal(rules.RussianCell, 617), planConfig(2))
}
