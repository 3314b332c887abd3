package solver_test

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestErrorsListed: a solver refuses another game's position, a solver of
// no game, an invalid position, unknown cards and a stop reason it never
// wrote with the errors its package comment lists, in their words where a
// row says them; testgames.CheckErrors fails for a sentinel the list
// leaves out.
func TestErrorsListed(t *testing.T) {
	cfg := solver.Config{Workers: 1}
	rc, rf := testgames.Deal(rules.RussianCell, 617), testgames.Deal(rules.RippleFan, 5)
	ctx := context.Background()
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "ErrWrongGame", Match: testgames.Is(solver.ErrWrongGame), Words: "wrong game: solver is for russian-cell, position is ripple-fan",
			Provoke: func(*testing.T) error { _, err := solver.New(rules.RussianCell, cfg).Solve(ctx, rf); return err }},
		{Name: "rules.ErrNoGame", Match: testgames.Is(rules.ErrNoGame), Words: "wrong game: a solver for game(0), which is no game (rules.RussianCell or rules.RippleFan)",
			Provoke: func(*testing.T) error { _, err := solver.New(0, cfg).Solve(ctx, rc); return err }},
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](),
			Provoke: func(*testing.T) error {
				_, err := solver.Solve(ctx, rules.NewPosition(rules.RussianCell), cfg)
				return err
			}},
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](), Words: "invalid position: no position",
			Provoke: func(*testing.T) error {
				_, err := solver.New(rules.RussianCell, cfg).SolveTrusted(ctx, nil)
				return err
			}},
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](), Words: "invalid position: russian cell position needs 7 columns and 2 cells",
			Provoke: func(*testing.T) error {
				p := rc.Clone()
				p.Tableau = p.Tableau[:6]
				_, err := solver.New(rules.RussianCell, cfg).SolveTrusted(ctx, p)
				return err
			}},
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](), Words: "invalid position: t1: ripple fan has no face-down cards",
			Provoke: func(*testing.T) error {
				p := rf.Clone()
				p.Tableau[0].Down, p.Tableau[0].Up = p.Tableau[0].Up[:1], p.Tableau[0].Up[1:]
				_, err := solver.New(rules.RippleFan, solver.Config{Workers: 1, Shortest: true}).SolveTrusted(ctx, p)
				return err
			}},
		{Name: "rules.ErrUnknownCards", Match: testgames.Is(rules.ErrUnknownCards),
			Provoke: func(*testing.T) error { _, err := solver.Solve(ctx, rc.Hide(), cfg); return err }},
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: `not a stop reason: "bored"`,
			Provoke: func(*testing.T) error { _, err := solver.ParseStopReason("bored"); return err }},
		{Name: "ErrBadReason", Match: testgames.Is(solver.ErrBadReason),
			Provoke: func(*testing.T) error { _, err := solver.ParseStopReason("bored"); return err }},
	})
}
