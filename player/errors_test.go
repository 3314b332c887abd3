package player_test

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestErrorsListed: New, Next, Play, LocateLoss and ParseKind fail with
// the sentinels and types that player's package comment lists, one row
// each, and the list leaves out none the package declares
// (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	scfg, ctx := solver.Config{Workers: 1}, context.Background()
	start := testgames.Deal(rules.RussianCell, 617)
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "*rules.ConfigError", Match: testgames.As[*rules.ConfigError](), Words: "player.Config.Kind is player(9): want 0 (Default), Sampled or Greedy",
			Provoke: func(*testing.T) error { _, err := player.New(rules.RussianCell, player.Config{Kind: 9}); return err }},
		{Name: "rules.ErrNoGame", Match: testgames.Is(rules.ErrNoGame), Words: "unknown game game(0): use russian-cell or ripple-fan",
			Provoke: func(*testing.T) error { _, err := player.New(0, player.Config{}); return err }},
		{Name: "ErrPeek", Match: testgames.Is(player.ErrPeek),
			Provoke: func(*testing.T) error {
				pl, err := player.New(rules.RussianCell, player.Config{Kind: player.Greedy})
				if err != nil {
					return err
				}
				_, _, err = pl.Next(ctx, start)
				return err
			}},
		{Name: "solver.ErrWrongGame", Match: testgames.Is(solver.ErrWrongGame), Words: "the player plays russian-cell, the position is ripple-fan",
			Provoke: func(*testing.T) error {
				pl, err := player.New(rules.RussianCell, player.Config{Kind: player.Greedy})
				if err != nil {
					return err
				}
				_, _, err = pl.Next(ctx, testgames.Deal(rules.RippleFan, 5))
				return err
			}},
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](),
			Provoke: func(*testing.T) error {
				_, err := player.Play(ctx, rules.NewPosition(rules.RussianCell), player.Config{Kind: player.Greedy})
				return err
			}},
		{Name: "rules.ErrUnknownCards", Match: testgames.Is(rules.ErrUnknownCards),
			Provoke: func(*testing.T) error {
				_, err := player.LocateLoss(ctx, start.Hide(), nil, scfg)
				return err
			}},
		{Name: "*rules.MoveError", Match: testgames.As[*rules.MoveError](), Words: "8D cannot go on 6C, only on 9D",
			Provoke: func(*testing.T) error {
				_, err := player.LocateLoss(ctx, start, []rules.Move{rules.MustMove("8D t2>t1")}, scfg)
				return err
			}},
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: `unknown player "chess": use sampled or greedy`,
			Provoke: func(*testing.T) error { _, err := player.ParseKind("chess"); return err }},
		{Name: "*RemovedError", Match: testgames.As[*player.RemovedError](),
			Provoke: func(*testing.T) error { _, err := player.ParseKind("rollout"); return err }},
	})
}
