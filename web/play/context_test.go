package play

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// TestHandleHonoursItsContext: every request that searches (solve, par,
// hint, review) runs with Handle's context, so a context cancelled, or
// past its deadline, stops it with the context's error; the same request
// with a context that never ends is answered.
func TestHandleHonoursItsContext(t *testing.T) {
	deal := rules.MarshalPosition(dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)), "617")
	start, lost := testgames.Lost617(t)
	lostStart, _ := json.Marshal(rules.NewPositionDoc(start, ""))
	var lostMoves []string
	for _, m := range lost {
		lostMoves = append(lostMoves, m.String())
	}
	requests := map[string]Request{
		"solve":          {Op: "solve", Position: deal, MaxNodes: 20000},
		"solve shortest": {Op: "solve", Position: deal, MaxNodes: 20000, Shortest: true},
		"hint, exact":    {Op: "hint", Position: deal, Next: true, MaxNodes: 20000},
		"hint, view":     {Op: "hint", Position: deal, Next: true, Hide: true, Samples: 2, MaxNodes: 20000},
		"can I win":      {Op: "hint", Position: deal, Hide: true, Samples: 2, MaxNodes: 20000},
		"par":            {Op: "par", Position: deal, MaxNodes: 20000},
		"review":         {Op: "review", Position: lostStart, Moves: lostMoves, Samples: 2, MaxNodes: 20000},
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	past, stop := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer stop()
	for name, r := range requests {
		for _, ctx := range []context.Context{cancelled, past} {
			a, err := Handle(ctx, r, nil)
			if !errors.Is(err, ctx.Err()) || !game.Stopped(err) {
				t.Errorf("%s with a context ended (%v): %v, answer %+v; want the context's error", name, ctx.Err(), err, a)
			}
		}
		if name == "review" || name == "par" {
			continue // a longer search, which other tests run
		}
		if _, err := Handle(context.Background(), r, nil); err != nil {
			t.Errorf("%s with a context that never ends: %v", name, err)
		}
	}
}
