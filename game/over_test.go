package game_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// stuck plays random legal moves (none back from a foundation) on deals
// of g from 1 on until a position that is not won has none left; it
// returns that position with its face-down cards hidden.
func stuck(t *testing.T, g rules.Game) *rules.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(617, uint64(g)))
	for n := uint64(1); n <= 200; n++ {
		p := testgames.Deal(g, n)
		for range 3000 {
			var forward []rules.Move
			for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
				if m.From.Kind != rules.Foundation {
					forward = append(forward, m)
				}
			}
			if len(forward) == 0 {
				if !p.Won() {
					return p.Hide()
				}
				break
			}
			p.Apply(forward[r.IntN(len(forward))])
		}
	}
	t.Fatalf("%v: no position without a move in 200 deals", g)
	return nil
}

// TestOver: a won game is over; so is one with no move left (in either
// game); a game with a move to a new position goes on,
// until that position is among the seen ones.
func TestOver(t *testing.T) {
	won := testgames.Deal(rules.RussianCell, 617)
	res, err := solver.Solve(context.Background(), won, solver.Config{Workers: 1})
	if err != nil || res.Verdict != solver.Solvable {
		t.Fatal(res.Verdict, err)
	}
	q, err := rules.Replay(won, rules.DefaultOptions(), res.Moves)
	if err != nil {
		t.Fatal(err)
	}
	if over, why := game.Over(q, nil); !over || why != "The game is won." {
		t.Errorf("won: %v %q", over, why)
	}

	if over, why := game.Over(stuck(t, rules.RippleFan), nil); !over || why != "No move is left." {
		t.Errorf("Ripple Fan with no move: %v %q", over, why)
	}
	if over, why := game.Over(stuck(t, rules.RussianCell), nil); !over || why != "No move is left." {
		t.Errorf("Russian Cell with no move: %v %q", over, why)
	}

	// Over reads the view: the start of 617 with its face-down cards
	// unknown.
	p := testgames.Deal(rules.RussianCell, 617).Hide()
	seen, err := game.SeenOf(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if over, why := game.Over(p, seen); over || why != "" {
		t.Errorf("the start of 617: %v %q", over, why)
	}
	// Every move's position seen but one: the game goes on; all seen: over.
	var last string
	for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
		q := p.Clone()
		q.Apply(m)
		last = sample.Key(q.Hide())
		seen[last] = true
	}
	if over, why := game.Over(p, seen); !over || why != "Every move leads back to a position already seen in this game." {
		t.Errorf("every move seen: %v %q", over, why)
	}
	delete(seen, last)
	if over, _ := game.Over(p, seen); over {
		t.Error("one move to a new position left, yet over")
	}
}
