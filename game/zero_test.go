package game_test

import (
	"context"
	"errors"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// TestZeroValues: the zero value of every exported config type of the
// libraries works as its documented default, or fails with its documented
// error; and the zero rules.Game, which is no game, is refused wherever a
// game is taken.
func TestZeroValues(t *testing.T) {
	ctx := context.Background()
	start := testgames.Deal(rules.RussianCell, 617)

	// Defaults.
	if res, err := solver.Solve(ctx, start, solver.Config{}); err != nil || res.Verdict != solver.Solvable {
		t.Errorf("solver.Config{}: %v, %v", res.Verdict, err)
	}
	one := start.Clone() // one face-down card unknown: one arrangement
	for i := range one.Tableau {
		if len(one.Tableau[i].Down) > 0 {
			one.Tableau[i].Down[0] = rules.UnknownCard
			break
		}
	}
	if sh, err := sample.Estimate(ctx, one, sample.Config{}); err != nil || !sh.Exhaustive || sh.Total() != 1 || sh.Seed != sample.DefaultSeed {
		t.Errorf("sample.Config{}: %+v, %v", sh, err)
	}
	if _, err := player.New(rules.RussianCell, player.Config{}); err != nil {
		t.Errorf("player.Config{}: %v", err)
	}
	var got []uint64
	_, _, err := batch.Find(ctx, batch.FindConfig{Game: rules.RippleFan, Solver: solver.Config{Workers: 1}}, func(r batch.Record) bool {
		u, _ := r.Number.Uint64()
		got = append(got, u)
		return len(got) < 2
	})
	if err != nil || len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("FindConfig{From: 0}: deals %v, %v; want 1 and 2", got, err)
	}
	if (rules.Options{}) != rules.DefaultOptions() {
		t.Error("rules.Options{} is not the default rules")
	}

	// Refusals.
	if _, err := game.GetHint(ctx, game.Request{}); !errors.Is(err, game.ErrNoPosition) {
		t.Errorf("game.Request{}: %v", err)
	}
	if _, err := game.Solve(ctx, game.Request{}); !errors.Is(err, game.ErrNoPosition) {
		t.Errorf("game.Request{} to Solve: %v", err)
	}
	var ip *rules.InvalidPositionError
	if _, err := game.Review(ctx, game.Played{}); !errors.As(err, &ip) {
		t.Errorf("game.Played{}: %v", err)
	}
	if _, err := batch.Open(batch.Config{}); err == nil {
		t.Error("batch.Config{}: opened")
	}
	deals, err := batch.ParseDeals("1-3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := batch.Open(batch.Config{Deals: deals}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("batch.Config without a game: %v", err)
	}
	if _, _, err := batch.Find(ctx, batch.FindConfig{}, func(batch.Record) bool { return false }); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("batch.FindConfig{}: %v", err)
	}

	// The zero Game: refused everywhere with an error that matches
	// rules.ErrNoGame, in each refusal's own words.
	var none rules.Game
	if _, err := rules.NewVariant(none, rules.Options{}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("rules.NewVariant of the zero Game: %v", err)
	}
	if err := rules.Validate(rules.NewPosition(none)); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("rules.Validate of a position of the zero Game: %v", err)
	}
	if _, err := solver.New(none, solver.Config{}).Solve(ctx, start); !errors.Is(err, solver.ErrWrongGame) || !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("a solver of the zero Game: %v", err)
	}
	p := start.Clone()
	p.Game = none
	if _, err := solver.New(none, solver.Config{}).SolveTrusted(ctx, p); !errors.Is(err, solver.ErrWrongGame) || !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("a solver of the zero Game, trusting a position of it: %v", err)
	}
	if _, err := solver.New(rules.RussianCell, solver.Config{}).SolveTrusted(ctx, p); !errors.Is(err, solver.ErrWrongGame) || !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("a solver of Russian Cell, trusting a position of the zero Game: %v", err)
	}
	if _, err := solver.Solve(ctx, p, solver.Config{}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("solver.Solve of a position of the zero Game: %v", err)
	}
	if _, err := player.New(none, player.Config{}); !errors.Is(err, rules.ErrNoGame) {
		t.Errorf("player.New of the zero Game: %v", err)
	}
	if _, err := rules.ParseGame(none.String()); err == nil {
		t.Errorf("the zero Game's name %q reads as a game", none)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("dealgen.Deal of the zero Game did not panic, as its doc says it does")
			}
		}()
		dealgen.Deal(none, dealgen.FromUint64(1))
	}()
}
