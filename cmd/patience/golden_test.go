package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goldenBase is the commit whose outputs testdata/golden-BASE holds: the
// last before the application layer was finished (issue "Finish the
// application layer"), which moves words and documents without changing
// them.
const goldenBase = "3a10889"

var writeGolden = flag.Bool("write-golden", false, "write the outputs of TestOutputsUnchanged to testdata as the new reference")

// goldenCase is one command line whose whole output (exit code, stdout,
// stderr) is compared. Files it reads or writes are in a temporary
// folder, named DIR in args. timed masks what depends on the clock.
type goldenCase struct {
	name  string
	args  []string
	stdin string
	timed bool
}

// goldenCases are run in order: some read the files that earlier ones
// wrote (DIR/s.json, DIR/g.json, the results files).
var goldenCases = []goldenCase{
	{name: "deal-rc", args: []string{"deal", "russian-cell", "617", "--ascii"}},
	{name: "deal-rc-json", args: []string{"deal", "russian-cell", "617", "--format", "json"}},
	{name: "deal-rc-solvitaire", args: []string{"deal", "russian-cell", "617", "--format", "solvitaire"}},
	{name: "deal-rf", args: []string{"deal", "ripple-fan", "1", "--ascii"}},
	{name: "solve-rc", args: []string{"solve", "russian-cell", "617", "--ascii", "--workers", "1"}, timed: true},
	{name: "solve-rc-json", args: []string{"solve", "russian-cell", "617", "--format", "json", "--workers", "1"}, timed: true},
	{name: "solve-rc-steps", args: []string{"solve", "russian-cell", "24", "--steps", "--ascii", "--workers", "1"}, timed: true},
	{name: "solve-rc-lost", args: []string{"solve", "russian-cell", "7", "--ascii", "--workers", "1"}, timed: true},
	{name: "solve-rf", args: []string{"solve", "ripple-fan", "2217", "--ascii", "--workers", "1"}, timed: true},
	{name: "solve-rc-hide", args: []string{"solve", "russian-cell", "617", "--hide", "--samples", "10", "--ascii", "--workers", "1"}, timed: true},
	{name: "solve-rc-hide-json", args: []string{"solve", "russian-cell", "617", "--hide", "--samples", "10", "--format", "json", "--workers", "1"}, timed: true},
	{name: "solution", args: []string{"solve", "russian-cell", "617", "--format", "json", "--workers", "1"}, timed: true},
	{name: "hint-rc", args: []string{"hint", "russian-cell", "617", "-n", "3", "--ascii", "--workers", "1"}, timed: true},
	{name: "hint-rc-json", args: []string{"hint", "russian-cell", "617", "-n", "3", "--format", "json", "--workers", "1"}, timed: true},
	{name: "hint-rc-hide", args: []string{"hint", "russian-cell", "617", "--hide", "--samples", "10", "--ascii", "--workers", "1"}, timed: true},
	{name: "hint-rc-hide-json", args: []string{"hint", "russian-cell", "617", "--hide", "--samples", "10", "--format", "json", "--workers", "1"}, timed: true},
	{name: "hint-rc-lost", args: []string{"hint", "russian-cell", "7", "--ascii", "--workers", "1"}, timed: true},
	{name: "play-rc", args: []string{"play", "russian-cell", "617", "--ascii", "--workers", "1", "--samples", "5"}, timed: true},
	{name: "play-rc-json", args: []string{"play", "russian-cell", "617", "--player", "greedy", "--format", "json", "--workers", "1"}, timed: true},
	{name: "review-rc", args: []string{"review", "russian-cell", "617", "--moves", "DIR/g.json", "--samples", "5", "--judge-samples", "5", "--ascii", "--workers", "1"}, timed: true},
	{name: "review-rc-json", args: []string{"review", "russian-cell", "617", "--moves", "DIR/g.json", "--samples", "5", "--judge-samples", "5", "--format", "json", "--workers", "1"}, timed: true},
	{name: "check-solution", args: []string{"check", "DIR/s.json"}},
	{name: "check-play", args: []string{"check", "DIR/g.json"}},
	{name: "stats-rf", args: []string{"stats", "ripple-fan", "--deals", "1-2000", "--quiet", "--workers", "1"}, timed: true},
	{name: "stats-rf-json", args: []string{"stats", "ripple-fan", "--deals", "1-2000", "--quiet", "--format", "json", "--workers", "1"}, timed: true},
	{name: "stats-rc-0", args: []string{"stats", "russian-cell", "--deals", "1-60", "--shard", "0/2", "--out", "DIR/rc-0.jsonl", "--quiet", "--workers", "1"}, timed: true},
	{name: "stats-rc-1", args: []string{"stats", "russian-cell", "--deals", "1-60", "--shard", "1/2", "--out", "DIR/rc-1.jsonl", "--quiet", "--workers", "1"}, timed: true},
	{name: "merge", args: []string{"merge", "DIR/rc-0.jsonl", "DIR/rc-1.jsonl", "--out", "DIR/rc.jsonl"}, timed: true},
	{name: "stats-summary", args: []string{"stats", "--summary", "DIR/rc.jsonl"}, timed: true},
	{name: "stats-greedy", args: []string{"stats", "russian-cell", "--deals", "1-20", "--player", "greedy", "--quiet", "--workers", "1"}, timed: true},
	{name: "find-rf", args: []string{"find", "ripple-fan", "--count", "3"}},
	{name: "find-rc-json", args: []string{"find", "russian-cell", "--count", "2", "--from", "300", "--format", "json", "--workers", "1"}, timed: true},
	{name: "catalogue-info", args: []string{"catalogue", "info", "russian-cell"}},
	{name: "bad-deal", args: []string{"solve", "russian-cell", "abc"}},
	{name: "bad-game", args: []string{"deal", "klondike", "1"}},
	{name: "bad-move", args: []string{"hint", "russian-cell", "617", "--moves", "-"}, stdin: "KS t9>t1\n"},
}

// goldenMasks replace what depends on the clock, the build or chance,
// in the timed cases' outputs (and the build and run tags in all).
var (
	maskBuild    = regexp.MustCompile(`\(devel\)[^ ",;)]*|"solver":"[^"]*"|"run":"[0-9a-f]+"|runs: [0-9a-f, ]+;`)
	maskDuration = regexp.MustCompile(`[0-9][0-9.,]*( ?)(ns|µs|ms|s|min)\b`)
	maskTimes    = regexp.MustCompile(`"[a-z_]*seconds[a-z_]*":\{[^}]*\}`)
	maskFloat    = regexp.MustCompile(`"(seconds|elapsed|cpu_seconds|mean_seconds)[a-z_]*":[0-9.e+-]+|[0-9]+\.[0-9]+(e-?[0-9]+)?`)
	maskSpaces   = regexp.MustCompile(` +`)
)

// maskFloats masks the numbers with a fraction in l, but for shares (a
// number followed by %), which do not depend on the clock.
func maskFloats(l string) string {
	var b strings.Builder
	last := 0
	for _, m := range maskFloat.FindAllStringIndex(l, -1) {
		b.WriteString(l[last:m[0]])
		if m[1] < len(l) && l[m[1]] == '%' && l[m[0]] != '"' {
			b.WriteString(l[m[0]:m[1]])
		} else {
			b.WriteString("F")
		}
		last = m[1]
	}
	b.WriteString(l[last:])
	return b.String()
}

func goldenMask(s, dir string, timed bool) string {
	s = strings.ReplaceAll(s, dir, "DIR")
	s = maskBuild.ReplaceAllString(s, "BUILD")
	if !timed {
		return s
	}
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "second") && !strings.Contains(l, "{") {
			l = "(a line of times)"
		}
		l = maskTimes.ReplaceAllString(l, "TIMES")
		l = maskDuration.ReplaceAllString(l, "T")
		l = maskFloats(l)
		out = append(out, maskSpaces.ReplaceAllString(l, " "))
	}
	return strings.Join(out, "\n")
}

// TestOutputsUnchanged runs goldenCases and compares each output, masked,
// with the one goldenBase gave, byte for byte: moving the words and
// documents into the library changes none of them. go test -run
// TestOutputsUnchanged -write-golden writes the reference anew (only at
// goldenBase, or where an issue changes an output on purpose).
func TestOutputsUnchanged(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join("testdata", "golden-"+goldenBase)
	if *writeGolden {
		if err := os.MkdirAll(ref, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cliUnsetenv(t, "PATIENCE_SHARD")
	t.Setenv("LANG", "C")
	t.Setenv("LC_ALL", "C")
	compared := 0
	for _, c := range goldenCases {
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = strings.ReplaceAll(a, "DIR", dir)
		}
		r := cliRun(t, c.stdin, args...)
		switch c.name {
		case "solution":
			os.WriteFile(filepath.Join(dir, "s.json"), []byte(r.stdout), 0o644)
		case "play-rc-json":
			os.WriteFile(filepath.Join(dir, "g.json"), []byte(r.stdout), 0o644)
		}
		got := goldenMask(fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", r.code, r.stdout, r.stderr), dir, c.timed)
		name := filepath.Join(ref, c.name+".txt")
		if *writeGolden {
			if err := os.WriteFile(name, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%s: %v (write the reference at %s with -write-golden)", c.name, err, goldenBase)
		}
		if got != string(want) {
			t.Errorf("patience %s: the output changed against %s:\n--- now\n%s\n--- then\n%s", strings.Join(c.args, " "), goldenBase, got, want)
		}
		compared++
	}
	if !*writeGolden && compared != len(goldenCases) {
		t.Fatalf("compared %d of %d outputs", compared, len(goldenCases))
	}
}
