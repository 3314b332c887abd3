package player

import (
	"context"
	"fmt"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/sample"
)

// The adaptive player: sampling spent where the decision is close.
//
// The sampled player's ladder (benchmarks/BENCHMARKS.md) says that more
// arrangements for every decision buy little for their cost: on Russian
// Cell deals 1..500, 200 samples won 46.2% against 44.0% for 50, at four
// times the time. Most decisions are not close: one move keeps a win in
// clearly more arrangements than the next. The adaptive player rates each
// decision as the sampled player does, and only where the best two moves
// to positions not yet seen are within CloseMargin arrangements of each
// other rates the moves again over CloseFactor times as many: the first
// draw and more (sample.Arrangements draws arrangement i from the seed and
// i, so a larger draw begins with the smaller one). Only the new
// arrangements are searched (sample.RankMovesOn), and each move's counts over
// them are added to its counts over the first draw; the player plays the
// best of the sum, by the core's order. An exact rating (every arrangement
// solved) is never widened, nor one in which no move keeps a win; when the
// larger draw would be every arrangement, the moves are rated over all of
// them, exactly.

// CloseMargin is the largest difference, in arrangements of the first
// draw, between the Scores of the best two moves of a decision that the
// adaptive player calls close.
const CloseMargin = 2

// CloseFactor is how many times the first draw's arrangements the
// adaptive player rates a close decision over.
const CloseFactor = 2

// isClose says that rating rt of view is close: not exact, some move keeps
// a win, the best move does not keep one in every arrangement decided
// (then nothing is at stake), and the best two moves to positions not yet
// seen that lead to different positions are within CloseMargin of each
// other.
func isClose(view *rules.Position, rt sample.Rating) bool {
	if rt.Exhaustive {
		return false
	}
	best, ok := rt.Best()
	if !ok || best.Score == best.Decided() {
		return false
	}
	key := sample.Key(after(view, best.Move))
	for _, x := range rt.Ranked[1:] {
		if x.Seen {
			return false
		}
		if sample.Key(after(view, x.Move)) == key {
			continue // a twin of the best: the same position
		}
		return best.Score-x.Score <= CloseMargin
	}
	return false
}

// widen rates the moves of view again over CloseFactor times the
// arrangements of cfg's draw, into rt (the rating over that draw).
func (pl *Player) widen(ctx context.Context, view *rules.Position, cfg sample.Config, rt *sample.Rating) error {
	all, exhaustive := sample.Arrangements(view, cfg.Samples*CloseFactor, rt.Seed)
	if exhaustive {
		more, err := sample.RankMovesOn(ctx, view, cfg, pl.seen, all, true, nil)
		if err != nil {
			return err
		}
		*rt = more
		pl.widened++
		return nil
	}
	first := cfg.Samples
	if len(rt.Ranked[0].Verdicts) != first || first >= len(all) {
		return fmt.Errorf("player: widening a rating of %d arrangements, drawn as %d of %d", len(rt.Ranked[0].Verdicts), first, len(all))
	}
	more, err := sample.RankMovesOn(ctx, view, cfg, pl.seen, all[first:], false, nil)
	if err != nil {
		return err
	}
	for i := range rt.Ranked {
		x := &rt.Ranked[i]
		k := more.Place(x.Move)
		if k == 0 {
			return fmt.Errorf("player: move %v was not rated over the wider draw", x.Move)
		}
		y := more.Ranked[k-1]
		x.Winnable += y.Winnable
		x.Unwinnable += y.Unwinnable
		x.Unknown += y.Unknown
		x.Leads += y.Leads
		x.Verdicts = append(append([]solver.Verdict(nil), x.Verdicts...), y.Verdicts...)
		x.Score = x.Winnable
		if x.Discounted {
			x.Score = min(x.Leads, x.Winnable)
		}
	}
	rt.Share.Tally.Winnable += more.Share.Winnable
	rt.Share.Tally.Unwinnable += more.Share.Unwinnable
	rt.Share.Tally.Unknown += more.Share.Unknown
	rt.Share.Nodes += more.Share.Nodes
	rt.Share.Elapsed += more.Share.Elapsed
	rt.Share.Stopped += more.Share.Stopped
	if rt.Share.Reason == (solver.StopReason{}) {
		rt.Share.Reason = more.Share.Reason
	}
	rt.Searches += more.Searches
	rt.Rerank()
	pl.widened++
	return nil
}
