// Package player plays Russian Cell and Ripple Fan as a person at a card
// table must: without seeing the face-down cards.
//
// A Player is given, at each turn, the player's view of the position and
// nothing else: the face-up cards, the cells, the foundations, and how many
// cards lie face down in each column, every one of them
// rules.UnknownCard ("??", as rules.Position.Hide makes them). The cards not
// yet seen are then the cards shown nowhere (rules.Position.Unseen). Next
// refuses a position in which a face-down card is known, so a player cannot
// peek even by mistake. Play is the game driver: it holds the true position,
// shows the player its view, and turns face-down cards up only as moves
// uncover them.
//
// Two players:
//
//   - Sampled rates every legal move by the share of sampled arrangements
//     of the unseen cards in which a win still exists after it
//     (sample.RankMoves: perfect-information sampling, every move judged on
//     the same arrangements), and plays the best.
//   - Greedy is a baseline with no search. Its fixed rule plays, of the
//     moves to positions not yet seen: a move that turns up a face-down
//     card (from the column with the most face-down cards first); else a
//     card or group onto its same-suit successor in another column; else a
//     cell card to a column; else a King, or a group on a King, to an empty
//     column; else a column's top card to a cell. Ties go to the order of
//     rules.LegalMoves.
//
// Four other designs were measured against Sampled and removed, as none
// beat it on both fixed deal sets (Removed, and benchmarks/BENCHMARKS.md,
// which keeps their figures and the commits that measured them).
//
// Both players follow the same rules of play:
//
//   - a card that can go to its foundation goes there at once, unrated
//     (Blake & Gent, Theorem 1: such a move never loses a win);
//   - no card is ever played back from a foundation (a win never needs
//     one, and the automatic foundation move would undo it);
//   - no move leads to a position already seen in this game, up to the
//     order of columns and cells (sample.Key); where only one move leads
//     to a new position it is played unrated;
//   - a move that can be undone in one move (a cell card onto a column, a
//     card that sat on its successor to a cell) is rated by Leads, not by
//     its share: a win exists after it wherever one existed before it,
//     by undoing it, and a player who never repeats a position cannot use
//     that win; the arrangements whose win the solver begins with the move
//     are wins that go on from it. (On Russian Cell deals 1..500 with 10
//     samples this won 209 games where the plain share won 173: 64 deals
//     won only this way, 28 only the other, McNemar's chi-squared 14.1;
//     benchmarks/BENCHMARKS.md.) A cell card onto a column keeps its
//     share: that move never loses a win (it is the solver's CellHome
//     reduction, which solver.Pruning.NoCellHome turns off), so it needs no
//     discount.
//   - the game ends when it is won, or when no move leads to a position
//     not yet seen. A sampled player that finds no arrangement in which a
//     win still exists does not resign: it plays on by the greedy rule
//     (How Hopeless), without sampling, until a face-down card turns up,
//     and then rates its moves again, as the new card may make a win
//     possible that the arrangements drawn did not hold. When the zero
//     share is exact (so few cards unseen that every possible arrangement
//     of them was solved, or every card known and the position
//     unsolvable), no card can change it, and the greedy rule plays the
//     game out.
//
// Ties among moves of equal share go toward progress: to the move that
// begins the solver's win in the most arrangements (sample.MoveShare.Leads),
// then to a move that cannot be undone, then to the order of
// rules.LegalMoves. The rating and this order are sample.RankMoves's, the one
// rating core that hint, review and the web page use too, given the
// positions this player has seen. With every card known (no card
// face down, or none left) the share is exact, and the sampled player
// follows one winning line of the solver from that point: that line
// repeats no position, and no position seen before the last card turned
// up can be on it (each had a card face down that is now face up), so the
// player wins every winnable position.
//
// For a seed, a game is the same every time: each decision's arrangements
// are drawn with a seed made from Config.Seed and the move number.
//
// Concurrency: the package keeps no state that changes, and its functions
// read the positions and moves they are given without changing them (they
// play on copies), so Play, Review, FindLoss, LocateLoss and the others
// are safe to call from many goroutines at once, on the same position
// too. A Player is not: it remembers the positions of its one game, so
// its Next is for one goroutine at a time.
//
// # Errors
//
// Each failure a caller may tell apart has a sentinel, which errors.Is
// matches, or a type, which errors.As finds:
//
//   - *rules.ConfigError: a setting out of range (an unknown Kind, a
//     negative count of samples, a Judging.Margin outside 0 to 1, or a
//     Solver that solver.Config.Check refuses), before any work.
//   - rules.ErrNoGame: a player of no game (New of the zero rules.Game).
//   - ErrPeek: a view whose face-down cards are known (Player.Next).
//   - solver.ErrWrongGame: a view of another game than the player's
//     (Player.Next).
//   - *rules.InvalidPositionError: a position that fails rules.Validate
//     (Player.Next, Play, Review, FindLoss, LocateLoss).
//   - rules.ErrUnknownCards: a start with unknown face-down cards where
//     every card must be known (Play, Review, FindLoss, LocateLoss).
//   - *rules.MoveError: a move of a game that is not legal where it is
//     played (Review, FindLoss, LocateLoss).
//   - *rules.ParseError: a name that is no player's (ParseKind).
//   - *RemovedError: the name of a player that patience no longer offers,
//     in ParseKind's *rules.ParseError.
package player

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// Kind names a player.
type Kind uint8

// The players.
const (
	Sampled Kind = iota + 1
	Greedy
)

// Default is the player that `patience play` uses when none is named: the
// one that won the most Russian Cell deals without peeking, as measured in
// benchmarks/BENCHMARKS.md ("The no-peek players"). A new player becomes
// the default only when it beats it on the tuning set and on the held-out
// set (paired by deal, McNemar's exact p < 0.05).
const Default = Sampled

// Kinds returns the players, for help text: a new slice on each call.
func Kinds() []Kind { return []Kind{Sampled, Greedy} }

// String returns the player's name: "sampled" or "greedy".
func (k Kind) String() string {
	switch k {
	case Sampled:
		return "sampled"
	case Greedy:
		return "greedy"
	}
	return fmt.Sprintf("player(%d)", uint8(k))
}

// ParseKind reads a player's name. Its error is a *rules.ParseError, as
// every ParseX's is: for a player that patience no longer offers, its Err
// is a *RemovedError.
func ParseKind(s string) (Kind, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	switch name {
	case "sampled":
		return Sampled, nil
	case "greedy":
		return Greedy, nil
	}
	if e, ok := Removed(name); ok {
		return 0, &rules.ParseError{What: "player", Input: s, Err: e}
	}
	return 0, &rules.ParseError{What: "player", Input: s, Err: fmt.Errorf("unknown player %q: use sampled or greedy", s)}
}

// DecisionSamples is the sampled player's default number of arrangements
// per decision, chosen by measurement (benchmarks/BENCHMARKS.md, "The
// player"). On Russian Cell deals 1..500, 10, 50 and 200 samples won
// 41.8%, 44.0% and 46.2% of the games, at 0.31, 1.44 and 5.43 s of CPU a
// game; 200 won significantly more than 10 (paired), but is over the 3.5 s
// a game asked of the default. 50 is the largest count measured within it;
// on deals 1..2,000 it won 44.9% against 41.0% for 10 samples (paired:
// 243 deals won only with 50, 165 only with 10).
const DecisionSamples = 50

// Sampling is how the sampled player, and Review, rate the moves of one
// decision. The zero Sampling is the default.
type Sampling struct {
	// Samples is how many arrangements of the unseen cards are drawn for
	// each decision; 0 means DecisionSamples, this package's default for a
	// decision (not sample.DefaultSamples, which is for judging one
	// position).
	Samples int
	// Seed is the game's seed, from which each decision's draw is made;
	// 0 means sample.DefaultSeed.
	Seed uint64
	// Solver sets the rules, pruning and budgets of each arrangement's
	// search (MaxNodes and Timeout are per arrangement), and the totals
	// for a decision: Workers cores and MemoryMB, as in package sample.
	Solver solver.Config
}

// check refuses, with a *rules.ConfigError, a negative Samples or a
// Solver that solver.Config.Check refuses.
func (s Sampling) check() error {
	if s.Samples < 0 {
		return &rules.ConfigError{Field: "player.Sampling.Samples", Value: s.Samples, Want: "0 (DecisionSamples) or more"}
	}
	return s.Solver.Check()
}

// resolved returns s with its zero fields set to the defaults they mean.
func (s Sampling) resolved() Sampling {
	if s.Samples <= 0 {
		s.Samples = DecisionSamples
	}
	if s.Seed == 0 {
		s.Seed = sample.DefaultSeed
	}
	return s
}

// draw is the sample package's configuration for a decision drawn with
// seed.
func (s Sampling) draw(seed uint64) sample.Config {
	return sample.Config{Solver: s.Solver, Samples: s.Samples, Seed: seed}
}

// Config says how a player plays. The zero Config is the Default player
// with the default Sampling.
type Config struct {
	// Kind is the player (Sampled or Greedy); 0 means Default.
	Kind Kind
	// Sampling is the sampling of the sampled player. The greedy player
	// uses only Solver.Options, the rules.
	Sampling
}

// check refuses, with a *rules.ConfigError, an unknown Kind and a
// Sampling out of range.
func (c Config) check() error {
	if c.Kind != 0 && !slices.Contains(Kinds(), c.Kind) {
		return &rules.ConfigError{Field: "player.Config.Kind", Value: c.Kind, Want: "0 (Default), Sampled or Greedy"}
	}
	return c.Sampling.check()
}

func (c Config) options() rules.Options {
	return c.Solver.Options
}

// How says how a move was chosen.
type How uint8

// The ways a move is chosen.
const (
	// Automatic: a card to its foundation, played at once, unrated.
	Automatic How = iota + 1
	// Only: the one move that leads to a position not yet seen, unrated.
	Only
	// Rated: the best of the moves rated by sampling (Decision.Rating).
	Rated
	// Planned: with every card known, the next move of the solver's
	// winning line; the share is exactly 1.
	Planned
	// Rule: the greedy player's rule.
	Rule
	// Hopeless: the greedy rule's move, played by the sampled player when
	// none of the arrangements it rated can be won (see the package
	// comment). Rating holds the zero share of the decision that found
	// it; the moves after it until a card turns up have none.
	Hopeless
)

// String says how in a word: "auto", "only", "rated", "planned", "rule",
// "hopeless".
func (h How) String() string {
	switch h {
	case Automatic:
		return "auto"
	case Only:
		return "only"
	case Rated:
		return "rated"
	case Planned:
		return "planned"
	case Rule:
		return "rule"
	case Hopeless:
		return "hopeless"
	}
	return "?"
}

// Decision is one move a player made, and why.
type Decision struct {
	Move rules.Move // the move made
	How  How        // how the move was chosen
	// Rating is the move's share when How is Rated: in how many of the
	// sampled arrangements a win still exists after it.
	Rating sample.Tally
	// Exhaustive says that every arrangement of the unseen cards was
	// solved, so Rating is exact.
	Exhaustive bool
	// Rank is the move's place among the rated moves (1 = best), and
	// Choices how many moves led to a position not yet seen.
	Rank, Choices int
}

// ErrPeek is Next's error for a position whose face-down cards are known:
// a player sees only its view.
var ErrPeek = errors.New("the player is shown a known face-down card: it may see only the view, with every face-down card unknown (??)")

// Player chooses the moves of one game. It remembers the positions it has
// seen; use a new Player for each game.
type Player struct {
	cfg  Config
	game rules.Game
	opts rules.Options
	seen map[string]bool
	turn int // moves made so far

	// plan is a winning line of the solver from a position with every
	// card known, and keys the position before each of its moves.
	plan     []rules.Move
	planKeys []string

	// hopeless is the number of face-down cards when the sampled player
	// last found no arrangement that can be won, 0 when it has not or a
	// card has turned up since; lost says that the zero was exact.
	hopeless int
	lost     bool
}

// New returns a player for one game of g; cfg.Kind 0 is Default. It
// refuses an unknown game (the zero rules.Game among them), and a cfg out
// of range (an unknown Kind among them) with a *rules.ConfigError.
func New(g rules.Game, cfg Config) (*Player, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.Kind == 0 {
		cfg.Kind = Default
	}
	if _, err := rules.NewVariant(g, cfg.Solver.Options); err != nil {
		return nil, err
	}
	cfg.Sampling = cfg.Sampling.resolved()
	return &Player{cfg: cfg, game: g, opts: cfg.options(), seen: map[string]bool{}}, nil
}

// Next returns the move to play in view, the position as the player sees
// it, or ok false when the game is over for the player: won, or no move
// leads to a position not yet seen. Every face-down card of view must be
// unknown, rules.UnknownCard (ErrPeek otherwise), and view must be of the
// player's game (solver.ErrWrongGame otherwise); a view that fails rules.Validate is refused with a
// *rules.InvalidPositionError.
func (pl *Player) Next(ctx context.Context, view *rules.Position) (d Decision, ok bool, err error) {
	if err := rules.CheckPosition(view); err != nil {
		return d, false, err
	}
	return pl.next(ctx, view)
}

// wrongGameError is the refusal of a view of another game than the
// player's: it matches solver.ErrWrongGame.
type wrongGameError struct{ player, view rules.Game }

func (e *wrongGameError) Error() string {
	return fmt.Sprintf("the player plays %s, the position is %s", e.player, e.view)
}

func (e *wrongGameError) Unwrap() error { return solver.ErrWrongGame }

// next is Next for a view that Play made from a checked start by legal
// moves: it is not checked again.
func (pl *Player) next(ctx context.Context, view *rules.Position) (d Decision, ok bool, err error) {
	if view.Game != pl.game {
		return d, false, &wrongGameError{player: pl.game, view: view.Game}
	}
	for _, t := range view.Tableau {
		for _, c := range t.Down {
			if c != rules.UnknownCard {
				return d, false, ErrPeek
			}
		}
	}
	key := sample.Key(view)
	pl.seen[key] = true
	if view.Won() {
		return d, false, nil
	}
	cands := pl.candidates(view)
	defer func() {
		if ok {
			pl.turn++
		}
	}()
	switch {
	case len(cands) == 0:
		return d, false, nil
	case cands[0].To.Kind == rules.Foundation:
		return Decision{Move: cands[0], How: Automatic, Choices: len(cands)}, true, nil
	case len(cands) == 1:
		return Decision{Move: cands[0], How: Only, Choices: 1}, true, nil
	case pl.cfg.Kind == Greedy:
		return Decision{Move: greedyChoice(view, cands), How: Rule, Choices: len(cands)}, true, nil
	case pl.lost || pl.hopeless > 0 && view.Unknowns() == pl.hopeless:
		return Decision{Move: greedyChoice(view, cands), How: Hopeless, Choices: len(cands)}, true, nil
	}
	pl.hopeless = 0
	if view.Unknowns() == 0 {
		return pl.planned(ctx, view, key, cands)
	}
	return pl.rated(ctx, view, cands)
}

// candidates returns the legal moves of view that lead to a position not
// yet seen, returns left out, in the order of rules.LegalMoves
// (foundation moves first).
func (pl *Player) candidates(view *rules.Position) []rules.Move {
	var out []rules.Move
	for _, m := range rules.LegalMoves(view, pl.opts, nil) {
		if m.From.Kind == rules.Foundation {
			continue
		}
		if !pl.seen[sample.Key(after(view, m))] {
			out = append(out, m)
		}
	}
	return out
}

// after returns view after move m. A move that turns up an unknown card
// shows it as Unknown, face up: the key of such a position differs from
// every position seen, as a card is turned that was not before.
func after(view *rules.Position, m rules.Move) *rules.Position {
	q := view.Clone()
	q.Apply(m)
	return q
}

// rated rates the candidates by sampling, with the one rating core
// (sample.RankMoves, given the positions seen in this game), and returns the
// best.
func (pl *Player) rated(ctx context.Context, view *rules.Position, cands []rules.Move) (Decision, bool, error) {
	cfg := pl.cfg.draw(decisionSeed(pl.cfg.Seed, pl.turn))
	rt, err := sample.RankMoves(ctx, view, cfg, pl.seen)
	if err != nil {
		return Decision{}, false, err
	}
	if rt.Fresh() == 0 {
		// Rate ranks every legal move, so every candidate is among them;
		// should none be, play by the rule rather than claim a rating.
		return Decision{Move: greedyChoice(view, cands), How: Rule, Choices: len(cands)}, true, nil
	}
	best, ok := rt.Best()
	if !ok {
		if rt.Exhaustive {
			pl.lost = true
		} else {
			pl.hopeless = max(view.Unknowns(), 1)
		}
		return noWin(view, cands, sample.Tally{Unwinnable: rt.Total()}, rt.Exhaustive), true, nil
	}
	m := best.Move
	if !slices.Contains(cands, m) {
		// A twin the player may make, if the move itself is not (twins
		// lead to the same position, so this does not happen).
		if k := slices.IndexFunc(cands, func(c rules.Move) bool { return sample.SameMove(best.MoveShare, c) }); k >= 0 {
			m = cands[k]
		}
	}
	t := best.Tally
	if best.Score != best.Winnable {
		t = sample.Tally{Winnable: best.Score, Unwinnable: t.Decided() - best.Score, Unknown: t.Unknown}
	}
	return Decision{Move: m, How: Rated, Rating: t, Exhaustive: rt.Exhaustive, Rank: 1, Choices: len(cands)}, true, nil
}

// planned plays on the solver's winning line from a position with every
// card known, solving for one when the position is not on the line.
func (pl *Player) planned(ctx context.Context, view *rules.Position, key string, cands []rules.Move) (Decision, bool, error) {
	i := slices.Index(pl.planKeys, key)
	if i < 0 {
		res, err := solve(ctx, view, pl.cfg.Solver)
		if err != nil {
			return Decision{}, false, err
		}
		switch res.Verdict {
		case solver.Unsolvable:
			pl.lost = true
			return noWin(view, cands, sample.Tally{Unwinnable: 1}, true), true, nil
		case solver.Unknown:
			// No proof either way: play the first new move, as the
			// greedy player would.
			return Decision{Move: greedyChoice(view, cands), How: Rule, Choices: len(cands)}, true, nil
		}
		pl.plan = res.Moves
		pl.planKeys = pl.planKeys[:0]
		q := view.Clone()
		for _, m := range res.Moves {
			pl.planKeys = append(pl.planKeys, sample.Key(q))
			q.Apply(m)
		}
		i = 0
	}
	m := pl.plan[i]
	if !slices.Contains(cands, m) {
		// The line's move is to a cell or column other than the one
		// LegalMoves would name first for the same position; play the
		// candidate that leads to the same position.
		want := sample.Key(after(view, m))
		found := false
		for _, c := range cands {
			if sample.Key(after(view, c)) == want {
				m, found = c, true
				break
			}
		}
		if !found {
			// The line goes back to a position already seen (a line
			// found from a later position may): rate the moves instead,
			// exactly, as there is one arrangement.
			pl.planKeys = pl.planKeys[:0]
			return pl.rated(ctx, view, cands)
		}
	}
	return Decision{Move: m, How: Planned, Rating: sample.Tally{Winnable: 1}, Exhaustive: true, Rank: 1, Choices: len(cands)}, true, nil
}

// noWin is the decision where the sampled player finds that none of the
// arrangements it rated (t, all unwinnable) can be won: the greedy rule's
// move.
func noWin(view *rules.Position, cands []rules.Move, t sample.Tally, exact bool) Decision {
	return Decision{Move: greedyChoice(view, cands), How: Hopeless, Rating: t, Exhaustive: exact, Choices: len(cands)}
}

// solve decides a position with every card known, with one worker. It
// takes a position this package has checked, or reached by legal moves
// from one: it is not checked again. It is the one place this package
// calls the solver directly.
func solve(ctx context.Context, p *rules.Position, cfg solver.Config) (solver.Result, error) {
	cfg.Workers = 1
	return solver.New(p.Game, cfg).SolveTrusted(ctx, p)
}

// decisionSeed makes the seed of the draw at move number turn from the
// game's seed (SplitMix64's finaliser, so that nearby seeds and turns draw
// unrelated arrangements).
func decisionSeed(seed uint64, turn int) uint64 {
	z := seed + uint64(turn+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// greedyChoice is the greedy player's rule, applied to the candidates (all
// leading to new positions, foundation moves already played): the move
// with the lowest greedyRank, ties to the order of rules.LegalMoves.
func greedyChoice(view *rules.Position, cands []rules.Move) rules.Move {
	best, bestRank := cands[0], greedyRank(view, cands[0])
	for _, m := range cands[1:] {
		if r := greedyRank(view, m); r < bestRank {
			best, bestRank = m, r
		}
	}
	return best
}

// greedyRank orders the greedy player's moves, lowest first:
//
//  1. a move that turns up a face-down card, from the column with the
//     most face-down cards first;
//  2. a card or group onto its same-suit successor in another column;
//  3. a cell card to a column;
//  4. a King, or a group on a King, to an empty column;
//  5. a column's top card to a cell.
func greedyRank(view *rules.Position, m rules.Move) int {
	if view.Reveals(m) != rules.NoCard {
		return 100 - len(view.Tableau[m.From.Index].Down)
	}
	switch {
	case m.From.Kind == rules.Tableau && m.To.Kind == rules.Tableau && view.Tableau[m.To.Index].Top() != rules.NoCard:
		return 200
	case m.From.Kind == rules.Cell:
		return 300
	case m.To.Kind == rules.Tableau:
		return 400
	}
	return 500
}
