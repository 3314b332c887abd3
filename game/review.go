package game

import (
	"context"

	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// Played is a game played from Start with Moves, to review. Its zero
// settings are game's defaults; without a Start it is refused (as
// player.Review refuses a nil start, with a *rules.InvalidPositionError).
type Played struct {
	Start *rules.Position // the position the game starts from
	Moves []rules.Move    // the moves played, in order
	// Solver is the search of each position, or of each arrangement of
	// the unseen cards.
	Solver solver.Config
	// Samples is how many arrangements each move's view is rated over
	// (0: ReviewSamples), Seed the seed of that draw (0: Seed), and
	// JudgeSamples how many fresh arrangements judge the losing move (0:
	// JudgeSamples).
	Samples      int
	Seed         uint64
	JudgeSamples int
}

func (g Played) sampling() player.Sampling {
	return player.Sampling{Solver: g.Solver, Samples: or(g.Samples, ReviewSamples), Seed: or(g.Seed, Seed)}
}

func (g Played) judging() player.Judging {
	return player.Judging{Samples: or(g.JudgeSamples, JudgeSamples)}
}

// Review reviews every move of the game g: its verdict after the move,
// and for Russian Cell how the player's view rated it; and judges the
// losing move, the first after which the game could not be won with every
// card known: a mistake, bad luck or too close to call.
func Review(ctx context.Context, g Played) (*player.Reviewed, error) {
	return player.Review(ctx, g.Start, g.Moves, g.sampling(), g.judging())
}

// WhereWrong answers "where did I go wrong?" for the game g: the losing
// move, found by searching only the positions it takes, and its
// judgement, as Review gives them.
func WhereWrong(ctx context.Context, g Played) (*player.Reviewed, error) {
	return player.FindLoss(ctx, g.Start, g.Moves, g.sampling(), g.judging())
}
