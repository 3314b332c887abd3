package game

import (
	"context"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// Chance is the answer to "can I still win?".
type Chance struct {
	// Position is the position asked about, and Config its search.
	Position *rules.Position
	Config   solver.Config
	// Exact says that every card is known: Result is the search's verdict
	// and, for a win, its moves, replayed by the referee.
	Exact  bool
	Result solver.Result
	// Share (the player's view) is how many arrangements of the unseen
	// cards can be won.
	Share sample.Share
}

// Solve answers whether r.Position can still be won, for both front ends:
// the verdict with every card known (Search: a win comes with its moves,
// replayed by the referee), or, with unknown cards, the share of the
// arrangements of them that can be won. When ctx ends first, Solve
// returns the answer so far and ctx's error (see Stopped).
func Solve(ctx context.Context, r Request) (*Chance, error) {
	if r.Position == nil {
		return nil, ErrNoPosition
	}
	p := r.Position
	c := &Chance{Position: p, Config: r.Solver}
	var err error
	if p.Unknowns() > 0 {
		c.Share, err = sample.Estimate(ctx, p, r.sampling())
	} else {
		c.Exact = true
		c.Result, err = Search(ctx, p, r.Solver)
	}
	switch {
	case Stopped(err):
		return c, err
	case err != nil:
		return nil, err
	}
	return c, nil
}
