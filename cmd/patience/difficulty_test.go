package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
)

// TestCLICatalogueLabel plays deals 1..8 as catalogue/difficulty.sh does,
// labels them, and checks each label against the games by the definition;
// then the files label refuses.
func TestCLICatalogueLabel(t *testing.T) {
	dir := t.TempDir()
	f := func(name string) string { return filepath.Join(dir, name) }
	run := func(args ...string) {
		cliOK(t, "", append([]string{"stats", "russian-cell", "--quiet", "--workers", "1"}, args...)...)
	}
	run("--deals", "1-8", "--player", "greedy", "--out", f("greedy.jsonl"))
	greedy := map[uint64]bool{}
	var open []string
	err := batch.EachRecord(f("greedy.jsonl"), func(r *batch.Record) error {
		u, _ := r.Number.Uint64()
		greedy[u] = r.Outcome == batch.Won
		if r.Outcome == batch.Lost && r.Verdict.String() == "solvable" {
			open = append(open, r.Number.String())
		}
		return nil
	})
	if err != nil || len(greedy) != 8 || len(open) == 0 {
		t.Fatalf("greedy's games of deals 1-8: %v, %v, lost winnable %v", greedy, err, open)
	}
	wins := map[uint64]int{}
	var sampled []string
	for _, seed := range catalogue.LabelSeeds() {
		name := f(fmt.Sprintf("s%d.jsonl", seed))
		run("--deals", strings.Join(open, ","), "--player", "sampled", "--samples", strconv.Itoa(catalogue.LabelSamples), "--seed", strconv.FormatUint(seed, 10), "--out", name)
		sampled = append(sampled, name)
		if err := batch.EachRecord(name, func(r *batch.Record) error {
			if u, _ := r.Number.Uint64(); r.Outcome == batch.Won {
				wins[u]++
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"catalogue", "label", "russian-cell", f("greedy.jsonl")}, sampled...)
	out := cliOK(t, "", append(args, "-o", f("rc.cat"))...)
	if !strings.Contains(out, "difficulty of the winnable deals 1..8: easy ") {
		t.Errorf("catalogue label says:\n%s", out)
	}
	c, err := catalogue.Parse(cliReadFileBytes(t, f("rc.cat")))
	if err != nil {
		t.Fatal(err)
	}
	list := strings.Split(strings.TrimSuffix(cliOK(t, "", append(args, "--list")...), "\n"), "\n")
	if len(list) != 8 {
		t.Fatalf("--list printed %d lines: %q", len(list), list)
	}
	shipped := catalogue.For(c.Game, c.Options)
	for n := uint64(1); n <= 8; n++ {
		want := catalogue.NoDifficulty
		if shipped.LookupUint64(n) == catalogue.Winnable {
			want = catalogue.DifficultyOf(greedy[n], wins[n])
		}
		if got := c.Difficulty(n); got != want {
			t.Errorf("deal %d: labelled %v; greedy won %v, sampled won %d: want %v", n, got, greedy[n], wins[n], want)
		}
		slug := want.Slug()
		if slug == "" {
			slug = "-"
		}
		if list[n-1] != fmt.Sprintf("%d %s", n, slug) {
			t.Errorf("--list line %d is %q, want %q", n, list[n-1], fmt.Sprintf("%d %s", n, slug))
		}
	}
	if c.LookupUint64(500000) != shipped.LookupUint64(500000) || c.Count(catalogue.Winnable) != shipped.Count(catalogue.Winnable) {
		t.Error("the labelled catalogue's verdicts differ from the shipped one's")
	}
	// The builder names the build of the verdicts, then this build, which
	// labelled them; labelled again, the labels' build is replaced.
	verdicts, _, _ := strings.Cut(shipped.Builder, ", ")
	want := verdicts + ", " + buildinfo.String()
	if c.Builder != want || c.Build != shipped.Build {
		t.Errorf("labelled catalogue: builder %q, solver %q; want %q, %q", c.Builder, c.Build, want, shipped.Build)
	}
	cliOK(t, "", append(args, "--catalogue", f("rc.cat"), "-o", f("rc2.cat"))...)
	if c2, err := catalogue.Parse(cliReadFileBytes(t, f("rc2.cat"))); err != nil || c2.Builder != want {
		t.Errorf("labelled twice: %v, builder %q, want %q", err, c2.Builder, want)
	}
	if info := cliOK(t, "", "catalogue", "info", "--file", f("rc.cat")); !strings.Contains(info, "; built by patience "+verdicts+", labelled by patience "+buildinfo.String()+"\n") {
		t.Errorf("catalogue info of a labelled catalogue:\n%s", info)
	}

	// A catalogue whose verdict of a deal is not the files'.
	n0, _ := strconv.ParseUint(open[0], 10, 64)
	wrong, err := catalogue.New(rules.RussianCell, rules.DefaultOptions(), 1, 8, nil, []uint64{n0}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f("wrong.cat"), wrong.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	run("--deals", strings.Join(open, ","), "--player", "sampled", "--samples", "5", "--seed", "1", "--out", f("s5.jsonl"))
	run("--deals", "1-8", "--out", f("verdicts.jsonl"))
	for _, tc := range []struct {
		args  []string
		words string
	}{
		{[]string{f("greedy.jsonl"), sampled[0], sampled[1]}, "2 of the sampled files of the seeds 1, 2, 3 hold it"},
		{[]string{f("greedy.jsonl"), sampled[0], sampled[0], sampled[1]}, "a second file of seed 1"},
		{[]string{f("greedy.jsonl"), f("s5.jsonl"), sampled[1], sampled[2]}, "with 10 samples"},
		{[]string{f("verdicts.jsonl"), sampled[0], sampled[1], sampled[2]}, "want the greedy player's games"},
		{[]string{sampled[0], sampled[1]}, "want the greedy player's games"},
		{[]string{f("greedy.jsonl"), sampled[0], sampled[1], sampled[2], "--catalogue", f("wrong.cat")}, "deal " + open[0] + ": the catalogue says unsolvable, a results file solvable"},
	} {
		cliWantUsage(t, cliRun(t, "", append(append([]string{"catalogue", "label", "russian-cell"}, tc.args...), "--list")...), 1, tc.words)
	}
	cliWantUsage(t, cliRun(t, "", append(args, "-o", f("x.cat"), "--list")...), 1, "one of them")
	cliWantUsage(t, cliRun(t, "", "catalogue", "label", "ripple-fan", f("greedy.jsonl"), sampled[0], "--list"), 1, "only Russian Cell")
}

// TestCLIFindDifficulty: find --difficulty lists the labelled deals from
// the catalogue, without a search, and says when the labels run out; deal
// --random --difficulty picks a deal of that label, which solves.
func TestCLIFindDifficulty(t *testing.T) {
	calls := cliFakeFind(t)
	c := catalogue.For(rules.RussianCell, rules.DefaultOptions())
	first, last, ok := c.Labelled()
	if !ok {
		t.Fatal("the shipped Russian Cell catalogue has no difficulty labels")
	}
	for _, d := range catalogue.Difficulties() {
		var want []string
		for n := first; len(want) < 5 && n <= last; n++ {
			if c.Difficulty(n) == d {
				want = append(want, strconv.FormatUint(n, 10))
			}
		}
		got := strings.Fields(cliOK(t, "", "find", "russian-cell", "--solvable", "--difficulty", d.Slug(), "--count", "5"))
		if !slices.Equal(got, want) || len(want) != 5 {
			t.Errorf("find --difficulty %s: %v, want %v", d.Slug(), got, want)
		}
		args := []string{"deal", "russian-cell", "--random", "--winnable", "--difficulty", d.Slug(), "--seed", "3", "--ascii"}
		board := cliOK(t, "", args...)
		num := strings.TrimSpace(board[strings.Index(board, ", deal ")+len(", deal ") : strings.Index(board, "\n")])
		n, err := strconv.ParseUint(num, 10, 64)
		if err != nil || c.Difficulty(n) != d || !strings.Contains(board, "# Catalogue: winnable, difficulty "+d.String()+" (") {
			t.Errorf("%v: deal %q (%v), board:\n%s", args, num, err, board)
		}
		if board != cliOK(t, "", args...) {
			t.Errorf("%v: a second pick with the same seed differs", args)
		}
		if js := cliOK(t, "", "solve", "russian-cell", num, "--format", "json", "--workers", "1"); !strings.Contains(js, `"verdict":"solvable"`) {
			t.Errorf("the random %s deal %s does not solve: %.200s", d, num, js)
		}
	}
	if len(*calls) != 0 {
		t.Fatalf("find --difficulty searched (%d calls)", len(*calls))
	}
	// Past the labels: what there is, and a note.
	r := cliRun(t, "", "find", "russian-cell", "--difficulty", "easy", "--from", strconv.FormatUint(last-20, 10), "--count", "1000")
	var easyLeft int
	for n := last - 20; n <= last; n++ {
		if c.Difficulty(n) == catalogue.Easy {
			easyLeft++
		}
	}
	if r.code != 0 || len(strings.Fields(r.stdout)) != easyLeft || !strings.Contains(r.stderr, "the difficulty labels cover Russian Cell deals 1..") {
		t.Errorf("find --difficulty past the labels: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	for _, tc := range []struct {
		args  []string
		words string
	}{
		{[]string{"find", "russian-cell", "--unsolvable", "--difficulty", "hard"}, "without --unsolvable"},
		{[]string{"find", "russian-cell", "--difficulty", "hard", "--format", "json"}, "--format json"},
		{[]string{"find", "russian-cell", "--difficulty", "hard", "--min-length", "90"}, "--min-length"},
		{[]string{"find", "russian-cell", "--difficulty", "tricky"}, `--difficulty "tricky": want easy, medium, hard or very-hard`},
		{[]string{"find", "ripple-fan", "--difficulty", "hard"}, "a Ripple Fan deal has no difficulty"},
		{[]string{"deal", "ripple-fan", "--random", "--difficulty", "hard"}, "a Ripple Fan deal has no difficulty"},
		{[]string{"deal", "russian-cell", "617", "--difficulty", "hard"}, "--difficulty goes with --random"},
	} {
		cliWantUsage(t, cliRun(t, "", tc.args...), 1, tc.words)
	}
}
