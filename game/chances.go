package game

import (
	"context"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/sample"
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
	// Stopped says that the context ended before the answer was whole.
	Stopped bool
}

// Chances answers whether r.Position can still be won: the verdict with
// every card known, or, with unknown cards, the share of the arrangements
// of them that can be won. A stop by ctx is an answer with Stopped set.
func Chances(ctx context.Context, r Request) (*Chance, error) {
	p := r.Position
	c := &Chance{Position: p, Config: r.Solver}
	if p.Unknowns() > 0 {
		sh, err := sample.Estimate(ctx, p, r.sampling())
		if err != nil {
			return nil, err
		}
		c.Share, c.Stopped = sh, sh.Interrupted
		return c, nil
	}
	res, err := Search(ctx, p, r.Solver)
	if err != nil {
		return nil, err
	}
	c.Exact, c.Result = true, res
	c.Stopped = res.Verdict == solver.Unknown && res.Reason.Kind == solver.Interrupted
	return c, nil
}
