package player

import (
	"context"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/sample"
)

// FindLoss is the part of Review that says where a game was lost and why,
// without rating every move: it is quick enough for a web page. It fills
// Before, LostAt, Lost, Won and, at the losing move, the judgement (Kept,
// BestRated, Played, Mistake and the comparison), as Review does. Moves
// holds the moves with only After set where a verdict was decided: the
// losing move is found by bisection, since a position that cannot be won
// leads only to positions that cannot be won, so it takes about log2 of
// the number of moves exact searches instead of one a move.
//
// A budget that runs out on a position the bisection needs leaves LostAt
// at -1, as Review does.
func FindLoss(ctx context.Context, start *rules.Position, moves []rules.Move, cfg Sampling, jd Judging) (*Reviewed, error) {
	if err := rules.CheckPosition(start); err != nil {
		return nil, err
	}
	if err := start.NeedKnown("a review"); err != nil {
		return nil, err
	}
	opts := cfg.Solver.Options
	// after[i] is the position after the first i moves.
	after := []*rules.Position{start.Clone()}
	q := start.Clone()
	for _, m := range moves {
		if err := rules.Check(q, opts, m); err != nil {
			return nil, err
		}
		q.Apply(m)
		after = append(after, q.Clone())
	}
	cfg = cfg.resolved()
	r := &Reviewed{Start: start, Samples: cfg.Samples, Seed: cfg.Seed, LostAt: -1, Won: q.Won()}
	for _, m := range moves {
		r.Moves = append(r.Moves, ReviewedMove{Move: m, After: solver.Unknown})
	}
	verdict := map[int]solver.Verdict{}
	decide := func(i int) (solver.Verdict, error) {
		if v, ok := verdict[i]; ok {
			return v, nil
		}
		v := solver.Solvable
		if !after[i].Won() {
			res, err := solve(ctx, after[i], cfg.Solver)
			if err != nil {
				return solver.Unknown, err
			}
			v = res.Verdict
		}
		verdict[i] = v
		if i > 0 {
			r.Moves[i-1].After = v
		}
		return v, nil
	}
	var err error
	if r.Before, err = decide(0); err != nil {
		return nil, err
	}
	end, err := decide(len(moves))
	if err != nil {
		return nil, err
	}
	r.Lost = end == solver.Unsolvable
	switch {
	case r.Before == solver.Unsolvable:
		r.LostAt, r.Lost = 0, true
		return r, nil
	case r.Before != solver.Solvable || !r.Lost:
		return r, nil
	}
	// Solvable after lo moves, unsolvable after hi.
	lo, hi := 0, len(moves)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		v, err := decide(mid)
		if err != nil {
			return nil, err
		}
		switch v {
		case solver.Solvable:
			lo = mid
		case solver.Unsolvable:
			hi = mid
		default:
			return r, nil // a budget ran out: where is unknown
		}
	}
	r.LostAt = hi
	// The positions of the game up to the losing move, as the player saw
	// them: the alternatives named never go back to one of them.
	seen := map[string]bool{}
	for _, p := range after[:hi] {
		seen[sample.Key(p.Hide())] = true
	}
	if err := r.judge(ctx, after[hi-1], moves[hi-1], seen, nil, cfg.draw(cfg.Seed), jd); err != nil {
		return nil, err
	}
	return r, nil
}
