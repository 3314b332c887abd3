package game_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestErrorsListed: the operations of game refuse what they cannot take
// with the sentinels and types its package comment lists, a row each
// (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	illegal := []rules.Move{rules.MustMove("8D t2>t1")}
	start, ctx := testgames.Deal(rules.RussianCell, 617), context.Background()
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "ErrNoPosition", Match: testgames.Is(game.ErrNoPosition),
			Provoke: func(*testing.T) error { _, err := game.GetHint(ctx, game.Request{}); return err }},
		{Name: "solver.ErrWrongGame", Match: testgames.Is(solver.ErrWrongGame), Words: "history position 1 is a position of ripple-fan, not russian-cell",
			Provoke: func(*testing.T) error {
				_, err := game.SeenOf(start, []*rules.Position{testgames.Deal(rules.RippleFan, 5)})
				return err
			}},
		{Name: "rules.ErrNoGame", Match: testgames.Is(rules.ErrNoGame), Words: "this build has no catalogue of the game's deals to pick from",
			Provoke: func(*testing.T) error { _, err := game.RandomDeal(0, true, catalogue.NoDifficulty, 1); return err }},
		{Name: "ErrNoCatalogue", Match: testgames.Is(game.ErrNoCatalogue),
			Provoke: func(*testing.T) error { _, err := game.RandomDeal(0, true, catalogue.NoDifficulty, 1); return err }},
		{Name: "rules.ErrNoGame", Match: testgames.Is(rules.ErrNoGame),
			Provoke: func(*testing.T) error { _, err := game.DailyDeal(0, time.Now()); return err }},
		{Name: "catalogue.ErrNoDifficulty", Match: testgames.Is(catalogue.ErrNoDifficulty),
			Words: "a Ripple Fan deal has no difficulty: every card is face up, so a player who does not peek sees them all",
			Provoke: func(*testing.T) error {
				_, err := game.RandomDeal(rules.RippleFan, true, catalogue.Hard, 1)
				return err
			}},
		{Name: "*rules.ConfigError", Match: testgames.As[*rules.ConfigError](), Words: "sample.Config.Samples is -5: want 0 (DefaultSamples) or more",
			Provoke: func(*testing.T) error {
				_, err := game.GetHint(ctx, game.Request{Position: start.Hide(), Samples: -5})
				return err
			}},
		{Name: "*SamplesError", Match: testgames.As[*game.SamplesError](),
			Provoke: func(*testing.T) error { return game.CheckSamples(0) }},
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](),
			Provoke: func(*testing.T) error {
				_, err := game.Search(ctx, rules.NewPosition(rules.RussianCell), solver.Config{Workers: 1})
				return err
			}},
		{Name: "*rules.MoveError", Match: testgames.As[*rules.MoveError](), Words: "move 1 (8D t2>t1): 8D cannot go on 6C, only on 9D",
			Provoke: func(*testing.T) error { _, err := game.SeenAlong(nil, start, illegal); return err }},
		{Name: "rules.Problems", Match: testgames.As[rules.Problems](),
			Provoke: func(*testing.T) error {
				_, _, err := game.ReadPosition(strings.NewReader(`{"game":"chess"}`))
				return err
			}},
		{Name: "*rules.WrongDocumentError", Match: testgames.As[*rules.WrongDocumentError](),
			Provoke: func(*testing.T) error {
				_, err := game.ReadRecord(strings.NewReader(string(rules.MarshalPosition(start, "617"))))
				return err
			}},
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](),
			Provoke: func(*testing.T) error { _, err := game.ParseKind("memo"); return err }},
	})
}

// TestLibrariesListErrors: the package comment of every library has a
// section "Errors", and a test of the package holds it to its errors with
// testgames.CheckErrors, which provokes each.
func TestLibrariesListErrors(t *testing.T) {
	for _, ld := range libraryDocs(t) {
		name := ld.pkg.Name
		if _, ok := testgames.ListedErrors(ld.pkg.Doc); !ok {
			t.Errorf("package %s: its package comment has no section \"# Errors\"", name)
		}
		tests, err := filepath.Glob(filepath.Join("..", name, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		checked := false
		for _, path := range tests {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checked = checked || strings.Contains(string(b), "testgames.CheckErrors(t, \".\",")
		}
		if !checked {
			t.Errorf("package %s: no test calls testgames.CheckErrors on its list of errors", name)
		}
	}
}
