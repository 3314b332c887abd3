package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// runMain runs the command line in process and returns the exit code,
// stdout and stderr.
func runMain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// wantUsageError checks exit code 2, nothing on stdout, and stderr lines
// that each start with "patience: ", at most 10, one containing want.
func wantUsageError(t *testing.T, want string, args ...string) {
	t.Helper()
	code, out, errs := runMain(t, args...)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if code != 2 || out != "" || !strings.Contains(errs, want) || len(lines) > 10 {
		t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, no stdout, %q", args, code, out, errs, want)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "patience: ") {
			t.Errorf("%q: stderr line %q", args, l)
		}
	}
}

func TestStatsText(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rf.jsonl")
	code, stdout, stderr := runMain(t, "stats", "ripple-fan", "--deals", "1-3000", "--out", out, "--quiet")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, w := range []string{"Ripple Fan, deals 1-3000\n", "  deals       3,000\n", "Win rate of the decided deals: ", "95% Wilson interval", "positions",
		"forced (won)", "of the moves of wins were forced", "The 10 hardest deals, by positions searched:"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("summary lacks %q:\n%s", w, stdout)
		}
	}
	// --summary of the file gives the same summary.
	code, again, _ := runMain(t, "stats", "--summary", out)
	if code != 0 || again != stdout {
		t.Errorf("--summary differs:\n%s\nfrom the run's:\n%s", again, stdout)
	}
	// A rerun resumes: nothing to do, same summary.
	code, rerun, _ := runMain(t, "stats", "ripple-fan", "--deals", "1-3000", "--out", out, "--quiet")
	if code != 0 || rerun != stdout {
		t.Errorf("rerun:\n%s", rerun)
	}
}

// withoutSeconds decodes a JSON summary and drops what may differ between
// two runs of the same deals: the seconds, and which files were read.
func withoutSeconds(t *testing.T, js string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("%v: %s", err, js)
	}
	var strip func(v any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			delete(v, "seconds")
			for _, x := range v {
				strip(x)
			}
		case []any:
			for _, x := range v {
				strip(x)
			}
		}
	}
	strip(m)
	delete(m, "files")
	delete(m, "shard")
	delete(m, "planned")
	return m
}

func TestStatsJSON(t *testing.T) {
	code, stdout, _ := runMain(t, "stats", "russian-cell", "--deals", "1-30", "--format", "json", "--quiet", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r struct {
		Game       string `json:"game"`
		DealsList  string `json:"deals_list"`
		Deals      uint64 `json:"deals"`
		Solvable   uint64 `json:"solvable"`
		Unsolvable uint64 `json:"unsolvable"`
		WinRate    struct {
			Rate, Low, High float64
		} `json:"win_rate"`
		Nodes       struct{ Mean, Median, P99, Max float64 } `json:"nodes"`
		Moves       struct{ Count, Max float64 }             `json:"moves"`
		Forced      struct{ Count, Mean, Max float64 }       `json:"forced"`
		ForcedShare float64                                  `json:"forced_share"`
		Hardest     []struct {
			Number string `json:"number"`
			Nodes  int64  `json:"nodes"`
		} `json:"hardest"`
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if r.Game != "russian-cell" || r.DealsList != "1-30" || r.Deals != 30 || r.Solvable+r.Unsolvable != 30 ||
		!(r.WinRate.Low <= r.WinRate.Rate && r.WinRate.Rate <= r.WinRate.High) || len(r.Hardest) != 10 ||
		float64(r.Hardest[0].Nodes) != r.Nodes.Max {
		t.Errorf("%+v", r)
	}
	if r.Forced.Count != float64(r.Solvable) || r.Forced.Count == 0 || r.Forced.Mean < 1 || r.Forced.Max > r.Moves.Max ||
		r.ForcedShare <= 0 || r.ForcedShare >= 1 {
		t.Errorf("forced %+v, share %v, moves %+v", r.Forced, r.ForcedShare, r.Moves)
	}
}

// TestStatsOlderResults resumes and summarises a results file written
// before forced moves were recorded: its lines are read as they are, the
// new lines carry "forced", and the summary says how many wins record it.
func TestStatsOlderResults(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rc.jsonl")
	args := []string{"stats", "russian-cell", "--deals", "1-20", "--out", out, "--quiet", "--workers", "2"}
	if code, _, errs := runMain(t, args...); code != 0 {
		t.Fatal(errs)
	}
	want := strippedLines(t, out)
	// The older form of the first ten lines, and the rest not done yet.
	data, _ := os.ReadFile(out)
	lines := strings.SplitAfter(string(data), "\n")
	old := lines[0]
	for _, l := range lines[1:11] {
		old += regexp.MustCompile(`,"forced":[0-9]+`).ReplaceAllString(l, "")
	}
	os.WriteFile(out, []byte(old), 0o644)
	code, stdout, errs := runMain(t, "stats", "--summary", out)
	wins := strings.Count(old, `"solvable"`)
	if code != 0 || wins == 0 || strings.Contains(old, "forced") || strings.Contains(stdout, "forced (won)") ||
		!strings.Contains(stdout, "(these results do not record forced moves: an older patience wrote them)") {
		t.Fatalf("older file: exit %d, %s\n%s", code, errs, stdout)
	}
	code, stdout, errs = runMain(t, args...)
	if code != 0 || errs != "" {
		t.Fatalf("resume: exit %d, %s", code, errs)
	}
	got := strippedLines(t, out)
	if len(got) != len(want) {
		t.Fatalf("resumed file has %d lines, want %d", len(got), len(want))
	}
	forced := regexp.MustCompile(`,"forced":[0-9]+`)
	for i := range got {
		if forced.ReplaceAllString(got[i], "") != forced.ReplaceAllString(want[i], "") {
			t.Fatalf("resumed line %s, want %s", got[i], want[i])
		}
	}
	newWins := 0
	for _, l := range lines[11:] {
		newWins += strings.Count(l, `"solvable"`)
	}
	if newWins == 0 || !strings.Contains(stdout, fmt.Sprintf("; %d of %d wins record it", newWins, newWins+wins)) {
		t.Errorf("resumed summary (%d older wins, %d new):\n%s", wins, newWins, stdout)
	}
}

func TestStatsBadInput(t *testing.T) {
	dir := t.TempDir()
	wantUsageError(t, "give the deals to decide", "stats", "ripple-fan")
	wantUsageError(t, "runs backwards", "stats", "ripple-fan", "--deals", "10-1")
	wantUsageError(t, "deal 5 is listed twice", "stats", "ripple-fan", "--deals", "1-10,5")
	wantUsageError(t, "bad shard \"4/4\"", "stats", "ripple-fan", "--deals", "1-10", "--shard", "4/4")
	wantUsageError(t, "unknown game", "stats", "klondike", "--deals", "1-10")
	wantUsageError(t, "unknown --format", "stats", "ripple-fan", "--deals", "1-10", "--format", "xml")
	wantUsageError(t, "name it FILE.svg", "stats", "ripple-fan", "--deals", "1-10", "--plot", "x.png")
	wantUsageError(t, "--retry-unknown needs --out", "stats", "ripple-fan", "--deals", "1-10", "--retry-unknown")
	wantUsageError(t, "not both", "stats", "ripple-fan", "--deals", "1-10", "--deals-file", "x")
	wantUsageError(t, "--workers must be at least 1", "stats", "ripple-fan", "--deals", "1-10", "--workers", "0")
	wantUsageError(t, "stats takes one GAME", "stats", "ripple-fan", "extra", "--deals", "1-10")
	wantUsageError(t, "--summary needs results files", "stats", "--summary")
	wantUsageError(t, "--deals does not apply", "stats", "--summary", "x.jsonl", "--deals", "1-5")
	wantUsageError(t, "cannot open", "stats", "ripple-fan", "--deals-file", filepath.Join(dir, "missing.txt"))

	// A results file of another run, and a corrupt one.
	out := filepath.Join(dir, "r.jsonl")
	if code, _, _ := runMain(t, "stats", "ripple-fan", "--deals", "1-100", "--out", out, "--quiet"); code != 0 {
		t.Fatal("run failed")
	}
	wantUsageError(t, "holds results of a different run", "stats", "ripple-fan", "--deals", "1-200", "--out", out)
	wantUsageError(t, "its max_nodes is 100000000, this run's is 5", "stats", "ripple-fan", "--deals", "1-100", "--out", out, "--max-nodes", "5")
	data, _ := os.ReadFile(out)
	os.WriteFile(out, bytes.Replace(data, []byte(`"verdict"`), []byte(`"verdikt"`), 1), 0o644)
	wantUsageError(t, out+" line 2: unknown field \"verdikt\" in a result line", "stats", "ripple-fan", "--deals", "1-100", "--out", out)
	wantUsageError(t, out+" line 2: unknown field \"verdikt\"", "stats", "--summary", out)
	notResults := filepath.Join(dir, "notes.txt")
	os.WriteFile(notResults, []byte("my notes\n"), 0o644)
	wantUsageError(t, "not a patience results file", "stats", "ripple-fan", "--deals", "1-100", "--out", notResults)
	if b, _ := os.ReadFile(notResults); string(b) != "my notes\n" {
		t.Error("a file that is not a results file was changed")
	}
}

func TestStatsDealsFileAndPlot(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "deals.txt")
	os.WriteFile(list, []byte("1-50\n100\n\nms40000\n"), 0o644)
	plot := filepath.Join(dir, "p.svg")
	out := filepath.Join(dir, "r.jsonl")
	code, stdout, stderr := runMain(t, "stats", "ripple-fan", "--deals-file", list, "--out", out, "--plot", plot, "--quiet")
	if code != 0 || !strings.Contains(stdout, "deals 1-50,100,ms40000") || !strings.Contains(stdout, "  deals          52") {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	svg, err := os.ReadFile(plot)
	if err != nil || !bytes.HasPrefix(svg, []byte("<?xml")) || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("running win rate")) {
		t.Errorf("plot: %v, %.200s", err, svg)
	}
	// The results file can name the deals of another run.
	code, stdout, _ = runMain(t, "stats", "ripple-fan", "--deals-file", out, "--quiet")
	if code != 0 || !strings.Contains(stdout, "  deals          52") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

func TestStatsMTRange(t *testing.T) {
	code, stdout, _ := runMain(t, "stats", "ripple-fan", "--deals", "10000000000000000-10000000000000999", "--format", "json", "--quiet")
	if code != 0 || !strings.Contains(stdout, `"deals":1000`) {
		t.Errorf("exit %d: %s", code, stdout)
	}
}

func TestMergeCommand(t *testing.T) {
	dir := t.TempDir()
	var shards []string
	for i := range 3 {
		p := filepath.Join(dir, "s"+string(rune('0'+i))+".jsonl")
		shards = append(shards, p)
		if code, _, errs := runMain(t, "stats", "ripple-fan", "--deals", "1-3000", "--shard", string(rune('0'+i))+"/3", "--out", p, "--quiet", "--workers", "1"); code != 0 {
			t.Fatal(errs)
		}
	}
	whole := filepath.Join(dir, "whole.jsonl")
	_, wantSummary, _ := runMain(t, "stats", "ripple-fan", "--deals", "1-3000", "--out", whole, "--quiet", "--format", "json")
	merged := filepath.Join(dir, "merged.jsonl")
	code, stdout, stderr := runMain(t, append([]string{"merge", "--out", merged, "--format", "json"}, shards...)...)
	if code != 0 || stderr != "" {
		t.Fatalf("merge: exit %d, %s", code, stderr)
	}
	if got, want := withoutSeconds(t, stdout), withoutSeconds(t, wantSummary); !reflect.DeepEqual(got, want) {
		t.Errorf("merged summary:\n%v\nwhole run:\n%v", got, want)
	}
	if code, text, _ := runMain(t, append([]string{"merge"}, shards...)...); code != 0 || !strings.Contains(text, "Ripple Fan, deals 1-3000 (from 3 files)") {
		t.Errorf("text summary: exit %d\n%s", code, text)
	}
	if got, want := strippedLines(t, merged), strippedLines(t, whole); !slices.Equal(got, want) {
		t.Errorf("merged file differs from the whole run (%d and %d lines)", len(got), len(want))
	}
	// Problems: exit 2, one line each.
	wantUsageError(t, "no file for shard 1/3 of \"1-3000\"", "merge", shards[0], shards[2])
	code, _, errs := runMain(t, "merge", shards[0], shards[2])
	if code != 2 || !strings.Contains(errs, "patience: 1000 of 3000 deals are missing: 2, 5, 8, ") {
		t.Errorf("exit %d: %s", code, errs)
	}
	wantUsageError(t, "is given twice: each file counts once", "merge", shards[0], shards[1], shards[2], shards[0])
	copy0 := filepath.Join(dir, "copy0.jsonl")
	if data, err := os.ReadFile(shards[0]); err != nil || os.WriteFile(copy0, data, 0o644) != nil {
		t.Fatal("cannot copy a shard")
	}
	wantUsageError(t, "deal 1 appears more than once", "merge", shards[0], shards[1], shards[2], copy0)
	// The summary of files counts each file and each deal once, and says
	// when the files hold fewer deals than their headers declare.
	wantUsageError(t, "is given twice: each file counts once", "stats", "--summary", shards[0], shards[0])
	wantUsageError(t, "deal 1 is counted already", "stats", "--summary", shards[0], copy0)
	data, err := os.ReadFile(shards[0])
	if err != nil {
		t.Fatal(err)
	}
	part := filepath.Join(dir, "part.jsonl")
	lines := strings.SplitAfter(string(data), "\n")
	if err := os.WriteFile(part, []byte(strings.Join(lines[:11], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, text, _ := runMain(t, "stats", "--summary", part); code != 0 ||
		!strings.Contains(text, "Incomplete: 10 of the 1,000 deals the file's header declares.") {
		t.Errorf("summary of a run stopped after 10 deals: exit %d\n%s", code, text)
	}
	if code, text, _ := runMain(t, "stats", "--summary", shards[0], shards[2]); code != 0 || strings.Contains(text, "Incomplete") {
		t.Errorf("summary of two whole shards: exit %d\n%s", code, text)
	}
	wantUsageError(t, "is one of the files the command reads", "merge", "--out", shards[0], shards[0], shards[1])
	wantUsageError(t, "cannot open it", "merge", filepath.Join(dir, "nothing.jsonl"))
}

var secondsRE = regexp.MustCompile(`,"seconds":[0-9.e+-]+`)

// strippedLines returns a results file's lines after the header, without
// seconds, sorted.
func strippedLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")[1:]
	for i := range lines {
		lines[i] = secondsRE.ReplaceAllString(lines[i], "")
	}
	slices.Sort(lines)
	return lines
}
