package rules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// TestTypedErrors checks that callers can tell the errors apart by type
// (errors.Is and As), and that no library error names a command-line flag.
func TestTypedErrors(t *testing.T) {
	results := `{"patience":"results","version":1,"game":"ripple-fan"}`
	_, _, err := rules.ReadPosition(strings.NewReader(results))
	var wd *rules.WrongDocumentError
	if !errors.As(err, &wd) || wd.Got != rules.ResultsDocument || wd.Want != rules.PositionDocument ||
		err.Error() != "this is a results file of patience stats, not a position" {
		t.Errorf("a results file read as a position: %#v", err)
	}
	pos := string(rules.MarshalPosition(dealgen.Deal(rules.RussianCell, dealgen.FromUint64(1)), ""))
	_, err = rules.ReadSolution(strings.NewReader(pos))
	if !errors.As(err, &wd) || wd.Got != rules.PositionDocument || wd.Want != rules.SolutionDocument {
		t.Errorf("a position read as a solution: %#v", err)
	}

	hidden := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(1)).Hide()
	_, err = rules.MarshalSolvitaire(hidden)
	var uc *rules.UnknownCardsError
	if !errors.Is(err, rules.ErrUnknownCards) || !errors.As(err, &uc) || uc.Count != 21 {
		t.Errorf("Solvitaire of a hidden position: %#v", err)
	}
	played := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	played.Apply(rules.MustMove("4H t7>c1"))
	_, err = rules.MarshalSolvitaire(played)
	if !errors.Is(err, rules.ErrNotSolvitaire) || errors.Is(err, rules.ErrUnknownCards) {
		t.Errorf("Solvitaire of a position with a card in a cell: %#v", err)
	}
	if err != nil && strings.Contains(err.Error(), "--") {
		t.Errorf("the error names a flag: %q", err)
	}
}
