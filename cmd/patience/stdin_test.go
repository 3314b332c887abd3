package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStdinAsInput: "-" reads standard input wherever a command takes an
// input file (merge, stats --summary and --records, catalogue build, label
// and info), as the file itself does; the copy that merge and --summary
// make is removed at once; messages name it "standard input"; and a second
// "-" is refused in one line.
func TestStdinAsInput(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	f := func(name string) string { return filepath.Join(dir, name) }
	shards := shardsOf(t, dir, "1-100")
	s0, s1 := cliReadFile(t, shards[0]), cliReadFile(t, shards[1])

	cliOK(t, "", "merge", shards[0], shards[1], "--out", f("files.jsonl"))
	if got := cliOK(t, s1, "merge", shards[0], "-", "--out", f("stdin.jsonl")); !strings.Contains(got, "Ripple Fan, deals 1-100 (from 2 files)") {
		t.Errorf("merge FILE -: %s", got)
	}
	if a, b := cliReadFile(t, f("files.jsonl")), cliReadFile(t, f("stdin.jsonl")); a != b {
		t.Errorf("merge FILE - wrote\n%s\nmerge of the files\n%s", b, a)
	}
	if got := cliOK(t, s0, "stats", "--summary", "-", "--format", "json"); !strings.Contains(got, `"deals":50,`) {
		t.Errorf("stats --summary -: %s", got)
	}
	if got := cliOK(t, s0, "stats", "--summary", "-", shards[1], "--records", "--format", "csv"); strings.Count(got, "\n") != 101 {
		t.Errorf("stats --summary - FILE --records: %d lines", strings.Count(got, "\n"))
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("the copies of standard input are left in %s: %v", tmp, left)
	}

	cliOK(t, "", "catalogue", "build", "ripple-fan", shards[0], shards[1], "-o", f("files.cat"))
	cliOK(t, s0, "catalogue", "build", "ripple-fan", "-", shards[1], "-o", f("stdin.cat"))
	if a, b := cliReadFile(t, f("files.cat")), cliReadFile(t, f("stdin.cat")); a != b || a == "" {
		t.Errorf("catalogue build - FILE made another catalogue than from the files")
	}
	if got := cliOK(t, cliReadFile(t, f("files.cat")), "catalogue", "info", "--file", "-"); !strings.Contains(got, "Ripple Fan deals 1..100") {
		t.Errorf("catalogue info --file -: %s", got)
	}
	// Greedy wins deal 1 of Russian Cell: its label needs no sampled games.
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-1", "--player", "greedy", "--out", f("greedy.jsonl"), "--quiet", "--workers", "1")
	greedy := cliReadFile(t, f("greedy.jsonl"))
	if got := cliOK(t, greedy, "catalogue", "label", "russian-cell", "-", "--list"); got != "1 easy\n" {
		t.Errorf("catalogue label -: %q", got)
	}
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-5", "--out", f("rc.jsonl"), "--quiet", "--workers", "1")
	cliOK(t, "", "catalogue", "build", "russian-cell", f("rc.jsonl"), "-o", f("rc.cat"))
	if got := cliOK(t, cliReadFile(t, f("rc.cat")), "catalogue", "label", "russian-cell", f("greedy.jsonl"), "--catalogue", "-", "--list"); got != "1 easy\n" {
		t.Errorf("catalogue label --catalogue -: %q", got)
	}

	// Messages name standard input.
	stray := withStrayLine(t, shards[1], f("stray.jsonl"), "5000")
	want := `patience: standard input line 3: deal 5000 is not in the declared deals "1-100"` + "\n"
	for _, args := range [][]string{
		{"merge", shards[0], "-"},
		{"stats", "--summary", "-"},
		{"catalogue", "build", "ripple-fan", shards[0], "-", "-o", f("x.cat")},
	} {
		if r := cliRun(t, cliReadFile(t, stray), args...); r.code != exitUsage || r.stderr != want {
			t.Errorf("patience %s with a stray line on standard input: want %q, got %v", strings.Join(args, " "), want, r)
		}
	}

	// "-" once.
	for _, args := range [][]string{
		{"merge", "-", shards[1], "-"},
		{"stats", "--summary", "-", "-"},
		{"stats", "--summary", "-", "-", "--records", "--format", "csv"},
		{"catalogue", "build", "ripple-fan", "-", "-", "-o", f("x.cat")},
		{"catalogue", "label", "russian-cell", "-", "-", "--list"},
		{"catalogue", "label", "russian-cell", "-", "--catalogue", "-", "--list"},
	} {
		cliWantUsage(t, cliRun(t, s0, args...), 1, "- (standard input) is given 2 times: it can be read once")
	}
	if _, err := os.Stat(f("x.cat")); err == nil {
		t.Error("a refused build wrote its catalogue")
	}
}
