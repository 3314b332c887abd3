package main

import (
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
)

// TestCLIDealDaily: deal --daily deals game.DailyDeal's deal of the date
// given, and of today in UTC without --date; its board names the deal
// and says it is winnable, and the deal solves. Its flags are refused
// where they do not apply.
func TestCLIDealDaily(t *testing.T) {
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		want, err := game.DailyDeal(g, time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		n := cliDealNumber(t, cliOK(t, "", "deal", g.String(), "--daily", "--date", "2026-12-07", "--format", "json"))
		if n != want.String() {
			t.Errorf("%v --daily --date 2026-12-07: deal %s, want %v", g, n, want)
		}
		text := cliOK(t, "", "deal", g.String(), "--daily", "--date", "2026-12-07", "--ascii")
		if !strings.Contains(text, ", deal "+n+"\n") || !strings.Contains(text, "# Catalogue: winnable") {
			t.Errorf("%v: the board does not name deal %s or say it is winnable:\n%s", g, n, text)
		}
		js := cliOK(t, "", "solve", g.String(), n, "--format", "json", "--workers", "1")
		if !strings.Contains(js, `"verdict":"solvable"`) {
			t.Errorf("the %s deal of the day %s does not solve: %.200s", g, n, js)
		}
		// Today: the deal of the UTC date before or after the run (a run
		// may cross midnight).
		before, _ := game.DailyDeal(g, time.Now())
		today := cliDealNumber(t, cliOK(t, "", "deal", g.String(), "--daily", "--format", "json"))
		after, _ := game.DailyDeal(g, time.Now())
		if today != before.String() && today != after.String() {
			t.Errorf("%v --daily: deal %s, want today's, %v", g, today, before)
		}
	}
	if a, b := cliDealNumber(t, cliOK(t, "", "deal", "russian-cell", "--daily", "--date", "2026-12-08", "--format", "json")),
		cliDealNumber(t, cliOK(t, "", "deal", "russian-cell", "--daily", "--date", "2026-12-07", "--format", "json")); a == b {
		t.Errorf("7 and 8 December give the same deal, %s", a)
	}
	for _, c := range []struct {
		args  []string
		words string
	}{
		{[]string{"deal", "russian-cell", "--date", "2026-12-07"}, "--date goes with --daily"},
		{[]string{"deal", "russian-cell", "--daily", "--date", "7/12/2026"}, `--date "7/12/2026": want a date as YYYY-MM-DD`},
		{[]string{"deal", "russian-cell", "--daily", "--date", "2026-02-29"}, `--date "2026-02-29": want a date`},
		{[]string{"deal", "russian-cell", "--daily", "--date", "0000-06-01"}, "the years 1 to 9999"},
		{[]string{"deal", "russian-cell", "--daily", "--random"}, "--random and --daily each pick the deal"},
		{[]string{"deal", "russian-cell", "5", "--daily"}, "--daily picks the deal: give no deal NUMBER"},
		{[]string{"deal", "russian-cell", "--daily", "--seed", "3"}, "--seed goes with --random"},
		{[]string{"deal", "chess", "--daily"}, "chess"},
	} {
		cliWantUsage(t, cliRun(t, "", c.args...), 1, c.words)
	}
}
