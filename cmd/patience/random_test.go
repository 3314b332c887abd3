package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// resultNumbers returns the deal numbers of a results file's lines, sorted.
func resultNumbers(t *testing.T, path string) []string {
	t.Helper()
	var nums []string
	for _, l := range strings.Split(strings.TrimSpace(cliReadFile(t, path)), "\n")[1:] {
		_, rest, ok := strings.Cut(l, `"number":"`)
		if !ok {
			t.Fatalf("%s: a line without a number: %s", path, l)
		}
		n, _, _ := strings.Cut(rest, `"`)
		nums = append(nums, n)
	}
	slices.Sort(nums)
	return nums
}

// TestCLIRandomDeals: --deals random:N@SEED runs N distinct deals, the
// same for the same seed; the header records the list by its seed, and a
// run resumes, shards and merges as any list's does.
func TestCLIRandomDeals(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	args := []string{"stats", "ripple-fan", "--deals", "random:60@3", "--workers", "1", "--quiet"}
	sum := cliOK(t, "", append(args, "--out", whole)...)
	if !strings.Contains(sum, "Ripple Fan, deals random:60@3") {
		t.Errorf("summary:\n%s", sum)
	}
	if !strings.Contains(cliReadFile(t, whole), `"deals":"random:60@3"`) {
		t.Errorf("the header does not record the list by its seed:\n%s", cliReadFile(t, whole))
	}
	nums := resultNumbers(t, whole)
	if len(nums) != 60 || len(slices.Compact(slices.Clone(nums))) != 60 {
		t.Fatalf("want 60 distinct deals, got %d: %v", len(nums), nums)
	}
	big := 0
	for _, n := range nums {
		if len(n) >= 15 {
			big++ // above 10^14: most of 1..2^64-1 is
		}
	}
	if big < 55 {
		t.Errorf("only %d of 60 deals above 10^14: not drawn from 1..2^64-1? %v", big, nums)
	}

	// Resume: a run cut short goes on to the same deals.
	cut := filepath.Join(dir, "cut.jsonl")
	lines := strings.SplitAfter(cliReadFile(t, whole), "\n")
	if err := os.WriteFile(cut, []byte(strings.Join(lines[:21], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	cliOK(t, "", append(args, "--out", cut)...)
	if got := resultNumbers(t, cut); !slices.Equal(got, nums) {
		t.Errorf("resumed run: %v\nwant %v", got, nums)
	}

	// Shards, merged, are the whole run.
	var shards []string
	for _, sh := range []string{"0/3", "1/3", "2/3"} {
		f := filepath.Join(dir, "s"+sh[:1]+".jsonl")
		cliOK(t, "", append(args, "--out", f, "--shard", sh)...)
		shards = append(shards, f)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	cliOK(t, "", append([]string{"merge", "--out", merged}, shards...)...)
	if got := resultNumbers(t, merged); !slices.Equal(got, nums) {
		t.Errorf("merged shards: %v\nwant %v", got, nums)
	}
	// Missing a shard is found: merge knows the list.
	r := cliRun(t, "", "merge", "--out", filepath.Join(dir, "part.jsonl"), shards[0], shards[1])
	if r.code == exitOK {
		t.Errorf("merge of 2 of 3 shards of a random list: %v", r)
	}

	// Another seed draws other deals.
	other := filepath.Join(dir, "other.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "random:60@4", "--workers", "1", "--quiet", "--out", other)
	for _, n := range resultNumbers(t, other) {
		if _, found := slices.BinarySearch(nums, n); found {
			t.Errorf("deal %s drawn for seed 3 and seed 4", n)
		}
	}
	cliWantUsage(t, cliRun(t, "", "stats", "ripple-fan", "--deals", "random:60"), 1, "random:N@SEED")
}
