package player

import (
	"cmp"
	"context"
	"maps"
	"math"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver/sample"
)

// The conditioned player: an expectimax over the card a move turns up,
// with arrangements drawn afresh for each card.
//
// The sampled player's share of a move that turns a card up counts the
// arrangements in which a win exists after it, with every card known from
// then on. After such a move the player will know that card and no other,
// and chooses its next move knowing only that. The conditioned player
// rates a move that turns up an unknown card by
//
//	the mean, over every card c it may turn up (each equally likely), of
//	the best next move's share (by the sampled player's order) over
//	Config.PerCard arrangements of the other unseen cards, drawn for c
//
// which is one reveal of an expectimax, with a fresh draw for each card
// rather than the decision's draw grouped by card (the reveal player's 2
// or 3 arrangements a group). A move that turns up nothing keeps its share
// of the decision's draw; every other rule of the sampled player is kept.
// A revealing move whose share (with its undecided arrangements) is below
// the best rating found so far is not searched further: its conditioned
// rating is the mean of maxima each at most the share of the move in that
// card's draw.

// ConditionedSamples is the default of Config.PerCard, the conditioned
// player's number of arrangements drawn for each card a move may turn up.
const ConditionedSamples = 4

// conditionRerank rates again, in rt (the decision's Rating over cfg's
// draw), the moves of view that turn up an unknown card, by the
// expectimax over the card turned up, and ranks the moves again.
func (pl *Player) conditionRerank(ctx context.Context, view *rules.Position, cfg sample.Config, rt *sample.Rating) error {
	if rt.Fresh() == 0 || len(rt.Ranked) == 0 {
		return nil
	}
	n := len(rt.Ranked[0].Verdicts) // arrangements of the decision's draw
	return pl.rerankReveals(rt, func(x *sample.RatedMove) (int, error) {
		v, err := pl.conditionedValue(ctx, view, cfg, x.Move)
		return int(math.Round(v * float64(n))), err
	})
}

// conditionedValue is the conditioned rating of move m of view, which turns
// up an unknown card: the mean over the unseen cards c of the best next
// move's share over Config.PerCard arrangements drawn for c.
func (pl *Player) conditionedValue(ctx context.Context, view *rules.Position, cfg sample.Config, m rules.Move) (float64, error) {
	col := int(m.From.Index)
	unseen := view.Unseen()
	total := 0.0
	for _, c := range unseen {
		next := after(view, m)
		next.Tableau[col].Up[0] = c // the card turned up, now seen
		seen := maps.Clone(pl.seen)
		seen[sample.Key(next)] = true
		ccfg := cfg
		ccfg.Samples = cmp.Or(pl.cfg.PerCard, ConditionedSamples)
		ccfg.Seed = decisionSeed(cfg.Seed, int(c)+1)
		rt, err := sample.RankMoves(ctx, next, ccfg, seen)
		if err != nil {
			return 0, err
		}
		if best, ok := rt.Best(); ok && len(best.Verdicts) > 0 {
			total += float64(best.Score) / float64(len(best.Verdicts))
		}
	}
	return total / float64(len(unseen)), nil
}
