package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withStrayLine writes a copy of the results file src to dst with one more
// line, a copy of its first result line for deal n (a deal its header does
// not declare), after line 2, and returns dst.
func withStrayLine(t *testing.T, src, dst, n string) string {
	t.Helper()
	lines := strings.SplitAfter(cliReadFile(t, src), "\n")
	first := lines[1]
	i := strings.Index(first, `"number":"`)
	j := strings.Index(first[i+10:], `"`)
	stray := first[:i+10] + n + first[i+10+j:]
	out := strings.Join(lines[:2], "") + stray + strings.Join(lines[2:], "")
	if err := os.WriteFile(dst, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestStrayDealRefused: a results file line for a deal the file's header
// does not declare is refused in one line naming the file and line, by
// merge, stats --summary (and --records), catalogue build and catalogue
// label alike.
func TestStrayDealRefused(t *testing.T) {
	dir := t.TempDir()
	f := func(name string) string { return filepath.Join(dir, name) }
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-20", "--out", f("rc.jsonl"), "--quiet", "--workers", "1")
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-3", "--player", "greedy", "--out", f("greedy.jsonl"), "--quiet", "--workers", "1")
	bad := withStrayLine(t, f("rc.jsonl"), f("bad.jsonl"), "5000")
	badGreedy := withStrayLine(t, f("greedy.jsonl"), f("bad-greedy.jsonl"), "5000")
	want := bad + ` line 3: deal 5000 is not in the declared deals "1-20"`
	for _, args := range [][]string{
		{"merge", bad},
		{"stats", "--summary", bad},
		{"stats", "--summary", bad, "--records", "--format", "csv"},
		{"catalogue", "build", "russian-cell", bad, "-o", f("x.cat")},
		{"catalogue", "build", "russian-cell", bad, "--deals", "1-10", "-o", f("x.cat")},
	} {
		r := cliRun(t, "", args...)
		if r.code != exitUsage || r.stdout != "" || r.stderr != "patience: "+want+"\n" {
			t.Errorf("patience %s: want exit 2 and %q, got %v", strings.Join(args, " "), want, r)
		}
	}
	want = badGreedy + ` line 3: deal 5000 is not in the declared deals "1-3"`
	r := cliRun(t, "", "catalogue", "label", "russian-cell", badGreedy, "--list")
	if r.code != exitUsage || r.stdout != "" || r.stderr != "patience: "+want+"\n" {
		t.Errorf("catalogue label: want exit 2 and %q, got %v", want, r)
	}
	if _, err := os.Stat(f("x.cat")); err == nil {
		t.Error("a refused build wrote its catalogue")
	}
}
