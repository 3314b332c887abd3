package rules_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// ioRCMidJSON is the golden JSON of ioRCMid as deal 617.
const ioRCMidJSON = `{"game":"russian-cell","number":"617","tableau":[` +
	`{"down":[],"up":["5S"]},` +
	`{"down":["AD"],"up":["6H","JC","2D"]},` +
	`{"down":["7S","2S"],"up":["QD","4S","9C","KH","6D"]},` +
	`{"down":["8H","7D","QS"],"up":["4H","TS","KC","9S","5D"]},` +
	`{"down":["5H","3H","JD","KD"],"up":["8C","TD","6S","TH"]},` +
	`{"down":["JH","4D","3S","8D","AH"],"up":["2H","6C","3C"]},` +
	`{"down":["9D","QH","JS","7C","9H","5C"],"up":["4C","3D","KS","TC","8S"]}],` +
	`"cells":["7H","QC"],"foundations":{"C":2,"S":1,"H":0,"D":0}}`

// ioRFMidJSON is the golden JSON of ioRFMid, with no number.
const ioRFMidJSON = `{"game":"ripple-fan","tableau":[` +
	`{"down":[],"up":["3S","KD","9D","7H"]},{"down":[],"up":["KH","2C","5D","4H"]},` +
	`{"down":[],"up":["2S","AD","5H"]},{"down":[],"up":["AC","7S","JD","KS"]},` +
	`{"down":[],"up":["8C","7C","TC","6S","5S"]},{"down":[],"up":["4C","6H","8S","3C"]},` +
	`{"down":[],"up":["8H","3D","4S","4D"]},{"down":[],"up":["QS","QD","TS","QC"]},` +
	`{"down":[],"up":["QH","9C","7D","KC"]},{"down":[],"up":["3H","5C","6C","TH"]},` +
	`{"down":[],"up":["9S","TD","8D","JS"]},{"down":[],"up":["JH","6D","AS","JC"]},` +
	`{"down":[],"up":["2H","2D","9H"]}],` +
	`"cells":[],"foundations":{"C":0,"S":0,"H":1,"D":0}}`

// positionDocument is a position's JSON as a document of its own: with its
// kind and format version first (ioRCMidJSON and ioRFMidJSON are the form
// embedded in a solution, and of a file written before documents said
// their kind).
func positionDocument(embedded string) string {
	return `{"patience":"position","version":1,` + strings.TrimPrefix(embedded, "{")
}

func TestPositionJSONGolden(t *testing.T) {
	if got, want := string(rules.MarshalPosition(ioRCMid(), "617")), positionDocument(ioRCMidJSON); got != want {
		t.Errorf("russian cell:\ngot  %s\nwant %s", got, want)
	}
	if got, want := string(rules.MarshalPosition(ioRFMid(), "")), positionDocument(ioRFMidJSON); got != want {
		t.Errorf("ripple fan:\ngot  %s\nwant %s", got, want)
	}
	// The empty cells of a starting Russian Cell deal are nulls.
	got := string(rules.MarshalPosition(ioRCStart(), ""))
	if !strings.HasSuffix(got, `"cells":[null,null],"foundations":{"C":0,"S":0,"H":0,"D":0}}`) ||
		!strings.HasPrefix(got, `{"patience":"position","version":1,"game":"russian-cell","tableau":[{"down":[],"up":["5S"]},`) {
		t.Errorf("russian cell start: %s", got)
	}
	// Piles built without slices still say "down":[] and "up":[].
	p := ioWon()
	p.Tableau[0] = rules.Pile{}
	if got := string(rules.MarshalPosition(p, "")); !strings.Contains(got, `"tableau":[{"down":[],"up":[]},`) {
		t.Errorf("empty pile: %s", got)
	}
}

func TestPositionJSONRoundTrip(t *testing.T) {
	for name, p := range ioPositions() {
		for _, num := range []string{"", "617", "ms123456", "12345678901234567890123"} {
			data := rules.MarshalPosition(p, num)
			q, n, err := rules.ReadPosition(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s %q: %v\n%s", name, num, err, data)
			}
			if !q.Equal(p) || n != num {
				t.Errorf("%s %q: round trip changed the position or number (%q)", name, num, n)
			}
			if again := rules.MarshalPosition(q, n); !bytes.Equal(again, data) {
				t.Errorf("%s %q: re-marshalled differently:\n%s\n%s", name, num, data, again)
			}
		}
	}
}

func TestPositionJSONLenientInput(t *testing.T) {
	want := ioRCMid()
	// Pretty-printed, lower case, "10", suit symbols, a byte order mark, no
	// "down" on a pile without face-down cards.
	in := "\ufeff\n  {\n \"game\": \"Russian Cell\", \"number\": \"617\",\n \"tableau\": [\n" +
		`{"up":["5s"]},` +
		`{"down":["a♦"],"up":["6♥","J♧","2D"]},` +
		`{"down":["7S","2S"],"up":["QD","4S","9C","KH","6D"]},` +
		`{"down":["8H","7D","QS"],"up":["4H","10S","KC","9S","5D"]},` +
		`{"down":["5H","3H","JD","KD"],"up":["8C","10d","6S","TH"]},` +
		`{"down":["JH","4D","3S","8D","AH"],"up":["2H","6C","3C"]},` +
		`{"down":["9D","QH","JS","7C","9H","5C"],"up":["4C","3D","KS","TC","8S"]}],` +
		"\n\"cells\": [\"7h\", \"QC\"], \"foundations\": {\"C\": 2, \"S\": 1, \"H\": 0, \"D\": 0}\n}\n\n"
	p, num, err := rules.ReadPosition(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Equal(want) || num != "617" {
		t.Errorf("got %s", rules.MarshalPosition(p, num))
	}
	// Missing cells and foundations are empty ones.
	in = strings.Replace(string(rules.MarshalPosition(ioRCStart(), "")), `,"cells":[null,null],"foundations":{"C":0,"S":0,"H":0,"D":0}`, "", 1)
	p, _, err = rules.ReadPosition(strings.NewReader(in))
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	if !p.Equal(ioRCStart()) {
		t.Errorf("missing cells and foundations: got %s", rules.MarshalPosition(p, ""))
	}
}

func TestReadPositionErrors(t *testing.T) {
	rc := string(rules.MarshalPosition(ioRCStart(), ""))
	rf := string(rules.MarshalPosition(ioRFStart(), ""))
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", "empty input: want a position as JSON or as a text board"},
		{"blank", " \n\t\r\n", "empty input: want a position as JSON or as a text board"},
		{"truncated", rc[:len(rc)/2], "truncated JSON: the input ends before the position is complete"},
		{"just a brace", "{", "truncated JSON: the input ends before the position is complete"},
		{"syntax", `{"game":"russian-cell",}`,
			"JSON syntax error at line 1, column 24: invalid character '}' looking for beginning of object key string"},
		{"syntax on line 2", "{\"game\":\"russian-cell\",\n  \"tableau\": [}",
			"JSON syntax error at line 2, column 15: invalid character '}' looking for beginning of value"},
		{"garbage", "hello world\n",
			`line 1: not a position: want JSON (starting with "{") or a text board whose first line names the game, as in "Russian Cell, deal 617"; got "hello world"`},
		{"binary garbage", "\x00\xff\xfe\x01",
			`line 1: not a position: want JSON (starting with "{") or a text board whose first line names the game, as in "Russian Cell, deal 617"; got "\x00\xff\xfe\x01"`},
		{"json array", `[1,2,3]`,
			`line 1: not a position: want JSON (starting with "{") or a text board whose first line names the game, as in "Russian Cell, deal 617"; got "[1,2,3]"`},
		{"trailing data", rc + "\n{}", "unexpected data after the position's closing }, at line 2, column 1"},
		{"trailing garbage", rc + " x", "unexpected data after the position's closing }, at line 1, column " + strconv.Itoa(len(rc)+2)},
		{"unknown field", strings.Replace(rc, `"foundations"`, `"foundation"`, 1), `unknown field "foundation": did you mean "foundations"?`},
		{"unknown field in a pile", strings.Replace(rc, `"up"`, `"upp"`, 1), `unknown field "upp": did you mean "up"?`},
		{"game twice", strings.Replace(rc, `"game":"russian-cell"`, `"game":"ripple-fan","game":"russian-cell"`, 1),
			`a field given twice in the position: "game" twice; give each field once`},
		{"foundation twice", strings.Replace(rc, `"C":0`, `"C":0,"C":5`, 1),
			`a field given twice in the position: "C" twice in "foundations"; give each field once`},
		{"unknown field, no hint", strings.Replace(rc, `"cells"`, `"stock":[],"cells"`, 1), `unknown field "stock"`},
		{"number as a JSON number", `{"game":"russian-cell","number":617}`, "number: want a string, got a JSON number"},
		{"cells as a string", strings.Replace(rc, `"cells":[null,null]`, `"cells":"none"`, 1), "cells: want an array, got a JSON string"},
		{"cell as a number", strings.Replace(rc, `"cells":[null,null]`, `"cells":[1,null]`, 1), "cells: want a string or null, got a JSON number"},
		{"foundation fraction", strings.Replace(rc, `"C":0`, `"C":1.5`, 1), "foundations.C: want a whole number, got a JSON number 1.5"},
		{"card as a number", strings.Replace(rc, `"5S"`, `5`, 1), "tableau.up: want a string, got a JSON number"},
		{"top level not an object", `{"game":"russian-cell","tableau":{}}`, "tableau: want an array, got a JSON object"},
		{"missing game", `{"tableau":[]}`, `missing "game": use "russian-cell" or "ripple-fan"`},
		{"unknown game", strings.Replace(rc, "russian-cell", "chess", 1), `unknown game "chess": use russian-cell or ripple-fan`},
		{"missing tableau", `{"game":"ripple-fan"}`, `missing "tableau": want a list of 13 piles, bottom card first`},
		{"bad card", strings.Replace(rc, `"8D"`, `"1X"`, 1), `t6: unknown card "1X": bad rank`},
		{"bad suit", strings.Replace(rc, `"8D"`, `"8Z"`, 1), `t6: unknown card "8Z": bad suit`},
		{"null card in a pile", strings.Replace(rc, `"8D"`, `null`, 1), `t6: empty card (or null): want a card such as "TD" or "10♦"`},
		{"empty cell string", strings.Replace(rc, `"cells":[null,null]`, `"cells":[null,""]`, 1), `c2: empty card text: use null for an empty cell`},
		{"bad cell card", strings.Replace(rc, `"cells":[null,null]`, `"cells":["ZZ",null]`, 1), `c1: unknown card "ZZ": bad rank`},
		{"several bad cards", strings.Replace(strings.Replace(rc, `"8D"`, `"1X"`, 1), `"5S"`, `"5"`, 1),
			"t1: unknown card \"5\": bad suit\nt6: unknown card \"1X\": bad rank"},
		{"number not canonical", strings.Replace(rc, `"game":"russian-cell"`, `"game":"russian-cell","number":"0617"`, 1),
			`number "0617" is not in canonical form: write "617"`},
		{"ms number below 32000", strings.Replace(rc, `"game":"russian-cell"`, `"game":"russian-cell","number":"ms617"`, 1),
			`number "ms617" is not in canonical form: write "617"`},
		{"ms number too big", strings.Replace(rc, `"game":"russian-cell"`, `"game":"russian-cell","number":"ms8589934592"`, 1),
			`number "ms8589934592": an ms number is at most ms8589934591`},
		{"number with a hash", strings.Replace(rc, `"game":"russian-cell"`, `"game":"russian-cell","number":"#617"`, 1),
			`number "#617": want a deal number in canonical form, such as "617" or "ms123456"`},
		{"number zero", strings.Replace(rc, `"game":"russian-cell"`, `"game":"russian-cell","number":"0"`, 1),
			`number "0": deals start at 1`},
		{"validation", strings.Replace(rc, `"8D"`, `"7D"`, 1), "card 7D appears twice (t4 and t6)\ncard 8D is missing"},
		{"ripple fan with cells", strings.Replace(rf, `"cells":[]`, `"cells":[null]`, 1), "ripple-fan has no cells, got 1"},
		{"ripple fan face down", strings.Replace(rf, `{"down":[],"up":["3S","KD","9D","7H"]}`, `{"down":["3S"],"up":["KD","9D","7H"]}`, 1),
			"t1: 1 face-down card, but Ripple Fan deals every card face up"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, num, err := rules.ReadPosition(strings.NewReader(tc.in))
			if err == nil {
				t.Fatalf("no error; got %s", rules.MarshalPosition(p, num))
			}
			if p != nil || num != "" {
				t.Errorf("a position came back with the error")
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

// ioEndless is an endless reader of one byte, counting what it gives out,
// so that oversized input needs no memory of its own.
type ioEndless struct {
	b    byte
	read int64
}

func (r *ioEndless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.b
	}
	r.read += int64(len(p))
	return len(p), nil
}

func TestReadPositionTooLarge(t *testing.T) {
	for _, first := range []string{"{", "Russian Cell\n"} {
		src := &ioEndless{b: ' '}
		_, _, err := rules.ReadPosition(io.MultiReader(strings.NewReader(first), src))
		if err == nil || err.Error() != "input larger than 1 MiB: no position, move list or solution is that large" {
			t.Errorf("%q: got %v", first, err)
		}
		if src.read > 2*rules.MaxInputSize {
			t.Errorf("%q: read %d bytes, far more than the cap", first, src.read)
		}
	}
	// Exactly the cap is accepted (whitespace after the position).
	data := rules.MarshalPosition(ioRCStart(), "")
	pad := bytes.Repeat([]byte{' '}, rules.MaxInputSize-len(data))
	if _, _, err := rules.ReadPosition(io.MultiReader(bytes.NewReader(data), bytes.NewReader(pad))); err != nil {
		t.Errorf("input of exactly 1 MiB: %v", err)
	}
	if _, _, err := rules.ReadPosition(io.MultiReader(bytes.NewReader(data), bytes.NewReader(pad), strings.NewReader(" "))); err == nil {
		t.Errorf("input of 1 MiB + 1: accepted")
	}
}

type ioFailReader struct{}

func (ioFailReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadPositionReadError(t *testing.T) {
	_, _, err := rules.ReadPosition(ioFailReader{})
	if err == nil || err.Error() != "reading input: disk on fire" {
		t.Errorf("got %v", err)
	}
}

// FuzzReadPosition: ReadPosition never panics, and whatever it accepts
// re-marshals (as JSON and as a text board, in every style) and re-reads
// equal.
func FuzzReadPosition(f *testing.F) {
	for _, p := range ioPositions() {
		f.Add(rules.MarshalPosition(p, "617"))
		f.Add([]byte(rules.FormatBoard(p, "", rules.BoardStyle{})))
		f.Add([]byte(reddened(rules.FormatBoard(p, "ms40000", rules.BoardStyle{Unicode: true}))))
	}
	f.Add([]byte(ioRFMidJSON))
	f.Add([]byte(`{"game":"russian-cell","tableau":[{"up":["10h"]}],"cells":[null,"x"]}`))
	f.Add([]byte("Ripple Fan\nt1: AC\nt3: --\n"))
	f.Add([]byte("{"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, num, err := rules.ReadPosition(bytes.NewReader(data))
		if err != nil {
			if p != nil {
				t.Fatalf("position with error %v", err)
			}
			var ps rules.Problems
			if !errors.As(err, &ps) || len(ps) == 0 || len(ps) > rules.MaxProblems {
				t.Fatalf("error %T with %d lines: %v", err, len(ps), err)
			}
			return
		}
		if rules.Validate(p) != nil {
			t.Fatalf("accepted an invalid position")
		}
		js := rules.MarshalPosition(p, num)
		q, n, err := rules.ReadPosition(bytes.NewReader(js))
		if err != nil || !q.Equal(p) || n != num {
			t.Fatalf("JSON round trip: %v\n%s", err, js)
		}
		for _, st := range []rules.BoardStyle{{}, {Unicode: true}} {
			b := rules.FormatBoard(p, num, st)
			q, n, err := rules.ReadPosition(strings.NewReader(b))
			if err != nil || !q.Equal(p) || n != num {
				t.Fatalf("board round trip %+v: %v\n%s", st, err, b)
			}
			if b2 := rules.FormatBoard(q, n, st); b2 != b {
				t.Fatalf("board changed:\n%s\n%s", b, b2)
			}
		}
	})
}

// TestFuzzCorpusFiles checks that the seed corpus files are there and in
// the fuzzer's format (they run as part of FuzzReadPosition too).
func TestFuzzCorpusFiles(t *testing.T) {
	for _, dir := range []string{"FuzzReadPosition", "FuzzReadSolution"} {
		files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", dir, "*"))
		if len(files) == 0 {
			t.Errorf("no seed corpus in testdata/fuzz/%s", dir)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil || !bytes.HasPrefix(b, []byte("go test fuzz v1\n")) {
				t.Errorf("%s: not a fuzz corpus file", f)
			}
		}
	}
}
