package player

import (
	"cmp"
	"context"
	"maps"
	"slices"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/sample"
)

// The reveal player: a search over reveals, one reveal deep.
//
// The sampled player's share (sample.RankMoves) counts the arrangements in which
// a win exists after a move with every card known from then on. After a
// move that turns a card up, the player will know that card and no other:
// its next move is chosen once for all the arrangements that turn up the
// same card. So the reveal player rates such a move by
//
//	sum over the cards c it may turn up of: the Score (sample.RatedMove) of
//	the best next move, by the core's order, over the arrangements that
//	turn up c
//
// which is the number of arrangements it still wins if it then plays the
// move that the share recommends for the card it sees. The arrangements
// are those the decision drew, grouped by the card the move turns up (each
// card weighted by how often it is turned up among them), so no card is
// drawn again; the arrangements in which no win exists after the move are
// not searched again (sample.RankMovesOn). A move that turns up nothing is rated
// by the plain share, as the sampled player rates it; every other rule of
// the sampled player (foundation moves, positions seen, ties, the play on
// when no arrangement can be won) is kept.
//
// A move's reveal rating is at most its share plus its undecided
// arrangements (a win after the next move is a win after the move), so a
// revealing move whose share is below the best rating found so far is not
// searched further.

// revealRerank rates again, in rt (the decision's Rating over cfg's draw),
// the moves of view that turn up an unknown card, by the search over
// reveals, and ranks the moves again.
func (pl *Player) revealRerank(ctx context.Context, view *rules.Position, cfg sample.Config, rt *sample.Rating) error {
	if rt.Fresh() == 0 {
		return nil
	}
	arr, exhaustive := sample.Arrangements(view, cfg.Samples, rt.Seed)
	if len(arr) != len(rt.Ranked[0].Verdicts) {
		return nil // not the draw Rate made (cannot happen): keep the share
	}
	return pl.rerankReveals(rt, func(x *sample.RatedMove) (int, error) {
		return pl.revealScore(ctx, view, cfg, x.Move, arr, exhaustive, x.Verdicts)
	})
}

// rerankReveals gives each move of rt that turns up an unknown card, and
// leads to a position not yet seen, the Score that score rates it (in
// rt's arrangements), and ranks the moves again. The moves are rated in
// the order of their share with their undecided arrangements, best first;
// a move whose share with its undecided arrangements is below the best
// Score so far (of a move rated again, or of a move that turns up nothing)
// keeps its share, as its new Score cannot reach that.
func (pl *Player) rerankReveals(rt *sample.Rating, score func(x *sample.RatedMove) (int, error)) error {
	bound := -1 // the best Score of a move that is not searched again
	var reveal []int
	for i, x := range rt.Ranked {
		switch {
		case x.Seen:
		case x.TurnsUnknown:
			reveal = append(reveal, i)
		default:
			bound = max(bound, x.Score)
		}
	}
	slices.SortStableFunc(reveal, func(a, b int) int {
		return cmp.Compare(rt.Ranked[b].Winnable+rt.Ranked[b].Unknown, rt.Ranked[a].Winnable+rt.Ranked[a].Unknown)
	})
	changed := false
	for _, i := range reveal {
		x := &rt.Ranked[i]
		if x.Winnable+x.Unknown < bound {
			continue // its new rating cannot reach the bound
		}
		s, err := score(x)
		if err != nil {
			return err
		}
		x.Score = s
		pl.reveals++
		bound = max(bound, s)
		changed = true
	}
	if changed {
		rt.Rerank()
	}
	return nil
}

// revealScore is the reveal rating of move m of view, which turns up an
// unknown card: over the arrangements arr of view (verdicts: the verdict
// after m in each), grouped by the card m turns up, the sum of the best
// next move's Score in each group.
func (pl *Player) revealScore(ctx context.Context, view *rules.Position, cfg sample.Config, m rules.Move, arr [][]rules.Card, exhaustive bool, verdicts []solver.Verdict) (int, error) {
	col := int(m.From.Index)
	slot := len(view.Tableau[col].Down) - 1 // the slot m turns up, in Fill's order
	for _, t := range view.Tableau[:col] {
		slot += len(t.Down)
	}
	type group struct {
		arr   [][]rules.Card
		known []solver.Verdict
		wins  int
	}
	groups := map[rules.Card]*group{}
	var order []rules.Card
	for a, cards := range arr {
		c := cards[slot]
		g := groups[c]
		if g == nil {
			g = &group{}
			groups[c] = g
			order = append(order, c)
		}
		g.arr = append(g.arr, slices.Delete(slices.Clone(cards), slot, slot+1))
		g.known = append(g.known, verdicts[a])
		if verdicts[a] != solver.Unsolvable {
			g.wins++
		}
	}
	total := 0
	for _, c := range order {
		g := groups[c]
		if g.wins == 0 {
			continue // no win after m in this group: none after any next move
		}
		next := after(view, m)
		up := &next.Tableau[col]
		up.Up[0] = c // the card turned up, now seen
		if next.Won() {
			total += g.wins
			continue
		}
		seen := maps.Clone(pl.seen)
		seen[sample.Key(next)] = true
		rt, err := sample.RankMovesOn(ctx, next, cfg, seen, g.arr, exhaustive, g.known)
		if err != nil {
			return 0, err
		}
		if best, ok := rt.Best(); ok {
			total += best.Score
		}
	}
	return total, nil
}
