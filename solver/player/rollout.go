package player

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/solver/sample"
)

// The rollout player: policy rollouts (Tesauro and Galperin's rollout
// improvement) over arrangements of the unseen cards.
//
// The sampled player rates a move by whether a win exists after it with
// every card known from then on: it assumes knowledge that the player will
// not have. The rollout player rates a move by playing the game on from
// it, in each arrangement drawn for the decision, with a base policy that
// sees at each step only what a player would see there (the cards turned
// up so far in that arrangement), and counts the arrangements it wins.
//
// The base policy is the greedy rule (greedyRank), with the same rules of
// play as every player (foundation moves at once, no position seen twice,
// counting the positions of the real game); with Rollouts.Plan it follows
// instead the solver's winning line in one arrangement of the cards that
// the rollout's player has not seen, drawn afresh after each card turns
// up. Once at most Rollouts.Known cards lie face down (12 by default), the
// rollout ends with an exact search of its position: with one card face
// down the player knows every card (the last face-down card is the one
// card not seen); with more, that search assumes the rest of the game
// known, as the sampled player does for the whole of it. Its win counts
// only when the solver's line repeats no position seen in the game or in
// the rollout (a card to a cell and back is no win for a player who never
// repeats a position); otherwise the rollout plays on. Every move is
// rated over the same arrangements. Ties go to the move whose rollouts put
// more cards on the foundations, then to the greedy rule's order.
//
// On Russian Cell deals 1..2,000 it won 45.7% of the games (the sampled
// player 44.9%; paired, p = 0.50), and on the held-out deals 400001..401000
// 44.0% (the sampled player 45.7%; p = 0.32), at about the sampled
// player's CPU (benchmarks/BENCHMARKS.md, "Beyond perfect-information
// sampling"): it does not beat the sampled player.

// Rollouts configures the rollout player. The zero Rollouts is its
// default.
type Rollouts struct {
	// Known: a rollout ends in an exact search once at most Known cards
	// lie face down; 0 means RolloutKnown. With one card face down the
	// player knows every card; with more, the search sees cards the player
	// would not (the sampled player's assumption, for the end of a game).
	Known int
	// Plan makes the base policy follow the solver's winning line in one
	// arrangement of the cards the rollout's player has not seen, drawn
	// afresh after each card turns up (and the greedy rule where that
	// arrangement has no win); false plays the greedy rule throughout.
	Plan bool
}

// RolloutKnown is the default of Rollouts.Known, chosen on Russian Cell
// deals 1..300 with 64 arrangements a decision (benchmarks/BENCHMARKS.md,
// "Beyond perfect-information sampling"): 12 won 141 of the 300 games, 8
// won 126 (33 deals won only with 12, 18 only with 8), and 16 won as many
// as 12 on the deals it played (121 and 119 of 260) at 1.4 times the CPU.
const RolloutKnown = 12

func (r Rollouts) known() int {
	if r.Known <= 0 {
		return RolloutKnown
	}
	return r.Known
}

// rolloutSteps bounds the moves of one rollout; a rollout that reaches it
// counts as lost (it cannot happen in practice: every move leads to a
// position not seen before, of which there are finitely many).
const rolloutSteps = 2000

// endSearches bounds the exact searches of one rollout whose wins go back
// through a position already seen; after them the rollout plays on by its
// base policy alone.
const endSearches = 3

// rolloutNodes is the node budget of the exact search that ends a rollout;
// a search that runs out counts as a loss.
const rolloutNodes = 2_000_000

// rolloutTally is one move's result over the rollouts of a decision.
type rolloutTally struct {
	wins     int // rollouts won
	progress int // cards on the foundations at the ends of the rollouts
}

// rolloutRated rates the candidates by policy rollouts and returns the best.
func (pl *Player) rolloutRated(ctx context.Context, view *rules.Position, cands []rules.Move) (Decision, bool, error) {
	pl.rollouts++
	n := pl.cfg.Samples
	arr, exhaustive := sample.Arrangements(view, n, decisionSeed(pl.cfg.Seed, pl.turn))
	tallies := make([]rolloutTally, len(cands))
	for ai, a := range arr {
		full := view.Fill(a)
		for i, m := range cands {
			q := full.Clone()
			q.Apply(m)
			src := rand.NewPCG(decisionSeed(pl.cfg.Seed, pl.turn), uint64(ai*len(cands)+i))
			won, prog, err := pl.rollout(ctx, q, src)
			if err != nil {
				return Decision{}, false, err
			}
			if won {
				tallies[i].wins++
			}
			tallies[i].progress += prog
		}
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ta, tb := tallies[a], tallies[b]
		return cmp.Or(cmp.Compare(tb.wins, ta.wins), cmp.Compare(tb.progress, ta.progress),
			cmp.Compare(greedyRank(view, cands[a]), greedyRank(view, cands[b])))
	})
	best := order[0]
	t := sample.Tally{Winnable: tallies[best].wins, Unwinnable: len(arr) - tallies[best].wins}
	return Decision{Move: cands[best], How: Rated, Rating: t, Exhaustive: exhaustive, Rank: 1, Choices: len(cands)}, true, nil
}

// rollout plays the base policy from q, a full position, and reports
// whether it wins and how many cards it puts on the foundations.
func (pl *Player) rollout(ctx context.Context, q *rules.Position, src *rand.PCG) (won bool, progress int, err error) {
	local := map[string]bool{sample.Key(q.Hide()): true}
	var buf []rules.Move
	var plan []rules.Move
	planned := false // a plan was made since the last card turned up
	searches := 0    // exact searches made
	for range rolloutSteps {
		if q.Won() {
			return true, q.OnFoundations(), nil
		}
		if faceDown(q) <= pl.cfg.Rollouts.known() && searches < endSearches {
			searches++
			res, err := pl.endSearch().SolveTrusted(ctx, q)
			if err != nil {
				return false, 0, err
			}
			switch {
			case res.Verdict == solver.Solvable && pl.freshLine(q, res.Moves, local):
				return true, rules.NumCards, nil
			case res.Verdict != solver.Solvable:
				return false, q.OnFoundations(), nil
			}
			// The solver's win goes back through a position already seen,
			// which a player who never repeats a position cannot use (a
			// card to a cell, and back): play on by the base policy.
		}
		if pl.cfg.Rollouts.Plan && !planned {
			planned = true
			plan, err = pl.guessPlan(ctx, q, src)
			if err != nil {
				return false, 0, err
			}
		}
		if len(plan) > 0 {
			m := plan[0]
			plan = plan[1:]
			next := q.Clone()
			next.Apply(m)
			if k := sample.Key(next.Hide()); !local[k] && !pl.seen[k] {
				if q.Reveals(m) != rules.NoCard {
					plan, planned = nil, false
				}
				local[k] = true
				q = next
				continue
			}
			plan = nil
		}
		buf = rules.LegalMoves(q, pl.opts, buf[:0])
		if len(buf) > 0 && buf[0].To.Kind == rules.Foundation {
			if q.Reveals(buf[0]) != rules.NoCard {
				planned = false
			}
			q.Apply(buf[0])
			clear(local) // no position before it can come again
			continue
		}
		buf = slices.DeleteFunc(buf, func(m rules.Move) bool { return m.From.Kind == rules.Foundation })
		slices.SortStableFunc(buf, func(a, b rules.Move) int { return cmp.Compare(greedyRank(q, a), greedyRank(q, b)) })
		moved := false
		for _, m := range buf {
			if q.Reveals(m) != rules.NoCard {
				planned = false
			}
			next := q.Clone()
			next.Apply(m)
			k := sample.Key(next.Hide())
			if local[k] || pl.seen[k] {
				continue
			}
			local[k] = true
			q, moved = next, true
			break
		}
		if !moved {
			return false, q.OnFoundations(), nil
		}
	}
	return false, q.OnFoundations(), nil
}

// faceDown counts the face-down cards of p.
func faceDown(p *rules.Position) int {
	n := 0
	for _, t := range p.Tableau {
		n += len(t.Down)
	}
	return n
}

// endSearch returns the player's solver for the exact searches that end
// its rollouts: one worker, a small table, a node budget.
func (pl *Player) endSearch() *solver.Solver {
	if pl.end == nil {
		cfg := pl.cfg.Solver
		cfg.Workers = 1
		cfg.MemoryMB = 128
		cfg.MaxNodes = rolloutNodes
		pl.end = solver.New(pl.game, cfg)
	}
	return pl.end
}

// guessPlan draws one arrangement of the cards that q's player has not seen
// (q.Hide's unseen cards, shuffled by src), and returns the solver's
// winning line in it, or nil when it has none.
func (pl *Player) guessPlan(ctx context.Context, q *rules.Position, src *rand.PCG) ([]rules.Move, error) {
	view := q.Hide()
	cards := view.Unseen()
	r := rand.New(src)
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	res, err := pl.endSearch().SolveTrusted(ctx, view.Fill(cards))
	if err != nil || res.Verdict != solver.Solvable {
		return nil, err
	}
	return res.Moves, nil
}

// freshLine reports whether the winning line moves, played from q, reaches
// no position already seen: in the game (pl.seen) or in the rollout
// (local), up to the order of columns and cells, as the player sees it.
func (pl *Player) freshLine(q *rules.Position, moves []rules.Move, local map[string]bool) bool {
	p := q.Clone()
	for _, m := range moves {
		p.Apply(m)
		if k := sample.Key(p.Hide()); local[k] || pl.seen[k] {
			return false
		}
	}
	return true
}
