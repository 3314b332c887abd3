package player

import (
	"context"
	"errors"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// invalid returns positions that fail rules.Validate: an empty board, and
// a deal with one card twice (and another missing).
func invalid(g rules.Game) map[string]*rules.Position {
	dup := deal(g, 4)
	t := dup.Tableau[len(dup.Tableau)-1]
	t.Up[len(t.Up)-1] = dup.Tableau[0].Up[0]
	return map[string]*rules.Position{"empty board": rules.NewPosition(g), "duplicated card": dup}
}

func wantInvalid(t *testing.T, what string, err error) {
	t.Helper()
	var ip *rules.InvalidPositionError
	var ps rules.Problems
	if !errors.As(err, &ip) || !errors.As(err, &ps) || len(ps) == 0 {
		t.Errorf("%s: error %v (%T), want a *rules.InvalidPositionError holding rules.Problems", what, err, err)
	}
}

// Play, Review and Next refuse a position that fails
// rules.Validate with a *rules.InvalidPositionError: no game is played
// from an empty board, and no verdict given for it.
func TestInvalidPositionsRefused(t *testing.T) {
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		for name, p := range invalid(g) {
			what := g.String() + " " + name
			gm, err := Play(context.Background(), p, config(Greedy, 0))
			wantInvalid(t, "Play of "+what, err)
			if gm != nil {
				t.Errorf("Play of %s: a game of %d moves", what, len(gm.Moves))
			}
			rv, err := Review(context.Background(), p, nil, config(Sampled, 4).Sampling, Judging{})
			wantInvalid(t, "Review of "+what, err)
			if rv != nil {
				t.Errorf("Review of %s: a review", what)
			}
			pl, err := New(g, config(Greedy, 0))
			if err != nil {
				t.Fatal(err)
			}
			_, ok, err := pl.Next(context.Background(), p.Hide())
			wantInvalid(t, "Next of "+what, err)
			if ok {
				t.Errorf("Next of %s: a move", what)
			}
		}
	}
}
