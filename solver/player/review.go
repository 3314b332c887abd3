package player

import (
	"context"
	"fmt"
	"math"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/sample"
)

// Reviewed is the review of a played game: what each move did to the
// chances, and where and why the game was lost.
type Reviewed struct {
	Start *rules.Position
	// Before is the exact verdict of the start, all cards known.
	Before solver.Verdict
	Moves  []ReviewedMove
	// Exhaustive/Samples/Seed: how the player's view was sampled.
	Samples int
	Seed    uint64
	// LostAt is the number of the first move after which the game could
	// not be won with all cards known; 0 when it was lost as dealt; -1
	// when it was never lost (see Lost) or a budget left it unknown.
	LostAt int
	// Lost says the game can no longer be won at its end; Won that it
	// was won.
	Lost, Won bool
	// At the losing move (LostAt > 0):
	//
	// Kept is a move that kept the game winnable with all cards known (the
	// first move of the solver's win), and BestRated the move the
	// player's view rated best (see bestRated), with Played the played
	// move's rating, on the same arrangements.
	Kept      rules.Move
	BestRated sample.MoveShare
	Played    sample.MoveShare
	// Exhaustive says every arrangement of the unseen cards was solved at
	// the losing move, so the comparison is exact.
	Exhaustive bool
	// Diff is the mean of the paired differences (best-rated won minus
	// played won, per arrangement), with its 95% interval (normal
	// approximation) over Pairs arrangements decided for both.
	Diff, Low, High float64
	Pairs           int
	// Mistake: the interval excludes 0 (or, exhaustively, the best-rated
	// move wins in more arrangements). Otherwise it was bad luck.
	Mistake bool
}

// ReviewedMove is one move of the game.
type ReviewedMove struct {
	Move rules.Move
	// After is the exact verdict after the move, all cards known.
	After solver.Verdict
	// View is the share of the player's view before the move (Rated says
	// it was computed: a Russian Cell game, or a review asked for it).
	Rated      bool
	View       sample.Tally
	Exhaustive bool
	// Rank is the move's place among the legal moves, ranked by the
	// arrangements won after each (1 = best; moves to the same position,
	// such as to one cell or the other, count once), of Choices.
	Rank, Choices int
}

// Review replays moves from start (every card known) with the referee,
// decides the exact verdict after each move, and for Russian Cell rates
// every move from the player's view (face-down cards unknown) over
// cfg.Samples arrangements (0: DefaultSamples, as for the sampled player),
// drawn with cfg.Seed (0: sample.DefaultSeed). It names the first losing
// move and says whether it was a mistake or bad luck.
func Review(ctx context.Context, start *rules.Position, moves []rules.Move, cfg Sampling) (*Reviewed, error) {
	if err := start.NeedKnown("a review"); err != nil {
		return nil, err
	}
	opts := cfg.Solver.Options
	if _, err := rules.Replay(start, opts, moves); err != nil {
		return nil, err
	}
	cfg = cfg.resolved()
	r := &Reviewed{Start: start, Samples: cfg.Samples, Seed: cfg.Seed, LostAt: -1}
	res, err := Solve(ctx, start, cfg.Solver)
	if err != nil {
		return nil, err
	}
	r.Before = res.Verdict
	prev := res.Verdict
	if prev == solver.Unsolvable {
		r.LostAt, r.Lost = 0, true
	}
	q := start.Clone()
	var losing *rules.Position // the position before the losing move
	for i, m := range moves {
		rm := ReviewedMove{Move: m}
		if start.Game == rules.RussianCell {
			adv, err := sample.Hint(ctx, q.Hide(), cfg.draw(cfg.Seed))
			if err != nil {
				return nil, err
			}
			rm.Rated, rm.View, rm.Exhaustive = true, adv.Tally, adv.Exhaustive
			rm.Rank, rm.Choices = rank(q.Hide(), adv.Moves, m)
		}
		before := q.Clone()
		q.Apply(m)
		res, err := Solve(ctx, q, cfg.Solver)
		if err != nil {
			return nil, err
		}
		rm.After = res.Verdict
		if res.Verdict == solver.Unsolvable && prev == solver.Solvable && r.LostAt < 0 {
			r.LostAt, losing = i+1, before
		}
		if res.Verdict != solver.Unknown || prev != solver.Unsolvable {
			prev = res.Verdict
		}
		r.Moves = append(r.Moves, rm)
	}
	r.Lost, r.Won = prev == solver.Unsolvable, q.Won()
	if losing != nil {
		if err := r.judge(ctx, losing, moves[r.LostAt-1], cfg.draw(cfg.Seed)); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// judge compares, at the losing move, the move played with the one the
// player's view rated best, on the same arrangements.
func (r *Reviewed) judge(ctx context.Context, p *rules.Position, played rules.Move, cfg sample.Config) error {
	res, err := Solve(ctx, p, cfg.Solver)
	if err != nil {
		return err
	}
	if res.Verdict == solver.Solvable && len(res.Moves) > 0 {
		r.Kept = res.Moves[0]
	}
	adv, err := sample.Hint(ctx, p.Hide(), cfg)
	if err != nil {
		return err
	}
	r.Exhaustive = adv.Exhaustive
	r.BestRated = bestRated(p.Hide(), cfg.Solver.Options, adv.Moves)
	for _, ms := range adv.Moves {
		if sameMove(ms, played) {
			r.Played = ms
		}
	}
	if r.Played.Verdicts == nil {
		return fmt.Errorf("the move played, %v, is not among the legal moves rated", played)
	}
	var sum, sum2 float64
	for a := range r.BestRated.Verdicts {
		b, pl := r.BestRated.Verdicts[a], r.Played.Verdicts[a]
		if b == solver.Unknown || pl == solver.Unknown {
			continue
		}
		d := 0.0
		if b == solver.Solvable {
			d++
		}
		if pl == solver.Solvable {
			d--
		}
		sum += d
		sum2 += d * d
		r.Pairs++
	}
	if r.Pairs == 0 {
		return fmt.Errorf("no arrangement was decided for both moves: try a larger budget")
	}
	n := float64(r.Pairs)
	r.Diff = sum / n
	half := 0.0
	if r.Pairs > 1 {
		v := (sum2 - n*r.Diff*r.Diff) / (n - 1)
		half = 1.96 * math.Sqrt(math.Max(v, 0)/n)
	}
	r.Low, r.High = r.Diff-half, r.Diff+half
	if r.Exhaustive {
		r.Low, r.High = r.Diff, r.Diff
		r.Mistake = r.BestRated.Winnable > r.Played.Winnable
	} else {
		r.Mistake = r.Low > 0 || r.High < 0
	}
	return nil
}

// bestRated returns the move of the player's view with the most
// arrangements won after it (moves in Hint's order, most winnable first),
// leaving out, as the sampled player rates them apart, the moves that can
// be undone at once other than a cell card to a column: a win exists after
// such a move wherever one existed before it, by undoing it, so its share
// is the position's own and says nothing of the move. (The losing move
// itself is never one of them: undoing it would win.)
func bestRated(view *rules.Position, o rules.Options, moves []sample.MoveShare) sample.MoveShare {
	for _, ms := range moves {
		if ms.Move.From.Kind == rules.Cell || !undoable(view, o, ms.Move) {
			return ms
		}
	}
	return moves[0]
}

// rank returns the place of m among moves (ranked by Winnable, moves to
// the same position counted once: hint's ranking) and how many distinct
// moves there are.
func rank(view *rules.Position, moves []sample.MoveShare, m rules.Move) (int, int) {
	keys := map[string]int{} // key -> Winnable
	mine := -1
	for _, ms := range moves {
		k := sample.Key(after(view, ms.Move))
		keys[k] = ms.Winnable
		if sameMove(ms, m) {
			mine = ms.Winnable
		}
	}
	place := 1
	for _, w := range keys {
		if w > mine {
			place++
		}
	}
	return place, len(keys)
}
