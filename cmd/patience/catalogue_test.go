package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// cliFakeFind replaces batchFind for the test: each call is recorded, and
// lists every deal from its From on as a match (so that the listed numbers
// show where the search would have started).
func cliFakeFind(t *testing.T) *[]batch.FindConfig {
	t.Helper()
	var calls []batch.FindConfig
	old := batchFind
	batchFind = func(_ context.Context, cfg batch.FindConfig, emit func(batch.Record) bool) (uint64, uint64, error) {
		calls = append(calls, cfg)
		n := cfg.From
		for emit(batch.Record{Number: dealgen.FromUint64(n), Verdict: solver.Solvable}) {
			n++
		}
		return n - cfg.From + 1, 0, nil
	}
	t.Cleanup(func() { batchFind = old })
	return &calls
}

// cliFirstOf returns the first count deals from from on that the catalogue
// gives verdict v, by looking up each deal in turn.
func cliFirstOf(c *catalogue.Catalogue, v catalogue.Status, from uint64, count int) []string {
	var l []string
	for n := from; len(l) < count && n <= c.Last; n++ {
		if c.LookupUint64(n) == v {
			l = append(l, strconv.FormatUint(n, 10))
		}
	}
	return l
}

// TestCLIFindFromCatalogue: find answers from the catalogue without a
// search, and lists what the catalogue says; the flags it cannot answer
// search, as do the deals past its end.
func TestCLIFindFromCatalogue(t *testing.T) {
	calls := cliFakeFind(t)
	for _, tc := range []struct {
		game  rules.Game
		flag  string
		v     catalogue.Status
		from  uint64
		count int
	}{
		{rules.RussianCell, "--solvable", catalogue.Winnable, 1, 5},
		{rules.RussianCell, "--unsolvable", catalogue.Unwinnable, 1, 5},
		{rules.RussianCell, "--unsolvable", catalogue.Unwinnable, 5000, 50},
		{rules.RippleFan, "--solvable", catalogue.Winnable, 1, 5},
		{rules.RippleFan, "--unsolvable", catalogue.Unwinnable, 123456, 5},
	} {
		c := catalogue.For(tc.game, rules.DefaultOptions())
		want := cliFirstOf(c, tc.v, tc.from, tc.count)
		if len(want) != tc.count {
			t.Fatalf("the catalogue has %d %v deals from %d", len(want), tc.v, tc.from)
		}
		got := strings.Fields(cliOK(t, "", "find", tc.game.String(), tc.flag, "--count", strconv.Itoa(tc.count), "--from", strconv.FormatUint(tc.from, 10)))
		if !slices.Equal(got, want) {
			t.Errorf("find %s %s --from %d: %v, want %v", tc.game, tc.flag, tc.from, got, want)
		}
		if len(*calls) != 0 {
			t.Fatalf("find %s %s searched (%d calls): the catalogue knows these deals", tc.game, tc.flag, len(*calls))
		}
	}
	// The first five winnable Russian Cell deals the catalogue gave are
	// winnable for the solver too, and the first unsolvable ones not.
	for _, v := range []catalogue.Status{catalogue.Winnable, catalogue.Unwinnable} {
		for _, n := range cliFirstOf(catalogue.For(rules.RussianCell, rules.DefaultOptions()), v, 1, 3) {
			js := cliOK(t, "", "solve", "russian-cell", n, "--format", "json", "--workers", "1")
			if !strings.Contains(js, `"verdict":"`+v.String()+`"`) {
				t.Errorf("deal %s: the catalogue says %v, solve %s", n, v, js)
			}
		}
	}

	// What the catalogue cannot answer searches, from the deal asked.
	for _, extra := range [][]string{{"--format", "json"}, {"--min-nodes", "1"}, {"--min-length", "1"}, {"--no-catalogue"}} {
		*calls = nil
		args := append([]string{"find", "russian-cell", "--count", "2", "--from", "40"}, extra...)
		r := cliRun(t, "", args...)
		if r.code != exitOK || len(*calls) != 1 || (*calls)[0].From != 40 {
			t.Errorf("%v: want one search from 40, got %d calls (%+v), %v", args, len(*calls), *calls, r)
		}
	}
	// Past the catalogue's end: its deals first, then a search from the
	// deal after its last.
	c := catalogue.For(rules.RippleFan, rules.DefaultOptions())
	from := c.Last - 100
	have := cliFirstOf(c, catalogue.Unwinnable, from, 1000)
	*calls = nil
	got := strings.Fields(cliOK(t, "", "find", "ripple-fan", "--unsolvable", "--count", strconv.Itoa(len(have)+2), "--from", strconv.FormatUint(from, 10)))
	want := append(have, strconv.FormatUint(c.Last+1, 10), strconv.FormatUint(c.Last+2, 10))
	if !slices.Equal(got, want) || len(*calls) != 1 || (*calls)[0].From != c.Last+1 {
		t.Errorf("find past the catalogue: %v, want %v; searches %+v", got, want, *calls)
	}
}

// cliDealNumber returns the number of the deal that deal --format json
// printed.
func cliDealNumber(t *testing.T, js string) string {
	t.Helper()
	var d struct{ Number string }
	if err := json.Unmarshal([]byte(js), &d); err != nil || d.Number == "" {
		t.Fatalf("deal JSON %q: %v", js, err)
	}
	return d.Number
}

// TestCLIDealRandomWinnable: ten random winnable deals (seeds 1..10) each
// solve as solvable; a seed repeats its pick.
func TestCLIDealRandomWinnable(t *testing.T) {
	for _, g := range []string{"russian-cell", "ripple-fan"} {
		seen := map[string]bool{}
		for seed := 1; seed <= 10; seed++ {
			if g == "ripple-fan" && seed > 3 {
				break // the quick tests solve three
			}
			args := []string{"deal", g, "--random", "--winnable", "--seed", strconv.Itoa(seed)}
			n := cliDealNumber(t, cliOK(t, "", append(args, "--format", "json")...))
			seen[n] = true
			text := cliOK(t, "", append(args, "--ascii")...)
			if !strings.Contains(text, ", deal "+n+"\n") || !strings.Contains(text, "# Catalogue: winnable") {
				t.Errorf("%v: the board does not name deal %s or say it is winnable:\n%s", args, n, text)
			}
			js := cliOK(t, "", "solve", g, n, "--format", "json", "--workers", "1")
			if !strings.Contains(js, `"verdict":"solvable"`) {
				t.Errorf("random winnable %s deal %s (seed %d) does not solve: %.200s", g, n, seed, js)
			}
		}
		if len(seen) < 3 {
			t.Errorf("%s: the seeds picked only %v", g, seen)
		}
	}
	// Without --winnable, any deal of the range; without --seed, a new
	// pick each time (two equal picks of a million would be a fluke).
	a := cliDealNumber(t, cliOK(t, "", "deal", "russian-cell", "--random", "--format", "json"))
	b := cliDealNumber(t, cliOK(t, "", "deal", "russian-cell", "--random", "--format", "json"))
	if a == b {
		t.Errorf("two picks without --seed gave deal %s both times", a)
	}
	for _, c := range []struct {
		args  []string
		words string
	}{
		{[]string{"deal", "russian-cell", "5", "--random"}, "no deal NUMBER"},
		{[]string{"deal", "russian-cell", "5", "--winnable"}, "--winnable goes with --random"},
		{[]string{"deal", "russian-cell", "5", "--seed", "3"}, "--seed goes with --random"},
	} {
		cliWantUsage(t, cliRun(t, "", c.args...), 1, c.words)
	}
}

// TestCLICatalogueNote: deal and solve say in one line what the catalogue
// knows of a deal, and the board still reads back.
func TestCLICatalogueNote(t *testing.T) {
	rf := catalogue.For(rules.RippleFan, rules.DefaultOptions())
	board := cliOK(t, "", "deal", "ripple-fan", "16015", "--ascii")
	want := "# Catalogue: cannot be won (Ripple Fan deals 1..10,000,000, solved by patience " + rf.Build + ")\n"
	if !strings.HasSuffix(board, want) {
		t.Errorf("deal ripple-fan 16015 ends:\n%s\nwant %q", board, want)
	}
	file := filepath.Join(t.TempDir(), "board.txt")
	if err := os.WriteFile(file, []byte(board), 0o644); err != nil {
		t.Fatal(err)
	}
	if js := cliOK(t, "", "deal", "ripple-fan", "--position", file, "--format", "json"); js != cliOK(t, "", "deal", "ripple-fan", "16015", "--format", "json") {
		t.Errorf("the board with its note does not read back: %s", js)
	}
	// Read back as a position of the deal, it still gets the note.
	if out := cliOK(t, "", "solve", "ripple-fan", "--position", file); !strings.Contains(out, "\nCatalogue: cannot be won (Ripple Fan") {
		t.Errorf("solve --position of deal 16015's board:\n%s", out)
	}
	out := cliOK(t, "", "solve", "russian-cell", "617", "--ascii")
	if !strings.Contains(out, "\nCatalogue: winnable, difficulty "+catalogue.For(rules.RussianCell, rules.DefaultOptions()).Difficulty(617).String()+" (Russian Cell deals 1..") || strings.Index(out, "Catalogue:") > strings.Index(out, "Verdict:") {
		t.Errorf("solve russian-cell 617 does not say, before its verdict, that the catalogue knows it:\n%s", out)
	}
	// No note: beyond the catalogue, for the face-down cards hidden, in
	// JSON, and after moves.
	moves := filepath.Join(t.TempDir(), "moves.txt")
	if err := os.WriteFile(moves, []byte("JH t2>t3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"deal", "ripple-fan", strconv.FormatUint(rf.Last+1, 10)},
		{"deal", "russian-cell", "617", "--hide"},
		{"deal", "russian-cell", "617", "--format", "json"},
		{"solve", "russian-cell", "617", "--moves", moves},
	} {
		if out := cliOK(t, "", args...); strings.Contains(out, "Catalogue:") {
			t.Errorf("%v mentions the catalogue:\n%s", args, out)
		}
	}
}

// TestCLICatalogueBuild builds catalogues from stats runs and checks them
// against the runs, and the files build refuses.
func TestCLICatalogueBuild(t *testing.T) {
	dir := t.TempDir()
	f := func(name string) string { return filepath.Join(dir, name) }
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-60", "--out", f("rc.jsonl"), "--quiet", "--workers", "1")
	out := cliOK(t, "", "catalogue", "build", "russian-cell", f("rc.jsonl"), "-o", f("rc.cat"))
	if !strings.Contains(out, "Russian Cell deals 1..60") {
		t.Errorf("catalogue build says %q", out)
	}
	c, err := catalogue.Parse(cliReadFileBytes(t, f("rc.cat")))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = batch.EachRecord(f("rc.jsonl"), func(r *batch.Record) error {
		n++
		if got := c.Lookup(r.Number); got.String() != r.Verdict.String() {
			return errors.New("deal " + r.Number.String() + ": the catalogue says " + got.String() + ", the run " + r.Verdict.String())
		}
		return nil
	})
	if err != nil || n != 60 {
		t.Fatalf("%d records: %v", n, err)
	}
	if c.Listed() != catalogue.Unwinnable || c.Count(catalogue.Unwinnable) == 0 || !c.Options.Returns(c.Game) || len(c.Runs) != 1 {
		t.Errorf("the catalogue of deals 1-60: %+v", c)
	}
	if info := cliOK(t, "", "catalogue", "info", "--file", f("rc.cat")); !strings.Contains(info, "Russian Cell deals 1..60") || !strings.Contains(info, "runs: "+c.Runs[0]) {
		t.Errorf("catalogue info:\n%s", info)
	}

	// Shards of one run make the same catalogue as the whole run.
	for i := range 2 {
		cliOK(t, "", "stats", "russian-cell", "--deals", "1-60", "--shard", strconv.Itoa(i)+"/2", "--out", f("rc-"+strconv.Itoa(i)+".jsonl"), "--quiet", "--workers", "1")
	}
	cliOK(t, "", "catalogue", "build", "russian-cell", f("rc-0.jsonl"), f("rc-1.jsonl"), "-o", f("rc2.cat"))
	c2, err := catalogue.Parse(cliReadFileBytes(t, f("rc2.cat")))
	if err != nil {
		t.Fatal(err)
	}
	for d := uint64(1); d <= 60; d++ {
		if c2.LookupUint64(d) != c.LookupUint64(d) {
			t.Fatalf("deal %d: the shards' catalogue says %v, the run's %v", d, c2.LookupUint64(d), c.LookupUint64(d))
		}
	}

	// A file that says the opposite of another for a deal.
	rc := cliReadFile(t, f("rc.jsonl"))
	bad := strings.Replace(rc, `"number":"7","verdict":"unsolvable","moves":0`, `"number":"7","verdict":"solvable","moves":80`, 1)
	if bad == rc {
		t.Fatalf("deal 7 is not unsolvable in the run:\n%s", rc)
	}
	if err := os.WriteFile(f("bad.jsonl"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-5", "--no-returns", "--out", f("noret.jsonl"), "--quiet", "--workers", "1")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-5", "--out", f("rf.jsonl"), "--quiet", "--workers", "1")
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-3", "--player", "greedy", "--out", f("greedy.jsonl"), "--quiet", "--workers", "1")
	for _, tc := range []struct {
		args  []string
		words string
	}{
		{[]string{"catalogue", "build", "russian-cell", f("rc.jsonl"), f("bad.jsonl"), "-o", f("x.cat")}, "deal 7 is solvable in one file and unsolvable in another"},
		{[]string{"catalogue", "build", "russian-cell", f("rc.jsonl"), "--deals", "1-70", "-o", f("x.cat")}, "10 of the deals 1-70 are not in the files (the first is 61)"},
		{[]string{"catalogue", "build", "russian-cell", f("rc-0.jsonl"), "-o", f("x.cat")}, "not in the files"},
		{[]string{"catalogue", "build", "russian-cell", f("rc.jsonl"), f("noret.jsonl"), "--deals", "1-5", "-o", f("x.cat")}, "other rules"},
		{[]string{"catalogue", "build", "russian-cell", f("rf.jsonl"), "-o", f("x.cat")}, "ripple-fan results, not russian-cell"},
		{[]string{"catalogue", "build", "russian-cell", f("greedy.jsonl"), "-o", f("x.cat")}, "greedy player"},
		{[]string{"catalogue", "build", "russian-cell", f("rc.jsonl")}, "missing -o"},
		{[]string{"catalogue", "build", "russian-cell", f("rc.jsonl"), "--deals", "1-5,9", "-o", f("x.cat")}, "one range"},
	} {
		cliWantUsage(t, cliRun(t, "", tc.args...), 1, tc.words)
	}
	if _, err := os.Stat(f("x.cat")); err == nil {
		t.Error("a refused build wrote its file")
	}
	// A part of a run, with --deals.
	out = cliOK(t, "", "catalogue", "build", "russian-cell", f("rc.jsonl"), "--deals", "11-20", "-o", f("part.cat"))
	if !strings.Contains(out, "Russian Cell deals 11..20") {
		t.Errorf("build --deals 11-20: %q", out)
	}
}

// TestCatalogueInfoRefusesHugeRange: a catalogue file whose header
// stretches its range to deal 2^64-1, its counts made to add up, is
// refused by catalogue info in one line, not described with a negative
// count of winnable deals.
func TestCatalogueInfoRefusesHugeRange(t *testing.T) {
	c, err := catalogue.New(rules.RussianCell, rules.DefaultOptions(), 1, 8, nil, []uint64{3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	data := string(c.Encode())
	head, body, _ := strings.Cut(data, "\n")
	if !strings.Contains(head, `"deals":"1-8"`) || !strings.Contains(head, `"solvable":7,`) {
		t.Fatalf("header %s", head)
	}
	head = strings.Replace(head, `"deals":"1-8"`, `"deals":"1-18446744073709551615"`, 1)
	head = strings.Replace(head, `"solvable":7,`, `"solvable":18446744073709551614,`, 1)
	name := filepath.Join(t.TempDir(), "huge.cat")
	if err := os.WriteFile(name, []byte(head+"\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	cliWantUsage(t, cliRun(t, "", "catalogue", "info", "--file", name), 1, "huge.cat", "a catalogue covers at most 4,294,967,296")
}

// TestCatalogueWrittenWithinReadCap: catalogue build writes no catalogue
// larger than a catalogue is read up to (maxCatalogueBytes, lowered here
// to a few bytes), so that every catalogue it writes can be read back
// by catalogue info; it refuses in one line and leaves no file.
func TestCatalogueWrittenWithinReadCap(t *testing.T) {
	dir := t.TempDir()
	rf := filepath.Join(dir, "rf.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-5", "--out", rf, "--quiet", "--workers", "1")
	defer func(n int) { maxCatalogueBytes = n }(maxCatalogueBytes)
	maxCatalogueBytes = 100
	cat := filepath.Join(dir, "rf.cat")
	cliWantUsage(t, cliRun(t, "", "catalogue", "build", "ripple-fan", rf, "-o", cat), 1, "the catalogue would take", "more than the 100 bytes")
	if _, err := os.Stat(cat); err == nil {
		t.Errorf("a refused catalogue left %s", cat)
	}
}

// TestImpossibleRecordsRefused: a result line that says a deal is
// solvable in 0 moves is refused by stats --summary, merge and catalogue
// build, naming the file and line, never counted as a win nor listed as
// winnable; a catalogue whose node budget is negative is refused by
// catalogue info, never described as "node budget -1".
func TestImpossibleRecordsRefused(t *testing.T) {
	dir := t.TempDir()
	head := `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-2","shard":"0/1","rules":{"returns":false},"max_nodes":100000000}`
	rf := filepath.Join(dir, "rf.jsonl")
	lines := head + "\n" + `{"number":"1","verdict":"unsolvable","moves":0,"nodes":12,"seconds":0}` + "\n" +
		`{"number":"2","verdict":"solvable","moves":0,"nodes":56,"seconds":0}` + "\n"
	if err := os.WriteFile(rf, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	want := rf + " line 3: solvable with 0 moves: a deal is won in one move at least"
	for _, args := range [][]string{
		{"stats", "--summary", rf},
		{"stats", "--summary", rf, "--records"},
		{"merge", rf},
		{"catalogue", "build", "ripple-fan", rf, "-o", filepath.Join(dir, "rf.cat")},
	} {
		cliWantUsage(t, cliRun(t, "", args...), 1, want)
	}

	c, err := catalogue.New(rules.RippleFan, rules.DefaultOptions(), 1, 8, []uint64{3}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.MaxNodes = 100
	cat := string(c.Encode())
	if !strings.Contains(cat, `"max_nodes":100,`) {
		t.Fatalf("catalogue %q", cat)
	}
	name := filepath.Join(dir, "neg.cat")
	if err := os.WriteFile(name, []byte(strings.Replace(cat, `"max_nodes":100,`, `"max_nodes":-1,`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cliWantUsage(t, cliRun(t, "", "catalogue", "info", "--file", name), 1, name, "max_nodes -1: a node budget is not negative")
}
