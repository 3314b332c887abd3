package game_test

import (
	"context"
	"fmt"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// The next move of Russian Cell deal 617, with every card known, and then
// with its face-down cards hidden, as a player sees it.
func ExampleGetHint() {
	ctx := context.Background()
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	one := solver.Config{Workers: 1}
	h, err := game.GetHint(ctx, game.Request{Position: p, Solver: one})
	if err != nil {
		panic(err)
	}
	m, _ := h.Move()
	fmt.Println(h.Headline(), "Next:", m)

	view, err := game.GetHint(ctx, game.Request{Position: p.Hide(), Solver: one, Samples: 20})
	if err != nil {
		panic(err)
	}
	best, _ := view.Rating.Best()
	fmt.Printf("Over %d arrangements of the %d unseen cards, %s keeps a win in %d.\n", view.Rating.Total(), p.Hide().Unknowns(), best.Move, best.Winnable)
	// Output:
	// This position can be won (89 moves to go). Next: JH t2>t3
	// Over 20 arrangements of the 21 unseen cards, JH t2>t3 keeps a win in 19.
}
