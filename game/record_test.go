package game_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// oldPlay is a played game's record as written before documents said
// their kind.
const oldPlay = `{"game":"russian-cell","number":"7","verdict":"unsolvable","rules":{"returns":true},"moves":[{"card":"AC","from":"t5","to":"f"}],"nodes":2219,"seconds":0.00257762,"player":"greedy","outcome":"lost","ended":"no move leads to a position not yet seen","lost_after":0,"shares":[null]}`

func stoppedRecord() *game.Record {
	return &game.Record{
		Solution: &rules.Solution{Game: rules.RussianCell, Number: "617", Verdict: rules.VerdictUnknown, Reason: "interrupted", Options: rules.DefaultOptions(),
			Moves: []rules.Move{rules.MustMove("QS t2>t5"), rules.MustMove("AH t1>f")}, Build: "v1.2.3+abc1234"},
		Play: &game.PlayRecord{Player: "sampled", Samples: 50, Seed: new(uint64(1)), Outcome: game.OutcomeStopped, Signal: "SIGINT",
			Ended: "stopped by SIGINT after 2 moves", Shares: []*game.DecisionShare{{Winnable: 3, Of: 5}, nil}},
	}
}

// TestRecordBytes: a play record is written as it was when rules wrote it:
// the solution's keys, then the play's before "solver", kind "play".
func TestRecordBytes(t *testing.T) {
	want := `{"patience":"play","version":1,"game":"russian-cell","number":"617","verdict":"unknown","reason":"interrupted","rules":{"returns":true},` +
		`"moves":[{"card":"QS","from":"t2","to":"t5"},{"card":"AH","from":"t1","to":"f"}],"nodes":0,"seconds":0,` +
		`"player":"sampled","samples":50,"seed":"1","outcome":"stopped","ended":"stopped by SIGINT after 2 moves","stopped":"SIGINT",` +
		`"shares":[{"winnable":3,"of":5},null],"solver":"v1.2.3+abc1234"}`
	rec := stoppedRecord()
	if got := string(game.MarshalRecord(rec)); got != want {
		t.Errorf("the record:\n%s\nwant\n%s", got, want)
	}
	rec.Build = ""
	if got := string(game.MarshalRecord(rec)); got != strings.Replace(want, `,"solver":"v1.2.3+abc1234"`, "", 1) {
		t.Errorf("the record without a solver:\n%s", got)
	}
	// A solution is rules' document, byte for byte.
	rec.Play = nil
	if got, sol := game.MarshalRecord(rec), rules.MarshalSolution(rec.Solution); !bytes.Equal(got, sol) {
		t.Errorf("a solution:\n%s\nwant\n%s", got, sol)
	}
}

// TestRecordRoundTrip: a play record, a solution and a play record written
// before documents said their kind read back as written, from ReadRecord
// and as a move file.
func TestRecordRoundTrip(t *testing.T) {
	b := game.MarshalRecord(stoppedRecord())
	got, err := game.ReadRecord(bytes.NewReader(b))
	if err != nil || got.Play == nil || got.Play.Outcome != game.OutcomeStopped || got.Play.Signal != "SIGINT" ||
		got.Play.Samples != 50 || got.Play.Seed == nil || *got.Play.Seed != 1 || len(got.Play.Shares) != 2 || got.Play.Shares[1] != nil ||
		*got.Play.Shares[0] != (game.DecisionShare{Winnable: 3, Of: 5}) || len(got.Moves) != 2 || got.Build != "v1.2.3+abc1234" {
		t.Fatalf("read back: %+v, %v", got, err)
	}
	if again := game.MarshalRecord(got); !bytes.Equal(again, b) {
		t.Errorf("written again:\n%s\nwas\n%s", again, b)
	}
	mf, err := game.ReadMoveFile(bytes.NewReader(b))
	if err != nil || mf.Record == nil || mf.Record.Play == nil || len(mf.Moves) != 2 {
		t.Errorf("the record as a move file: %+v, %v", mf, err)
	}

	old, err := game.ReadRecord(strings.NewReader(oldPlay))
	if err != nil || old.Play == nil || old.Play.Outcome != game.OutcomeLost || old.Play.LostAt == nil || *old.Play.LostAt != 0 {
		t.Errorf("old played game: %+v, %v", old, err)
	}
	if mf, err := game.ReadMoveFile(strings.NewReader(oldPlay)); err != nil || mf.Record == nil || mf.Record.Play == nil || len(mf.Moves) != 1 {
		t.Errorf("old played game as a move file: %+v, %v", mf, err)
	}

	sol := rules.MarshalSolution(stoppedRecord().Solution)
	if rec, err := game.ReadRecord(bytes.NewReader(sol)); err != nil || rec.Play != nil || len(rec.Moves) != 2 {
		t.Errorf("a solution: %+v, %v", rec, err)
	}
	if mf, err := game.ReadMoveFile(bytes.NewReader(sol)); err != nil || mf.Record == nil || mf.Record.Play != nil || len(mf.Moves) != 2 {
		t.Errorf("a solution as a move file: %+v, %v", mf, err)
	}
	if mf, err := game.ReadMoveFile(strings.NewReader("QS t2>t5\n")); err != nil || mf.Record != nil || len(mf.Moves) != 1 {
		t.Errorf("a list of moves: %+v, %v", mf, err)
	}
}

// TestRecordErrors: what is wrong with a play record gets one clear line,
// and a line and column in rules' errors still point into the input.
func TestRecordErrors(t *testing.T) {
	b := string(game.MarshalRecord(stoppedRecord()))
	lost := strings.Replace(strings.Replace(b, `"outcome":"stopped"`, `"outcome":"lost"`, 1), `,"stopped":"SIGINT"`, ``, 1)
	sol := string(rules.MarshalSolution(stoppedRecord().Solution))
	for _, c := range []struct{ name, in, want string }{
		{"stopped without a signal", strings.Replace(b, `,"stopped":"SIGINT"`, ``, 1), `outcome stopped without "stopped"`},
		{"a signal for a lost game", strings.Replace(b, `"outcome":"stopped"`, `"outcome":"lost"`, 1), `only a stopped game names a signal`},
		{"not a signal", strings.Replace(b, `"stopped":"SIGINT"`, `"stopped":"SIG\nINT"`, 1), `is not the name of a signal`},
		{"no outcome", strings.Replace(b, `"outcome":"stopped",`, ``, 1), `"patience": "play" without "outcome"`},
		{"unknown outcome", strings.Replace(b, `"outcome":"stopped"`, `"outcome":"drawn"`, 1), `unknown outcome "drawn"`},
		{"old, without an outcome", strings.Replace(oldPlay, `"outcome":"lost",`, ``, 1), `a played game's fields without "outcome"`},
		{"shares", strings.Replace(b, `,null]`, `]`, 1), `shares: 1 entries for 2 moves`},
		{"a share's field twice", strings.Replace(b, `"of":5`, `"of":5,"of":6`, 1), `shares[0]: "of" twice`},
		{"a share without of", strings.Replace(b, `,"of":5`, ``, 1), `shares[0]: a share gives "winnable" and "of"`},
		{"a share's unknown field", strings.Replace(b, `"of":5`, `"of":5,"x":1`, 1), `shares[0]: unknown field "x"`},
		{"shares not a list", strings.Replace(b, `"shares":[{"winnable":3,"of":5},null]`, `"shares":3`, 1), `shares: want a list`},
		{"samples", strings.Replace(b, `"samples":50`, `"samples":"50"`, 1), `samples: want a whole number, got a JSON string`},
		{"outcome not a string", strings.Replace(b, `"outcome":"stopped"`, `"outcome":3`, 1), `outcome: want a string, got a JSON number`},
		{"a misspelt key", strings.Replace(b, `"game"`, `"gmae"`, 1), `unknown field "gmae"`},
		{"a misspelt play key", strings.Replace(b, `"player"`, `"playr"`, 1), `unknown field "playr": did you mean "player"?`},
		{"a solution's key twice", strings.Replace(b, `"nodes":0`, `"nodes":0,"nodes":1`, 1), `a field given twice in the record of a played game: "nodes" twice`},
		{"a position's key", strings.Replace(b, `"nodes"`, `"tableau":[],"nodes"`, 1), `unknown field "tableau"`},
		{"no version", strings.Replace(b, `"version":1,`, ``, 1), `"patience": "play" without "version": want "version":1`},
		{"version 0", strings.Replace(b, `"version":1`, `"version":0`, 1), `"patience": "play" without "version": want "version":1`},
		{"a kind that is not a string", strings.Replace(b, `"play"`, `5`, 1), `patience: want a string`},
		{"a field twice", strings.Replace(b, `"seed":"1"`, `"seed":"1","seed":"2"`, 1), `"seed" twice`},
		{"a seed not a number", strings.Replace(b, `"seed":"1"`, `"seed":"one"`, 1), `seed: "one" is not a whole number`},
		{"a seed not a string", strings.Replace(b, `"seed":"1"`, `"seed":1`, 1), `seed: want a string, got a JSON number`},
		{"lost after", strings.Replace(lost, `"shares"`, `"lost_after":3,"shares"`, 1), `lost_after: 3 is not a move of the 2 played`},
		{"won, but unknown", strings.Replace(lost, `"outcome":"lost"`, `"outcome":"won"`, 1), `outcome won, but the verdict is "unknown"`},
		{"newer version", strings.Replace(b, `"version":1`, `"version":2`, 1), `format version 2 of the record of a played game`},
		{"a solution with an outcome", strings.Replace(sol, `"nodes"`, `"outcome":"lost","nodes"`, 1), `"outcome" in a solution: the record of a played game is "patience": "play"`},
		{"the solution's fault", strings.Replace(b, `"verdict":"unknown"`, `"verdict":"won"`, 1), `unknown verdict "won"`},
		{"a line and column", strings.Replace(b, `"seed":"1",`, "\n\"seed\":\"1\",\n", 1) + "x", `at line 3, column 146`},
		{"a line and column after the play's fields", strings.Replace(strings.Replace(b, `"seed":"1",`, "\n\"seed\":\"1\",\n", 1), `"solver":"v1.2.3+abc1234"`, `"solver":v1`, 1), `line 3, column 129`},
	} {
		_, err := game.ReadRecord(strings.NewReader(c.in))
		var rp rules.Problems
		if !errors.As(err, &rp) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q in\n%s", c.name, err, c.want, c.in)
		}
	}
}

// TestApplicationDocumentsRefused: the application's documents, with their
// kind or, written before documents said it, with their keys, are told
// for what they are wherever a position, a solution or moves are read.
func TestApplicationDocumentsRefused(t *testing.T) {
	readers := map[rules.Document]func(string) error{
		rules.PositionDocument: func(s string) error { _, _, err := game.ReadPosition(strings.NewReader(s)); return err },
		rules.SolutionDocument: func(s string) error { _, err := game.ReadRecord(strings.NewReader(s)); return err },
		rules.MoveListDocument: func(s string) error { _, err := game.ReadMoveFile(strings.NewReader(s)); return err },
	}
	for in, d := range map[string]game.Document{
		`{"game":"russian-cell","position":{},"rules":{"returns":true},"hidden":21,"arrangements":200}`:  game.ShareDocument,
		`{"game":"russian-cell","number":"617","verdict":"solvable","moves":[],"won":false,"lost":true}`: game.ReviewDocument,
		`{"patience":"hint","version":1,"game":"russian-cell","number":"617","verdict":"solvable"}`:      game.HintDocument,
		`{"patience":"summary","version":1,"game":"russian-cell"}`:                                       game.SummaryDocument,
		oldPlay: game.PlayDocument,
	} {
		for want, read := range readers {
			err := read(in)
			var wd *rules.WrongDocumentError
			accepted := d == game.PlayDocument && want != rules.PositionDocument
			switch {
			case accepted && err != nil:
				t.Errorf("%v read as %v: %v", d, want, err)
			case !accepted && (!errors.As(err, &wd) || wd.Got != 0 || wd.Kind != d.Kind() || wd.Want != want):
				t.Errorf("%v read as %v: %v; want it told as %q", d, want, err, d.Kind())
			}
		}
	}
	// A position reads.
	p := rules.MarshalPosition(rules.NewPosition(rules.RussianCell), "")
	if _, _, err := game.ReadPositionOf(bytes.NewReader(p), rules.RussianCell); err == nil || errors.As(err, new(*rules.WrongDocumentError)) {
		// An empty position is invalid, but a position.
		t.Errorf("a position: %v", err)
	}
}

// TestDocumentKinds: the application's documents have kinds of their own,
// none of them rules', each read back by ParseKind.
func TestDocumentKinds(t *testing.T) {
	seen := map[string]bool{}
	for d := game.Document(1); d <= game.SummaryDocument; d++ {
		k := d.Kind()
		if k == "" || seen[k] || d.Version() < 1 {
			t.Errorf("%v: kind %q, version %d", d, k, d.Version())
		}
		seen[k] = true
		if back, err := game.ParseKind(k); err != nil || back != d {
			t.Errorf("ParseKind(%q) = %v, %v", k, back, err)
		}
		if r, err := rules.ParseKind(k); err == nil {
			t.Errorf("%q is also rules' %v", k, r)
		}
		if h := d.Header(); h.Patience != k || h.Version != d.Version() {
			t.Errorf("%v: header %+v", d, h)
		}
	}
	if game.ReviewDocument.Version() != 3 || len(seen) != 5 {
		t.Errorf("review version %d, %d kinds", game.ReviewDocument.Version(), len(seen))
	}
}

// TestSolutionKeys: the keys ReadRecord takes for a solution's are the
// keys rules.MarshalSolution writes, with a number and with a position.
func TestSolutionKeys(t *testing.T) {
	rec := stoppedRecord()
	got := map[string]bool{}
	for _, pos := range []*rules.Position{nil, testgames.Deal(rules.RussianCell, 617)} {
		s := *rec.Solution
		s.Position, s.Forced, s.Shortest = pos, 1, &rules.Shortest{}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(rules.MarshalSolution(&s), &top); err != nil {
			t.Fatal(err)
		}
		for k := range top {
			got[k] = true
		}
	}
	delete(got, "patience")
	delete(got, "version")
	if !maps.Equal(got, game.SolutionKeys()) {
		t.Errorf("rules writes %v; game knows %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(game.SolutionKeys())))
	}
}

// TestReadersAgree: a move file and check read a solution or play record
// alike, faults included; an old record without moves is a play record;
// and a large input with a byte order mark is refused as too large, not
// cut short.
func TestReadersAgree(t *testing.T) {
	sol := string(rules.MarshalSolution(stoppedRecord().Solution))
	for _, in := range []string{
		strings.Replace(sol, `"nodes"`, `"player":"greedy","nodes"`, 1),
		strings.Replace(oldPlay, `"outcome":"lost",`, ``, 1),
		string(game.MarshalRecord(stoppedRecord())),
	} {
		_, errRecord := game.ReadRecord(strings.NewReader(in))
		_, errMoves := game.ReadMoveFile(strings.NewReader(in))
		if fmt.Sprint(errRecord) != fmt.Sprint(errMoves) {
			t.Errorf("%s:\ncheck says     %v\n--moves says   %v", in, errRecord, errMoves)
		}
	}
	noMoves := strings.Replace(oldPlay, `"moves":[{"card":"AC","from":"t5","to":"f"}],`, ``, 1)
	noMoves = strings.Replace(noMoves, `"lost_after":0,"shares":[null]`, `"lost_after":0`, 1)
	if rec, err := game.ReadRecord(strings.NewReader(noMoves)); err != nil || rec.Play == nil {
		t.Errorf("an old record without moves: %+v, %v", rec, err)
	}
	big := "\xef\xbb\xbf#\n" + strings.Repeat("QS t2>t5\n", rules.MaxInputSize/9+1)
	if mf, err := game.ReadMoveFile(strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "larger than 1 MiB") {
		t.Errorf("a large move list with a byte order mark: %d moves, %v", len(mf.Moves), err)
	}
}

// TestWrongDocumentWords: the words for a document given in the wrong
// place, the same for the page and the command line.
func TestWrongDocumentWords(t *testing.T) {
	for _, c := range []struct {
		e    rules.WrongDocumentError
		want string
	}{
		{rules.WrongDocumentError{Kind: "play", Want: rules.PositionDocument}, "this is the record of a played game, not a position"},
		{rules.WrongDocumentError{Kind: "share", Want: rules.MoveListDocument}, "this is the share of arrangements won for a position with unknown face-down cards (??), not a list of moves"},
		{rules.WrongDocumentError{Kind: strings.Repeat("k", 100), Want: rules.SolutionDocument}, `"patience": "` + strings.Repeat("k", 40) + `..." is not a kind of document patience writes; want "solution"`},
		{rules.WrongDocumentError{Got: rules.ResultsDocument, Kind: "results", Want: rules.PositionDocument}, "this is a results file of patience stats, not a position"},
	} {
		if got := game.WrongDocumentWords(&c.e); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// FuzzParseKind: ParseKind never panics; a kind it reads is the Kind of
// the document it returns, which reads back the same, and an error is one
// line.
func FuzzParseKind(f *testing.F) {
	seeds := []string{"play", "hint", "review", "share", "summary", "position", "", "Play", " hint", "\xff"}
	known := func(d game.Document) bool { return d.Version() >= 1 && !strings.HasPrefix(d.String(), "Document(") }
	testgames.FuzzNames(f, seeds, game.ParseKind, game.Document.Kind, known, true, nil)
}
