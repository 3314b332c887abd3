package main

import (
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// cliCSV parses CSV output, requiring every row as wide as the header.
func cliCSV(t *testing.T, out string) (header []string, rows [][]string) {
	t.Helper()
	all, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(all) < 1 {
		t.Fatalf("not CSV (%v):\n%s", err, out)
	}
	return all[0], all[1:]
}

// TestCLIStatsCSV: --format csv writes the summary as a header row and one
// row whose figures are the JSON summary's; --records writes every deal of
// the files, one a row, with the fields of its line.
func TestCLIStatsCSV(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-6", "--out", a, "--workers", "1", "--quiet")
	cliOK(t, "", "stats", "russian-cell", "--deals", "7-9", "--out", b, "--workers", "1", "--quiet", "--max-nodes", "50")

	var js struct {
		Deals, Solvable, Unknown uint64
		WinRate                  struct{ Rate, Low, High float64 } `json:"win_rate"`
		Nodes                    struct{ Max float64 }
	}
	// The budgets differ, to have unknown deals: a note on stderr says so.
	jr := cliRun(t, "", "stats", "--summary", a, b, "--format", "json")
	if err := json.Unmarshal([]byte(jr.stdout), &js); err != nil || jr.code != exitOK {
		t.Fatalf("%v: %v", err, jr)
	}
	r := cliRun(t, "", "stats", "--summary", a, b, "--format", "csv")
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	header, rows := cliCSV(t, r.stdout)
	if len(rows) != 1 || !slices.Equal(header, reportCSVColumns) {
		t.Fatalf("want the header and one row:\n%s", r.stdout)
	}
	get := func(col string) string { return rows[0][slices.Index(header, col)] }
	f := func(col string) float64 {
		v, err := strconv.ParseFloat(get(col), 64)
		if err != nil {
			t.Fatalf("%s: %q", col, get(col))
		}
		return v
	}
	if get("game") != "russian-cell" || f("deals") != 9 || f("deals") != float64(js.Deals) || f("solvable") != float64(js.Solvable) ||
		f("unknown") != float64(js.Unknown) || js.Unknown == 0 || f("win_rate") != js.WinRate.Rate || f("win_low") != js.WinRate.Low ||
		f("nodes_max") != js.Nodes.Max {
		t.Errorf("the CSV row differs from the JSON summary %+v:\n%s", js, r.stdout)
	}

	rr := cliRun(t, "", "stats", "--summary", a, b, "--records", "--format", "csv")
	out := rr.stdout
	if rr.code != exitOK {
		t.Fatalf("%v", rr)
	}
	header, rows = cliCSV(t, out)
	if !slices.Equal(header, []string{"number", "verdict", "reason", "moves", "forced", "nodes", "seconds", "outcome", "game_moves", "game_seconds"}) || len(rows) != 9 {
		t.Fatalf("want a header and 9 deals:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(cliReadFile(t, a)+cliReadFile(t, b)[strings.Index(cliReadFile(t, b), "\n")+1:]), "\n")[1:]
	for i, row := range rows {
		var rec struct {
			Number, Verdict, Reason string
			Moves, Nodes            int64
			Forced                  *int
		}
		if err := json.Unmarshal([]byte(lines[i]), &rec); err != nil {
			t.Fatal(err)
		}
		forced := ""
		if rec.Forced != nil {
			forced = strconv.Itoa(*rec.Forced)
		}
		want := []string{rec.Number, rec.Verdict, rec.Reason, strconv.FormatInt(rec.Moves, 10), forced, strconv.FormatInt(rec.Nodes, 10)}
		if !slices.Equal(row[:6], want) {
			t.Errorf("row %d: %v, the line says %v", i+1, row, want)
		}
	}
	// --records alone writes CSV too; what it cannot do is refused.
	if got := cliOK(t, "", "stats", "--summary", a, "--records"); !strings.HasPrefix(got, "number,verdict,") {
		t.Errorf("--records without --format:\n%s", got)
	}
	cliWantUsage(t, cliRun(t, "", "stats", "--summary", a, "--records", "--format", "json"), 1, "--records writes CSV")
	cliWantUsage(t, cliRun(t, "", "stats", "russian-cell", "--deals", "1-2", "--records"), 1, "--summary")
	cliWantUsage(t, cliRun(t, "", "stats", "--summary", a, a, "--records"), 1, "twice")
}
