package main

// Tests of input that used to be taken silently or refused without need:
// positions labelled as the wrong game, boards copied from solve --steps,
// move files of the wrong kind.

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCLILayoutOfTheOtherGame: a position labelled as one game whose piles
// are the other game's gets one line that says so, not a line per pile.
func TestCLILayoutOfTheOtherGame(t *testing.T) {
	rc := cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")
	rf := cliOK(t, "", "deal", "ripple-fan", "5", "--format", "json")
	asRF := cliWriteFile(t, "rc-as-rf.json", strings.Replace(rc, `"russian-cell"`, `"ripple-fan"`, 1))
	asRC := cliWriteFile(t, "rf-as-rc.json", strings.Replace(rf, `"ripple-fan"`, `"russian-cell"`, 1))
	for _, c := range []struct {
		game, file, want string
	}{
		{"russian-cell", asRF, asRF + " is labelled ripple-fan but holds a russian-cell layout (7 columns)"},
		{"ripple-fan", asRF, asRF + " is labelled ripple-fan but holds a russian-cell layout (7 columns)"},
		{"ripple-fan", asRC, asRC + " is labelled russian-cell but holds a ripple-fan layout (13 piles)"},
	} {
		r := cliRun(t, "", "solve", c.game, "--position", c.file)
		cliWantUsage(t, r, 1)
		if got := strings.TrimSpace(r.stderr); got != "patience: "+c.want {
			t.Errorf("solve %s --position %s:\n got %s\nwant patience: %s", c.game, c.file, got, c.want)
		}
	}
	r := cliRun(t, strings.Replace(rc, `"russian-cell"`, `"ripple-fan"`, 1), "deal", "russian-cell", "--position", "-")
	cliWantUsage(t, r, 1, "standard input is labelled ripple-fan but holds a russian-cell layout (7 columns)")
}

// stepsBoard returns the board that solve --steps prints after the first
// move, as a user would copy it: no title line.
func stepsBoard(t *testing.T, game, number string) (board, move string) {
	t.Helper()
	out := cliOK(t, "", "solve", game, number, "--steps", "--ascii", "--workers", "1")
	_, after, ok := strings.Cut(out, "\n 1. ")
	if !ok {
		_, after, ok = strings.Cut(out, "\n1. ")
	}
	if !ok {
		t.Fatalf("no first move in:\n%s", out)
	}
	move, rest, _ := strings.Cut(after, "\n")
	board, _, _ = strings.Cut(strings.TrimLeft(rest, "\n"), "\n\n")
	if strings.Contains(board, "Russian Cell") || strings.Contains(board, "Ripple Fan") || !strings.HasPrefix(board, "Foundations:") {
		t.Fatalf("want a board without its title after move 1, got:\n%s", board)
	}
	f := strings.Fields(move)
	return board + "\n", f[0] + " " + f[1]
}

// TestCLIBoardWithoutTitle: a board copied from solve --steps, which has
// no title line, is read when GAME is on the command line.
func TestCLIBoardWithoutTitle(t *testing.T) {
	for _, c := range []struct{ game, number string }{{"russian-cell", "3"}, {"ripple-fan", "2217"}} {
		board, move := stepsBoard(t, c.game, c.number)
		file := cliWriteFile(t, "step.txt", board)
		got := cliOK(t, "", "deal", c.game, "--position", file, "--format", "json")
		moved := cliWriteFile(t, "moved.txt", move+"\n")
		want := cliOK(t, "", "hint", c.game, c.number, "--moves", moved, "--format", "json", "--workers", "1")
		want = strings.Replace(want, `"number":"`+c.number+`",`, "", 1)         // the deal the position came from
		got = strings.Replace(got, `"patience":"position","version":1,`, "", 1) // embedded in the hint, it has no kind
		if !strings.Contains(want, strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(got), "{"), "}")) {
			t.Errorf("%s %s: the board after %s reads as\n%s\nnot the position hint plays to:\n%s", c.game, c.number, move, got, want)
		}
		if out := cliOK(t, "", "solve", c.game, "--position", file, "--workers", "1"); !strings.Contains(out, "Verdict: solvable") {
			t.Errorf("solve %s --position (board without title): %s", c.game, out)
		}
	}
	// Without the game known from the title, the other game's layout is
	// named in one line.
	board, _ := stepsBoard(t, "russian-cell", "3")
	r := cliRun(t, board, "deal", "ripple-fan", "--position", "-")
	cliWantUsage(t, r, 1, "a board with no title line, read as ripple-fan, but it holds a russian-cell layout (7 columns)")
}

// TestCLIMovesFileKinds: --moves takes a JSON list of move strings, and
// refuses, in one line that says what the file is, anything that is not
// moves from the start given.
func TestCLIMovesFileKinds(t *testing.T) {
	pos := cliWriteFile(t, "pos.json", cliOK(t, "", "deal", "russian-cell", "617", "--format", "json"))
	sol617 := cliWriteFile(t, "617.json", cliOK(t, "", "solve", "russian-cell", "617", "--format", "json", "--workers", "1"))
	sol5 := cliWriteFile(t, "5.json", cliOK(t, "", "solve", "russian-cell", "5", "--format", "json", "--workers", "1"))
	rf := cliWriteFile(t, "rf.json", cliOK(t, "", "solve", "ripple-fan", "2217", "--format", "json", "--workers", "1"))
	lost := cliWriteFile(t, "lost.json", cliOK(t, "", "solve", "ripple-fan", "5", "--format", "json", "--workers", "1"))
	// A later position of deal 617, carrying its number, and the deal's
	// start without a number.
	first := cliWriteFile(t, "first.txt", "JH t2>t3\n")
	var later string
	{
		var doc struct {
			Position json.RawMessage `json:"position"`
		}
		out := cliOK(t, "", "solve", "russian-cell", "617", "--moves", first, "--format", "json", "--workers", "1")
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		later = cliWriteFile(t, "later.json", string(doc.Position))
	}
	unnumbered := cliWriteFile(t, "start.json", strings.Replace(cliReadFile(t, pos), `"number":"617",`, "", 1))
	results := filepath.Join(t.TempDir(), "r.jsonl")
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-2", "--out", results, "--workers", "1", "--quiet")

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"russian-cell", "617", "--moves", pos}, pos + ": this is a position, not a list of moves"},
		{[]string{"russian-cell", "617", "--moves", cliWriteFile(t, "empty.txt", "")}, "is empty"},
		{[]string{"russian-cell", "617", "--moves", cliWriteFile(t, "blank.txt", "\n \n")}, "is empty"},
		{[]string{"russian-cell", "617", "--moves", cliWriteFile(t, "comments.txt", "# nothing yet\n")}, "holds no moves"},
		{[]string{"russian-cell", "617", "--moves", cliWriteFile(t, "none.json", "[]")}, "holds no moves"},
		{[]string{"russian-cell", "617", "--moves", sol5}, sol5 + " is a solution for deal 5, not deal 617"},
		{[]string{"russian-cell", "--position", pos, "--moves", sol5}, sol5 + " is a solution for deal 5, not deal 617"},
		{[]string{"russian-cell", "--position", later, "--moves", sol617}, sol617 + " is a solution from the start of deal 617, but the position given is not that start"},
		{[]string{"russian-cell", "--position", unnumbered, "--moves", sol5}, sol5 + " is a solution from the start of deal 5, but the position given is not that start"},
		{[]string{"russian-cell", "617", "--moves", rf}, rf + " is a solution for ripple-fan, not russian-cell"},
		{[]string{"ripple-fan", "5", "--moves", lost}, lost + " is a solution with no moves (verdict unsolvable)"},
		{[]string{"russian-cell", "617", "--moves", results}, results + ": this is a results file of patience stats, not a list of moves"},
	} {
		for _, cmd := range []string{"hint", "solve"} {
			args := append([]string{cmd, "--workers", "1"}, c.args...)
			cliWantUsage(t, cliRun(t, "", args...), 1, c.want)
		}
	}

	// A solution of the deal, and a list of move strings, are played.
	out := cliOK(t, "", "hint", "russian-cell", "617", "--moves", sol617, "--workers", "1")
	if !strings.Contains(out, "The game is already won.") {
		t.Errorf("hint after the deal's own solution: %s", out)
	}
	list := cliWriteFile(t, "list.json", `["JH t2>t3", "QS t2>t5"]`)
	text := cliWriteFile(t, "list.txt", "JH t2>t3\nQS t2>t5\n")
	a := cliOK(t, "", "hint", "russian-cell", "617", "--moves", list, "--format", "json", "--workers", "1")
	b := cliOK(t, "", "hint", "russian-cell", "617", "--moves", text, "--format", "json", "--workers", "1")
	if cutSeconds(a) != cutSeconds(b) || !strings.Contains(a, `"verdict":"solvable"`) {
		t.Errorf("a JSON list of move strings plays as the same moves in text:\n%s\n%s", a, b)
	}
	cliWantUsage(t, cliRun(t, "", "hint", "russian-cell", "617", "--moves", cliWriteFile(t, "bad.json", `["JH t2>t3", "XX"]`)), 1, "moves[1]")
}

// cutSeconds drops the time a JSON answer took, which differs run to run.
func cutSeconds(s string) string {
	if i := strings.Index(s, `"seconds":`); i >= 0 {
		return s[:i]
	}
	return s
}

// TestCLIFlagsThatDoNotGoTogether: solve refuses, with the reason, the
// flags it would otherwise take and ignore.
func TestCLIFlagsThatDoNotGoTogether(t *testing.T) {
	cliWantUsage(t, cliRun(t, "", "solve", "russian-cell", "617", "--shortest", "--hide"), 1, "--shortest needs every card known")
	seen := cliOK(t, "", "deal", "russian-cell", "617", "--hide", "--format", "json")
	cliWantUsage(t, cliRun(t, seen, "solve", "russian-cell", "--position", "-", "--shortest"), 1, "--shortest needs every card known")
	cliWantUsage(t, cliRun(t, "", "solve", "russian-cell", "617", "--steps", "--format", "json"), 1, "--steps", "text format")
}

// TestCLIAfterMovesKeepsNumber: the JSON of solve and hint after --moves
// keeps the deal's number, in the position it carries.
func TestCLIAfterMovesKeepsNumber(t *testing.T) {
	played := cliWriteFile(t, "played.txt", "JH t2>t3\n")
	for _, args := range [][]string{
		{"solve", "russian-cell", "617", "--moves", played, "--format", "json"},
		{"hint", "russian-cell", "617", "--moves", played, "--format", "json"},
		{"solve", "russian-cell", "617", "--moves", played, "--format", "json", "--hide", "--samples", "3"},
		{"hint", "russian-cell", "617", "--moves", played, "--format", "json", "--hide", "--samples", "3"},
	} {
		out := cliOK(t, "", append(args, "--workers", "1")...)
		if !strings.Contains(out, `"position":{"game":"russian-cell","number":"617",`) {
			t.Errorf("patience %s: the position lost its deal number:\n%s", strings.Join(args, " "), out)
		}
	}
}

// TestCLISolveSaysWhy: solve on a lost deal or position gives the cause
// that hint gives, where one is found.
func TestCLISolveSaysWhy(t *testing.T) {
	const why = "Why: KD is above 3D in pile 8"
	if out := cliOK(t, "", "hint", "ripple-fan", "5"); !strings.Contains(out, why) {
		t.Fatalf("hint ripple-fan 5 gives no cause:\n%s", out)
	}
	if out := cliOK(t, "", "solve", "ripple-fan", "5"); !strings.Contains(out, "Verdict: unsolvable") || !strings.Contains(out, why) {
		t.Errorf("solve ripple-fan 5:\n%s", out)
	}
	pos := cliOK(t, "", "deal", "ripple-fan", "5", "--format", "json")
	if out := cliOK(t, pos, "solve", "ripple-fan", "--position", "-"); !strings.Contains(out, why) {
		t.Errorf("solve ripple-fan --position:\n%s", out)
	}
	if out := cliOK(t, "", "solve", "russian-cell", "617"); strings.Contains(out, "Why:") {
		t.Errorf("a solvable deal has no cause of a loss:\n%s", out)
	}
}

// TestCLIHintTwins: hint lists a move to either cell once, "JD t4>c1 (or
// c2)" in text; JSON keeps a valid move, with the twin in "or_to".
func TestCLIHintTwins(t *testing.T) {
	out := cliOK(t, "", "hint", "russian-cell", "617", "--hide", "--samples", "3", "--workers", "1", "--ascii")
	if !strings.Contains(out, "JD t4>c1 (or c2)") || strings.Contains(out, "t4>c2") {
		t.Errorf("hint text lists the two cells apart, or not as twins:\n%s", out)
	}
	js := cliOK(t, "", "hint", "russian-cell", "617", "--hide", "--samples", "3", "--workers", "1", "--format", "json")
	if !strings.Contains(js, `"move":"JD t4>c1"`) || !strings.Contains(js, `"or_to":["c2"]`) || strings.Contains(js, `t4>c2`) {
		t.Errorf("hint JSON: want JD t4>c1 once with its twin in or_to:\n%s", js)
	}
	// The move JSON gives is one --moves plays.
	played := cliWriteFile(t, "played.txt", "JD t4>c1\n")
	cliOK(t, "", "hint", "russian-cell", "617", "--moves", played, "--workers", "1")
}

// TestCLIDealsFileMemory: the memory a long list of scattered deals holds
// is counted within --memory, and a list that leaves no room for the
// position tables is refused before the run.
func TestCLIDealsFileMemory(t *testing.T) {
	var b strings.Builder
	for i := range 200000 {
		b.WriteString(strconv.Itoa(2*i+1) + "\n")
	}
	file := cliWriteFile(t, "odd.txt", b.String())
	r := cliRun(t, "", "stats", "ripple-fan", "--deals-file", file, "--memory", "8", "--workers", "1", "--quiet")
	cliWantUsage(t, r, 1, "the list of deals takes about", "MB of --memory 8")
	out := cliOK(t, "", "stats", "ripple-fan", "--deals-file", file, "--memory", "64", "--workers", "1", "--quiet", "--shard", "0/100000")
	if !strings.Contains(out, "deals           2") {
		t.Errorf("a run with room for the list:\n%s", out)
	}
	// A range costs nothing, however long.
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-1000000000", "--memory", "1", "--workers", "1", "--quiet", "--shard", "0/500000000")
}
