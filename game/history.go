package game

import (
	"fmt"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// SeenAlong adds to seen (a new set when nil) the positions of the game
// played from start with moves, the start among them, as a hint or a
// player knows them (the face-down cards hidden), and returns it: the
// Seen of a Request. It refuses what sample.AddSeen refuses.
func SeenAlong(seen map[string]bool, start *rules.Position, moves []rules.Move) (map[string]bool, error) {
	return sample.AddSeen(seen, start, moves)
}

// SeenOf returns the Seen of a Request for the positions of a game, the
// one on screen, p, among them: each must be of p's game
// (solver.ErrWrongGame otherwise). A nil p is refused with ErrNoPosition,
// and a nil position of history too.
func SeenOf(p *rules.Position, history []*rules.Position) (map[string]bool, error) {
	if p == nil {
		return nil, ErrNoPosition
	}
	seen := map[string]bool{sample.Key(p.Hide()): true}
	for i, q := range history {
		if q == nil {
			return nil, fmt.Errorf("history position %d: %w", i+1, ErrNoPosition)
		}
		if q.Game != p.Game {
			return nil, &historyGameError{at: i + 1, got: q.Game, want: p.Game}
		}
		seen[sample.Key(q.Hide())] = true
	}
	return seen, nil
}

// historyGameError is the refusal of a position of history, the at-th,
// of another game than the position on screen: it matches
// solver.ErrWrongGame.
type historyGameError struct {
	at        int
	got, want rules.Game
}

func (e *historyGameError) Error() string {
	return fmt.Sprintf("history position %d is a position of %s, not %s", e.at, e.got, e.want)
}

func (e *historyGameError) Unwrap() error { return solver.ErrWrongGame }
