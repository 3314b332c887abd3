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
