package sample_test

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// TestErrorsListed: sample returns package rules' errors, as its package
// comment lists them: an invalid position, and AddSeen's illegal move
// with its number (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "*rules.ConfigError", Match: testgames.As[*rules.ConfigError](), Words: "sample.Config.Samples is -5: want 0 (DefaultSamples) or more",
			Provoke: func(*testing.T) error {
				_, err := sample.Estimate(context.Background(), testgames.Deal(rules.RussianCell, 617).Hide(), sample.Config{Samples: -5})
				return err
			}},
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](),
			Provoke: func(*testing.T) error {
				_, err := sample.Estimate(context.Background(), rules.NewPosition(rules.RussianCell), sample.Config{})
				return err
			}},
		{Name: "*rules.MoveError", Match: testgames.As[*rules.MoveError](), Words: "move 1 (8D t2>t1): 8D cannot go on 6C, only on 9D",
			Provoke: func(*testing.T) error {
				start := testgames.Deal(rules.RussianCell, 617)
				_, err := sample.AddSeen(nil, start, []rules.Move{rules.MustMove("8D t2>t1")})
				return err
			}},
	})
}
