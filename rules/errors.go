package rules

import (
	"errors"
	"fmt"
)

// ErrNoGame matches (with errors.Is) every refusal of a Game that is
// neither RussianCell nor RippleFan, the zero Game among them: that of
// NewVariant, Validate, Check and Replay here, and of the solvers,
// players and runs of the packages above, whatever their words.
var ErrNoGame = errors.New("no game")

// noGameError is the refusal of NewVariant and Validate of a game that is
// no game: its words, ErrNoGame for errors.Is, and for errors.As the
// Problems of one line that Validate returned before it matched ErrNoGame.
type noGameError struct{ game Game }

func (e *noGameError) Error() string {
	return fmt.Sprintf("unknown game %v: use russian-cell or ripple-fan", e.game)
}

func (e *noGameError) Unwrap() error { return ErrNoGame }

func (e *noGameError) As(target any) bool {
	ps, ok := target.(*Problems)
	if ok {
		*ps = Problems{e.Error()}
	}
	return ok
}

// ParseError is the error of every ParseX function of the libraries
// (ParseGame, ParseCard, ParseMove and the others here, and those of
// dealgen, solver, player, catalogue, batch and game) given text that is
// not an X. errors.As finds it, with what the text was to be and the text
// itself; its words are Err's.
type ParseError struct {
	// What is what the text was to be read as: "game", "card", "move",
	// "deal number", "deals", "shard" and so on.
	What string
	// Input is the text as given (empty for catalogue.Parse, which reads
	// the bytes of a whole file).
	Input string
	// Err says why the text is not one, in the words Error returns. Through
	// it errors.As and errors.Is find a more precise error where there is
	// one: a *dealgen.NumberError, the *ParseError of a move's card or
	// place, solver.ErrBadReason.
	Err error
}

// Error returns Err's words, such as `unknown card "1X": bad rank`.
func (e *ParseError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("bad %s %q", e.What, e.Input)
	}
	return e.Err.Error()
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// parseError is the *ParseError of text s that is not a what, in the
// words of format and args.
func parseError(what, s, format string, args ...any) error {
	return &ParseError{What: what, Input: s, Err: fmt.Errorf(format, args...)}
}
