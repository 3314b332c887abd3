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

// TestCheck: each case of a check, from a solution of deal 617 and the
// lost game of testgames, and the words of each.
func TestCheck(t *testing.T) {
	start, lost := testgames.Lost617(t)
	res, err := solver.Solve(context.Background(), start, solver.Config{})
	if err != nil || res.Verdict != solver.Solvable {
		t.Fatalf("617: %v, %v", res.Verdict, err)
	}
	win := res.Solution(start, "617", rules.DefaultOptions())
	sol := func(edit func(s *rules.Solution)) *game.Record {
		s := *win
		s.Moves = append([]rules.Move(nil), win.Moves...)
		edit(&s)
		return &game.Record{Solution: &s}
	}
	played := func(outcome string, moves []rules.Move) *game.Record {
		r := sol(func(s *rules.Solution) { s.Moves = moves })
		r.Play = &game.PlayRecord{Player: "greedy", Outcome: outcome}
		if outcome == game.OutcomeStopped {
			r.Play.Signal = "SIGINT"
		}
		return r
	}
	n := len(win.Moves)
	for _, c := range []struct {
		name string
		rec  *game.Record
		want game.CheckCase
		line string
	}{
		{"a win", sol(func(*rules.Solution) {}), game.CheckWins, "valid: wins in "},
		{"an illegal move", sol(func(s *rules.Solution) { s.Moves[0], s.Moves[1] = s.Moves[1], s.Moves[0] }), game.CheckIllegal, "invalid: move "},
		{"no win", sol(func(s *rules.Solution) { s.Moves = s.Moves[:n-1] }), game.CheckNoWin, "without a win"},
		{"a win, said unknown", sol(func(s *rules.Solution) { s.Verdict = rules.VerdictUnknown }), game.CheckWinAgainstVerdict, "but the verdict says unknown"},
		{"unsolvable, no moves", sol(func(s *rules.Solution) { s.Verdict, s.Moves = rules.VerdictUnsolvable, nil }), game.CheckNoMoves, "nothing to check: the verdict is unsolvable"},
		{"a lost game", played(game.OutcomeLost, lost), game.CheckLost, "nothing to check: a lost game"},
		{"a stopped game", played(game.OutcomeStopped, lost), game.CheckStopped, "stopped by SIGINT"},
		{"a lost game that wins", played(game.OutcomeLost, win.Moves), game.CheckWinAgainstOutcome, "but the outcome says lost"},
		{"a won game", played(game.OutcomeWon, win.Moves), game.CheckWins, "valid: wins in "},
	} {
		got, err := game.Check(c.rec)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got.Case != c.want || got.Valid() != (c.want == game.CheckWins) || !strings.Contains(got.Line(), c.line) {
			t.Errorf("%s: %+v, %v; line %q, want case %d with %q", c.name, got, err, got.Line(), c.want, c.line)
		}
	}
}

// TestZeroChecked: the zero Checked is no verdict: not valid (its zero
// Case was CheckWins), "nothing checked"; and a record without a solution
// has no start, no check and no document.
func TestZeroChecked(t *testing.T) {
	var c game.Checked
	if c.Case != game.CheckNone || c.Valid() || c.Line() != "nothing checked" {
		t.Errorf("the zero Checked: case %v, valid %v, %q", c.Case, c.Valid(), c.Line())
	}
	for _, rec := range []*game.Record{nil, {}} {
		if _, err := rec.Start(); !errors.Is(err, game.ErrNoPosition) {
			t.Errorf("Start of %#v: %v", rec, err)
		}
		if c, err := game.Check(rec); c != nil || !errors.Is(err, game.ErrNoPosition) {
			t.Errorf("Check of %#v: %v, %v", rec, c, err)
		}
		if b := game.MarshalRecord(rec); b != nil {
			t.Errorf("MarshalRecord of %#v: %s", rec, b)
		}
	}
}
