package play

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func ask(t *testing.T, req string, out any) string {
	t.Helper()
	b := Answer(context.Background(), []byte(req), nil)
	var e errorDoc
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatalf("%s: answer %s is not JSON: %v", req, b, err)
	}
	if e.Error != "" {
		return e.Error
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: answer %s: %v", req, b, err)
	}
	return ""
}

func TestDealErrorsAreTheParsers(t *testing.T) {
	for _, num := range []string{"0", "abc", "ms99999999999", ""} {
		_, want := dealgen.ParseNumber(num)
		var a PositionAnswer
		got := ask(t, `{"op":"deal","game":"russian-cell","number":"`+num+`"}`, &a)
		if want == nil || got != want.Error() {
			t.Errorf("deal %q: got error %q, want %v", num, got, want)
		}
	}
	_, want := rules.ParseGame("klondike")
	var a PositionAnswer
	if got := ask(t, `{"op":"deal","game":"klondike","number":"1"}`, &a); want == nil || got != want.Error() {
		t.Errorf("bad game: got %q, want %v", got, want)
	}
}

func TestSolveLineWins(t *testing.T) {
	var d PositionAnswer
	if e := ask(t, `{"op":"deal","game":"russian-cell","number":"#617"}`, &d); e != "" {
		t.Fatal(e)
	}
	if d.Number != "617" {
		t.Errorf("number %q, want 617", d.Number)
	}
	pos, _ := json.Marshal(d.Position)
	var s SolveAnswer
	if e := ask(t, `{"op":"solve","position":`+string(pos)+`}`, &s); e != "" {
		t.Fatal(e)
	}
	if s.Verdict != "solvable" || s.Line == nil || !s.Line.Won {
		t.Fatalf("617: %+v", s)
	}
	n := len(s.Line.Moves)
	if len(s.Line.Positions) != n+1 || n == 0 || !strings.Contains(s.Lines[0], "in "+itoa(n)+" moves") {
		t.Fatalf("617: %d moves, %d positions, lines %q", n, len(s.Line.Positions), s.Lines)
	}
	auto := 0
	for _, m := range s.Line.Moves {
		if m.Auto != (m.To == "f") {
			t.Errorf("move %s: auto %v", m.Move, m.Auto)
		}
		if m.Auto {
			auto++
		}
	}
	if auto != 52 {
		t.Errorf("%d automatic foundation moves, want 52", auto)
	}
	// The same moves, replayed by line, reach the same positions.
	moves := make([]string, n)
	for i, m := range s.Line.Moves {
		moves[i] = m.Move
	}
	mj, _ := json.Marshal(moves)
	var l LineAnswer
	if e := ask(t, `{"op":"line","position":`+string(pos)+`,"moves":`+string(mj)+`}`, &l); e != "" {
		t.Fatal(e)
	}
	if !l.Won || l.Refused != nil || len(l.Positions) != n+1 {
		t.Fatalf("line: won %v, refused %+v, %d positions", l.Won, l.Refused, len(l.Positions))
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestLineRefusesWithTheRefereesReason(t *testing.T) {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	pos := rules.MarshalPosition(p, "617")
	m := rules.MustMove("8D t2>t1")
	want := rules.Check(p, rules.DefaultOptions(), m)
	if want == nil {
		t.Fatal("8D t2>t1 is legal in 617")
	}
	var l LineAnswer
	if e := ask(t, `{"op":"line","position":`+string(pos)+`,"moves":["8D t2>t1"]}`, &l); e != "" {
		t.Fatal(e)
	}
	if l.Refused == nil || l.Refused.Reason != want.Error() || l.Refused.Index != 0 || len(l.Positions) != 1 {
		t.Fatalf("refused %+v, want %q", l.Refused, want)
	}
}

func TestHintHiddenIsAShare(t *testing.T) {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	pos := rules.MarshalPosition(p, "617")
	var h HintAnswer
	if e := ask(t, `{"op":"hint","position":`+string(pos)+`,"hide":true,"samples":20,"next":true}`, &h); e != "" {
		t.Fatal(e)
	}
	if h.Exact || h.Of != 20 || h.Move == nil || h.All {
		t.Fatalf("hidden hint: %+v", h)
	}
	if err := rules.Check(p, rules.DefaultOptions(), rules.MustMove(h.Move.Move)); err != nil {
		t.Errorf("hint %s refused: %v", h.Move.Move, err)
	}
	var x HintAnswer
	if e := ask(t, `{"op":"hint","position":`+string(pos)+`,"next":true}`, &x); e != "" {
		t.Fatal(e)
	}
	if !x.Exact || x.Verdict != "solvable" || x.Move == nil {
		t.Fatalf("exact hint: %+v", x)
	}
}

// TestHintAllArrangements: with few cards unseen, every arrangement is
// tried, and the answer says so (all), which is what lets the page call a
// share of 0 a proof.
func TestHintAllArrangements(t *testing.T) {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	res, err := solver.Solve(context.Background(), p, solver.DefaultConfig())
	if err != nil || res.Verdict != solver.Solvable {
		t.Fatalf("617: %v %v", res.Verdict, err)
	}
	q := p.Clone()
	for _, m := range res.Moves {
		if n := q.Hide().Unknowns(); n > 0 && n <= 3 {
			break
		}
		q.Apply(m)
	}
	if n := q.Hide().Unknowns(); n == 0 || n > 3 {
		t.Fatalf("no position of 617's win with 1 to 3 cards unseen (%d)", n)
	}
	var h HintAnswer
	if e := ask(t, `{"op":"hint","position":`+string(rules.MarshalPosition(q, ""))+`,"hide":true,"samples":200}`, &h); e != "" {
		t.Fatal(e)
	}
	if h.Exact || !h.All || h.Of > 6 {
		t.Errorf("a hint with %d cards unseen: all %v, of %d", q.Hide().Unknowns(), h.All, h.Of)
	}
}

func TestHintOneMoveToGo(t *testing.T) {
	pos := `{"game":"ripple-fan","tableau":[{"up":["KC"]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]}],"cells":[],"foundations":{"C":12,"S":13,"H":13,"D":13}}`
	var h HintAnswer
	if e := ask(t, `{"op":"hint","position":`+pos+`,"next":true}`, &h); e != "" {
		t.Fatal(e)
	}
	if len(h.Lines) == 0 || h.Lines[0] != "This position can be won (1 move to go)." {
		t.Fatalf("lines %q, want \"This position can be won (1 move to go).\" first", h.Lines)
	}
}

func TestShortestSaysWhatIsProven(t *testing.T) {
	p := dealgen.Deal(rules.RippleFan, dealgen.FromUint64(2217))
	pos := rules.MarshalPosition(p, "2217")
	var s SolveAnswer
	if e := ask(t, `{"op":"solve","position":`+string(pos)+`,"shortest":true}`, &s); e != "" {
		t.Fatal(e)
	}
	if s.Verdict != "solvable" || !s.Shortest || !s.Proven || s.Line == nil || s.LowerBound != len(s.Line.Moves) {
		t.Fatalf("shortest 2217: %+v", s)
	}
	want := "Shortest: proven, no solution has fewer than " + itoa(len(s.Line.Moves)) + " moves"
	if len(s.Lines) != 2 || s.Lines[1] != want {
		t.Errorf("lines %q, want %q second", s.Lines, want)
	}
	// A tiny budget: the best found and the lower bound, or no solution yet.
	q := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	var b SolveAnswer
	if e := ask(t, `{"op":"solve","position":`+string(rules.MarshalPosition(q, ""))+`,"shortest":true,"maxNodes":300}`, &b); e != "" {
		t.Fatal(e)
	}
	if b.Proven || !strings.HasPrefix(b.Lines[len(b.Lines)-1], "Shortest: ") {
		t.Errorf("shortest 617 within 300 positions: %+v", b)
	}
}

func TestLineRefusesMovesAfterTheWin(t *testing.T) {
	pos := `{"game":"russian-cell","tableau":[{"up":[]},{"up":[]},{"up":[]},{"up":["KD"]},{"up":[]},{"up":[]},{"up":[]}],"cells":[null,null],"foundations":{"C":13,"S":13,"H":13,"D":12}}`
	var l LineAnswer
	if e := ask(t, `{"op":"line","position":`+pos+`,"moves":["KD t4>f","KD f>t1"]}`, &l); e != "" {
		t.Fatal(e)
	}
	want := "the game was won at move 1; move 2 comes after it"
	if l.Refused == nil || l.Refused.Index != 1 || l.Refused.Reason != want || len(l.Moves) != 1 || !l.Won {
		t.Fatalf("line %+v (refused %+v), want the second move refused: %q", l, l.Refused, want)
	}
}

func TestReadRefusesAnotherDealsNumber(t *testing.T) {
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	text, _ := json.Marshal(string(rules.MarshalPosition(p, "618")))
	var a PositionAnswer
	want := "the position names deal 618, but its layout is not deal 618's: t1's face-up card 1 from the bottom is 6C, where deal 618 deals AD"
	if e := ask(t, `{"op":"read","text":`+string(text)+`}`, &a); e != want {
		t.Errorf("read 617 labelled 618: error %q, want %q", e, want)
	}
	text, _ = json.Marshal(string(rules.MarshalPosition(p, "617")))
	if e := ask(t, `{"op":"read","text":`+string(text)+`}`, &a); e != "" || a.Number != "617" {
		t.Errorf("read 617: error %q, number %q", e, a.Number)
	}
}

// TestLineAutoPlaysTheSafeFoundationMoves: line with auto appends the
// foundation moves that are safe after the hand moves, marked auto, and
// none without it.
func TestLineAutoPlaysTheSafeFoundationMoves(t *testing.T) {
	pos, s := solved617(t)
	// The hand moves: the solution up to its first foundation move.
	var hand []string
	for _, m := range s.Line.Moves {
		if m.Auto {
			break
		}
		hand = append(hand, m.Move)
	}
	req, _ := json.Marshal(Request{Op: "line", Position: pos, Moves: hand, Auto: true})
	var l LineAnswer
	if e := ask(t, string(req), &l); e != "" {
		t.Fatal(e)
	}
	if len(l.Moves) <= len(hand) {
		t.Fatalf("no automatic move after %v", hand)
	}
	p, _ := rules.Replay(dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)), rules.DefaultOptions(), parse(t, hand))
	want := rules.SafeAutoMoves(p)
	for i, m := range l.Moves[len(hand):] {
		if !m.Auto || m.Move != want[i].String() {
			t.Errorf("move %d: %+v, want %v, auto", len(hand)+i+1, m, want[i])
		}
	}
	if len(l.Moves) != len(hand)+len(want) || len(l.Positions) != len(l.Moves)+1 {
		t.Errorf("%d moves, %d positions, want %d moves", len(l.Moves), len(l.Positions), len(hand)+len(want))
	}
	req, _ = json.Marshal(Request{Op: "line", Position: pos, Moves: hand})
	if e := ask(t, string(req), &l); e != "" || len(l.Moves) != len(hand) {
		t.Errorf("without auto: %d moves (%s), want %d", len(l.Moves), e, len(hand))
	}
}

func parse(t *testing.T, ms []string) []rules.Move {
	t.Helper()
	out := make([]rules.Move, len(ms))
	for i, s := range ms {
		m, err := rules.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = m
	}
	return out
}

// hopeless is a Russian Cell position with 21 face-down cards and no
// legal move: every arrangement of the unseen cards is lost, and too many
// to try them all.
const hopeless = `{"game":"russian-cell","tableau":[{"down":[],"up":["9C"]},{"down":["??"],"up":["9S"]},{"down":["??","??"],"up":["9H"]},{"down":["??","??","??"],"up":["9D"]},{"down":["??","??","??","??"],"up":["JC"]},{"down":["??","??","??","??","??"],"up":["JS"]},{"down":["??","??","??","??","??","??"],"up":["JH"]}],"cells":["KD","KH"],"foundations":{"C":6,"S":6,"H":5,"D":5}}`

// TestHintCountsAlwaysThere: the counts the page words (winnable, of,
// unknown) are in every hint answer, zeros included: a hopeless position
// has no winnable arrangement and none ran out of budget, and an answer
// that left those out made the page write "undefined more ran out of
// budget".
func TestHintCountsAlwaysThere(t *testing.T) {
	for _, next := range []bool{false, true} {
		req := fmt.Sprintf(`{"op":"hint","position":%s,"samples":20,"next":%v}`, hopeless, next)
		raw := Answer(context.Background(), []byte(req), nil)
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if _, bad := m["error"]; bad {
			t.Fatalf("next %v: %s", next, raw)
		}
		for k, want := range map[string]string{"winnable": "0", "of": "20", "unknown": "0", "exact": "false"} {
			if got := string(m[k]); got != want {
				t.Errorf("next %v: %q is %q, want %s, in %s", next, k, got, want, raw)
			}
		}
	}
	// An exact answer carries them too, as 0.
	raw := string(Answer(context.Background(), []byte(`{"op":"hint","position":`+string(rules.MarshalPosition(dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)), "617"))+`}`), nil))
	for _, k := range []string{`"winnable":0`, `"of":0`, `"unknown":0`} {
		if !strings.Contains(raw, k) {
			t.Errorf("the exact hint has no %s: %s", k, raw)
		}
	}
}

// TestReadRefusesOtherDocuments: a document given as a position is told
// for what it is, in the words the command line uses.
func TestReadRefusesOtherDocuments(t *testing.T) {
	for text, want := range map[string]string{
		`{"patience":"play","version":1,"game":"russian-cell","number":"7","verdict":"unsolvable","moves":[],"outcome":"lost"}`: "this is the record of a played game, not a position",
		`{"game":"russian-cell","number":"617","verdict":"solvable","moves":[],"won":false,"lost":true}`:                        "this is the review of a played game, not a position",
		`{"patience":"positon","version":1}`: `"patience": "positon" is not a kind of document patience writes; want "position"`,
	} {
		req, _ := json.Marshal(Request{Op: "read", Text: text})
		var a PositionAnswer
		if e := ask(t, string(req), &a); e != want {
			t.Errorf("%s: %q, want %q", text, e, want)
		}
	}
}

// TestLineKeepsMovesBeforeAnUnreadableOne: a move that cannot be read
// ends the line as an illegal one does, with the moves before it kept.
func TestLineKeepsMovesBeforeAnUnreadableOne(t *testing.T) {
	pos, _ := json.Marshal(rules.NewPositionDoc(testgames.Deal(rules.RussianCell, 617), "617"))
	req, _ := json.Marshal(Request{Op: "line", Position: pos, Moves: []string{"JH t2>t3", "ZZ t9>t1", "QS t2>t5"}})
	var a LineAnswer
	if e := ask(t, string(req), &a); e != "" {
		t.Fatal(e)
	}
	_, bad := rules.ParseMove("ZZ t9>t1")
	if len(a.Moves) != 1 || a.Refused == nil || a.Refused.Index != 1 || a.Refused.Move != "ZZ t9>t1" || a.Refused.Reason != bad.Error() {
		t.Errorf("%d moves kept, refused %+v", len(a.Moves), a.Refused)
	}
}

// TestLineCountsAsHandMoves: the moves of a line not marked safe are
// game.HandMoves of it, the one count of a game's moves (the page's
// meter, its "Won in", and par), whether the safe foundation moves were
// played by hand, by the page after a move (auto), or replayed from a
// link, where nothing says which were automatic.
func TestLineCountsAsHandMoves(t *testing.T) {
	pos, s := solved617(t)
	var all []string
	for _, m := range s.Line.Moves {
		all = append(all, m.Move)
	}
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	want, err := game.HandMoves(start, parse(t, all))
	if err != nil {
		t.Fatal(err)
	}
	if want == 0 || want == len(all) {
		t.Fatalf("game.HandMoves of the solution: %d of %d moves, a line with no safe move or no other", want, len(all))
	}
	counted := func(l LineAnswer) int {
		n := 0
		for _, m := range l.Moves {
			if !m.Safe {
				n++
			}
		}
		return n
	}
	req, _ := json.Marshal(Request{Op: "line", Position: pos, Moves: all})
	var l LineAnswer
	if e := ask(t, string(req), &l); e != "" || len(l.Moves) != len(all) {
		t.Fatalf("the solution replayed: %d moves (%s), want %d", len(l.Moves), e, len(all))
	}
	if got := counted(l); got != want {
		t.Errorf("the solution replayed counts %d moves, game.HandMoves %d", got, want)
	}
	if got := counted(LineAnswer{Moves: s.Line.Moves}); got != want {
		t.Errorf("the solver's line counts %d moves, game.HandMoves %d", got, want)
	}
	// Move by move, each followed by the automatic moves, as the page
	// plays by hand with the automatic moves on.
	var played []MoveDoc
	for i := 0; i < len(all); {
		req, _ := json.Marshal(Request{Op: "line", Position: pos, Moves: append(movesOf(played), all[i]), Auto: true})
		if e := ask(t, string(req), &l); e != "" || l.Refused != nil {
			t.Fatalf("move %d: %s %+v", i+1, e, l.Refused)
		}
		played = l.Moves
		for i < len(all) && i < len(played) {
			if played[i].Move != all[i] {
				break
			}
			i++
		}
		if i < len(played) {
			// The automatic moves went another way than the solution:
			// count what was played.
			all = movesOf(played)
			i = len(all)
		}
	}
	want, err = game.HandMoves(start, parse(t, movesOf(played)))
	if err != nil {
		t.Fatal(err)
	}
	if got := counted(LineAnswer{Moves: played}); got != want {
		t.Errorf("the game with automatic moves counts %d moves, game.HandMoves %d", got, want)
	}
}

func movesOf(ms []MoveDoc) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Move
	}
	return out
}

// solved617 is the worker's answer to solving Russian Cell deal 617 as
// dealt, asked as the page asks (deal, then solve), with the position
// dealt as the worker's JSON.
func solved617(t *testing.T) ([]byte, SolveAnswer) {
	t.Helper()
	var d PositionAnswer
	if e := ask(t, `{"op":"deal","game":"russian-cell","number":"617"}`, &d); e != "" {
		t.Fatal(e)
	}
	pos, _ := json.Marshal(d.Position)
	var s SolveAnswer
	if e := ask(t, `{"op":"solve","position":`+string(pos)+`}`, &s); e != "" {
		t.Fatal(e)
	}
	return pos, s
}
