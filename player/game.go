package player

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/patience-solver/patience/rules"
)

// PlayedGame is a game played by a player from a start position.
type PlayedGame struct {
	// Start is the true start position, every card known; End the true
	// position at the end.
	Start, End *rules.Position
	Moves      []Decision
	Won        bool
	// Ended says why the game ended: "won", "no card can move" (but back
	// from a foundation, which the players never do), "no move leads to
	// a position not yet seen", or "stopped" (the context ended first:
	// End is then the position reached).
	Ended   string
	Elapsed time.Duration
}

// NoWin returns the numbers (from 1) of the moves at which the sampled
// player found that none of the arrangements it rated could be won, and
// so played by the greedy rule (How Hopeless, with the zero share in
// Rating). The Hopeless moves after each, until a card turned up (or to
// the end, when the zero was exact), have no rating.
func (g *PlayedGame) NoWin() []int {
	var out []int
	for i, d := range g.Moves {
		if d.How == Hopeless && d.Rating.Total() > 0 {
			out = append(out, i+1)
		}
	}
	return out
}

// MoveList returns the moves played.
func (g *PlayedGame) MoveList() []rules.Move {
	ms := make([]rules.Move, len(g.Moves))
	for i, d := range g.Moves {
		ms[i] = d.Move
	}
	return ms
}

// Play plays one game from start, which must have every card known. It is
// the game driver: the player is shown only start.Hide() after each move,
// and face-down cards turn up only as moves uncover them. Every move is
// checked by the referee before it is played. A start that fails
// rules.Validate is refused with a *rules.InvalidPositionError; the
// positions the moves reach are not checked again.
//
// When ctx ends, Play returns ctx's error with the game as far as it got
// (End the position then, Won false, Ended "stopped").
func Play(ctx context.Context, start *rules.Position, cfg Config) (*PlayedGame, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if err := rules.CheckPosition(start); err != nil {
		return nil, err
	}
	if err := start.NeedKnown("playing a game"); err != nil {
		return nil, err
	}
	t0 := time.Now()
	pl, err := New(start.Game, cfg)
	if err != nil {
		return nil, err
	}
	truth := start.Clone()
	g := &PlayedGame{Start: start}
	for {
		d, ok, err := pl.next(ctx, truth.Hide())
		if ctx.Err() != nil {
			g.End, g.Ended, g.Elapsed = truth, "stopped", time.Since(t0)
			return g, ctx.Err()
		}
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if err := rules.Check(truth, pl.opts, d.Move); err != nil {
			return nil, fmt.Errorf("the player chose an illegal move %v: %v", d.Move, err)
		}
		truth.Apply(d.Move)
		g.Moves = append(g.Moves, d)
	}
	g.End, g.Won = truth, truth.Won()
	switch {
	case g.Won:
		g.Ended = "won"
	case !slices.ContainsFunc(rules.LegalMoves(truth, pl.opts, nil), func(m rules.Move) bool { return m.From.Kind != rules.Foundation }):
		g.Ended = "no card can move"
	default:
		g.Ended = "no move leads to a position not yet seen"
	}
	g.Elapsed = time.Since(t0)
	return g, nil
}
