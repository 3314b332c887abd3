package sample_test

import (
	"context"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// TestErrorsListed: the package comment's section "Errors" lists every
// error the package declares (none of its own), and each it lists is
// provoked here and matched with errors.As (testgames.CheckErrors), in its
// words where a row gives them.
func TestErrorsListed(t *testing.T) {
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "*rules.InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](),
			Provoke: func(*testing.T) error {
				_, err := sample.Estimate(context.Background(), rules.NewPosition(rules.RussianCell), sample.Config{})
				return err
			}},
		{Name: "*rules.MoveError", Match: testgames.As[*rules.MoveError](), Words: "move 1 (8D t2>t1): 8D cannot go on 6C, only on 9D",
			Provoke: func(*testing.T) error {
				_, err := sample.AddSeen(nil, start, []rules.Move{rules.MustMove("8D t2>t1")})
				return err
			}},
	})
}
