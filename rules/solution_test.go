package rules_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

func ioMoves(t testing.TB, ss ...string) []rules.Move {
	var ms []rules.Move
	for _, s := range ss {
		m, err := rules.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// ioSameSolution compares two solutions, positions by Equal.
func ioSameSolution(a, b *rules.Solution) bool {
	if (a.Position == nil) != (b.Position == nil) {
		return false
	}
	if a.Position != nil && !a.Position.Equal(b.Position) {
		return false
	}
	x, y := *a, *b
	x.Position, y.Position = nil, nil
	if len(x.Moves) == 0 && len(y.Moves) == 0 {
		x.Moves, y.Moves = nil, nil
	}
	return reflect.DeepEqual(x, y)
}

func TestSolutionGolden(t *testing.T) {
	s := &rules.Solution{
		Game: rules.RussianCell, Number: "617", Verdict: rules.VerdictSolvable,
		Options: rules.DefaultOptions(),
		Moves:   ioMoves(t, "5C t3>t6", "AH c1>f"),
		Nodes:   12345, Seconds: 0.012,
	}
	want := `{"patience":"solution","version":1,"game":"russian-cell","number":"617","verdict":"solvable","rules":{"returns":true},` +
		`"moves":[{"card":"5C","from":"t3","to":"t6"},{"card":"AH","from":"c1","to":"f"}],"nodes":12345,"seconds":0.012}`
	if got := string(rules.MarshalSolution(s)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	u := &rules.Solution{
		Game: rules.RippleFan, Position: ioRFMid(), Verdict: rules.VerdictUnknown,
		Reason: "node budget of 1000 ran out", Nodes: 1000, Seconds: 1.5,
	}
	want = `{"patience":"solution","version":1,"game":"ripple-fan","position":` + ioRFMidJSON + `,"verdict":"unknown","reason":"node budget of 1000 ran out",` +
		`"rules":{"returns":false},"moves":[],"nodes":1000,"seconds":1.5}`
	if got := string(rules.MarshalSolution(u)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	// A shortest search whose proof a budget ended.
	s.Shortest = &rules.Shortest{Proven: false, LowerBound: 1}
	s.Reason = "node budget of 100 reached"
	s.Forced = 1
	want = `{"patience":"solution","version":1,"game":"russian-cell","number":"617","verdict":"solvable","reason":"node budget of 100 reached","rules":{"returns":true},` +
		`"moves":[{"card":"5C","from":"t3","to":"t6"},{"card":"AH","from":"c1","to":"f"}],"forced":1,"shortest":false,"lower_bound":1,"nodes":12345,"seconds":0.012}`
	if got := string(rules.MarshalSolution(s)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The build that found it, last.
	s.Build = "v1.2.3+abc1234"
	want = strings.TrimSuffix(want, "}") + `,"solver":"v1.2.3+abc1234"}`
	if got := string(rules.MarshalSolution(s)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestSolutionSolver reads the build that found a solution, and still
// reads solutions written before it was recorded.
func TestSolutionSolver(t *testing.T) {
	const base = `{"game":"russian-cell","number":"617","verdict":"unsolvable","rules":{"returns":true},"moves":[],"nodes":1,"seconds":0`
	for doc, want := range map[string]string{
		base + `}`: "",
		base + `,"solver":"(devel)+abc1234-dirty"}`:  "(devel)+abc1234-dirty",
		base + `,"solver":"v1.0.0+abc1234, v1.1.0"}`: "v1.0.0+abc1234, v1.1.0",
	} {
		s, err := rules.ReadSolution(strings.NewReader(doc))
		if err != nil || s.Build != want {
			t.Errorf("%s: solver %q, %v; want %q", doc, s.Build, err, want)
		}
	}
	if _, err := rules.ReadSolution(strings.NewReader(base + `,"solver":"a\nb"}`)); err == nil || !strings.Contains(err.Error(), "solver:") {
		t.Errorf("a solver with a line break: got %v", err)
	}
	if _, err := rules.ReadSolution(strings.NewReader(base + `,"solver":5}`)); err == nil {
		t.Error("a solver that is a number was accepted")
	}
}

func TestSolutionRoundTrip(t *testing.T) {
	cases := []*rules.Solution{
		{Game: rules.RussianCell, Number: "617", Verdict: rules.VerdictSolvable, Options: rules.DefaultOptions(),
			Moves: ioMoves(t, "5C t3>t6", "AH c1>f", "KS t7>t1", "2D f>c2"), Nodes: 12345, Seconds: 0.012},
		{Game: rules.RussianCell, Position: ioRCMid(), Verdict: rules.VerdictUnsolvable, Nodes: 1 << 40, Seconds: 3},
		{Game: rules.RussianCell, Position: ioRCMid(), Number: "617", Verdict: rules.VerdictSolvable,
			Moves: ioMoves(t, "7H c1>t4")},
		{Game: rules.RippleFan, Number: "ms40000", Verdict: rules.VerdictUnknown, Reason: "timeout after 10s", Seconds: 10.000001},
		{Game: rules.RippleFan, Position: ioRFMid(), Verdict: rules.VerdictSolvable, Moves: ioMoves(t, "3C t6>f", "JS t11>f")},
		{Game: rules.RippleFan, Position: ioRFMid(), Verdict: rules.VerdictSolvable, Moves: ioMoves(t, "3C t6>f", "JS t11>f"),
			Shortest: &rules.Shortest{Proven: true, LowerBound: 2}},
		{Game: rules.RussianCell, Number: "5", Verdict: rules.VerdictSolvable, Options: rules.DefaultOptions(),
			Moves: ioMoves(t, "5C t3>t6", "AH c1>f"), Reason: "time limit reached", Shortest: &rules.Shortest{LowerBound: 0}},
		{Game: rules.RussianCell, Number: "5", Verdict: rules.VerdictUnknown, Reason: "time limit reached",
			Shortest: &rules.Shortest{LowerBound: 60}},
		{Game: rules.RussianCell, Number: "617", Verdict: rules.VerdictSolvable, Options: rules.DefaultOptions(),
			Moves: ioMoves(t, "5C t3>t6"), Build: "v1.2.3+abc1234"},
	}
	for i, s := range cases {
		data := rules.MarshalSolution(s)
		got, err := rules.ReadSolution(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%d: %v\n%s", i, err, data)
		}
		if !ioSameSolution(s, got) {
			t.Errorf("%d: round trip changed the solution:\n%+v\n%+v", i, s, got)
		}
		if again := rules.MarshalSolution(got); !bytes.Equal(again, data) {
			t.Errorf("%d: re-marshalled differently:\n%s\n%s", i, data, again)
		}
	}
}

func TestSolutionDefaultsAndOddValues(t *testing.T) {
	// No rules: the default options. Lenient move text.
	s, err := rules.ReadSolution(strings.NewReader(`{"game":"rc","number":"5","verdict":"solvable","moves":[{"card":"10♦","from":"T3","to":"F"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := &rules.Solution{Game: rules.RussianCell, Number: "5", Verdict: rules.VerdictSolvable,
		Options: rules.DefaultOptions(), Moves: ioMoves(t, "TD t3>f")}
	if !ioSameSolution(s, want) {
		t.Errorf("got %+v", s)
	}
	s, err = rules.ReadSolution(strings.NewReader(`{"game":"rc","number":"5","verdict":"unsolvable","rules":{}}`))
	if err != nil || !s.Options.Returns(s.Game) {
		t.Errorf("empty rules: %v %+v", err, s)
	}
	// A NaN time is written as 0, so that the JSON stays valid.
	data := rules.MarshalSolution(&rules.Solution{Game: rules.RippleFan, Number: "1", Verdict: "unsolvable", Seconds: math.NaN()})
	if !bytes.HasSuffix(data, []byte(`"seconds":0}`)) {
		t.Errorf("NaN seconds: %s", data)
	}
}

func TestReadSolutionErrors(t *testing.T) {
	good := string(rules.MarshalSolution(&rules.Solution{
		Game: rules.RussianCell, Number: "617", Verdict: rules.VerdictSolvable, Options: rules.DefaultOptions(),
		Moves: ioMoves(t, "5C t3>t6", "AH c1>f", "KS t7>t1", "2D f>c2"),
	}))
	withPos := string(rules.MarshalSolution(&rules.Solution{
		Game: rules.RussianCell, Position: ioRCMid(), Verdict: rules.VerdictUnsolvable,
	}))
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", "empty input: want a solution as JSON"},
		{"blank", "\n \n", "empty input: want a solution as JSON"},
		{"truncated", good[:50], "truncated JSON: the input ends before the solution is complete"},
		{"not json", "5C t3>t6\n6C t1>t2\n", `not a solution: want JSON starting with "{"; got "5C t3>t6"`},
		{"not an object", `[]`, `not a solution: want JSON starting with "{"; got "[]"`},
		{"syntax", `{"game":"rc" "number":"5"}`, "JSON syntax error at line 1, column 14: invalid character '\"' after object key:value pair"},
		{"trailing data", good + "}", "unexpected data after the solution's closing }, at line 1, column " + strconv.Itoa(len(good)+1)},
		{"missing game", strings.Replace(good, `"game":"russian-cell",`, "", 1), `missing "game": use "russian-cell" or "ripple-fan"`},
		{"unknown game", strings.Replace(good, `"russian-cell"`, `"spider"`, 1), `unknown game "spider": use russian-cell or ripple-fan`},
		{"neither number nor position", strings.Replace(good, `"number":"617",`, "", 1),
			`missing "number" or "position": name the deal by its number, or give the starting position`},
		{"both", strings.Replace(withPos, `"position":`, `"number":"617","position":`, 1),
			`both "number" and "position": give one (a position may carry its own "number")`},
		{"bad number", strings.Replace(good, `"617"`, `"ms617"`, 1), `number "ms617" is not in canonical form: write "617"`},
		{"missing verdict", strings.Replace(good, `"verdict":"solvable",`, "", 1), `missing "verdict": use solvable, unsolvable or unknown`},
		{"unknown verdict", strings.Replace(good, `"solvable"`, `"won"`, 1), `unknown verdict "won": use solvable, unsolvable or unknown`},
		{"bad location", strings.Replace(good, `"to":"t1"`, `"to":"t0"`, 1), `moves[2]: unknown location "t0": use t1..t13, c1, c2 or f`},
		{"bad from", strings.Replace(good, `"from":"c1"`, `"from":"c3"`, 1), `moves[1]: unknown location "c3": use t1..t13, c1, c2 or f`},
		{"bad card", strings.Replace(good, `"card":"2D"`, `"card":"2"`, 1), `moves[3]: unknown card "2": bad suit`},
		{"missing card", strings.Replace(good, `"card":"5C",`, "", 1), `moves[0]: missing "card"`},
		{"missing to", strings.Replace(good, `,"to":"t6"`, "", 1), `moves[0]: missing "to"`},
		{"missing from", strings.Replace(good, `"from":"t3",`, "", 1), `moves[0]: missing "from"`},
		{"several bad moves", strings.Replace(strings.Replace(good, `"to":"t1"`, `"to":"t0"`, 1), `"card":"5C",`, "", 1),
			"moves[0]: missing \"card\"\nmoves[2]: unknown location \"t0\": use t1..t13, c1, c2 or f"},
		{"move as a string", strings.Replace(good, `{"card":"5C","from":"t3","to":"t6"}`, `"5C t3>t6"`, 1),
			"moves: want an object, got a JSON string"},
		{"unknown field in a move", strings.Replace(good, `"card":"5C"`, `"crad":"5C"`, 1), `unknown field "crad": did you mean "card"?`},
		{"unknown field", strings.Replace(good, `"rules"`, `"rule"`, 1), `unknown field "rule": did you mean "rules"?`},
		{"returns as a string", strings.Replace(good, `"returns":true`, `"returns":"yes"`, 1), "rules.returns: want true or false, got a JSON string"},
		{"negative nodes", strings.Replace(good, `"nodes":0`, `"nodes":-5`, 1), "nodes: -5 is negative"},
		{"negative seconds", strings.Replace(good, `"seconds":0`, `"seconds":-0.5`, 1), "seconds: -0.5 is negative"},
		{"bad position", strings.Replace(withPos, `"QC"`, `"7H"`, 1), "position: card 7H appears twice (c1 and c2)\nposition: card QC is missing"},
		{"bad card in position", strings.Replace(withPos, `"QC"`, `"QQ"`, 1), `position: c2: unknown card "QQ": bad suit`},
		{"position without game", strings.Replace(withPos, `"position":{"game":"russian-cell",`, `"position":{`, 1),
			`position: missing "game": use "russian-cell" or "ripple-fan"`},
		{"game mismatch", strings.Replace(withPos, `"game":"russian-cell"`, `"game":"ripple-fan"`, 1),
			"position: the game is russian-cell, but the solution's game is ripple-fan"},
		{"shortest without lower bound", strings.Replace(good, `"nodes"`, `"shortest":true,"nodes"`, 1),
			`"shortest" without "lower_bound": a shortest search's answer carries its proven lower bound`},
		{"lower bound without shortest", strings.Replace(good, `"nodes"`, `"lower_bound":3,"nodes"`, 1),
			`"lower_bound" without "shortest": only a shortest search's answer carries a lower bound`},
		{"negative lower bound", strings.Replace(good, `"nodes"`, `"shortest":false,"lower_bound":-1,"nodes"`, 1), "lower_bound: -1 is negative"},
		{"shortest not solvable", strings.Replace(withPos, `"nodes"`, `"shortest":true,"lower_bound":0,"nodes"`, 1),
			`"shortest": true needs a solvable verdict, not "unsolvable"`},
		{"shortest not the bound", strings.Replace(good, `"nodes"`, `"shortest":true,"lower_bound":3,"nodes"`, 1),
			`lower_bound: 3, but "shortest": true says the 4 moves are the fewest`},
		{"bound above the moves", strings.Replace(good, `"nodes"`, `"shortest":false,"lower_bound":5,"nodes"`, 1),
			"lower_bound: 5 is more than the 4 moves of the solution"},
		{"shortest as a string", strings.Replace(good, `"nodes"`, `"shortest":"yes","lower_bound":4,"nodes"`, 1),
			"shortest: want true or false, got a JSON string"},
		{"unknown field in position", strings.Replace(withPos, `"foundations"`, `"fundations"`, 1),
			`unknown field "fundations": did you mean "foundations"?`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ReadSolution(strings.NewReader(tc.in))
			if err == nil {
				t.Fatalf("no error; got %s", rules.MarshalSolution(s))
			}
			var ps rules.Problems
			if !errors.As(err, &ps) {
				t.Errorf("error is %T, not Problems", err)
			}
			if err.Error() != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", err, tc.want)
			}
		})
	}
}

func TestReadSolutionTooLarge(t *testing.T) {
	src := &ioEndless{b: ' '}
	_, err := rules.ReadSolution(io.MultiReader(strings.NewReader(`{"game":`), src))
	if err == nil || err.Error() != "input larger than 1 MiB: no position, move list or solution is that large" {
		t.Errorf("got %v", err)
	}
	if src.read > 2*rules.MaxInputSize {
		t.Errorf("read %d bytes, far more than the cap", src.read)
	}
}

// FuzzReadSolution: ReadSolution never panics, and whatever it accepts
// re-marshals and re-reads equal.
func FuzzReadSolution(f *testing.F) {
	f.Add(`{"game":"russian-cell","number":"617","verdict":"solvable","rules":{"returns":true},` +
		`"moves":[{"card":"5C","from":"t3","to":"t6"},{"card":"AH","from":"c1","to":"f"}],"nodes":12345,"seconds":0.012}`)
	f.Add(string(rules.MarshalSolution(&rules.Solution{Game: rules.RippleFan, Position: ioRFMid(), Verdict: "unknown", Reason: "timeout"})))
	f.Add(`{"game":"rc","number":"5","verdict":"unsolvable","rules":{},"moves":[{"card":"10♦","from":"T3","to":"F"}],"seconds":1e300}`)
	f.Add(`{"game":"ripple-fan","number":"1","verdict":"solvable","moves":[{"card":"AH"}]}`)
	f.Add(`{"game":"rc","number":"5","verdict":"solvable","reason":"time limit reached","moves":[{"card":"AH","from":"c1","to":"f"}],` +
		`"forced":1,"shortest":true,"lower_bound":1,"nodes":3,"seconds":0.5}`)
	f.Fuzz(func(t *testing.T, in string) {
		s, err := rules.ReadSolution(strings.NewReader(in))
		if err != nil {
			var ps rules.Problems
			if s != nil || !errors.As(err, &ps) || len(ps) == 0 || len(ps) > rules.MaxProblems {
				t.Fatalf("bad error %T: %v", err, err)
			}
			return
		}
		data := rules.MarshalSolution(s)
		s2, err := rules.ReadSolution(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("re-read: %v\n%s", err, data)
		}
		if !ioSameSolution(s, s2) {
			t.Fatalf("round trip changed the solution:\n%s\n%+v\n%+v", data, s, s2)
		}
	})
}
