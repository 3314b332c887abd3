package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// failingOutput is standard output that cannot be written, like a full disk.
type failingOutput struct{}

func (failingOutput) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestExitCodes runs every command in each of the cases of docs/design.md §6
// that it has, and checks the exit code and the streams:
//   - 0: the command did its job, whatever the verdict; nothing on stderr;
//   - 1: an output that cannot be written: one line on stderr saying so,
//     and never exit 0 with output lost;
//   - 2: bad usage or input: nothing on stdout, one line per problem;
//   - 3: check only: the reason on stdout, nothing on stderr.
//
// (130 and 143, for stats and find stopped by a signal, are tested on the
// real program: TestKillAndResume and TestFindInterrupted.)
func TestExitCodes(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	dir := t.TempDir()
	results := filepath.Join(dir, "rf.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-200", "--out", results, "--quiet")
	valid := cliOK(t, "", "solve", "russian-cell", "3", "--workers", "1", "--format", "json")
	var noWin string
	{
		// The first move only: legal, but no win.
		i := strings.Index(valid, `"moves":[`) + len(`"moves":[`)
		j := i + strings.Index(valid[i:], "}")
		k := i + strings.Index(valid[i:], "]")
		noWin = valid[:j+1] + valid[k:]
	}
	illegal := strings.Replace(valid, `"moves":[{`, `"moves":[{"card":"KD","from":"t1","to":"t2"},{`, 1)

	cases := []struct {
		name  string
		code  int
		stdin string
		args  []string
	}{
		{"deal", 0, "", []string{"deal", "russian-cell", "617"}},
		{"show json", 0, "", []string{"show", "ripple-fan", "1", "--format", "json"}},
		{"solve solvable", 0, "", []string{"solve", "russian-cell", "3", "--workers", "1"}},
		{"solve unsolvable", 0, "", []string{"solve", "ripple-fan", "1"}},
		{"solve unknown", 0, "", []string{"solve", "russian-cell", "385", "--max-nodes", "100"}},
		{"hint", 0, "", []string{"hint", "russian-cell", "617", "--workers", "1"}},
		{"check valid", 0, valid, []string{"check", "-"}},
		{"stats", 0, "", []string{"stats", "ripple-fan", "--deals", "1-100", "--quiet"}},
		{"stats --summary", 0, "", []string{"stats", "--summary", results}},
		{"merge", 0, "", []string{"merge", results}},
		{"find", 0, "", []string{"find", "ripple-fan", "--count", "1"}},
		{"deal random", 0, "", []string{"deal", "ripple-fan", "--random", "--winnable"}},
		{"catalogue build", 0, "", []string{"catalogue", "build", "ripple-fan", results, "-o", filepath.Join(dir, "rf.cat")}},
		{"catalogue info", 0, "", []string{"catalogue", "info", "russian-cell"}},
		{"help", 0, "", []string{"help", "solve"}},
		{"--help", 0, "", []string{"stats", "--help"}},

		{"unknown command", 2, "", []string{"solver"}},
		{"deal bad number", 2, "", []string{"deal", "russian-cell", "0"}},
		{"solve bad flag", 2, "", []string{"solve", "russian-cell", "1", "--workers", "x"}},
		{"hint -n 0", 2, "", []string{"hint", "russian-cell", "1", "-n", "0"}},
		{"check no file", 2, "", []string{"check", filepath.Join(dir, "missing.json")}},
		{"check not a solution", 2, "hello", []string{"check", "-"}},
		{"stats no deals", 2, "", []string{"stats", "ripple-fan"}},
		{"stats other run", 2, "", []string{"stats", "ripple-fan", "--deals", "1-300", "--out", results}},
		{"merge missing file", 2, "", []string{"merge", filepath.Join(dir, "missing.jsonl")}},
		{"find both", 2, "", []string{"find", "ripple-fan", "--solvable", "--unsolvable"}},
		{"deal random and number", 2, "", []string{"deal", "ripple-fan", "5", "--random"}},
		{"catalogue build no file", 2, "", []string{"catalogue", "build", "ripple-fan", filepath.Join(dir, "missing.jsonl"), "-o", filepath.Join(dir, "x.cat")}},
		{"catalogue info bad file", 2, "", []string{"catalogue", "info", "--file", results}},

		{"check illegal", 3, illegal, []string{"check", "-"}},
		{"check no win", 3, noWin, []string{"check", "-"}},
	}
	for _, c := range cases {
		r := cliRun(t, c.stdin, c.args...)
		switch {
		case r.code != c.code:
			t.Errorf("%s: exit %d, want %d\n%v", c.name, r.code, c.code, r)
		case c.code == exitUsage:
			cliWantUsage(t, r, strings.Count(r.stderr, "\n")) // the form of each line; their number varies
		case r.stderr != "" || r.stdout == "":
			t.Errorf("%s: want output on stdout and nothing on stderr, got %v", c.name, r)
		}
	}

	// The same successful commands with a standard output that cannot be
	// written: exit 1, and the reason.
	for _, c := range cases {
		if c.code == exitUsage {
			continue
		}
		var errw bytes.Buffer
		code := Main(c.args, strings.NewReader(c.stdin), failingOutput{}, &errw)
		if code != exitInternal || errw.String() != "patience: cannot write the output: no space left on device\n" {
			t.Errorf("%s, output not written: exit %d, stderr %q", c.name, code, errw.String())
		}
	}

	// A results file that cannot be written: exit 1.
	if _, err := os.Stat("/dev/full"); err == nil {
		r := cliRun(t, "", "stats", "ripple-fan", "--deals", "1-10", "--out", "/dev/full", "--quiet")
		if r.code != exitInternal || r.stderr != "patience: cannot write /dev/full: write /dev/full: no space left on device\n" {
			t.Errorf("--out /dev/full: %v", r)
		}
	}
}

// TestErrorsStayOneLine: line breaks and other control characters in what
// the user gave (arguments, file names) do not break an error into lines,
// nor reach the terminal raw: they are written as escapes.
func TestErrorsStayOneLine(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no\nsuch\x1b[31m.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-\n\n0"}, `unknown shorthand flag: '\n' in -\n\n0`},
		{[]string{"deal", "russian-cell", "1", "2\n3"}, `extra: 2\n3`},
		{[]string{"solve", "russian-cell", "--position", missing}, `no\nsuch\x1b[31m.json`},
		{[]string{"check", missing}, `no\nsuch\x1b[31m.json`},
		{[]string{"merge", missing}, `no\nsuch\x1b[31m.json`},
		{[]string{"solve\tx"}, `unknown command "solve\tx"`},
	} {
		r := cliRun(t, "", c.args...)
		cliWantUsage(t, r, 1, c.want)
		if strings.ContainsAny(strings.TrimSuffix(r.stderr, "\n"), "\n\x1b\t") {
			t.Errorf("%q: raw control characters on stderr: %q", c.args, r.stderr)
		}
	}
}
