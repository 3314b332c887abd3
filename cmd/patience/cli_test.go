package main

// CLI tests: Main runs in-process with buffers for its streams. They cover
// deal output against PySolFC's layouts, every error path of deal, solve and
// check (exit 2, nothing on stdout, one clear line per problem on stderr),
// check's verdicts (exit 0 and 3), and solve's text and JSON output.
//
// Helpers are prefixed "cli" to share the package with other tests.

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// cliResult is what one run of Main gave.
type cliResult struct {
	code           int
	stdout, stderr string
}

func (r cliResult) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
}

// cliRun runs the command line args with stdin as standard input.
func cliRun(t *testing.T, stdin string, args ...string) cliResult {
	t.Helper()
	var out, errw bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &out, &errw)
	return cliResult{code: code, stdout: out.String(), stderr: errw.String()}
}

// cliOK runs args, requires exit 0 and an empty stderr, and returns stdout.
func cliOK(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	r := cliRun(t, stdin, args...)
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("patience %s: want exit 0 and nothing on stderr, got %v", strings.Join(args, " "), r)
	}
	return r.stdout
}

// cliUnsetenv unsets an environment variable for the test (and restores it
// afterwards).
func cliUnsetenv(t *testing.T, key string) {
	t.Helper()
	t.Setenv(key, "") // registers the restore, and forbids t.Parallel
	os.Unsetenv(key)
}

// cliEnv fixes the environment that decides how boards are drawn: the
// locale (LANG; LC_ALL and LC_CTYPE unset) and NO_COLOR (set or unset).
func cliEnv(t *testing.T, lang string, noColor bool) {
	t.Helper()
	cliUnsetenv(t, "LC_ALL")
	cliUnsetenv(t, "LC_CTYPE")
	t.Setenv("LANG", lang)
	t.Setenv("TERM", "xterm-256color")
	if noColor {
		t.Setenv("NO_COLOR", "1")
	} else {
		cliUnsetenv(t, "NO_COLOR")
	}
}

// cliWriteFile writes content to a new file in a temporary directory and
// returns its path.
func cliWriteFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func cliReadFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// cliWantUsage requires the shape of a usage error (docs/design.md §6): exit
// 2, nothing on stdout, exactly lines lines on stderr, each starting with
// "patience: ", not an internal error, and together holding every word
// (case-insensitive).
func cliWantUsage(t *testing.T, r cliResult, lines int, words ...string) {
	t.Helper()
	if r.code != exitUsage {
		t.Errorf("want exit %d, got %v", exitUsage, r)
	}
	if r.stdout != "" {
		t.Errorf("want nothing on stdout, got %q", r.stdout)
	}
	if !strings.HasSuffix(r.stderr, "\n") {
		t.Errorf("stderr does not end in a newline: %q", r.stderr)
	}
	got := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if len(got) != lines {
		t.Errorf("want %d line(s) on stderr, got %d: %q", lines, len(got), r.stderr)
	}
	if len(got) > 10 {
		t.Errorf("more than 10 lines on stderr: %q", r.stderr)
	}
	for _, l := range got {
		if !strings.HasPrefix(l, "patience: ") || strings.TrimSpace(strings.TrimPrefix(l, "patience: ")) == "" {
			t.Errorf("stderr line %q: want \"patience: \" and a message", l)
		}
		if strings.Contains(l, "internal error") || strings.Contains(l, "panic") || strings.Contains(l, "\t") {
			t.Errorf("stderr line %q: not a usage message", l)
		}
	}
	low := strings.ToLower(r.stderr)
	for _, w := range words {
		if !strings.Contains(low, strings.ToLower(w)) {
			t.Errorf("stderr %q: want %q in it", r.stderr, w)
		}
	}
}

// cliVector is one layout of the PySolFC deal-vector file: the game, the
// deal number as written there, and one line per tableau pile, bottom card
// first, face-down cards in brackets.
type cliVector struct {
	game   string // "russian-cell" or "ripple-fan"
	number string
	piles  []string
}

// cliVectors parses the repository's testdata/pysol-deal-vectors.txt.
func cliVectors(t *testing.T) []cliVector {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "pysol-deal-vectors.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	head := regexp.MustCompile(`^# (Russian Cell|Ripple Fan) game (\S+) rng=`)
	var vs []cliVector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch m := head.FindStringSubmatch(line); {
		case m != nil:
			vs = append(vs, cliVector{game: strings.ToLower(strings.ReplaceAll(m[1], " ", "-")), number: m[2]})
		case line == "" || strings.HasPrefix(line, "#"):
		case len(vs) == 0:
			t.Fatalf("vector file: pile line %q before any header", line)
		default:
			v := &vs[len(vs)-1]
			v.piles = append(v.piles, strings.Join(strings.Fields(line), " "))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 16 {
		t.Fatalf("vector file: want 16 layouts, got %d", len(vs))
	}
	for _, v := range vs {
		want := map[string]int{"russian-cell": 7, "ripple-fan": 13}[v.game]
		if len(v.piles) != want {
			t.Fatalf("vector %s %s: want %d piles, got %d", v.game, v.number, want, len(v.piles))
		}
	}
	return vs
}

// cliKind is the kind and format version that open every document
// patience writes.
type cliKind struct {
	Patience string `json:"patience"`
	Version  int    `json:"version"`
}

// cliPosition is the position JSON of docs/design.md §6, decoded strictly.
type cliPosition struct {
	cliKind
	Game    string `json:"game"`
	Number  string `json:"number"`
	Tableau []struct {
		Down []string `json:"down"`
		Up   []string `json:"up"`
	} `json:"tableau"`
	Cells       []*string      `json:"cells"`
	Foundations map[string]int `json:"foundations"`
}

func cliDecodeStrict(t *testing.T, text string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decoding %q: %v", text, err)
	}
}

// cliPileLine writes a decoded pile as the vector file does.
func cliPileLine(down, up []string) string {
	var f []string
	for _, c := range down {
		f = append(f, "["+c+"]")
	}
	return strings.Join(append(f, up...), " ")
}

// TestCLIDealJSONMatchesPySolFC: deal --format json gives exactly PySolFC's
// layout for every vector (LCG, MT and the ms ranges, both games).
func TestCLIDealJSONMatchesPySolFC(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range cliVectors(t) {
		t.Run(v.game+"/"+v.number, func(t *testing.T) {
			out := cliOK(t, "", "deal", v.game, v.number, "--format", "json")
			if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "}\n") {
				t.Errorf("want one line of JSON, got %q", out)
			}
			var p cliPosition
			cliDecodeStrict(t, out, &p)
			if p.Game != v.game || p.Number != v.number {
				t.Errorf("game %q number %q, want %q %q", p.Game, p.Number, v.game, v.number)
			}
			if len(p.Tableau) != len(v.piles) {
				t.Fatalf("%d piles, want %d", len(p.Tableau), len(v.piles))
			}
			for i, pl := range p.Tableau {
				if pl.Down == nil {
					t.Errorf("t%d: \"down\" missing or null, want a list", i+1)
				}
				if got := cliPileLine(pl.Down, pl.Up); got != v.piles[i] {
					t.Errorf("t%d: got %q, want %q", i+1, got, v.piles[i])
				}
			}
			wantCells := map[string]int{"russian-cell": 2, "ripple-fan": 0}[v.game]
			if p.Cells == nil || len(p.Cells) != wantCells {
				t.Errorf("cells %v, want %d empty slots", p.Cells, wantCells)
			}
			for i, c := range p.Cells {
				if c != nil {
					t.Errorf("c%d holds %q, want null", i+1, *c)
				}
			}
			if want := map[string]int{"C": 0, "S": 0, "H": 0, "D": 0}; !reflect.DeepEqual(p.Foundations, want) {
				t.Errorf("foundations %v, want %v", p.Foundations, want)
			}
		})
		seen[v.game+" "+v.number] = true
	}
	// The brief's three: a Russian Cell LCG deal, a Ripple Fan deal, an MT deal.
	for _, k := range []string{"russian-cell 617", "ripple-fan 617", "russian-cell 32000", "ripple-fan 99999999999999999999"} {
		if !seen[k] {
			t.Errorf("vector file has no %s", k)
		}
	}
}

// TestCLIDealNumberForms: the other spellings PySolFC accepts give the same
// deal, named in canonical form.
func TestCLIDealNumberForms(t *testing.T) {
	want := cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")
	for _, n := range []string{"#617", "00000000000000000617", "ms617", "6_17", "617L"} {
		if got := cliOK(t, "", "deal", "russian-cell", n, "--format", "json"); got != want {
			t.Errorf("deal %q: got %s, want %s", n, got, want)
		}
	}
	// A "-" is ignored too, but on the command line -617 needs "--" first.
	if got := cliOK(t, "", "deal", "russian-cell", "--format", "json", "--", "-617"); got != want {
		t.Errorf("deal -- -617: got %s, want %s", got, want)
	}
	var p cliPosition
	cliDecodeStrict(t, cliOK(t, "", "deal", "ripple-fan", "#12,345,678", "--format", "json"), &p)
	if p.Number != "12345678" {
		t.Errorf("deal #12,345,678: number %q, want 12345678", p.Number)
	}
	cliDecodeStrict(t, cliOK(t, "", "deal", "ripple-fan", "ms32000", "--format", "json"), &p)
	if p.Number != "ms32000" {
		t.Errorf("deal ms32000: number %q, want ms32000", p.Number)
	}
}

// TestCLIDealText: the ASCII board holds the vector's pile lines, is plain
// ASCII, and no output has colour when it goes to a buffer, with or without
// NO_COLOR.
func TestCLIDealText(t *testing.T) {
	label := regexp.MustCompile(`^t(\d+):\s+(.*)$`)
	for _, noColor := range []bool{false, true} {
		cliEnv(t, "en_US.UTF-8", noColor)
		for _, v := range cliVectors(t) {
			name := fmt.Sprintf("%s/%s/NO_COLOR=%v", v.game, v.number, noColor)
			out := cliOK(t, "", "deal", v.game, v.number, "--ascii")
			title := map[string]string{"russian-cell": "Russian Cell", "ripple-fan": "Ripple Fan"}[v.game]
			if first, _, _ := strings.Cut(out, "\n"); first != title+", deal "+v.number {
				t.Errorf("%s: first line %q, want %q", name, first, title+", deal "+v.number)
			}
			got := map[int]string{}
			for _, l := range strings.Split(out, "\n") {
				if m := label.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
					var i int
					fmt.Sscan(m[1], &i)
					got[i] = strings.Join(strings.Fields(m[2]), " ")
				}
			}
			for i, want := range v.piles {
				if got[i+1] != want {
					t.Errorf("%s: t%d line %q, want %q\n%s", name, i+1, got[i+1], want, out)
				}
			}
			if len(got) != len(v.piles) {
				t.Errorf("%s: %d pile lines, want %d", name, len(got), len(v.piles))
			}
			for i := 0; i < len(out); i++ {
				if out[i] >= 0x80 || out[i] == 0x1b {
					t.Errorf("%s: --ascii output has byte %#x at %d", name, out[i], i)
					break
				}
			}
			if !strings.Contains(out, "Foundations:") || (v.game == "russian-cell") != strings.Contains(out, "Cells:") {
				t.Errorf("%s: want a foundations line, and a cells line for Russian Cell only:\n%s", name, out)
			}
		}
		// Without --ascii in a UTF-8 locale: suit symbols, still no colour.
		for _, args := range [][]string{
			{"deal", "russian-cell", "617"},
			{"deal", "ripple-fan", "617"},
			{"solve", "russian-cell", "617", "--workers", "1"},
		} {
			out := cliOK(t, "", args...)
			if strings.Contains(out, "\x1b") {
				t.Errorf("%v (NO_COLOR=%v): ANSI escape in output written to a buffer:\n%q", args, noColor, out)
			}
			if !strings.Contains(out, "♣") || !strings.Contains(out, "t1:  ") || strings.Contains(out, "t1:  6C") {
				t.Errorf("%v: want suit symbols in a UTF-8 locale:\n%s", args, out)
			}
		}
	}
	// A locale that is not UTF-8 gets letters without --ascii.
	cliEnv(t, "C", false)
	out := cliOK(t, "", "deal", "russian-cell", "617")
	if !strings.Contains(out, "t1:  6C\n") || strings.ContainsAny(out, "♣♠♥♦\x1b") {
		t.Errorf("LANG=C: want letters, no symbols or escapes:\n%s", out)
	}
}

// TestCLIDealPositionRoundTrip: deal --position reads back what deal wrote,
// as JSON or as the text board, from a file or from stdin.
func TestCLIDealPositionRoundTrip(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	for _, g := range []string{"russian-cell", "ripple-fan"} {
		js := cliOK(t, "", "deal", g, "617", "--format", "json")
		if got := cliOK(t, js, "deal", g, "--position", "-", "--format", "json"); got != js {
			t.Errorf("%s JSON from stdin: got %s, want %s", g, got, js)
		}
		for _, ascii := range []bool{false, true} {
			args := []string{"deal", g, "617"}
			if ascii {
				args = append(args, "--ascii")
			}
			board := cliOK(t, "", args...)
			file := cliWriteFile(t, "board.txt", board)
			if got := cliOK(t, "", "deal", g, "--position", file, "--format", "json"); got != js {
				t.Errorf("%s board (ascii %v) from a file: got %s, want %s", g, ascii, got, js)
			}
		}
	}
	mid := filepath.Join("testdata", "cli-russian-cell-midgame.json")
	var want, got cliPosition
	cliDecodeStrict(t, cliReadFile(t, mid), &want)
	cliDecodeStrict(t, cliOK(t, "", "deal", "russian-cell", "--position", mid, "--format", "json"), &got)
	if want.Patience != "" {
		t.Fatalf("the fixture, a position written by hand, names its kind: %+v", want.cliKind)
	}
	want.cliKind = cliKind{"position", 1} // deal writes the kind the fixture leaves out
	for i := range want.Tableau {         // the fixture may leave "down" out
		if want.Tableau[i].Down == nil {
			want.Tableau[i].Down = []string{}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("midgame position: got %+v, want %+v", got, want)
	}
}

// cliPositionProblems returns position files with known problems.
func cliPositionProblems(t *testing.T) (dupMissing, tooMany string) {
	t.Helper()
	js := cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")
	// 617's t1 is 6C; t2 starts with a face-down 7D.
	dupMissing = strings.Replace(js, `"up":["6C"]`, `"up":["7D"]`, 1)
	if dupMissing == js {
		t.Fatal("deal 617 JSON does not have t1 = 6C")
	}
	bad := make([]string, 20)
	for i := range bad {
		bad[i] = fmt.Sprintf(`"Z%d"`, i)
	}
	tooMany = strings.Replace(js, `"up":["6C"]`, `"up":[`+strings.Join(bad, ",")+`]`, 1)
	return cliWriteFile(t, "dup.json", dupMissing), cliWriteFile(t, "many.json", tooMany)
}

// TestCLIUsageErrors: every kind of bad usage or input exits 2 with nothing
// on stdout and one line per problem on stderr.
func TestCLIUsageErrors(t *testing.T) {
	cliEnv(t, "C.UTF-8", false)
	rc617 := cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")
	rcFile := cliWriteFile(t, "rc617.json", rc617)
	dupFile, manyFile := cliPositionProblems(t)
	missing := filepath.Join(t.TempDir(), "no-such-file.json")
	malformed := cliWriteFile(t, "malformed.json", `{"game":"russian-cell",}`)
	notJSON := cliWriteFile(t, "notjson.txt", "hello\n")
	truncated := cliWriteFile(t, "truncated.json", rc617[:100])
	empty := cliWriteFile(t, "empty.json", "")
	unknownField := cliWriteFile(t, "field.json", strings.Replace(rc617, `"cells"`, `"cels"`, 1))
	sol := cliOK(t, "", "solve", "russian-cell", "6", "--workers", "1", "--format", "json")
	solTrunc := cliWriteFile(t, "sol-trunc.json", sol[:len(sol)/2])
	solMalformed := cliWriteFile(t, "sol-bad.json", `{"game":"russian-cell","number":"6","moves":[}`)
	solNoDeal := cliWriteFile(t, "sol-nodeal.json", `{"game":"russian-cell","verdict":"solvable","rules":{"returns":true},"moves":[]}`)
	solBadNumber := cliWriteFile(t, "sol-0.json", `{"game":"russian-cell","number":"0","verdict":"solvable","rules":{"returns":true},"moves":[]}`)
	solBadCard := cliWriteFile(t, "sol-card.json", `{"game":"russian-cell","number":"6","verdict":"solvable","rules":{"returns":true},"moves":[{"card":"ZZ","from":"t1","to":"t2"}]}`)
	solBadPosition := cliWriteFile(t, "sol-pos.json", `{"game":"russian-cell","position":`+strings.TrimSpace(cliReadFile(t, dupFile))+`,"verdict":"solvable","rules":{"returns":true},"moves":[]}`)

	type tc struct {
		name  string
		stdin string
		args  []string
		lines int
		words []string
	}
	cases := []tc{
		// Commands, arguments and flags.
		{"unknown command", "", []string{"frob"}, 1, []string{"unknown command", "frob"}},
		{"unknown command with suggestion", "", []string{"solv", "russian-cell", "1"}, 1, []string{"unknown command", "did you mean solve"}},
		{"unknown game", "", []string{"deal", "klondike", "617"}, 1, []string{"unknown game", "klondike", "russian-cell", "ripple-fan"}},
		{"unknown game solve", "", []string{"solve", "russian-cel", "617"}, 1, []string{"unknown game", "russian-cel"}},
		{"missing game", "", []string{"deal"}, 1, []string{"missing GAME"}},
		{"missing game solve", "", []string{"solve"}, 1, []string{"missing GAME"}},
		{"missing number", "", []string{"deal", "russian-cell"}, 1, []string{"NUMBER", "--position"}},
		{"missing number solve", "", []string{"solve", "ripple-fan"}, 1, []string{"NUMBER", "--position"}},
		{"too many args deal", "", []string{"deal", "russian-cell", "1", "2"}, 1, []string{"too many arguments", "extra: 2"}},
		{"too many args solve", "", []string{"solve", "russian-cell", "1", "2", "3"}, 1, []string{"too many arguments", "extra: 2 3"}},
		{"unknown flag", "", []string{"deal", "russian-cell", "1", "--bogus"}, 1, []string{"unknown flag", "--bogus"}},
		{"unknown flag solve", "", []string{"solve", "russian-cell", "1", "--returns"}, 1, []string{"unknown flag", "--returns"}},
		{"unknown shorthand", "", []string{"deal", "russian-cell", "1", "-x"}, 1, []string{"unknown shorthand", "-x"}},
		{"negative deal number", "", []string{"deal", "russian-cell", "-5"}, 1, []string{"-5", "--", "deal 5"}},
		{"flag without value", "", []string{"deal", "russian-cell", "1", "--format"}, 1, []string{"needs an argument", "--format"}},
		{"bad --format", "", []string{"deal", "russian-cell", "1", "--format", "xml"}, 1, []string{"--format", "xml", "text", "json"}},
		{"bad --format solve", "", []string{"solve", "russian-cell", "1", "--format", "yaml"}, 1, []string{"--format", "yaml"}},
		{"bad --ascii", "", []string{"deal", "russian-cell", "1", "--ascii=maybe"}, 1, []string{"maybe", "--ascii"}},

		// Deal numbers.
		{"number 0", "", []string{"deal", "russian-cell", "0"}, 1, []string{"deal number", `"0"`}},
		{"number ms0", "", []string{"deal", "russian-cell", "ms0"}, 1, []string{"deal number", "ms0", "ms1"}},
		{"number MS5", "", []string{"deal", "russian-cell", "MS5"}, 1, []string{"deal number", "MS5", "lowercase"}},
		{"number #ms5", "", []string{"deal", "russian-cell", "#ms5"}, 1, []string{"deal number", "#ms5"}},
		{"number abc", "", []string{"deal", "russian-cell", "abc"}, 1, []string{"deal number", "abc"}},
		{"number empty", "", []string{"deal", "russian-cell", ""}, 1, []string{"empty deal number"}},
		{"number blank", "", []string{"deal", "ripple-fan", "  "}, 1, []string{"deal number"}},
		{"number ms2^33", "", []string{"deal", "russian-cell", "ms8589934592"}, 1, []string{"deal number", "ms8589934592", "ms8589934591"}},
		{"number 12a", "", []string{"solve", "ripple-fan", "12a"}, 1, []string{"deal number", "12a"}},

		// Positions.
		{"number and --position", "", []string{"deal", "russian-cell", "617", "--position", rcFile}, 1, []string{"not both"}},
		{"number and --position solve", "", []string{"solve", "russian-cell", "617", "--position", rcFile}, 1, []string{"not both"}},
		{"--position missing", "", []string{"deal", "russian-cell", "--position", missing}, 1, []string{"cannot open", "no-such-file.json", "no such file"}},
		{"--position missing solve", "", []string{"solve", "russian-cell", "--position", missing}, 1, []string{"cannot open", "no-such-file.json"}},
		{"--position malformed JSON", "", []string{"deal", "russian-cell", "--position", malformed}, 1, []string{"JSON", "line 1"}},
		{"--position not JSON", "", []string{"deal", "russian-cell", "--position", notJSON}, 1, []string{"not a position", "hello"}},
		{"--position truncated", "", []string{"deal", "russian-cell", "--position", truncated}, 1, []string{"truncated"}},
		{"--position truncated stdin", rc617[:200], []string{"solve", "russian-cell", "--position", "-"}, 1, []string{"truncated"}},
		{"--position empty", "", []string{"deal", "russian-cell", "--position", empty}, 1, []string{"empty"}},
		{"--position empty stdin", "", []string{"solve", "russian-cell", "--position", "-"}, 1, []string{"empty"}},
		{"--position unknown field", "", []string{"deal", "russian-cell", "--position", unknownField}, 1, []string{"cels"}},
		{"--position duplicate and missing", "", []string{"deal", "russian-cell", "--position", dupFile}, 2, []string{"7D appears twice", "6C is missing"}},
		{"--position duplicate and missing solve", "", []string{"solve", "russian-cell", "--position", dupFile, "--workers", "1"}, 2, []string{"7D", "6C"}},
		{"--position many problems", "", []string{"deal", "russian-cell", "--position", manyFile}, 10, []string{"Z0", "more problems"}},
		{"--position wrong game", "", []string{"deal", "ripple-fan", "--position", rcFile}, 1, []string{"russian-cell position", "not ripple-fan"}},
		{"--position wrong game solve", "", []string{"solve", "ripple-fan", "--position", rcFile, "--workers", "1"}, 1, []string{"russian-cell position", "not ripple-fan"}},
		{"--position directory", "", []string{"deal", "russian-cell", "--position", t.TempDir()}, 1, []string{"directory"}},

		// Search flags.
		{"--workers 0", "", []string{"solve", "russian-cell", "617", "--workers", "0"}, 1, []string{"--workers", "at least 1", "0"}},
		{"--workers -3", "", []string{"solve", "russian-cell", "617", "--workers", "-3"}, 1, []string{"--workers", "-3"}},
		{"--workers x", "", []string{"solve", "russian-cell", "617", "--workers", "x"}, 1, []string{`--workers "x": want a whole number`}},
		{"--max-nodes 0", "", []string{"solve", "russian-cell", "617", "--max-nodes", "0"}, 1, []string{"--max-nodes", "at least 1"}},
		{"--memory 0", "", []string{"solve", "russian-cell", "617", "--memory", "0"}, 1, []string{"--memory", "at least 1"}},
		{"negative --timeout", "", []string{"solve", "russian-cell", "617", "--timeout", "-1s"}, 1, []string{"--timeout", "negative"}},
		{"--timeout without unit", "", []string{"solve", "russian-cell", "617", "--timeout", "5"}, 1, []string{"--timeout", "5"}},
		{"--no-returns value", "", []string{"solve", "russian-cell", "617", "--no-returns=perhaps"}, 1, []string{"--no-returns"}},

		// check.
		{"check no file", "", []string{"check"}, 1, []string{"missing FILE"}},
		{"check too many args", "", []string{"check", "a.json", "b.json"}, 1, []string{"too many arguments", "b.json"}},
		{"check missing file", "", []string{"check", missing}, 1, []string{"cannot open", "no-such-file.json"}},
		{"check malformed", "", []string{"check", solMalformed}, 1, []string{"JSON"}},
		{"check truncated", "", []string{"check", solTrunc}, 1, []string{"truncated"}},
		{"check truncated stdin", sol[:len(sol)/3], []string{"check", "-"}, 1, []string{"truncated"}},
		{"check empty stdin", "", []string{"check", "-"}, 1, []string{"empty"}},
		{"check not JSON", "valid: wins in 3 moves\n", []string{"check", "-"}, 1, []string{"not a solution"}},
		{"check a position, not a solution", rc617, []string{"check", "-"}, 1, []string{"this is a position, not a solution"}},
		{"check no deal", "", []string{"check", solNoDeal}, 1, []string{`"number" or "position"`}},
		{"check number 0", "", []string{"check", solBadNumber}, 1, []string{"0"}},
		{"check unknown card", "", []string{"check", solBadCard}, 1, []string{"ZZ"}},
		{"check bad position", "", []string{"check", solBadPosition}, 2, []string{"7D", "6C"}},
		{"check unknown flag", "", []string{"check", solBadCard, "--workers", "1"}, 1, []string{"unknown flag", "--workers"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := cliRun(t, c.stdin, c.args...)
			cliWantUsage(t, r, c.lines, c.words...)
		})
	}
}

// cliSolution is the solution JSON of docs/design.md §6.
type cliSolution struct {
	cliKind
	Game     string       `json:"game"`
	Number   string       `json:"number"`
	Position *cliPosition `json:"position"`
	Verdict  string       `json:"verdict"`
	Reason   string       `json:"reason"`
	Rules    *struct {
		Returns *bool `json:"returns"`
	} `json:"rules"`
	Moves      []cliMove `json:"moves"`
	Forced     int       `json:"forced"`
	Shortest   *bool     `json:"shortest"`
	LowerBound *int      `json:"lower_bound"`
	Nodes      *int64    `json:"nodes"`
	Seconds    *float64  `json:"seconds"`
	Solver     string    `json:"solver"`
}

type cliMove struct {
	Card string `json:"card"`
	From string `json:"from"`
	To   string `json:"to"`
}

func (m cliMove) String() string { return m.Card + " " + m.From + ">" + m.To }

// cliSolveJSON runs solve with --format json and decodes its answer,
// checking the keys docs/design.md §6 names and no others.
func cliSolveJSON(t *testing.T, stdin string, args ...string) (string, cliSolution) {
	t.Helper()
	out := cliOK(t, stdin, append([]string{"solve", "--workers", "1", "--format", "json"}, args...)...)
	if strings.Count(out, "\n") != 1 {
		t.Errorf("want one line of JSON, got %q", out)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &keys); err != nil {
		t.Fatalf("solve JSON does not parse: %v\n%s", err, out)
	}
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	allowed := map[string]bool{"patience": true, "version": true, "game": true, "number": true, "position": true, "verdict": true, "reason": true, "rules": true, "moves": true, "forced": true, "shortest": true, "lower_bound": true, "nodes": true, "seconds": true, "solver": true}
	for _, k := range names {
		if !allowed[k] {
			t.Errorf("unexpected key %q in %s", k, out)
		}
	}
	for _, k := range []string{"patience", "version", "game", "verdict", "rules", "moves", "nodes", "seconds", "solver"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("key %q missing in %s", k, out)
		}
	}
	if _, n := keys["number"]; n == (keys["position"] != nil) {
		t.Errorf("want exactly one of number and position: %s", out)
	}
	var s cliSolution
	cliDecodeStrict(t, out, &s)
	if s.Rules == nil || s.Rules.Returns == nil || s.Nodes == nil || s.Seconds == nil || s.Moves == nil {
		t.Errorf("rules.returns, nodes, seconds or moves null: %s", out)
	}
	// Every move to a foundation is automatic, so forced: a win has at
	// least that many forced moves, and at most all of them.
	toF := 0
	for _, m := range s.Moves {
		if m.To == "f" {
			toF++
		}
	}
	if s.Verdict == "solvable" && (s.Forced < toF || s.Forced > len(s.Moves)) {
		t.Errorf("forced %d of %d moves, %d of them to the foundations", s.Forced, len(s.Moves), toF)
	}
	switch s.Verdict {
	case "solvable":
		// Only a shortest search whose proof a budget ended says why.
		if len(s.Moves) == 0 || (s.Reason != "") != (s.Shortest != nil && !*s.Shortest) {
			t.Errorf("solvable with no moves, or with a reason other than for an unfinished proof: %s", out)
		}
	case "unsolvable":
		if len(s.Moves) != 0 || s.Reason != "" {
			t.Errorf("unsolvable with moves or a reason: %s", out)
		}
	case "unknown":
		if len(s.Moves) != 0 || s.Reason == "" {
			t.Errorf("unknown with moves or without a reason: %s", out)
		}
	default:
		t.Errorf("verdict %q: %s", s.Verdict, out)
	}
	if (s.Shortest == nil) != (s.LowerBound == nil) {
		t.Errorf("want both or neither of shortest and lower_bound: %s", out)
	}
	moveRE := regexp.MustCompile(`^([2-9TJQKA][CSHD]) (t(?:[1-9]|1[0-3])|c[12]|f)>(t(?:[1-9]|1[0-3])|c[12]|f)$`)
	for i, m := range s.Moves {
		if !moveRE.MatchString(m.String()) {
			t.Errorf("move %d %q is not in the short notation", i+1, m)
		}
	}
	return out, s
}

// cliCheck runs check on the solution text, from a file and from stdin,
// and returns the result (the same both ways).
func cliCheck(t *testing.T, solution string) cliResult {
	t.Helper()
	file := cliWriteFile(t, "solution.json", solution)
	r := cliRun(t, "", "check", file)
	if r2 := cliRun(t, solution, "check", "-"); r2 != r {
		t.Errorf("check FILE and check - differ:\n%v\n%v", r, r2)
	}
	return r
}

func cliWantCheck(t *testing.T, r cliResult, code int, stdout string) {
	t.Helper()
	if r.code != code || r.stdout != stdout || r.stderr != "" {
		t.Errorf("check: want exit %d, stdout %q and nothing on stderr, got %v", code, stdout, r)
	}
}

// cliEdit returns the solution with its moves replaced by edit(moves).
func cliEdit(t *testing.T, solution string, edit func([]json.RawMessage) []json.RawMessage) string {
	t.Helper()
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(solution), &doc); err != nil {
		t.Fatal(err)
	}
	var moves []json.RawMessage
	if err := json.Unmarshal(doc["moves"], &moves); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(edit(moves))
	if err != nil {
		t.Fatal(err)
	}
	doc["moves"] = b
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestCLICheck: solutions from solve pass check; corrupted or cut ones fail
// with exit 3 and the reason on stdout.
func TestCLICheck(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	midFile := filepath.Join("testdata", "cli-russian-cell-midgame.json")
	rfFile := filepath.Join("testdata", "cli-ripple-fan-endgame.json")
	type start struct {
		name  string
		stdin string
		args  []string
	}
	starts := []start{
		{"russian-cell 617", "", []string{"russian-cell", "617"}},
		{"russian-cell 3", "", []string{"russian-cell", "3"}},
		{"russian-cell 8 no returns", "", []string{"russian-cell", "8", "--no-returns"}},
		{"russian-cell midgame file", "", []string{"russian-cell", "--position", midFile}},
		{"russian-cell 6 from stdin", cliOK(t, "", "deal", "russian-cell", "6", "--format", "json"), []string{"russian-cell", "--position", "-"}},
		{"ripple-fan endgame file", "", []string{"ripple-fan", "--position", rfFile}},
	}
	for _, st := range starts {
		t.Run(st.name, func(t *testing.T) {
			out, sol := cliSolveJSON(t, st.stdin, st.args...)
			if sol.Verdict != "solvable" {
				t.Fatalf("want solvable, got %s", out)
			}
			n := len(sol.Moves)
			if (st.stdin != "" || strings.Contains(st.name, "file")) != (sol.Position != nil) {
				t.Errorf("a position from a file or stdin must be carried in the solution, a numbered deal not: %s", out)
			}
			cliWantCheck(t, cliCheck(t, out), 0, fmt.Sprintf("valid: wins in %d moves\n", n))

			// Move K played backwards: the card is never where it says.
			kk := 5
			if n < kk {
				kk = 2 // the Ripple Fan endgame has only 3 moves
			}
			rev := sol.Moves[kk-1]
			rev.From, rev.To = rev.To, rev.From
			bad := cliEdit(t, out, func(ms []json.RawMessage) []json.RawMessage {
				b, _ := json.Marshal(rev)
				ms[kk-1] = b
				return ms
			})
			r := cliCheck(t, bad)
			prefix := fmt.Sprintf("invalid: move %d (%s): ", kk, rev)
			if r.code != exitCheck || !strings.HasPrefix(r.stdout, prefix) || len(r.stdout) < len(prefix)+5 ||
				strings.Count(r.stdout, "\n") != 1 || r.stderr != "" {
				t.Errorf("move %d reversed: want exit 3 and %q plus a reason on stdout, got %v", kk, prefix, r)
			}

			// A move from cell to cell is never legal.
			cellToCell := cliEdit(t, out, func(ms []json.RawMessage) []json.RawMessage {
				ms[0] = json.RawMessage(`{"card":"AC","from":"c1","to":"c2"}`)
				return ms
			})
			r = cliCheck(t, cellToCell)
			if r.code != exitCheck || !strings.HasPrefix(r.stdout, "invalid: move 1 (AC c1>c2): ") ||
				!strings.Contains(r.stdout, "cell") || r.stderr != "" {
				t.Errorf("cell to cell: want exit 3 and the reason, got %v", r)
			}

			// Drop the last moves: the list ends without a win.
			drop := 3
			if n <= drop {
				drop = 1
			}
			cut := cliEdit(t, out, func(ms []json.RawMessage) []json.RawMessage { return ms[:n-drop] })
			r = cliCheck(t, cut)
			if r.code != exitCheck || !strings.HasPrefix(r.stdout, fmt.Sprintf("invalid: the %d moves end without a win (", n-drop)) ||
				r.stderr != "" {
				t.Errorf("without the last %d moves: want exit 3 and \"without a win\", got %v", drop, r)
			}

			// No moves at all.
			none := cliEdit(t, out, func([]json.RawMessage) []json.RawMessage { return []json.RawMessage{} })
			r = cliCheck(t, none)
			if r.code != exitCheck || !strings.Contains(r.stdout, "without a win") || r.stderr != "" {
				t.Errorf("no moves: want exit 3 and \"without a win\", got %v", r)
			}

			// An extra move after the win is illegal (the tableau is empty).
			extra := cliEdit(t, out, func(ms []json.RawMessage) []json.RawMessage {
				return append(ms, json.RawMessage(`{"card":"AS","from":"t1","to":"f"}`))
			})
			r = cliCheck(t, extra)
			if r.code != exitCheck || !strings.HasPrefix(r.stdout, fmt.Sprintf("invalid: move %d (AS t1>f): ", n+1)) || r.stderr != "" {
				t.Errorf("a move after the win: want exit 3, got %v", r)
			}
		})
	}
}

// TestCLICheckVerdicts: check replays only wins. A loss or an unknown
// verdict has no moves to replay, and moves that win contradict a file
// whose verdict is not solvable.
func TestCLICheckVerdicts(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	lost := cliOK(t, "", "solve", "ripple-fan", "1", "--format", "json")
	cliWantCheck(t, cliCheck(t, lost), exitCheck, "nothing to check: the verdict is unsolvable, and only a win comes with moves to replay\n")
	unknown := cliOK(t, "", "solve", "russian-cell", "7", "--max-nodes", "10", "--workers", "1", "--format", "json")
	cliWantCheck(t, cliCheck(t, unknown), exitCheck, "nothing to check: the verdict is unknown (node budget of 10 reached), and only a win comes with moves to replay\n")
	out, sol := cliSolveJSON(t, "", "russian-cell", "617")
	lie := strings.Replace(out, `"verdict":"solvable"`, `"verdict":"unsolvable"`, 1)
	if lie == out {
		t.Fatalf("no verdict to change in %s", out)
	}
	cliWantCheck(t, cliCheck(t, lie), exitCheck, fmt.Sprintf("invalid: the %d moves win, but the verdict says unsolvable\n", len(sol.Moves)))
}

// TestCLIWrongKindOfFile: a position given to check, a solution or a
// results file given as a position, are named for what they are, after
// the file's name.
func TestCLIWrongKindOfFile(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	dir := t.TempDir()
	write := func(name, text string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	pos := write("p.json", cliOK(t, "", "deal", "russian-cell", "617", "--format", "json"))
	sol := write("s.json", cliOK(t, "", "solve", "russian-cell", "617", "--format", "json"))
	res := filepath.Join(dir, "r.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-3", "--out", res, "--quiet")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", pos}, pos + ": this is a position, not a solution"},
		{[]string{"check", res}, res + ": this is a results file of patience stats, not a solution"},
		{[]string{"solve", "russian-cell", "--position", sol}, sol + ": this is a solution (as patience solve --format json writes it), not a position"},
		{[]string{"solve", "russian-cell", "--position", res}, res + ": this is a results file of patience stats, not a position"},
	} {
		code, stdout, stderr := runMain(t, c.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "did you mean") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestCLICheckReturns: a foundation return is legal only with returns on.
func TestCLICheckReturns(t *testing.T) {
	mid := strings.TrimSpace(cliReadFile(t, filepath.Join("testdata", "cli-russian-cell-midgame.json")))
	sol := func(returns bool, moves string) string {
		return fmt.Sprintf(`{"game":"russian-cell","position":%s,"verdict":"solvable","rules":{"returns":%v},"moves":[%s],"nodes":0,"seconds":0}`, mid, returns, moves)
	}
	// The midgame has AC on the foundation and c1 empty.
	ret := `{"card":"AC","from":"f","to":"c1"}`
	cliWantCheck(t, cliCheck(t, sol(true, ret)), exitCheck, "invalid: the 1 move ends without a win (2 of 52 cards on the foundations)\n")
	cliWantCheck(t, cliCheck(t, sol(false, ret)), exitCheck, "invalid: move 1 (AC f>c1): foundation returns are off\n")
	// A solution from --no-returns is checked under returns off, and passes.
	out, s := cliSolveJSON(t, "", "russian-cell", "--position", filepath.Join("testdata", "cli-russian-cell-midgame.json"), "--no-returns")
	if *s.Rules.Returns {
		t.Fatalf("--no-returns: rules.returns is true: %s", out)
	}
	cliWantCheck(t, cliCheck(t, out), exitOK, fmt.Sprintf("valid: wins in %d moves\n", len(s.Moves)))
	// Without "rules", check uses the default: returns on, so the return
	// is played and the line is judged as with returns on.
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(sol(true, ret)), &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "rules")
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	cliWantCheck(t, cliCheck(t, string(b)), exitCheck, "invalid: the 1 move ends without a win (2 of 52 cards on the foundations)\n")
}

// TestCLIFlagValues: a flag value that cannot be read is put in words, not
// in the Go parser's.
func TestCLIFlagValues(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "russian-cell", "1", "--max-nodes", "1e6"}, `patience: --max-nodes "1e6": want a whole number, written out (1000000, not 1e6; no decimal point)`},
		{[]string{"solve", "russian-cell", "1", "--max-nodes", "99999999999999999999"}, `patience: --max-nodes "99999999999999999999": too large a number`},
		{[]string{"hint", "russian-cell", "1", "-n", "x"}, `patience: --count "x": want a whole number`},
		{[]string{"solve", "russian-cell", "1", "--timeout", "5"}, `patience: --timeout "5": want a duration with its unit, such as 90s, 5m or 1h30m`},
		{[]string{"find"}, "patience: missing GAME: use russian-cell or ripple-fan"},
		{[]string{"merge"}, "patience: missing FILE: give the results files of the shards"},
		{[]string{"find", "russian-cell", "--min-nodes", "-1"}, `patience: --min-nodes "-1": no sign: the number is written in decimal digits alone, and cannot be negative`},
	} {
		code, stdout, stderr := runMain(t, c.args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, c.want) || strings.Contains(stderr, "strconv") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestCLIHideWithNothingHidden: --hide on a position with no face-down
// card says that it changes nothing, and answers as without it.
func TestCLIHideWithNothingHidden(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	_, plain, _ := runMain(t, "solve", "ripple-fan", "1")
	_, stdout, stderr := runMain(t, "solve", "ripple-fan", "1", "--hide")
	if stderr != "patience: note: Ripple Fan deals every card face up, so --hide changes nothing\n" ||
		!strings.Contains(stdout, "Verdict: unsolvable") || cutSearched(stdout) != cutSearched(plain) {
		t.Errorf("solve ripple-fan 1 --hide: stdout\n%s\nstderr %q", stdout, stderr)
	}
}

// cutSearched drops the last line of solve's text, the effort, which
// varies in its time.
func cutSearched(s string) string {
	if i := strings.LastIndex(s, "Searched "); i >= 0 {
		return s[:i]
	}
	return s
}

// TestCLIUnknownFullTable: an unknown verdict from a search whose table
// was full says that more memory may help, not only a larger budget.
func TestCLIUnknownFullTable(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	out := cliOK(t, "", "solve", "russian-cell", "385", "--memory", "1", "--max-nodes", "300000", "--workers", "1")
	if !strings.Contains(out, "Verdict: unknown (node budget of 300000 reached") || !strings.Contains(out, "a larger --memory may decide it sooner") {
		t.Errorf("unknown with a full table:\n%s", out)
	}
	out = cliOK(t, "", "solve", "russian-cell", "385", "--max-nodes", "1000", "--workers", "1")
	if !strings.Contains(out, "Verdict: unknown") || strings.Contains(out, "--memory") {
		t.Errorf("unknown with room in the table:\n%s", out)
	}
}

// TestCLISolveText: the text answer has the board, the rules, the verdict,
// a numbered move list in short notation that wins, and the effort.
func TestCLISolveText(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	out := cliOK(t, "", "solve", "russian-cell", "617", "--workers", "1", "--ascii")
	for _, want := range []string{
		"Russian Cell, deal 617\n",
		"t2:  [7D] 8D 3C QS 2S JH\n",
		"Rules: foundation returns on.",
		"all cards known",
		"Verdict: solvable",
		"Searched ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("solve text: %q missing:\n%s", want, out)
		}
	}
	verdict := regexp.MustCompile(`(?m)^Verdict: solvable \(winnable with all cards known\) in (\d+) moves, \d+ of them forced$`).FindStringSubmatch(out)
	if verdict == nil {
		t.Fatalf("no verdict line with a move count:\n%s", out)
	}
	var n int
	fmt.Sscan(verdict[1], &n)
	line := regexp.MustCompile(`^\s*(\d+)\. ([2-9TJQKA][CSHD] (?:t[1-7]|c[12]|f)>(?:t[1-7]|c[12]|f))\s+(\S.*)$`)
	var moves []rules.Move
	for _, l := range strings.Split(out, "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if m[1] != fmt.Sprint(len(moves)+1) {
			t.Errorf("move line %q: want number %d", l, len(moves)+1)
		}
		mv, err := rules.ParseMove(m[2])
		if err != nil {
			t.Fatalf("move line %q: %v", l, err)
		}
		moves = append(moves, mv)
	}
	if len(moves) != n || n == 0 {
		t.Fatalf("verdict says %d moves, the list has %d:\n%s", n, len(moves), out)
	}
	if !strings.Contains(out, "\n 1. ") && !strings.Contains(out, "\n1. ") {
		t.Errorf("no line starting \"1. \":\n%s", out)
	}
	// The list, replayed by the referee from the deal, wins.
	js := cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")
	start, _, err := rules.ReadPosition(strings.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	end, err := rules.Replay(start, rules.Options{}, moves)
	if err != nil || !end.Won() {
		t.Errorf("the printed move list does not win: %v", err)
	}

	// Ripple Fan deal 1 cannot be won.
	out = cliOK(t, "", "solve", "ripple-fan", "1", "--workers", "1", "--ascii")
	if !strings.Contains(out, "Ripple Fan, deal 1\n") || !strings.Contains(out, "Verdict: unsolvable") ||
		!strings.Contains(out, "Searched ") || strings.Contains(out, "1. ") || strings.Contains(out, "Rules: foundation returns") {
		t.Errorf("ripple-fan 1:\n%s", out)
	}

	// A node budget of 10 is not enough for Russian Cell 385.
	out = cliOK(t, "", "solve", "russian-cell", "385", "--workers", "1", "--max-nodes", "10", "--ascii")
	if !strings.Contains(out, "Verdict: unknown (node budget of 10 reached") || !strings.Contains(out, "not a loss") {
		t.Errorf("russian-cell 385 --max-nodes 10:\n%s", out)
	}

	// --no-returns says so.
	out = cliOK(t, "", "solve", "russian-cell", "3", "--workers", "1", "--no-returns", "--ascii")
	if !strings.Contains(out, "Rules: foundation returns off.") || !strings.Contains(out, "Verdict: solvable") {
		t.Errorf("--no-returns:\n%s", out)
	}
}

// TestCLISolveJSON: the JSON answer has the fields of docs/formats.md for each verdict.
func TestCLISolveJSON(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	for _, n := range []string{"3", "6", "8", "617"} {
		_, s := cliSolveJSON(t, "", "russian-cell", n)
		if s.Game != "russian-cell" || s.Number != n || s.Position != nil || s.Verdict != "solvable" || !*s.Rules.Returns {
			t.Errorf("russian-cell %s: %+v", n, s)
		}
	}

	out, s := cliSolveJSON(t, "", "ripple-fan", "1")
	if s.Game != "ripple-fan" || s.Number != "1" || s.Verdict != "unsolvable" || *s.Rules.Returns {
		t.Errorf("ripple-fan 1: %s", out)
	}
	// check has nothing to replay for a loss.
	if r := cliCheck(t, out); r.code != exitCheck || !strings.Contains(r.stdout, "nothing to check: the verdict is unsolvable") {
		t.Errorf("check of an unsolvable verdict: %v", r)
	}

	out, s = cliSolveJSON(t, "", "russian-cell", "385", "--max-nodes", "10")
	if s.Verdict != "unknown" || s.Reason != "node budget of 10 reached" || *s.Nodes > 10 {
		t.Errorf("russian-cell 385 --max-nodes 10: %s", out)
	}

	out, s = cliSolveJSON(t, "", "russian-cell", "617", "--no-returns")
	if !strings.Contains(out, `"rules":{"returns":false}`) || s.Verdict != "solvable" {
		t.Errorf("--no-returns: %s", out)
	}
	for i, m := range s.Moves {
		if m.From == "f" {
			t.Errorf("--no-returns: move %d %s is a return", i+1, m)
		}
	}

	// MT and ms numbers are strings in canonical form.
	for _, c := range [][2]string{{"32000", "32000"}, {"#12,345,678", "12345678"}, {"ms12,345,678", ""}, {"ms12345678", "ms12345678"}, {"ms617", "617"}} {
		if c[1] == "" { // not a number: "ms" takes digits only
			cliWantUsage(t, cliRun(t, "", "solve", "ripple-fan", c[0]), 1, "deal number")
			continue
		}
		_, s := cliSolveJSON(t, "", "ripple-fan", c[0])
		if s.Number != c[1] {
			t.Errorf("ripple-fan %s: number %q, want %q", c[0], s.Number, c[1])
		}
	}
}

// TestCLISolvePositionStdin: solve --position - reads what deal writes, and
// carries the position whole.
func TestCLISolvePositionStdin(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	for _, g := range []string{"russian-cell", "ripple-fan"} {
		js := cliOK(t, "", "deal", g, "8", "--format", "json")
		out, s := cliSolveJSON(t, js, g, "--position", "-")
		if s.Position == nil || s.Number != "" {
			t.Fatalf("%s: want the position in place of the number: %s", g, out)
		}
		var want cliPosition
		cliDecodeStrict(t, js, &want)
		if want.cliKind != (cliKind{"position", 1}) {
			t.Errorf("%s: deal's position says it is %+v", g, want.cliKind)
		}
		want.cliKind = cliKind{} // embedded in the solution, the position has no kind
		if !reflect.DeepEqual(*s.Position, want) {
			t.Errorf("%s: carried position %+v, want %+v", g, *s.Position, want)
		}
		_, byNumber := cliSolveJSON(t, "", g, "8")
		if s.Verdict != byNumber.Verdict || len(s.Moves) != len(byNumber.Moves) {
			t.Errorf("%s 8: from stdin %s in %d moves, by number %s in %d", g, s.Verdict, len(s.Moves), byNumber.Verdict, len(byNumber.Moves))
		}
		if s.Verdict == "solvable" {
			cliWantCheck(t, cliCheck(t, out), exitOK, fmt.Sprintf("valid: wins in %d moves\n", len(s.Moves)))
		}
	}
	// The text board works as input too.
	board := cliOK(t, "", "deal", "russian-cell", "617", "--ascii")
	out := cliOK(t, board, "solve", "russian-cell", "--position", "-", "--workers", "1", "--ascii")
	if !strings.Contains(out, "Verdict: solvable") {
		t.Errorf("solve from a text board on stdin:\n%s", out)
	}
}

// TestCLISolveShortest: solve --shortest says whether the length is proven
// or gives the best found and the proven lower bound, in text and JSON, and
// check accepts what it writes.
func TestCLISolveShortest(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	shortestRE := regexp.MustCompile(`(?m)^Verdict: solvable \(winnable with all cards known\) in (\d+) moves, \d+ of them forced\n` +
		`Shortest: proven, no solution has fewer than (\d+) moves\n`)
	out := cliOK(t, "", "solve", "russian-cell", "6", "--shortest", "--workers", "1", "--ascii")
	m := shortestRE.FindStringSubmatch(out)
	if m == nil || m[1] != m[2] {
		t.Fatalf("russian-cell 6 --shortest: no proven line:\n%s", out)
	}
	// The JSON says the same, and check replays it.
	js, s := cliSolveJSON(t, "", "russian-cell", "6", "--shortest")
	if s.Verdict != "solvable" || s.Shortest == nil || !*s.Shortest || *s.LowerBound != len(s.Moves) || fmt.Sprint(len(s.Moves)) != m[1] {
		t.Fatalf("russian-cell 6 --shortest JSON: %s", js)
	}
	cliWantCheck(t, cliCheck(t, js), exitOK, fmt.Sprintf("valid: wins in %d moves\n", len(s.Moves)))
	_, plain := cliSolveJSON(t, "", "russian-cell", "6")
	if plain.Shortest != nil || plain.LowerBound != nil || len(plain.Moves) < len(s.Moves) {
		t.Errorf("without --shortest: %d moves, shortest %v; with it %d", len(plain.Moves), plain.Shortest, len(s.Moves))
	}

	// A budget that ends the proof: the best found and the lower bound.
	out = cliOK(t, "", "solve", "russian-cell", "1", "--shortest", "--max-nodes", "20000", "--workers", "1", "--ascii")
	m = regexp.MustCompile(`(?m)^Shortest: best found (\d+) moves; proven lower bound (\d+) \(node budget of 20000 reached; try a larger budget\)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("russian-cell 1 --shortest --max-nodes 20000: no best-found line:\n%s", out)
	}
	var best, lower int
	fmt.Sscan(m[1], &best)
	fmt.Sscan(m[2], &lower)
	if lower < 52 || lower >= best || !strings.Contains(out, fmt.Sprintf("Verdict: solvable (winnable with all cards known) in %d moves", best)) {
		t.Errorf("best found %d, lower bound %d:\n%s", best, lower, out)
	}
	js, s = cliSolveJSON(t, "", "russian-cell", "1", "--shortest", "--max-nodes", "20000")
	if s.Verdict != "solvable" || *s.Shortest || *s.LowerBound != lower || len(s.Moves) != best || s.Reason != "node budget of 20000 reached" {
		t.Fatalf("russian-cell 1 --shortest --max-nodes 20000 JSON: %s", js)
	}
	cliWantCheck(t, cliCheck(t, js), exitOK, fmt.Sprintf("valid: wins in %d moves\n", best))

	// A budget too small for the ordinary search: unknown, with the
	// lower bound at the start.
	out = cliOK(t, "", "solve", "russian-cell", "385", "--shortest", "--max-nodes", "10", "--workers", "1", "--ascii")
	if !strings.Contains(out, "Verdict: unknown (node budget of 10 reached") || !regexp.MustCompile(`(?m)^Shortest: no solution found yet; proven lower bound \d+, if it can be won$`).MatchString(out) {
		t.Errorf("russian-cell 385 --shortest --max-nodes 10:\n%s", out)
	}
	js, s = cliSolveJSON(t, "", "russian-cell", "385", "--shortest", "--max-nodes", "10")
	if s.Verdict != "unknown" || *s.Shortest || *s.LowerBound < 52 {
		t.Errorf("russian-cell 385 --shortest --max-nodes 10 JSON: %s", js)
	}

	// Ripple Fan: a position from a file, and an unsolvable deal.
	js, s = cliSolveJSON(t, "", "ripple-fan", "--position", filepath.Join("testdata", "cli-ripple-fan-endgame.json"), "--shortest")
	if s.Verdict != "solvable" || !*s.Shortest || *s.LowerBound != len(s.Moves) {
		t.Fatalf("ripple-fan endgame --shortest: %s", js)
	}
	cliWantCheck(t, cliCheck(t, js), exitOK, fmt.Sprintf("valid: wins in %d moves\n", len(s.Moves)))
	out = cliOK(t, "", "solve", "ripple-fan", "1", "--shortest", "--ascii")
	if !strings.Contains(out, "Verdict: unsolvable") || strings.Contains(out, "Shortest:") {
		t.Errorf("ripple-fan 1 --shortest:\n%s", out)
	}
}

// TestCLIShowIsDeal checks that show prints what deal prints.
func TestCLIShowIsDeal(t *testing.T) {
	for _, args := range [][]string{{"russian-cell", "617", "--ascii"}, {"ripple-fan", "1", "--format", "json"}} {
		deal := cliOK(t, "", append([]string{"deal"}, args...)...)
		show := cliOK(t, "", append([]string{"show"}, args...)...)
		if deal != show || deal == "" {
			t.Fatalf("show %v differs from deal:\n%s\n---\n%s", args, show, deal)
		}
	}
}

// TestCLISolveSteps checks that --steps prints the board after every move,
// ending with every card on the foundations.
func TestCLISolveSteps(t *testing.T) {
	out := cliOK(t, "", "solve", "russian-cell", "3", "--steps", "--ascii", "--workers", "1")
	plain := cliOK(t, "", "solve", "russian-cell", "3", "--ascii", "--workers", "1", "--format", "json")
	var sol struct{ Moves []json.RawMessage }
	if err := json.Unmarshal([]byte(plain), &sol); err != nil {
		t.Fatal(err)
	}
	boards := strings.Count(out, "Foundations:")
	if len(sol.Moves) == 0 || boards != len(sol.Moves)+1 {
		t.Fatalf("%d boards for %d moves, want one at the start and one after each move", boards, len(sol.Moves))
	}
	last := out[strings.LastIndex(out, "Foundations:"):]
	if !strings.HasPrefix(last, "Foundations:  C KC   S KS   H KH   D KD") {
		t.Fatalf("the last board is not won:\n%s", last)
	}
}

// TestCLIDealSolvitaire checks the Solvitaire interchange format: piles
// bottom to top, face-down suits in lower case, ten as 10; and a position
// with cells or foundations in use is refused as bad input.
func TestCLIDealSolvitaire(t *testing.T) {
	out := cliOK(t, "", "deal", "russian-cell", "617", "--format", "solvitaire")
	var doc struct {
		Piles [][]string `json:"tableau piles"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(doc.Piles) != 7 || strings.Join(doc.Piles[1], " ") != "7d 8D 3C QS 2S JH" ||
		strings.Join(doc.Piles[3], " ") != "5c Ah Ac 10C 7H 9H 10S JD" {
		t.Fatalf("unexpected piles: %v", doc.Piles)
	}
	r := cliRun(t, "", "deal", "russian-cell", "--position", "testdata/cli-russian-cell-midgame.json", "--format", "solvitaire")
	cliWantUsage(t, r, 1, "Solvitaire")
}

// TestCLIHint checks hint on positions whose verdict is known: the advice
// is legal for the referee, -n bounds the moves shown, and a lost position
// says so.
func TestCLIHint(t *testing.T) {
	out := cliOK(t, "", "hint", "ripple-fan", "1")
	if !strings.Contains(out, "cannot be won") {
		t.Fatalf("Ripple Fan 1 is unsolvable, hint says:\n%s", out)
	}
	// A lost position, with the cause put in words.
	out = cliOK(t, "", "hint", "ripple-fan", "5")
	if want := "This position cannot be won: no sequence of moves wins from here.\n" +
		"Why: KD is above 3D in pile 8: the King can only go to its foundation, and 3D must get there first.\n"; out != want {
		t.Fatalf("Ripple Fan 5: got\n%s\nwant\n%s", out, want)
	}
	// Several cards: the lines after the first are indented.
	out = cliOK(t, "", "hint", "ripple-fan", "1")
	if !strings.HasPrefix(out, "This position cannot be won: no sequence of moves wins from here.\nWhy: These cards block one another, so that none of them can ever move:\n  QS in pile 5 goes to its foundation only after 3S") {
		t.Fatalf("Ripple Fan 1: got\n%s", out)
	}
	// Russian Cell deal 7 cannot be won, for no cause simple enough to name.
	if out := cliOK(t, "", "hint", "russian-cell", "7"); out != "This position cannot be won: no sequence of moves wins from here.\n" {
		t.Fatalf("Russian Cell 7: got\n%s", out)
	}

	out = cliOK(t, "", "hint", "russian-cell", "617", "-n", "3", "--ascii", "--workers", "1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.Contains(lines[0], "can be won") || len(lines) != 4 {
		t.Fatalf("want the verdict and 3 moves, got:\n%s", out)
	}
	p, _, err := rules.ReadPosition(strings.NewReader(cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lines[1:] {
		f := strings.Fields(l)
		m, err := rules.ParseMove(f[1] + " " + f[2])
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if err := rules.Check(p, rules.DefaultOptions(), m); err != nil {
			t.Fatalf("hinted move %d (%v) is illegal: %v", i+1, m, err)
		}
		p.Apply(m)
	}

	out = cliOK(t, "", "hint", "ripple-fan", "--position", "testdata/cli-ripple-fan-endgame.json", "-n", "10")
	if n := strings.Count(out, "\n") - 1; !strings.Contains(out, "(3 moves to go)") || n != 3 {
		t.Fatalf("the endgame is won in 3 moves; hint shows %d:\n%s", n, out)
	}

	// One move left is "1 move to go".
	last := cliWriteFile(t, "last.json", `{"game":"ripple-fan","tableau":[{"up":["KC"]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]},{"up":[]}],"cells":[],"foundations":{"C":12,"S":13,"H":13,"D":13}}`)
	if out := cliOK(t, "", "hint", "ripple-fan", "--position", last); !strings.HasPrefix(out, "This position can be won (1 move to go). Next move:\n") {
		t.Fatalf("one move to go:\n%s", out)
	}

	cliWantUsage(t, cliRun(t, "", "hint", "russian-cell", "617", "-n", "0"), 1, "-n")
}

// TestCLIMovesFirst checks --moves: the moves a player made are replayed by
// the referee before solving, the solution then starts from there (and
// check accepts it), and an illegal move is bad input naming the move.
func TestCLIMovesFirst(t *testing.T) {
	played := cliWriteFile(t, "played.txt", " 1. JH t2>t3     JH onto QH\n 2. QS t2>t5\n# then\n3) 2C t7 t2\n")
	out := cliOK(t, "", "solve", "russian-cell", "617", "--moves", played, "--format", "json", "--workers", "1")
	if !strings.HasPrefix(out, `{"patience":"solution","version":1,"game":"russian-cell","position":{"game":"russian-cell","number":"617",`) {
		t.Fatalf("a solution after --moves must carry its position, with the number of the deal it came from in it:\n%s", out)
	}
	if got := cliOK(t, out, "check", "-"); !strings.HasPrefix(got, "valid: wins in") {
		t.Fatalf("check of the solution after --moves: %s", got)
	}
	// The position the solution starts from is the deal after the 3 moves.
	p, _, err := rules.ReadPosition(strings.NewReader(cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"JH t2>t3", "QS t2>t5", "2C t7>t2"} {
		p.Apply(rules.MustMove(m))
	}
	var sol struct {
		Position json.RawMessage `json:"position"`
	}
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatal(err)
	}
	// The position embedded in the solution carries no kind of its own.
	if want := mustMarshal(rules.NewPositionDoc(p, "617")); string(sol.Position) != string(want) {
		t.Fatalf("solution starts from\n%s\nwant\n%s", sol.Position, want)
	}

	bad := cliWriteFile(t, "bad.txt", "JH t2>t3\n5C t3>t6\n")
	cliWantUsage(t, cliRun(t, "", "hint", "russian-cell", "617", "--moves", bad), 1, "move 2 (5C t3>t6)")
	cliWantUsage(t, cliRun(t, "", "solve", "russian-cell", "--position", "-", "--moves", "-"), 1, "standard input")
}

// TestCLIFind checks find's output and its bad-input paths.
func TestCLIFind(t *testing.T) {
	out := cliOK(t, "", "find", "ripple-fan", "--count", "3", "--workers", "2")
	if out != "2217\n2997\n3277\n" {
		t.Fatalf("the first three winnable Ripple Fan deals: got %q", out)
	}
	// cliOK checks that stderr, not a terminal, stays empty: no progress
	// bar, with or without --quiet.
	if q := cliOK(t, "", "find", "ripple-fan", "--count", "1", "--quiet"); q != "2217\n" {
		t.Fatalf("--quiet: got %q", q)
	}
	// Each listed deal really is winnable, and the JSON form carries it.
	for _, n := range strings.Fields(out) {
		if !strings.Contains(cliOK(t, "", "solve", "ripple-fan", n, "--format", "json"), `"verdict":"solvable"`) {
			t.Fatalf("find listed deal %s, which solve does not win", n)
		}
	}
	js := cliOK(t, "", "find", "russian-cell", "--unsolvable", "--count", "2", "--format", "json")
	if !strings.HasPrefix(js, `{"number":"7","verdict":"unsolvable"`) || strings.Count(js, "\n") != 2 {
		t.Fatalf("unexpected JSON lines:\n%s", js)
	}
	for _, c := range []struct {
		args  []string
		words string
	}{
		{[]string{"find", "russian-cell", "--solvable", "--unsolvable"}, "not both"},
		{[]string{"find", "russian-cell", "--count", "0"}, "--count"},
		{[]string{"find", "russian-cell", "--from", "ms40000"}, "--from"},
		{[]string{"find", "russian-cell", "--from", "abc"}, "bad deal number"},
		{[]string{"find", "russian-cell", "--format", "xml"}, "--format"},
		{[]string{"find", "poker"}, "unknown game"},
	} {
		cliWantUsage(t, cliRun(t, "", c.args...), 1, c.words)
	}
}

// TestCLIFindAgreesWithStats: find lists exactly the deals that stats, on
// the same range, calls solvable (or unsolvable), in order.
func TestCLIFindAgreesWithStats(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rc.jsonl")
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-150", "--out", out, "--quiet")
	lists := map[string][]string{}
	for i, line := range strings.Split(strings.TrimSpace(cliReadFile(t, out)), "\n") {
		if i == 0 {
			continue // the header
		}
		var r struct{ Number, Verdict string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		lists[r.Verdict] = append(lists[r.Verdict], r.Number)
	}
	if len(lists["solvable"])+len(lists["unsolvable"]) != 150 || len(lists["unsolvable"]) == 0 {
		t.Fatalf("stats over 1..150: %d solvable, %d unsolvable", len(lists["solvable"]), len(lists["unsolvable"]))
	}
	for _, v := range []string{"solvable", "unsolvable"} {
		want := lists[v]
		slices.SortFunc(want, func(a, b string) int { return cmp.Compare(len(a), len(b))*2 + cmp.Compare(a, b) })
		got := strings.Fields(cliOK(t, "", "find", "russian-cell", "--"+v, "--count", strconv.Itoa(len(want)), "--workers", "2"))
		if !slices.Equal(got, want) {
			t.Fatalf("find --%s: %v\nstats: %v", v, got, want)
		}
	}
}

// TestCLIMovesAfterTheWin: a move list that goes on after the game is won
// (deal 617's 89-move solution, then KD f>t1, a legal foundation return)
// is refused wherever a move list is read, naming the win and the move.
func TestCLIMovesAfterTheWin(t *testing.T) {
	sol, err := rules.ReadSolution(strings.NewReader(cliOK(t, "", "solve", "russian-cell", "617", "--format", "json")))
	if err != nil || len(sol.Moves) != 89 {
		t.Fatalf("deal 617's solution: %v, %d moves", err, len(sol.Moves))
	}
	var list strings.Builder
	for _, m := range sol.Moves {
		list.WriteString(m.String() + "\n")
	}
	list.WriteString("KD f>t1\n")
	moves := cliWriteFile(t, "moves.txt", list.String())
	const want = "move 90 (KD f>t1): the game was won at move 89; move 90 comes after it"
	for _, args := range [][]string{
		{"review", "russian-cell", "617", "--moves", moves},
		{"solve", "russian-cell", "617", "--moves", moves},
		{"hint", "russian-cell", "617", "--moves", moves},
		{"play", "russian-cell", "617", "--moves", moves, "--player", "greedy"},
	} {
		cliWantUsage(t, cliRun(t, "", args...), 1, moves+": "+want)
	}

	sol.Moves = append(sol.Moves, rules.MustMove("KD f>t1"))
	r := cliRun(t, "", "check", cliWriteFile(t, "s.json", string(rules.MarshalSolution(sol))))
	if r.code != exitCheck || r.stdout != "invalid: "+want+"\n" {
		t.Errorf("check of a solution that goes on after the win: %v", r)
	}
}

// TestCLIPositionLabel: a position file that names a deal must be a
// position of that deal; a mismatch is refused in one line naming the
// file and both deals' cards, wherever a position is read. A true label
// passes, also on what a player sees (--hide) and in the middle of a game.
func TestCLIPositionLabel(t *testing.T) {
	relabel := func(doc string) string {
		t.Helper()
		if !strings.Contains(doc, `"number":"617"`) {
			t.Fatalf("no number 617 in %.200s", doc)
		}
		return strings.Replace(doc, `"number":"617"`, `"number":"618"`, 1)
	}
	start := cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")
	lie := cliWriteFile(t, "lie.json", relabel(start))
	moves := cliWriteFile(t, "moves.txt", "JH t2>t3\n")
	const want = "names deal 618, but its layout is not deal 618's: t1's face-up card 1 from the bottom is 6C, where deal 618 deals AD"
	for _, args := range [][]string{
		{"deal", "russian-cell", "--position", lie},
		{"solve", "russian-cell", "--position", lie},
		{"hint", "russian-cell", "--position", lie},
		{"play", "russian-cell", "--position", lie, "--player", "greedy"},
		{"review", "russian-cell", "--position", lie, "--moves", moves},
	} {
		cliWantUsage(t, cliRun(t, "", args...), 1, lie+" "+want)
	}
	cliWantUsage(t, cliRun(t, relabel(start), "solve", "russian-cell", "--position", "-"), 1, "standard input "+want)
	// What a player sees of deal 617: the face-up cards tell.
	seen := cliOK(t, "", "deal", "russian-cell", "617", "--hide", "--format", "json")
	cliOK(t, "", "hint", "russian-cell", "--position", cliWriteFile(t, "seen.json", seen), "--samples", "3")
	cliWantUsage(t, cliRun(t, "", "hint", "russian-cell", "--position", cliWriteFile(t, "seen618.json", relabel(seen)), "--samples", "3"), 1, want)

	// In the middle of a game (the position hint writes after --moves
	// names the deal it came from), the face-down cards tell.
	sol, err := rules.ReadSolution(strings.NewReader(cliOK(t, "", "solve", "russian-cell", "617", "--format", "json")))
	if err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	for _, m := range sol.Moves[:30] {
		list.WriteString(m.String() + "\n")
	}
	var h struct{ Position json.RawMessage }
	cliDecodeStrictish(t, cliOK(t, "", "hint", "russian-cell", "617", "--moves", cliWriteFile(t, "m30.txt", list.String()), "--format", "json"), &h)
	mid := string(h.Position)
	cliOK(t, "", "hint", "russian-cell", "--position", cliWriteFile(t, "mid.json", mid))
	cliWantUsage(t, cliRun(t, "", "hint", "russian-cell", "--position", cliWriteFile(t, "mid618.json", relabel(mid))), 1,
		"mid618.json names deal 618, but t2's face-down card 1 from the bottom is 7D, where deal 618 deals 8C")

	// A solution or a play record carrying a position with a number.
	p, _, err := rules.ReadPosition(strings.NewReader(start))
	if err != nil {
		t.Fatal(err)
	}
	sol.Position, sol.Number = p, "618"
	bad := cliWriteFile(t, "s618.json", string(rules.MarshalSolution(sol)))
	cliWantUsage(t, cliRun(t, "", "check", bad), 1, "the position of "+bad+" "+want)
	cliWantUsage(t, cliRun(t, "", "solve", "russian-cell", "617", "--moves", bad), 1, "the position of "+bad+" "+want)
}

// cliDecodeStrictish decodes JSON text into v, ignoring fields v lacks.
func cliDecodeStrictish(t *testing.T, text string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(text), v); err != nil {
		t.Fatalf("%v: %.300s", err, text)
	}
}
