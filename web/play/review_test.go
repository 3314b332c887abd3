package play

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func TestReviewNamesTheLosingMove(t *testing.T) {
	start, moves := testgames.Lost617(t)
	pos, _ := json.Marshal(rules.NewPositionDoc(start, ""))
	var ms []string
	for _, m := range moves {
		ms = append(ms, m.String())
	}
	req, _ := json.Marshal(Request{Op: "review", Position: pos, Moves: ms, Samples: 10})
	var a ReviewAnswer
	if e := ask(t, string(req), &a); e != "" {
		t.Fatal(e)
	}
	if a.LostAt != len(moves) || a.Move == nil || a.Move.Move != moves[len(moves)-1].String() {
		t.Fatalf("lost at %d (%+v), want %d (%v)", a.LostAt, a.Move, len(moves), moves[len(moves)-1])
	}
	if a.Judgement != "mistake" && a.Judgement != "bad luck" && a.Judgement != "too close to call" {
		t.Errorf("judgement %q", a.Judgement)
	}
	// The counts behind the judgement, in the lines too.
	if a.Judgement != "no alternative" && (a.Pairs <= 0 || a.BestWon > a.Pairs || a.PlayedWon > a.Pairs ||
		!a.Same && !strings.Contains(strings.Join(a.Lines, " "), wording.Thousands(int64(a.BestWon))+" of "+wording.Thousands(int64(a.Pairs))+" ways")) {
		t.Errorf("counts: best %d, played %d of %d; lines %q", a.BestWon, a.PlayedWon, a.Pairs, a.Lines)
	}
	// A mistake is said with its size; the counts the page words are
	// always in the answer.
	if (a.Judgement == "mistake") != strings.HasPrefix(a.Size, "about ") || a.Judgement == "mistake" && !strings.Contains(strings.Join(a.Lines, " "), "A mistake, of "+a.Size+":") {
		t.Errorf("%s: size %q; lines %q", a.Judgement, a.Size, a.Lines)
	}
	if raw := string(Answer(context.Background(), req, nil)); !strings.Contains(raw, `"same":`) || !strings.Contains(raw, `"size":`) || !strings.Contains(raw, `"pairs":`) {
		t.Errorf("the answer leaves out a field the page words: %s", raw)
	}
	if len(a.Lines) < 2 || !strings.Contains(a.Lines[0], fmt.Sprintf("move %d (%s, ", len(moves), a.Move.Move)) {
		t.Errorf("lines %q", a.Lines)
	}
	// The lines for the player's view name the losing move and no other:
	// not the move that kept the game winnable, which only the hidden
	// cards tell.
	view := strings.Join(a.ViewLines, " ")
	if len(a.ViewLines) < 2 || a.ViewLines[0] != a.Lines[0] || a.Kept == nil || strings.Contains(view, a.Kept.Move) || strings.Contains(view, "kept it winnable") {
		t.Errorf("view lines %q (kept %+v)", a.ViewLines, a.Kept)
	}
	// Not lost: the solver's own first moves.
	req, _ = json.Marshal(Request{Op: "review", Position: pos, Moves: ms[:len(ms)-1], Samples: 10})
	var b ReviewAnswer
	if e := ask(t, string(req), &b); e != "" || b.LostAt != -1 || b.Move != nil {
		t.Errorf("the winning line's moves: %+v %s", b, e)
	}
	req, _ = json.Marshal(Request{Op: "review", Position: pos, Moves: []string{"ZZ t9>t1"}})
	if e := ask(t, string(req), &a); !strings.Contains(e, "move 1 (ZZ t9>t1)") {
		t.Errorf("a bad move: error %q", e)
	}
}

// TestReviewPlayedTheBestRated: the greedy game of 617 loses with the move
// its view, rated over 5 arrangements, rates best. The answer says so
// (same), with no size and no comparison of the move with itself.
func TestReviewPlayedTheBestRated(t *testing.T) {
	a := greedyReview(t, 617)
	if a.LostAt < 1 || !a.Same {
		t.Fatalf("the greedy game of 617: lost at %d, same %v (%s): the case is not built", a.LostAt, a.Same, a.Lines)
	}
	lines := strings.Join(a.Lines, " ")
	if a.Judgement != "bad luck" || a.Size != "" || !strings.Contains(lines, "you played the move your view rated best") || strings.Contains(lines, "your move in") {
		t.Errorf("%q, size %q: %s", a.Judgement, a.Size, lines)
	}
}

// TestReviewNamesTheBestRated: the greedy game of deal 2 loses with a
// move other than the one its view rates best. The lines for the player's
// view name that move, as review does (it is the view's own rating, not
// the hidden cards'): their judgement is the whole answer's.
func TestReviewNamesTheBestRated(t *testing.T) {
	a := greedyReview(t, 2)
	if a.LostAt < 1 || a.Same || a.Judgement == "no alternative" {
		t.Fatalf("the greedy game of 2: lost at %d, same %v, %q: the case is not built", a.LostAt, a.Same, a.Judgement)
	}
	view, whole := a.ViewLines[len(a.ViewLines)-1], a.Lines[len(a.Lines)-1]
	if view != whole || strings.Contains(view, "another move") {
		t.Errorf("the view's judgement %q, the whole answer's %q", view, whole)
	}
}

// greedyReview is the worker's review, over 5 arrangements, of the game
// the greedy player plays of Russian Cell deal n.
func greedyReview(t *testing.T, n uint64) ReviewAnswer {
	t.Helper()
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(n))
	g, err := player.Play(context.Background(), start, player.Config{Kind: player.Greedy, Sampling: player.Sampling{Solver: solver.Config{Workers: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := json.Marshal(rules.NewPositionDoc(start, ""))
	var ms []string
	for _, m := range g.MoveList() {
		ms = append(ms, m.String())
	}
	req, _ := json.Marshal(Request{Op: "review", Position: pos, Moves: ms, Samples: 5})
	var a ReviewAnswer
	if e := ask(t, string(req), &a); e != "" {
		t.Fatal(e)
	}
	return a
}
