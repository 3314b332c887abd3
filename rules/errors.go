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
