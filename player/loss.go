package player

import (
	"context"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
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
// at -1, as Review does. When ctx ends first, FindLoss returns the review
// so far and ctx's error, as Review does.
func FindLoss(ctx context.Context, start *rules.Position, moves []rules.Move, cfg Sampling, jd Judging) (*Reviewed, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if err := jd.check(); err != nil {
		return nil, err
	}
	if err := rules.CheckPosition(start); err != nil {
		return nil, err
	}
	if err := start.NeedKnown("a review"); err != nil {
		return nil, err
	}
	cfg = cfg.resolved()
	after, err := positionsAfter(start, moves, cfg.Solver.Options)
	if err != nil {
		return nil, err
	}
	q := after[len(moves)]
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
	if r.Before, err = decide(0); err != nil {
		return r, err
	}
	end, err := decide(len(moves))
	if err != nil {
		return r, err
	}
	r.Lost = end == solver.Unsolvable
	switch {
	case r.Before == solver.Unsolvable:
		r.LostAt, r.Lost = 0, true
		return r, nil
	case r.Before != solver.Solvable || !r.Lost:
		return r, nil
	}
	hi, err := bisectLoss(len(moves), decide)
	if err != nil {
		return r, err
	}
	if hi < 0 {
		return r, nil // a budget ran out: where is unknown
	}
	r.LostAt = hi
	// The positions of the game up to the losing move, as the player saw
	// them: the alternatives named never go back to one of them.
	seen := map[string]bool{}
	for _, p := range after[:hi] {
		seen[sample.Key(p.Hide())] = true
	}
	if err := r.judge(ctx, after[hi-1], moves[hi-1], seen, nil, cfg.draw(cfg.Seed), jd); err != nil {
		return r, err
	}
	return r, nil
}

// Loss says where a game was lost, with every card known.
type Loss struct {
	// Start is the search's result for the start position.
	Start solver.Result
	// LostAt is the number of the first move after which the game can no
	// longer be won: 0 when the start cannot be won, -1 when the game was
	// not lost or a budget left the place unknown.
	LostAt int
	// Nodes counts the positions of every search made.
	Nodes int64
}

// LocateLoss says where a game was lost, and nothing more: it decides the
// start, and when the start can be won and the end cannot, finds the
// losing move by the same bisection as FindLoss, in about log2 of the
// number of moves exact searches. Unlike FindLoss it judges nothing, so
// it draws no arrangements. Each search runs on one worker.
func LocateLoss(ctx context.Context, start *rules.Position, moves []rules.Move, cfg solver.Config) (Loss, error) {
	if err := cfg.Check(); err != nil {
		return Loss{}, err
	}
	if err := rules.CheckPosition(start); err != nil {
		return Loss{}, err
	}
	if err := start.NeedKnown("locating a loss"); err != nil {
		return Loss{}, err
	}
	after, err := positionsAfter(start, moves, cfg.Options)
	if err != nil {
		return Loss{}, err
	}
	l := Loss{LostAt: -1}
	decide := func(i int) (solver.Verdict, error) {
		if i > 0 && after[i].Won() {
			return solver.Solvable, nil
		}
		res, err := solve(ctx, after[i], cfg)
		l.Nodes += res.Nodes
		if i == 0 {
			l.Start = res
		}
		return res.Verdict, err
	}
	v, err := decide(0)
	switch {
	case err != nil:
		return l, err
	case v == solver.Unsolvable:
		l.LostAt = 0
		return l, nil
	case v != solver.Solvable:
		return l, nil
	}
	if v, err = decide(len(moves)); err != nil || v != solver.Unsolvable {
		return l, err
	}
	l.LostAt, err = bisectLoss(len(moves), decide)
	return l, err
}

// positionsAfter replays moves from start under the referee: the i-th
// position is the one after the first i moves.
func positionsAfter(start *rules.Position, moves []rules.Move, opts rules.Options) ([]*rules.Position, error) {
	after := []*rules.Position{start.Clone()}
	q := start.Clone()
	for _, m := range moves {
		if err := rules.Check(q, opts, m); err != nil {
			return nil, err
		}
		q.Apply(m)
		after = append(after, q.Clone())
	}
	return after, nil
}

// bisectLoss finds the first of moves 1..n after which the game cannot be
// won, given that the start can be won and the position after all n moves
// cannot. Once a position cannot be won, no position after it can (a win
// from there would be a win from it), so a binary search over the moves
// finds it. decide(i) is the verdict after the first i moves; an unknown
// one (a budget ran out) makes the answer -1.
func bisectLoss(n int, decide func(int) (solver.Verdict, error)) (int, error) {
	lo, hi := 0, n // winnable after lo moves; not after hi
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		v, err := decide(mid)
		if err != nil {
			return -1, err
		}
		switch v {
		case solver.Solvable:
			lo = mid
		case solver.Unsolvable:
			hi = mid
		default:
			return -1, nil
		}
	}
	return hi, nil
}
