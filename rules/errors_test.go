package rules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
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

// TestErrorsListed provokes each error of the section "Errors" of
// rules' package comment: the refusal of no game, of text that is no
// move, of an illegal move, of positions and documents that do not
// hold together. testgames.CheckErrors also fails for a sentinel or an
// error type that the section leaves out.
func TestErrorsListed(t *testing.T) {
	rc := func() *rules.Position { return dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)) }
	noGame := func() *rules.Position { p := rc(); p.Game = 0; return p }
	wrongLayout := func() *rules.Position { p := rc(); p.Tableau = make([]rules.Pile, 13); return p }
	results := `{"patience":"results","version":1,"game":"ripple-fan"}`
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "ErrNoGame", Match: testgames.Is(rules.ErrNoGame), Words: "unknown game game(0): use russian-cell or ripple-fan",
			Provoke: func(*testing.T) error { _, err := rules.NewVariant(0, rules.Options{}); return err }},
		{Name: "*ParseError", Match: testgames.As[*rules.ParseError](), Words: `bad move "5C t3>t14": unknown location "t14": use t1..t13, c1, c2 or f`,
			Provoke: func(*testing.T) error { _, err := rules.ParseMove("5C t3>t14"); return err }},
		{Name: "*MoveError", Match: testgames.As[*rules.MoveError](), Words: "move 1 (8D t2>t1): 8D cannot go on 6C, only on 9D",
			Provoke: func(*testing.T) error {
				_, err := rules.Replay(rc(), rules.DefaultOptions(), []rules.Move{rules.MustMove("8D t2>t1")})
				return err
			}},
		{Name: "Problems", Match: testgames.As[rules.Problems](),
			Provoke: func(*testing.T) error { return rules.Validate(rules.NewPosition(rules.RussianCell)) }},
		{Name: "*LayoutMismatch", Match: testgames.As[*rules.LayoutMismatch](), Words: "labelled russian-cell but holds a ripple-fan layout (13 piles)",
			Provoke: func(*testing.T) error { return rules.Validate(wrongLayout()) }},
		{Name: "*InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](),
			Provoke: func(*testing.T) error { return rules.CheckPosition(noGame()) }},
		{Name: "*InvalidPositionError", Match: testgames.As[*rules.InvalidPositionError](), Words: "invalid position: no position",
			Provoke: func(*testing.T) error { _, err := rules.Replay(nil, rules.DefaultOptions(), nil); return err }},
		{Name: "*WrongDocumentError", Match: testgames.As[*rules.WrongDocumentError](), Words: "this is a results file of patience stats, not a position",
			Provoke: func(*testing.T) error { _, _, err := rules.ReadPosition(strings.NewReader(results)); return err }},
		{Name: "*ConfigError", Match: testgames.As[*rules.ConfigError](), Words: "solver.Config.Workers is -1: want 0 (the default) or more",
			Provoke: func(*testing.T) error { return solver.Config{Workers: -1}.Check() }},
		{Name: "ErrUnknownCards", Match: testgames.Is(rules.ErrUnknownCards),
			Provoke: func(*testing.T) error { return rc().Hide().NeedKnown("an exact search") }},
		{Name: "*UnknownCardsError", Match: testgames.As[*rules.UnknownCardsError](), Words: "an exact search needs every card known, but 21 face-down cards are unknown (??)",
			Provoke: func(*testing.T) error { return rc().Hide().NeedKnown("an exact search") }},
		{Name: "ErrNotSolvitaire", Match: testgames.Is(rules.ErrNotSolvitaire),
			Provoke: func(*testing.T) error {
				p := rc()
				p.Apply(rules.MustMove("4H t7>c1"))
				_, err := rules.MarshalSolvitaire(p)
				return err
			}},
	})
}
