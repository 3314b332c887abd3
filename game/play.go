package game

import (
	"context"
	"fmt"

	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// PlayOutcome is a game played by a player that does not see the
// face-down cards, and what it tells.
type PlayOutcome struct {
	// Game is the game: its moves, and whether it was won.
	Game *player.PlayedGame
	// Start is the search's result for the start position, with every
	// card known (as player.Loss.Start).
	Start solver.Result
	// LostAt is, for a lost game of a solvable start, the number of the
	// first move after which it could not be won; 0 when lost as dealt;
	// -1 when not known (won, or an unknown verdict).
	LostAt int
	// Nodes is the positions searched to find where the game was lost.
	Nodes int64
	// Why is review's judgement of the losing move (WhereWrong), once
	// Judge has made it; else nil.
	Why *player.Reviewed
	// Unfinished says that the context ended before the game did: Game
	// holds the moves made so far, and Start's verdict is unknown
	// (interrupted). A context that ends after the game, while the loss
	// is located, leaves the game finished and LostAt unknown (-1).
	Unfinished bool
}

// Play plays the game of p with the player pc, has the referee replay its
// moves, and for a loss finds where it was lost. A game the context stops
// is returned, as far as it went, with Unfinished set and the context's
// error.
func Play(ctx context.Context, p *rules.Position, pc player.Config) (*PlayOutcome, error) {
	gm, err := PlayOut(ctx, p, pc)
	if err != nil && gm != nil && ctx.Err() != nil {
		return &PlayOutcome{Game: gm, LostAt: -1, Unfinished: true,
			Start: solver.Result{Verdict: solver.Unknown, Reason: solver.StopReason{Kind: solver.Interrupted}}}, err
	}
	if err != nil {
		return nil, err
	}
	if _, err := rules.Replay(p, pc.Solver.Options, gm.MoveList()); err != nil {
		return nil, fmt.Errorf("the player's moves failed the referee: %v", err)
	}
	loss, err := player.LocateLoss(ctx, p, gm.MoveList(), pc.Solver)
	if err != nil && !Stopped(err) {
		return nil, err
	}
	o := &PlayOutcome{Game: gm, Start: loss.Start, LostAt: loss.LostAt, Nodes: loss.Nodes}
	if gm.Won {
		o.Start.Verdict = solver.Solvable // the game itself proves it
	}
	return o, err
}

// Judge sets o.Why, review's judgement of the losing move of the lost
// game o of p: for a player that rates its moves, and a game lost after
// a move. A judgement that cannot be made (a budget) leaves Why nil; so
// does a ctx that ends first, and Judge returns ctx's error then.
func (o *PlayOutcome) Judge(ctx context.Context, p *rules.Position, pc player.Config) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if o.Game == nil || o.LostAt <= 0 || pc.Kind == player.Greedy {
		return nil
	}
	rv, err := WhereWrong(ctx, Played{Start: p, Moves: o.Game.MoveList(), Solver: pc.Solver, Samples: pc.Samples, Seed: pc.Seed})
	if err == nil && rv.LostAt == o.LostAt {
		o.Why = rv
	}
	if Stopped(err) {
		return err
	}
	return nil
}

// PlayOut plays the game of p with the player pc to its end, and no more:
// no referee's replay, no search for where a loss happened (as a batch
// run plays each deal: batch.Config.Player).
func PlayOut(ctx context.Context, p *rules.Position, pc player.Config) (*player.PlayedGame, error) {
	return player.Play(ctx, p, pc)
}

// RecordOf says what a played game's record (PlayOutcome.Record) is of.
type RecordOf struct {
	// Number is the deal's number, "" for a position of its own.
	Number string
	// Start is where the game began, and Options the rules it was
	// played by.
	Start   *rules.Position
	Options rules.Options
	// Player is who played it.
	Player player.Config
	// WithPosition says that the record carries the start whole (a
	// position from a file, or one with no number).
	WithPosition bool
}

// Record is the game's play record (docs/formats.md, "Play records"): the
// solution document of the start, whose verdict is the start's with every
// card known and whose moves and effort are the game's, with the play's
// own fields (the player, the outcome, where it was lost, the share of
// each rated decision). An outcome without a game (the zero PlayOutcome),
// or a RecordOf without a Start, has none: nil.
func (o *PlayOutcome) Record(of RecordOf) *Record {
	gm, pc := o.Game, of.Player
	if gm == nil || of.Start == nil {
		return nil
	}
	sol := o.Start.Solution(of.Start, of.Number, of.Options)
	sol.Moves, sol.Forced, sol.Nodes, sol.Seconds = gm.MoveList(), 0, o.Nodes, gm.Elapsed.Seconds()
	if sol.Verdict != rules.VerdictUnknown {
		sol.Reason = ""
	}
	if of.WithPosition {
		sol.Position = of.Start
	}
	pl := &PlayRecord{Player: pc.Kind.String(), Outcome: OutcomeLost, Ended: gm.Ended, Shares: make([]*DecisionShare, len(gm.Moves))}
	if pc.Kind != player.Greedy {
		seed := pc.Seed
		pl.Samples, pl.Seed = pc.Samples, &seed
	}
	if gm.Won {
		pl.Outcome = OutcomeWon
	}
	if o.LostAt >= 0 {
		la := o.LostAt
		pl.LostAt = &la
	}
	for i, d := range gm.Moves {
		if d.How == player.Rated || d.How == player.Planned || d.Rating.Total() > 0 {
			pl.Shares[i] = &DecisionShare{Winnable: d.Rating.Winnable, Of: d.Rating.Decided(), Exhaustive: d.Exhaustive}
		}
	}
	return &Record{Solution: sol, Play: pl}
}
