package main

// Tests of input that used to be taken silently or refused without need:
// positions labelled as the wrong game, boards copied from solve --steps,
// move files of the wrong kind.

import (
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
