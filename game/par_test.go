package game_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestHandMoves: a win of 617 counts as many moves by hand as it has
// moves that are not safe automatic ones, counted here one by one; the
// automatic moves alone count none; an illegal move is refused.
func TestHandMoves(t *testing.T) {
	start := testgames.Deal(rules.RussianCell, 617)
	res, err := solver.Solve(context.Background(), start, solver.Config{Workers: 1})
	if err != nil || res.Verdict != solver.Solvable {
		t.Fatal(res.Verdict, err)
	}
	want, autos := 0, 0
	q := start.Clone()
	for _, m := range res.Moves {
		first := rules.SafeAutoMoves(q)
		if len(first) > 0 && first[0] == m {
			autos++
		} else if !contains(first, m) {
			want++
		}
		q.Apply(m)
	}
	got, err := game.HandMoves(start, res.Moves)
	if err != nil || got != want || autos == 0 || got >= len(res.Moves) {
		t.Errorf("HandMoves = %d, %v; want %d of %d moves (%d automatic first)", got, err, want, len(res.Moves), autos)
	}
	// Where the line first has safe automatic moves, they alone count
	// none.
	p := start.Clone()
	for _, m := range res.Moves {
		if len(rules.SafeAutoMoves(p)) > 0 {
			break
		}
		p.Apply(m)
	}
	if auto := rules.SafeAutoMoves(p); len(auto) == 0 {
		t.Error("no safe automatic move along the win")
	} else if n, err := game.HandMoves(p, auto); n != 0 || err != nil {
		t.Errorf("the %d automatic moves count %d, %v", len(auto), n, err)
	}
	_, err = game.HandMoves(start, []rules.Move{res.Moves[0], rules.MustMove("8D t2>t1")})
	var me *rules.MoveError
	if !errors.As(err, &me) || me.Index != 2 || !strings.HasPrefix(err.Error(), "move 2 (8D t2>t1): ") {
		t.Errorf("an illegal second move: %v", err)
	}
}

func contains(ms []rules.Move, m rules.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
