package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestByteOrderMark: every text input is read the same with a UTF-8 byte
// order mark at its start, as an editor may save it: positions (JSON and
// board text), move lists, solutions, results files (summarised, merged,
// catalogued and resumed) and deals files, from a file and from standard
// input.
func TestByteOrderMark(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(bom+content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pos := cliOK(t, "", "deal", "ripple-fan", "1", "--format", "json")
	board := cliOK(t, "", "deal", "ripple-fan", "1", "--ascii")
	sol := cliOK(t, "", "solve", "russian-cell", "617", "--format", "json")
	rf := filepath.Join(dir, "rf.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-20", "--out", rf, "--quiet")
	results := cliReadFile(t, rf)
	want := cliOK(t, "", "stats", "--summary", rf)

	bomResults := write("bom.jsonl", results)
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"solve", "ripple-fan", "--position", write("p.json", pos)}},
		{"", []string{"solve", "ripple-fan", "--position", write("b.txt", board)}},
		{bom + pos, []string{"solve", "ripple-fan", "--position", "-"}},
		{"", []string{"hint", "russian-cell", "617", "--moves", write("m.txt", "JH t2>t3\n")}},
		{"", []string{"check", write("s.json", sol)}},
		{bom + sol, []string{"check", "-"}},
		{"", []string{"stats", "--summary", bomResults}},
		{bom + results, []string{"stats", "--summary", "-"}},
		{"", []string{"merge", bomResults, "--out", filepath.Join(dir, "merged.jsonl")}},
		{"", []string{"catalogue", "build", "ripple-fan", bomResults, "-o", filepath.Join(dir, "rf.cat")}},
		{"", []string{"stats", "ripple-fan", "--deals", "1-20", "--out", bomResults, "--quiet"}}, // resumed: nothing to do
		{"", []string{"stats", "ripple-fan", "--deals-file", write("d.txt", "1-3\n7\n"), "--quiet"}},
		{bom + "1-3\n", []string{"stats", "ripple-fan", "--deals-file", "-", "--quiet"}},
		{"", []string{"stats", "ripple-fan", "--deals-file", bomResults, "--quiet"}},
	} {
		r := cliRun(t, c.stdin, c.args...)
		if r.code != exitOK || strings.Contains(r.stderr, "patience: ") && !strings.Contains(r.stderr, "patience: note") {
			t.Errorf("%v with a byte order mark: %v", c.args, r)
		}
	}
	if got := cliOK(t, "", "stats", "--summary", bomResults); strings.Replace(got, bomResults, rf, 1) != want {
		t.Errorf("the summary of the file with a byte order mark:\n%s\nwithout:\n%s", got, want)
	}
	if got := cliReadFile(t, bomResults); got != bom+results {
		t.Errorf("the resumed file changed:\n%q", got)
	}
}
