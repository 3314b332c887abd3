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

	// A review (patience review --format json) is a document of the
	// application: refused by its kind.
	review := `{"patience":"review","version":3,"game":"russian-cell","number":"617","verdict":"solvable","moves":[{"move":"JH t2>t3","after":"solvable"}],"won":false,"lost":true}`
	for _, read := range []func() error{
		func() error { _, err := rules.ReadMoveFile(strings.NewReader(review)); return err },
		func() error { _, err := rules.ReadSolution(strings.NewReader(review)); return err },
		func() error { _, _, err := rules.ReadPosition(strings.NewReader(review)); return err },
	} {
		if err := read(); !errors.As(err, &wd) || wd.Got != 0 || wd.Kind != "review" {
			t.Errorf("a review read as another document: %#v", err)
		}
	}
	// A solution without "won" is still a solution.
	if mf, err := rules.ReadMoveFile(strings.NewReader(`{"game":"russian-cell","number":"617","verdict":"solvable","rules":{"returns":true},"moves":[{"card":"JH","from":"t2","to":"t3"}],"nodes":1,"seconds":0}`)); err != nil || mf.Solution == nil || len(mf.Moves) != 1 {
		t.Errorf("a solution read as a move file: %+v, %v", mf, err)
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
