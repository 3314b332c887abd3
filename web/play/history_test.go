package play

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// docOf is p as the page sends a position.
func docOf(t *testing.T, p *rules.Position) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(rules.NewPositionDoc(p, ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// askRequest asks r, as the page does, into out; an error answer fails the
// test.
func askRequest(t *testing.T, r Request, out any) {
	t.Helper()
	req, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if e := ask(t, string(req), out); e != "" {
		t.Fatal(e)
	}
}

// pageHint asks the page's hint, as the page asks it (face-down cards
// hidden, the next move, the game's positions so far), and returns the
// advised move ("" for none).
func pageHint(t *testing.T, p *rules.Position, history []*rules.Position, samples int) (string, HintAnswer) {
	t.Helper()
	r := Request{Op: "hint", Position: docOf(t, p), Hide: true, Next: true, Samples: samples}
	for _, q := range history {
		r.History = append(r.History, docOf(t, q))
	}
	var a HintAnswer
	askRequest(t, r, &a)
	if a.Move == nil {
		return "", a
	}
	return a.Move.Move, a
}

// TestHintHistoryNeverSendsBack: on a game of deal 20003 whose last move
// can be taken back, the page's hint advises taking it back when it is
// not told the game, and never when it is.
func TestHintHistoryNeverSendsBack(t *testing.T) {
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(20003))
	game := "9D t2>t4, QC t5>t2, JD t5>t3, TD t4>t3, 8D t4>t3, 2D t7>t4, 3H t3>t5, AC t5>t6, 4H t5>t4, QD t6>t5, AC t6>f, 2C t6>f, TS t2>t7, AS t2>f, 6S t4>t2, KS t1>c1"
	q := start.Clone()
	var history []*rules.Position
	for _, f := range strings.Split(game, ", ") {
		history = append(history, q.Clone())
		q.Apply(rules.MustMove(f))
	}
	if m, _ := pageHint(t, q, nil, 20); m != "KS c1>t1" {
		t.Fatalf("without the game the hint is %q; the test wants the undo KS c1>t1", m)
	}
	m, a := pageHint(t, q, history, 20)
	if m == "" || m == "KS c1>t1" {
		t.Fatalf("with the game the hint is %q: %v", m, a.Lines)
	}
	if !strings.Contains(strings.Join(a.Lines, "\n"), "No move back to a position already seen") {
		t.Errorf("the answer does not say it avoids the game's positions: %v", a.Lines)
	}
	// A history position of another game is refused.
	other := dealgen.Deal(rules.RippleFan, dealgen.FromUint64(1))
	pos, _ := json.Marshal(rules.NewPositionDoc(q, ""))
	bad, _ := json.Marshal(rules.NewPositionDoc(other, ""))
	var x HintAnswer
	if e := ask(t, `{"op":"hint","position":`+string(pos)+`,"hide":true,"next":true,"samples":5,"history":[`+string(bad)+`]}`, &x); !strings.Contains(e, "history position 1") {
		t.Errorf("a history position of another game: error %q", e)
	}
}

// TestHintPageNeverLoops follows the page's Hint on 3 deals for up to 40
// moves each, as a player pressing "Play" on each hint does: no position
// may come twice.
func TestHintPageNeverLoops(t *testing.T) {
	total := 0
	for _, n := range []uint64{5, 617, 20003} {
		p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(n))
		var history []*rules.Position
		seen := map[string]int{sample.Key(p): 0}
		for len(history) < 40 && !p.Won() {
			m, _ := pageHint(t, p, history, 20)
			if m == "" {
				break
			}
			mv := rules.MustMove(m)
			if err := rules.Check(p, options(p), mv); err != nil {
				t.Fatalf("deal %d: the hint %s is refused: %v", n, m, err)
			}
			history = append(history, p.Clone())
			p.Apply(mv)
			if at, ok := seen[sample.Key(p)]; ok {
				t.Fatalf("deal %d: move %d (%s) goes back to the position after move %d", n, len(history), m, at)
			}
			seen[sample.Key(p)] = len(history)
		}
		t.Logf("deal %d: %d moves", n, len(history))
		total += len(history)
	}
	// 55 moves when written; a hint that stopped advising at once would
	// check nothing.
	if total < 30 {
		t.Fatalf("%d moves followed on 3 deals: too few for the test to mean anything", total)
	}
}

// TestOverOp: the page's over asks, with the player's view and the game's
// positions, whether the game is over: not at the start of a deal, yes
// once every move leads back to a position of the game.
func TestOverOp(t *testing.T) {
	over := func(p *rules.Position, history []*rules.Position) OverAnswer {
		t.Helper()
		r := Request{Op: "over", Position: docOf(t, p.Hide())}
		for _, q := range history {
			r.History = append(r.History, docOf(t, q.Hide()))
		}
		var a OverAnswer
		askRequest(t, r, &a)
		return a
	}
	// afterEach is the positions after each legal move of p.
	afterEach := func(p *rules.Position) []*rules.Position {
		var qs []*rules.Position
		for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
			q := p.Clone()
			q.Apply(m)
			qs = append(qs, q)
		}
		return qs
	}
	rc := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	if a := over(rc, nil); a.Over || a.Why != "" {
		t.Errorf("the start of 617: %+v", a)
	}
	// With every position after a move of the start in the history: a
	// Ripple Fan deal (every card face up) is over; Russian Cell deal 617
	// is not, since a move that turns up a card leads to a new position
	// for the player.
	rf := dealgen.Deal(rules.RippleFan, dealgen.FromUint64(1))
	if a := over(rf, afterEach(rf)); !a.Over || a.Why != "Every move leads back to a position already seen in this game." {
		t.Errorf("Ripple Fan 1, every move seen: %+v", a)
	}
	// Along 617's solution, the first position with a move that turns up
	// a card.
	res, err := solver.Solve(context.Background(), rc, solver.Config{Workers: 1})
	if err != nil || res.Verdict != solver.Solvable {
		t.Fatal(res.Verdict, err)
	}
	q := rc.Clone()
	for _, m := range res.Moves {
		if slices.ContainsFunc(rules.LegalMoves(q, rules.DefaultOptions(), nil), func(m rules.Move) bool { return q.Reveals(m) != rules.NoCard }) {
			break
		}
		q.Apply(m)
	}
	if a := over(q, afterEach(q)); a.Over {
		t.Errorf("617, every move seen but moves that turn up a card: %+v", a)
	}
}

// TestParOp: the page's par for a win of 617 (the solver's first win, as
// the player's game) counts its moves by hand and those of the proven
// shortest win, as game.HandMoves counts them.
func TestParOp(t *testing.T) {
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	won, err := solver.Solve(context.Background(), start, solver.Config{Workers: 1})
	if err != nil || won.Verdict != solver.Solvable {
		t.Fatal(won.Verdict, err)
	}
	short, err := solver.Solve(context.Background(), start, solver.Config{Workers: 1, Shortest: true})
	if err != nil || short.Verdict != solver.Solvable || !short.Optimal {
		t.Fatal(short.Verdict, short.Optimal, err)
	}
	r := Request{Op: "par", Position: docOf(t, start)}
	for _, m := range won.Moves {
		r.Moves = append(r.Moves, m.String())
	}
	var a ParAnswer
	askRequest(t, r, &a)
	played, _ := game.HandMoves(start, won.Moves)
	par, _ := game.HandMoves(start, short.Moves)
	if a.Played != played || a.Par != par || !a.Proven || par > played || par == 0 {
		t.Errorf("par: %+v, want played %d, par %d, proven", a, played, par)
	}
}
