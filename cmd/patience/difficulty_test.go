package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/solver/batch"
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
	for _, seed := range catalogue.LabelSeeds {
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
		if shipped.LookupUint64(n) == catalogue.Solvable {
			want = catalogue.Rate(greedy[n], wins[n])
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
	if c.LookupUint64(500000) != shipped.LookupUint64(500000) || c.Count(catalogue.Solvable) != shipped.Count(catalogue.Solvable) {
		t.Error("the labelled catalogue's verdicts differ from the shipped one's")
	}

	run("--deals", strings.Join(open, ","), "--player", "sampled", "--samples", "5", "--seed", "1", "--out", f("s5.jsonl"))
	run("--deals", "1-8", "--out", f("verdicts.jsonl"))
	for _, tc := range []struct {
		args  []string
		words string
	}{
		{[]string{f("greedy.jsonl"), sampled[0], sampled[1]}, "one of each of the seeds 1, 2, 3"},
		{[]string{f("greedy.jsonl"), sampled[0], sampled[0], sampled[1]}, "a second file of seed 1"},
		{[]string{f("greedy.jsonl"), f("s5.jsonl"), sampled[1], sampled[2]}, "with 10 samples"},
		{[]string{f("verdicts.jsonl"), sampled[0], sampled[1], sampled[2]}, "want the greedy player's games"},
		{[]string{sampled[0], sampled[1]}, "want the greedy player's games"},
	} {
		cliWantUsage(t, cliRun(t, "", append(append([]string{"catalogue", "label", "russian-cell"}, tc.args...), "--list")...), 1, tc.words)
	}
	cliWantUsage(t, cliRun(t, "", append(args, "-o", f("x.cat"), "--list")...), 1, "one of them")
	cliWantUsage(t, cliRun(t, "", "catalogue", "label", "ripple-fan", f("greedy.jsonl"), sampled[0], "--list"), 1, "only Russian Cell")
}
