package batch

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func TestRecordLineExactly(t *testing.T) {
	r := Record{Number: dealgen.FromUint64(617), Verdict: solver.Solvable, Moves: 97, Forced: 41, Nodes: 1234, Elapsed: 400 * time.Microsecond}
	want := `{"number":"617","verdict":"solvable","moves":97,"forced":41,"nodes":1234,"seconds":0.0004}`
	if got := string(r.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	ms, _ := dealgen.ParseNumber("ms3000000000")
	u := Record{Number: ms, Verdict: solver.Unknown, Reason: `time "limit" reached`, Nodes: 5, Elapsed: 2*time.Second + 1500*time.Nanosecond}
	want = `{"number":"ms3000000000","verdict":"unknown","reason":"time \"limit\" reached","moves":0,"nodes":5,"seconds":2.000002}`
	if got := string(u.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, r := range []Record{r, u} {
		back, err := ParseRecord(r.AppendJSON(nil))
		if err != nil {
			t.Fatal(err)
		}
		r.Elapsed = r.Elapsed.Round(time.Microsecond)
		if back != r {
			t.Errorf("round trip: %+v, want %+v", back, r)
		}
	}
}

// TestRecordWithoutForced reads the lines of files written before forced
// moves were recorded: a win without "forced" is accepted, marked
// NoForced, and written back without it.
func TestRecordWithoutForced(t *testing.T) {
	old := `{"number":"617","verdict":"solvable","moves":97,"nodes":1234,"seconds":0.0004}`
	r, err := ParseRecord([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if r.Forced != NoForced || r.Moves != 97 {
		t.Errorf("read %+v, want 97 moves and Forced NoForced", r)
	}
	if got := string(r.AppendJSON(nil)); got != old {
		t.Errorf("written back as %s", got)
	}
	// A loss has no forced moves, whether or not the line says so.
	r, err = ParseRecord([]byte(`{"number":"5","verdict":"unsolvable","moves":0,"nodes":12,"seconds":0}`))
	if err != nil || r.Forced != 0 {
		t.Errorf("loss: %+v, %v", r, err)
	}
	r.Forced = 3 // not written for a loss
	if got := string(r.AppendJSON(nil)); strings.Contains(got, "forced") {
		t.Errorf("loss written as %s", got)
	}
}

// TestPlayerRecord writes and reads a player's line: its outcome, and the
// game's moves and time beside the solver's. A line written before the
// game's moves and time were recorded is read with GameMoves -1 and written
// back as it was.
func TestPlayerRecord(t *testing.T) {
	r := Record{Number: dealgen.FromUint64(2), Verdict: solver.Solvable, Moves: 97, Forced: 41, Nodes: 1234, Elapsed: 400 * time.Microsecond,
		Outcome: Lost, GameMoves: 43, GameElapsed: 1500 * time.Millisecond}
	want := `{"number":"2","verdict":"solvable","outcome":"lost","game_moves":43,"game_seconds":1.5,"moves":97,"forced":41,"nodes":1234,"seconds":0.0004}`
	if got := string(r.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	back, err := ParseRecord([]byte(want))
	if err != nil || back != r {
		t.Errorf("round trip: %+v, %v; want %+v", back, err, r)
	}
	old := `{"number":"2","verdict":"solvable","outcome":"won","moves":97,"forced":41,"nodes":1234,"seconds":0.0004}`
	back, err = ParseRecord([]byte(old))
	if err != nil || back.GameMoves != -1 || back.Outcome != Won {
		t.Fatalf("a line without the game's moves: %+v, %v", back, err)
	}
	if got := string(back.AppendJSON(nil)); got != old {
		t.Errorf("written back as %s", got)
	}
	var s Summary
	s.Add(&r)
	s.Add(&back)
	pr := s.Report().Player
	if pr == nil || pr.Played != 2 || pr.Timed != 1 || pr.MovesPerGame == nil || *pr.MovesPerGame != 43 || *pr.SecondsPerGame != 1.5 {
		t.Errorf("summary of a timed and an untimed game: %+v", pr)
	}
}

func TestAppendRecordDoesNotAllocate(t *testing.T) {
	r := Record{Number: dealgen.FromUint64(10000000000000000), Verdict: solver.Unsolvable, Nodes: 77, Elapsed: 3 * time.Microsecond}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = r.AppendJSON(buf[:0]) }); n != 0 {
		t.Errorf("%v allocations per line", n)
	}
}

func TestHeaderLineExactly(t *testing.T) {
	h := Header{Version: 1, Game: rules.RussianCell, Deals: "1-100000", Shard: Whole, Options: rules.Options{}, MaxNodes: 100000000}
	want := `{"patience":"results","version":1,"game":"russian-cell","deals":"1-100000","shard":"0/1","rules":{"returns":true},"max_nodes":100000000}`
	if got := string(h.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	h.Timeout = 30 * time.Second
	h.Shard = Shard{2, 8}
	back, err := ParseHeader(h.AppendJSON(nil))
	if err != nil || back != h {
		t.Errorf("round trip: %+v, %v", back, err)
	}

	h = Header{Version: 2, Build: "v1.2.3+abc1234", Game: rules.RussianCell, Deals: "1-100000", Shard: Whole, Options: rules.Options{}, MaxNodes: 100000000}
	want = `{"patience":"results","version":2,"solver":"v1.2.3+abc1234","run":"` + h.Tag() + `","game":"russian-cell","deals":"1-100000","shard":"0/1","rules":{"returns":true},"max_nodes":100000000}`
	if got := string(h.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	h.Timeout = 30 * time.Second
	h.Player, h.Samples, h.Seed = "sampled", 50, 18446744073709551615
	want = strings.TrimSuffix(want, "}") + `,"timeout":"30s","player":"sampled","samples":50,"seed":"18446744073709551615"}`
	want = strings.Replace(want, `"run":"`+(&Header{Game: rules.RussianCell, Deals: "1-100000", Options: rules.Options{}}).Tag(), `"run":"`+h.Tag(), 1)
	if got := string(h.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	back, err = ParseHeader(h.AppendJSON(nil))
	if err != nil || back != h {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

func TestParseRecordErrors(t *testing.T) {
	cases := map[string]string{
		`{"number":"1","verdict":"solvable","moves":3,"nodes":4}`:                                                                 `no "seconds"`,
		`{"number":"1","verdict":"won","moves":3,"nodes":4,"seconds":0}`:                                                          "bad verdict",
		`{"number":"1","verdict":"unknown","moves":0,"nodes":4,"seconds":0}`:                                                      "without a \"reason\"",
		`{"number":"1","verdict":"unsolvable","moves":3,"nodes":4,"seconds":0}`:                                                   "only solvable deals have moves",
		`{"number":"1","verdict":"solvable","moves":0,"nodes":4,"seconds":0}`:                                                     "solvable with 0 moves: a deal is won in one move at least",
		`{"number":"1","verdict":"solvable","moves":0,"forced":0,"nodes":4,"seconds":0}`:                                          "solvable with 0 moves",
		`{"number":"1","verdict":"unsolvable","moves":0,"forced":0,"nodes":4,"seconds":0}`:                                        "only solvable deals have forced moves",
		`{"number":"1","verdict":"solvable","moves":3,"forced":4,"nodes":4,"seconds":0}`:                                          "4 forced of 3 moves",
		`{"number":"1","verdict":"solvable","moves":3,"forced":-1,"nodes":4,"seconds":0}`:                                         `bad "forced"`,
		`{"number":"1","verdict":"solvable","moves":3,"forced":1.5,"nodes":4,"seconds":0}`:                                        `bad "forced"`,
		`{"number":"1","verdict":"solvable","moves":3,"forced":"2","nodes":4,"seconds":0}`:                                        `bad "forced"`,
		`{"number":"1","verdict":"solvable","moves":3,"nodes":4,"seconds":0,"x":1}`:                                               `unknown field "x"`,
		`{"number":"1","verdict":"solvable","moves":3,"nodes":-4,"seconds":0}`:                                                    `bad "nodes"`,
		`{"number":1,"verdict":"solvable","moves":3,"nodes":4,"seconds":0}`:                                                       `"number" must be a string`,
		`{"number":"0","verdict":"solvable","moves":3,"nodes":4,"seconds":0}`:                                                     "0 is not a deal",
		`{"number":"1","verdict":"solvable","moves":3,"nodes":4,"seconds":0}x`:                                                    "after the closing",
		`{"number":"1","verdict":"solvable","moves":3,"nodes":4,"seconds":0,"number":"2"}`:                                        "twice",
		`{"number":"1","verdict":"solvable","mo`:                                                                                  "ends early",
		`hello`:                                                                                                                   "not a result line",
		`{"number":"1","verdict":"unsolvable","game_moves":3,"game_seconds":1,"moves":0,"nodes":4,"seconds":0}`:                   `without an "outcome"`,
		`{"number":"1","verdict":"unsolvable","outcome":"lost","game_moves":3,"moves":0,"nodes":4,"seconds":0}`:                   `come together`,
		`{"number":"1","verdict":"unsolvable","outcome":"lost","game_moves":-3,"game_seconds":1,"moves":0,"nodes":4,"seconds":0}`: `bad "game_moves"`,
		`{"number":"1","verdict":"unsolvable","outcome":"lost","game_moves":3,"game_seconds":-1,"moves":0,"nodes":4,"seconds":0}`: `bad "game_seconds"`,
		`{"number":"1","verdict":"unsolvable","outcome":"won","moves":0,"nodes":4,"seconds":0}`:                                   `a game won on a "unsolvable" deal`,
	}
	for line, want := range cases {
		_, err := ParseRecord([]byte(line))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseRecord(%s) = %v, want an error with %q", line, err, want)
		}
	}
}

const testHeader = `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100}` + "\n"

func TestReaderErrors(t *testing.T) {
	good := `{"number":"1","verdict":"unsolvable","moves":0,"nodes":4,"seconds":0}` + "\n"
	cases := []struct {
		name, text, want string
		truncated        bool
	}{
		{"empty", "", "results.jsonl line 1: the file is empty", false},
		{"not results", "hello\n", "results.jsonl line 1: not a patience results file", false},
		{"no header", good, "results.jsonl line 1: it has no header line", false},
		{"bad line", testHeader + good + "{\"number\":\"2\"}\n" + good, "results.jsonl line 3: no \"verdict\" in a result line", false},
		{"blank line", testHeader + good + "\n" + good, "results.jsonl line 3: a blank line", false},
		{"second header", testHeader + good + testHeader, "results.jsonl line 3: a second header", false},
		{"cut short", testHeader + good + `{"number":"2","verd`, "results.jsonl line 3: the last line is cut short", true},
		{"future version", strings.Replace(testHeader, `"version":1`, `"version":9`, 1), "version 9", false},
	}
	for _, c := range cases {
		rd, err := NewReader(strings.NewReader(c.text), "results.jsonl")
		if err == nil {
			var r Record
			for err == nil {
				err = rd.Next(&r)
			}
		}
		var fe *FileError
		if err == nil || err == io.EOF || !strings.Contains(err.Error(), c.want) || !errors.As(err, &fe) || fe.Truncated != c.truncated {
			t.Errorf("%s: got %v, want %q (truncated %v)", c.name, err, c.want, c.truncated)
		}
	}
}

// TestReaderEach: Each gives each record in the file's order, returns nil
// at the end, a *FileError for a line that does not parse, and f's first
// error as it is, reading no further.
func TestReaderEach(t *testing.T) {
	line := func(n string) string {
		return `{"number":"` + n + `","verdict":"unsolvable","moves":0,"nodes":4,"seconds":0}` + "\n"
	}
	each := func(text string, f func(*Record) error) ([]string, error) {
		rd, err := NewReader(strings.NewReader(text), "results.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		var seen []string
		err = rd.Each(func(r *Record) error {
			seen = append(seen, r.Number.String())
			return f(r)
		})
		return seen, err
	}
	none := func(*Record) error { return nil }
	if seen, err := each(testHeader+line("3")+line("1")+line("2"), none); err != nil || strings.Join(seen, " ") != "3 1 2" {
		t.Errorf("records %v, error %v; want 3 1 2 and nil", seen, err)
	}
	var fe *FileError
	if seen, err := each(testHeader+line("1")+"x\n"+line("2"), none); !errors.As(err, &fe) || fe.Line != 3 || len(seen) != 1 {
		t.Errorf("a bad line: records %v, error %v; want 1 record and a *FileError of line 3", seen, err)
	}
	stop := errors.New("stop")
	if seen, err := each(testHeader+line("1")+line("2")+line("3"), func(r *Record) error {
		if r.Number.String() == "2" {
			return stop
		}
		return nil
	}); err != stop || len(seen) != 2 {
		t.Errorf("f's error: records %v, error %v; want 2 records and f's error", seen, err)
	}
}
