package player

import (
	"context"
	"fmt"
	"maps"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// Reviewed is the review of a played game: what each move did to the
// chances, and where and why the game was lost.
type Reviewed struct {
	Start *rules.Position // the position the game started from, every card known
	// Before is the exact verdict of the start, all cards known.
	Before solver.Verdict
	Moves  []ReviewedMove // the review of each move, in the order played
	// Samples is the number of arrangements drawn to rate each move
	// (Sampling.Samples, DecisionSamples for 0).
	Samples int
	// Seed is the seed of those draws (Sampling.Seed, sample.DefaultSeed
	// for 0).
	Seed uint64
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
	// first move of the solver's win, or another when that one goes back
	// to a position already seen in the game), the zero Move when every
	// such move goes back; BestRated the move the player's view rated best
	// (sample.RankMoves with the game's history, over Samples arrangements), and
	// Played the move played. Neither Kept nor BestRated leads to a
	// position already seen in the game. The tallies of BestRated and
	// Played are over the Judgement's arrangements, not the rating's.
	Kept      rules.Move
	BestRated sample.MoveShare
	Played    sample.MoveShare
	// Judgement compares BestRated with Played at the losing move.
	Judgement Judgement
}

// ReviewedMove is one move of the game.
type ReviewedMove struct {
	Move rules.Move // the move played
	// After is the exact verdict after the move, all cards known.
	After solver.Verdict
	// Rated says that View was computed: the moves of a Russian Cell game
	// are rated, those of a Ripple Fan game (no card face down) are not.
	Rated bool
	// View is the share of the position before the move, as the player
	// saw it: in how many of the arrangements drawn it can be won.
	View sample.Tally
	// Exhaustive says that every arrangement of the unseen cards was
	// solved, so View is exact.
	Exhaustive bool
	// Rank is the move's place in the ranking of sample.RankMoves, given the
	// game so far (1 = the move hint recommends; moves that differ only in
	// which empty cell or column they go to count once; moves back to a
	// position already seen come last), of Choices moves ranked.
	Rank, Choices int
}

// Review replays moves from start (every card known) with the referee,
// decides the exact verdict after each move, and for Russian Cell rates
// every move from the player's view (face-down cards unknown) over
// cfg.Samples arrangements (0: DecisionSamples, as for the sampled player),
// drawn with cfg.Seed (0: sample.DefaultSeed), with sample.RankMoves, given the
// positions seen so far. It names the first losing move and judges it (see
// Judging, and Call for which answer stands when both of its tests pass:
// bad luck): a mistake, bad luck, or too close to call. A start that fails
// rules.Validate is refused with a *rules.InvalidPositionError. When ctx
// ends first, Review returns the review so far and an error that
// errors.Is ctx's (context.Canceled or context.DeadlineExceeded).
func Review(ctx context.Context, start *rules.Position, moves []rules.Move, cfg Sampling, jd Judging) (*Reviewed, error) {
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
	opts := cfg.Solver.Options
	if _, err := rules.Replay(start, opts, moves); err != nil {
		return nil, err
	}
	cfg = cfg.resolved()
	r := &Reviewed{Start: start, Samples: cfg.Samples, Seed: cfg.Seed, LostAt: -1}
	res, err := solve(ctx, start, cfg.Solver)
	if err != nil {
		return r, err
	}
	r.Before = res.Verdict
	prev := res.Verdict
	if prev == solver.Unsolvable {
		r.LostAt, r.Lost = 0, true
	}
	q := start.Clone()
	seen := map[string]bool{}
	var losing *rules.Position // the position before the losing move
	var losingSeen map[string]bool
	var losingRating *sample.Rating
	for i, m := range moves {
		seen[sample.Key(q.Hide())] = true
		rm := ReviewedMove{Move: m}
		var rt *sample.Rating
		if start.Game == rules.RussianCell {
			x, err := sample.RankMoves(ctx, q.Hide(), cfg.draw(cfg.Seed), seen)
			if err != nil {
				return r, err
			}
			rt = &x
			rm.Rated, rm.View, rm.Exhaustive = true, x.Tally, x.Exhaustive
			rm.Rank, rm.Choices = x.Place(m), len(x.Ranked)
		}
		before := q.Clone()
		q.Apply(m)
		res, err := solve(ctx, q, cfg.Solver)
		if err != nil {
			return r, err
		}
		rm.After = res.Verdict
		if res.Verdict == solver.Unsolvable && prev == solver.Solvable && r.LostAt < 0 {
			r.LostAt, losing, losingRating = i+1, before, rt
			losingSeen = maps.Clone(seen)
		}
		if res.Verdict != solver.Unknown || prev != solver.Unsolvable {
			prev = res.Verdict
		}
		r.Moves = append(r.Moves, rm)
	}
	r.Lost, r.Won = prev == solver.Unsolvable, q.Won()
	if losing != nil {
		if err := r.judge(ctx, losing, moves[r.LostAt-1], losingSeen, losingRating, cfg.draw(cfg.Seed), jd); err != nil {
			return r, err
		}
	}
	return r, nil
}

// judge names, at the losing move, a move that kept the game winnable and
// the move the player's view rated best, and compares the best-rated
// move with the move played on jd.Samples fresh arrangements.
func (r *Reviewed) judge(ctx context.Context, p *rules.Position, played rules.Move, seen map[string]bool, rt *sample.Rating, cfg sample.Config, jd Judging) error {
	view := p.Hide()
	res, err := solve(ctx, p, cfg.Solver)
	if err != nil {
		return err
	}
	if res.Verdict == solver.Solvable && len(res.Moves) > 0 {
		if r.Kept, err = sample.FreshWin(ctx, p, cfg, res.Moves[0], seen); err != nil {
			return err
		}
	}
	if rt == nil {
		x, err := sample.RankMoves(ctx, view, cfg, seen)
		if err != nil {
			return err
		}
		rt = &x
	}
	var best rules.Move
	if b, ok := rt.Best(); ok {
		best = b.Move
	} else if len(rt.Ranked) > 0 && !rt.Ranked[0].Seen {
		best = rt.Ranked[0].Move
	}
	jd = jd.withDefaults()
	jcfg := cfg
	jcfg.Samples, jcfg.Seed = jd.Samples, judgeSeed(cfg.Seed)
	only := []rules.Move{played}
	if !best.IsZero() {
		only = append(only, best)
	}
	adv, err := sample.Compare(ctx, view, jcfg, only)
	if err != nil {
		return err
	}
	for _, ms := range adv.Moves {
		if sample.SameMove(ms, played) {
			r.Played = ms
		}
		if !best.IsZero() && sample.SameMove(ms, best) {
			r.BestRated = ms
		}
	}
	if r.Played.Verdicts == nil {
		return fmt.Errorf("the move played, %v, is not among the legal moves rated", played)
	}
	if r.BestRated.Verdicts == nil {
		r.Judgement = Judgement{Call: NoAlternative, Margin: jd.Margin}
		return nil
	}
	r.Judgement = judgePairs(r.BestRated.Verdicts, r.Played.Verdicts, adv.Exhaustive, jd.Margin)
	if sample.SameMove(r.Played, best) {
		// The move played is the one the view rated best: nothing better
		// could be seen, so the unseen cards decided, whatever the draw.
		// Nothing is tested: the move's own tally stays, the rest is 0.
		j := r.Judgement
		r.Judgement = Judgement{Call: BadLuck, Same: true, Pairs: j.Pairs, Both: j.Both, Neither: j.Neither, P: 1, Margin: j.Margin, Exhaustive: j.Exhaustive}
	}
	if r.Judgement.Pairs == 0 {
		return fmt.Errorf("no arrangement was decided for both moves: try a larger budget")
	}
	return nil
}

// judgeSeed is the seed of the judgement's draw: another draw than the
// rating's, so that the move picked as best on the rating's arrangements
// is tested on arrangements that played no part in picking it.
func judgeSeed(seed uint64) uint64 { return decisionSeed(seed^0x6a75646765, 0) }
