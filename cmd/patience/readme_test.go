package main

// The README's examples, run: every fenced block whose first line is
// "$ patience ARGS" is a transcript. Its commands run in-process (Main, as
// the other CLI tests run it), in order, in one temporary directory, and
// the output each prints must match the lines that follow it in the block,
// so the examples cannot go stale.
//
// How a transcript is read:
//   - "$ patience ARGS" runs ARGS, split at spaces. A trailing "> FILE"
//     writes stdout to FILE (in the temporary directory; "/dev/null"
//     discards it) instead of comparing it.
//   - The lines up to the next "$ " line are the expected stdout. A line
//     that is only "..." (indented or not) stands for any number of lines
//     skipped; the lines before and after it must still match in order.
//   - Times, durations, rates and dates are normalised on both sides
//     ("1.1 ms", "12 s", "0.34 s", "504 µs", "12,345 positions/s",
//     "[0s]", "seconds":0.0014, 2026-12-01, the seconds of stats' tables)
//     before comparing, and runs of spaces count as one (column widths
//     follow the widths of the times).
//   - Boards are drawn as they are with --ascii: LANG=C, NO_COLOR set.
//   - Every command must exit 0.
//
// Markers, an HTML comment on the line before the block's opening fence:
//   - <!-- long --> the block takes over 5 s: it runs only with
//     PATIENCE_LONG=1 (longtest.Need).
//   - <!-- skip: REASON --> the block is not run (pipes, shell features,
//     output that depends on the machine); the test counts these. A command
//     with a pipe or another shell feature that is not marked fails the test.
//
// The test asserts a minimum number of transcripts compared, so it cannot
// pass having compared nothing.

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
)

// readmeFiles are the documents whose transcripts are run, relative to this
// package's directory.
var readmeFiles = []string{"../../README.md", "../../docs/commands.md"}

// readmeMinCompared is the fewest transcripts a run must compare in each
// document of readmeFiles (all there are today: none of them is long or
// skipped); raise it as examples are added, and move it with a transcript
// that moves from one document to the other.
var readmeMinCompared = map[string]int{
	"../../README.md":        10,
	"../../docs/commands.md": 16,
}

// readmeCommand is one "$ patience ..." line and the output expected of it.
type readmeCommand struct {
	line   int      // line number in the document
	args   []string // after "patience"
	out    string   // "" for stdout compared; a file name for "> FILE"
	expect []string // expected stdout lines, with "..." for skipped lines
}

// readmeBlock is one transcript.
type readmeBlock struct {
	file   string
	line   int // the opening fence's line number
	long   bool
	skip   string // the reason, if marked skip
	cmds   []readmeCommand
	shelly string // a command line with shell features, if any
}

var readmeMarker = regexp.MustCompile(`^<!--\s*(long|skip)\b:?\s*(.*?)\s*-->$`)

// readmeBlocks parses the transcripts of one document.
func readmeBlocks(t *testing.T, path string) []readmeBlock {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []readmeBlock
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		// Find the closing fence.
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		body := lines[i+1 : min(end, len(lines))]
		open := i
		i = end
		if len(body) == 0 || !strings.HasPrefix(body[0], "$ patience ") {
			continue
		}
		b := readmeBlock{file: path, line: open + 1}
		if open > 0 {
			if m := readmeMarker.FindStringSubmatch(strings.TrimSpace(lines[open-1])); m != nil {
				switch m[1] {
				case "long":
					b.long = true
				case "skip":
					b.skip = m[2]
					if b.skip == "" {
						b.skip = "(no reason given)"
					}
				}
			}
		}
		for j, l := range body {
			if strings.HasPrefix(l, "$ ") {
				c := readmeCommand{line: open + 2 + j}
				cmd := strings.TrimPrefix(l, "$ ")
				if strings.ContainsAny(cmd, "|;&<'\"`$*?(){}") {
					b.shelly = cmd
				}
				f := strings.Fields(cmd)
				if n := len(f); n >= 2 && f[n-2] == ">" {
					c.out = f[n-1]
					f = f[:n-2]
				}
				if len(f) == 0 || f[0] != "patience" {
					b.shelly = cmd
				} else {
					c.args = f[1:]
				}
				b.cmds = append(b.cmds, c)
				continue
			}
			if n := len(b.cmds); n > 0 {
				b.cmds[n-1].expect = append(b.cmds[n-1].expect, l)
			}
		}
		blocks = append(blocks, b)
	}
	return blocks
}

// readmeNormalisers replace what changes from run to run with a fixed word.
var readmeNormalisers = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`"seconds":[0-9.eE+-]+`), `"seconds":T`},
	{regexp.MustCompile(`^(\s*seconds\s).*$`), `${1}T`},                                            // the row of times in stats' effort table
	{regexp.MustCompile(`^(\s*\d+\s+(solvable|unsolvable|unknown)\s+[0-9,]+\s+)[0-9.]+`), `${1}T`}, // a hardest deal's seconds
	{regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?`), `DATE`},
	{regexp.MustCompile(`[0-9][0-9,.]*\s*(positions|deals)/(s|hr|h)\b`), `RATE`},
	{regexp.MustCompile(`\[[0-9hms.]+\]`), `[T]`},
	{regexp.MustCompile(`\b([0-9]+h)?([0-9]+m)?[0-9.]+s\b`), `T`},
	{regexp.MustCompile(`\b[0-9][0-9.]*\s*(ns|µs|us|ms|s|m|h|min)\b`), `T`},
}

func readmeNormalise(s string) string {
	for _, n := range readmeNormalisers {
		s = n.re.ReplaceAllString(s, n.with)
	}
	// Column widths follow the widths of the times: compare words, not spaces.
	return strings.Join(strings.Fields(s), " ")
}

// readmeIsElision reports whether an expected line stands for skipped lines.
func readmeIsElision(l string) bool { return strings.TrimSpace(l) == "..." }

// readmeMatch reports whether got matches want, where an elision in want
// matches any number of lines of got.
func readmeMatch(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if readmeIsElision(want[0]) {
		for k := 0; k <= len(got); k++ {
			if readmeMatch(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 || readmeNormalise(want[0]) != readmeNormalise(got[0]) {
		return false
	}
	return readmeMatch(want[1:], got[1:])
}

// readmeLines splits output into lines, without the final empty one, and
// drops trailing blank lines on both sides.
func readmeLines(s string) []string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for len(l) > 0 && strings.TrimSpace(l[len(l)-1]) == "" {
		l = l[:len(l)-1]
	}
	return l
}

func TestREADMEExamples(t *testing.T) {
	var blocks []readmeBlock
	for _, f := range readmeFiles {
		blocks = append(blocks, readmeBlocks(t, f)...)
	}
	compared, skipped, long := map[string]int{}, 0, 0
	for _, b := range blocks {
		name := filepath.Base(b.file) + ":" + strconv.Itoa(b.line)
		if b.skip != "" {
			skipped++
			t.Logf("%s: skipped: %s", name, b.skip)
			continue
		}
		if b.shelly != "" {
			t.Errorf("%s: %q uses shell features: mark the block <!-- skip: REASON -->", name, b.shelly)
			continue
		}
		if b.long {
			long++
			if !longtest.Enabled() {
				continue
			}
		}
		ok := t.Run(name, func(t *testing.T) {
			if b.long {
				longtest.Need(t)
			}
			cliEnv(t, "C", true)
			t.Chdir(t.TempDir())
			for _, c := range b.cmds {
				r := cliRun(t, "", c.args...)
				cmd := "patience " + strings.Join(c.args, " ")
				if r.code != exitOK {
					t.Fatalf("line %d: %s: want exit 0, got %v", c.line, cmd, r)
				}
				if c.out != "" {
					if len(readmeLines(strings.Join(c.expect, "\n"))) > 0 && c.expect[0] != "" {
						t.Fatalf("line %d: %s: output written to %s, yet the block shows output", c.line, cmd, c.out)
					}
					if c.out != "/dev/null" {
						if err := os.WriteFile(c.out, []byte(r.stdout), 0o644); err != nil {
							t.Fatal(err)
						}
					}
					continue
				}
				want := readmeLines(strings.Join(c.expect, "\n"))
				got := readmeLines(r.stdout)
				if !readmeMatch(want, got) {
					t.Errorf("line %d: %s: the output differs from the example\n--- example:\n%s\n--- printed now:\n%s",
						c.line, cmd, strings.Join(want, "\n"), strings.Join(got, "\n"))
				}
			}
		})
		if ok {
			compared[b.file]++
		}
	}
	total := 0
	for _, f := range readmeFiles {
		total += compared[f]
		if readmeMinCompared[f] <= 0 {
			t.Errorf("%s: no minimum number of transcripts to compare", f)
		}
	}
	for f, want := range readmeMinCompared {
		if compared[f] < want {
			t.Errorf("%s: compared %d transcripts, want at least %d", f, compared[f], want)
		}
	}
	t.Logf("%d transcripts compared (%v), %d skipped by marker, %d long", total, compared, skipped, long)
}

// TestREADMEMatch checks the comparison itself: elisions, normalisation,
// and that a difference is found.
func TestREADMEMatch(t *testing.T) {
	got := []string{"a", "b", "Searched 212 positions in 1.1 ms.", "c", "d"}
	for _, tc := range []struct {
		want []string
		ok   bool
	}{
		{[]string{"a", "b", "Searched 212 positions in 504 µs.", "c", "d"}, true},
		{[]string{"a", "...", "d"}, true},
		{[]string{"...", "c", "d"}, true},
		{[]string{"a", " ...", "c", "..."}, true},
		{[]string{"a", "...", "b", "d"}, false},
		{[]string{"a", "b"}, false},
		{[]string{"a", "b", "Searched 213 positions in 1.1 ms.", "c", "d"}, false},
		{[]string{}, false},
	} {
		if readmeMatch(tc.want, got) != tc.ok {
			t.Errorf("readmeMatch(%q) = %v, want %v", tc.want, !tc.ok, tc.ok)
		}
	}
	for in, want := range map[string]string{
		`"seconds":0.001474071}`:           `"seconds":T}`,
		"Searched 5 positions in 12 s.":    "Searched 5 positions in T.",
		"12,345 positions/s":               "RATE",
		"3 deals/hr [0s]":                  "RATE [T]",
		"elapsed 1m2.5s":                   "elapsed T",
		"on 2026-12-01":                    "on DATE",
		"positions          8.3       0":   "positions 8.3 0",
		"  seconds       0.000006       0": "seconds T",
		"  6808   unsolvable      2,760    0.0128      -       -": "6808 unsolvable 2,760 T - -",
	} {
		if got := readmeNormalise(in); got != want {
			t.Errorf("readmeNormalise(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestREADMEParse checks how transcripts and their markers are read.
func TestREADMEParse(t *testing.T) {
	doc := "text\n```sh\npatience solve russian-cell 1\n```\n" +
		"<!-- long -->\n```\n$ patience stats ripple-fan --deals 1-9\nout\n...\n```\n" +
		"<!-- skip: a pipe -->\n```\n$ patience deal ripple-fan 1 | patience solve ripple-fan --position -\n```\n" +
		"```\n$ patience deal ripple-fan 1 > d.txt\n$ patience solve ripple-fan --position d.txt\nVerdict\n```\n" +
		"```\n$ patience find ripple-fan --count 2 | head -1\n```\n"
	path := cliWriteFile(t, "doc.md", doc)
	b := readmeBlocks(t, path)
	if len(b) != 4 {
		t.Fatalf("got %d transcripts, want 4: %+v", len(b), b)
	}
	if !b[0].long || b[0].skip != "" || len(b[0].cmds) != 1 || strings.Join(b[0].cmds[0].expect, "|") != "out|..." {
		t.Errorf("long block read as %+v", b[0])
	}
	if b[1].skip != "a pipe" || b[1].shelly == "" {
		t.Errorf("skipped block read as %+v", b[1])
	}
	if c := b[2].cmds; len(c) != 2 || c[0].out != "d.txt" || strings.Join(c[0].args, " ") != "deal ripple-fan 1" ||
		len(c[1].expect) != 1 || b[2].shelly != "" {
		t.Errorf("redirect block read as %+v", b[2])
	}
	if b[3].shelly == "" || b[3].skip != "" {
		t.Errorf("an unmarked pipe was not noticed: %+v", b[3])
	}
}
