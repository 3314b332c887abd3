package batch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func testConfig(t *testing.T, g rules.Game, deals string) Config {
	t.Helper()
	l, err := ParseDeals(deals)
	if err != nil {
		t.Fatal(err)
	}
	scfg := solver.DefaultConfig()
	scfg.MemoryMB = 64
	scfg.Workers = 2
	return Config{Game: g, Deals: l, Solver: scfg}
}

func run(t *testing.T, cfg Config) *Result {
	t.Helper()
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var secondsField = regexp.MustCompile(`,"seconds":[0-9.e+-]+`)

// resultLines reads a results file and returns its header and its result
// lines without "seconds", sorted. It fails on a duplicated deal.
func resultLines(t *testing.T, path string) (string, []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Fatalf("%s does not end with a newline", path)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	header, body := lines[0], lines[1:]
	seen := map[string]bool{}
	out := make([]string, 0, len(body))
	for i, l := range body {
		rec, err := ParseRecord([]byte(l))
		if err != nil {
			t.Fatalf("%s line %d: %v", path, i+2, err)
		}
		if seen[rec.Number.String()] {
			t.Fatalf("%s: deal %s twice", path, rec.Number)
		}
		seen[rec.Number.String()] = true
		out = append(out, secondsField.ReplaceAllString(l, ""))
	}
	slices.Sort(out)
	return header, out
}

func sameLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	t.Errorf("%s: %d lines, want %d", what, len(got), len(want))
	for i := 0; i < len(got) && i < len(want); i++ {
		if got[i] != want[i] {
			t.Fatalf("%s: first difference:\n got  %s\n want %s", what, got[i], want[i])
		}
	}
}

// reference runs cfg once, uninterrupted, into a file of its own.
func reference(t *testing.T, cfg Config) (string, []string) {
	t.Helper()
	cfg.Out = filepath.Join(t.TempDir(), "reference.jsonl")
	run(t, cfg)
	return resultLines(t, cfg.Out)
}

func TestWorkerCountDoesNotChangeResults(t *testing.T) {
	for _, c := range []struct {
		g     rules.Game
		deals string
	}{{rules.RippleFan, scaled(30000)}, {rules.RussianCell, scaled(120)}} {
		var prev []string
		for _, w := range []int{1, 2, 3} {
			cfg := testConfig(t, c.g, c.deals)
			cfg.Solver.Workers = w
			_, lines := reference(t, cfg)
			if prev != nil {
				sameLines(t, fmt.Sprintf("%s with %d workers", c.g, w), lines, prev)
			}
			prev = lines
		}
	}
}

// TestRecordsMatchOneWorkerSearch checks that each line of a batch run
// (several deals at once, each searched by one worker) holds what a
// one-worker search of its deal gives: the verdict, the solution length,
// its forced moves and the positions searched. So the forced-move count of
// a results file is reproducible, whatever the number of batch workers.
func TestRecordsMatchOneWorkerSearch(t *testing.T) {
	for _, c := range []struct {
		g     rules.Game
		deals string
	}{{rules.RippleFan, "2000-3300"}, {rules.RussianCell, scaled(100)}} {
		cfg := testConfig(t, c.g, c.deals)
		cfg.Solver.Workers = 3
		_, lines := reference(t, cfg)
		scfg := cfg.Solver
		scfg.Workers = 1
		s := solver.New(c.g, scfg)
		wins := 0
		for _, l := range lines {
			rec, err := ParseRecord([]byte(strings.TrimSuffix(l, "}") + `,"seconds":0}`))
			if err != nil {
				t.Fatalf("%s: %v", l, err)
			}
			res, err := s.Solve(context.Background(), dealgen.Deal(c.g, rec.Number))
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict == solver.Solvable {
				wins++
				if rec.Forced != res.Forced || rec.Forced < 1 {
					t.Errorf("%s deal %s: %d forced moves in the results, %d in a one-worker search", c.g, rec.Number, rec.Forced, res.Forced)
				}
			}
			if rec.Verdict != res.Verdict || rec.Moves != len(res.Moves) || rec.Nodes != res.Nodes {
				t.Errorf("%s deal %s: results %s in %d moves, %d positions; one-worker search %s in %d moves, %d positions",
					c.g, rec.Number, rec.Verdict, rec.Moves, rec.Nodes, res.Verdict, len(res.Moves), res.Nodes)
			}
		}
		if wins == 0 {
			t.Errorf("%s %s: no wins, so no forced moves compared", c.g, c.deals)
		}
	}
}

// TestResumeAfterCancel stops a run at random points (in process, by
// cancelling its context), sometimes leaves a cut-short last line as a
// killed process would, and resumes until done: the file must end equal
// to an uninterrupted run, with no deal lost or twice.
func TestResumeAfterCancel(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	t.Logf("seed %d", seed)
	for _, c := range []struct {
		g     rules.Game
		deals string
	}{{rules.RippleFan, scaled(60000)}, {rules.RussianCell, scaled(150)}} {
		cfg := testConfig(t, c.g, c.deals)
		cfg.ChunkSize = 64
		_, want := reference(t, cfg)
		cfg.Out = filepath.Join(t.TempDir(), "resumed.jsonl")
		total := cfg.Deals.Len()
		for round := 0; ; round++ {
			if round > 40 {
				t.Fatal("the run does not finish")
			}
			r, err := Open(cfg)
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			target := r.Snapshot().Done + rng.Uint64N(total/3+1)
			go func() {
				for r.Snapshot().Done < target {
					time.Sleep(50 * time.Microsecond)
				}
				cancel()
			}()
			res, err := r.Run(ctx)
			cancel()
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Fatal(err)
			}
			if res.Done == total {
				break
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("round %d: stopped at %d of %d deals, with error %v, not context.Canceled", round, res.Done, total, err)
			}
			if rng.IntN(3) == 0 { // a killed writer's cut-short line
				f, _ := os.OpenFile(cfg.Out, os.O_APPEND|os.O_WRONLY, 0)
				f.WriteString(`{"number":"12","verdict":"unso`)
				f.Close()
			}
		}
		_, got := resultLines(t, cfg.Out)
		sameLines(t, fmt.Sprintf("%s resumed", c.g), got, want)
	}
}

func TestResumeSkipsDoneDeals(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-5000")
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	first := run(t, cfg)
	again := run(t, cfg)
	if again.Resumed != 5000 || again.Done != 5000 || again.Summary.Total() != 5000 {
		t.Errorf("second run: %+v", again.Snapshot)
	}
	if first.Summary.Report().Solvable != again.Summary.Report().Solvable {
		t.Error("summaries differ")
	}
	if _, lines := resultLines(t, cfg.Out); len(lines) != 5000 {
		t.Errorf("%d lines", len(lines))
	}
}

func TestTruncatedLastLineRepaired(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-3000")
	_, want := reference(t, cfg)
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	h := Header{Build: buildinfo.String(), Game: rules.RippleFan, Deals: "1-3000", Shard: Whole, MaxNodes: solver.DefaultMaxNodes}
	// A header, one whole line, and a cut-short one.
	os.WriteFile(cfg.Out, []byte(string(h.AppendJSON(nil))+"\n"+firstLine(want, "5")+`,"seconds":0}`+"\n"+`{"number":"6","verdict":"uns`), 0o644)
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Notes()) != 1 || !strings.Contains(r.Notes()[0], "removed the cut-short last line 3") {
		t.Errorf("notes %q", r.Notes())
	}
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, got := resultLines(t, cfg.Out)
	sameLines(t, "repaired", got, want)

	// A last line that is whole but lacks its newline is kept.
	os.WriteFile(cfg.Out, []byte(string(h.AppendJSON(nil))+"\n"+firstLine(want, "5")+`,"seconds":0}`), 0o644)
	run(t, cfg)
	_, got = resultLines(t, cfg.Out)
	sameLines(t, "newline added", got, want)

	// A cut-short header alone: the file starts afresh.
	os.WriteFile(cfg.Out, []byte(`{"patience":"res`), 0o644)
	run(t, cfg)
	_, got = resultLines(t, cfg.Out)
	sameLines(t, "header rewritten", got, want)
}

// firstLine returns the stripped line of deal n (without its closing brace
// when it had seconds stripped).
func firstLine(lines []string, n string) string {
	for _, l := range lines {
		if strings.Contains(l, `"number":"`+n+`"`) {
			return strings.TrimSuffix(l, "}")
		}
	}
	return ""
}

func TestHeaderMismatchRefused(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-500")
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	run(t, cfg)
	before, _ := os.ReadFile(cfg.Out)
	cases := []struct {
		change func(*Config)
		want   []string
	}{
		{func(c *Config) { c.Solver.MaxNodes = 1000 }, []string{"its max_nodes is 100000000, this run's is 1000", "resume it with RetryUnknown"}},
		{func(c *Config) { c.Solver.Timeout = time.Minute }, []string{"its timeout is none, this run's is 1m0s", "resume it with RetryUnknown"}},
		{func(c *Config) { c.Deals, _ = ParseDeals("1-600") }, []string{`its deals is "1-500", this run's is "1-600"`}},
		{func(c *Config) { c.Shard = Shard{1, 2} }, []string{"its shard is 0/1, this run's is 1/2"}},
		{func(c *Config) { c.Game = rules.RussianCell; c.Solver.Options.NoReturns = false }, []string{"its game is ripple-fan, this run's is russian-cell", "its rules is returns false, this run's is returns true"}},
	}
	for _, c := range cases {
		cc := cfg
		c.change(&cc)
		_, err := Open(cc)
		var me *MismatchError
		if !errors.As(err, &me) {
			t.Fatalf("got %v, want a mismatch", err)
		}
		if budgetOnly := len(c.want) == 2 && strings.Contains(c.want[1], "RetryUnknown"); me.RetryUnknown != budgetOnly {
			t.Errorf("%v: RetryUnknown %v, want %v", err, me.RetryUnknown, budgetOnly)
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("error %q lacks %q", err, w)
			}
		}
	}
	after, _ := os.ReadFile(cfg.Out)
	if !bytes.Equal(before, after) {
		t.Error("a refused run changed the file")
	}
}

func TestCorruptResultsFileRefused(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-50")
	dir := t.TempDir()
	cfg.Out = filepath.Join(dir, "r.jsonl")
	run(t, cfg)
	data, _ := os.ReadFile(cfg.Out)
	lines := strings.SplitAfter(string(data), "\n")
	number := regexp.MustCompile(`"number":"[0-9]+"`)
	third := number.FindString(lines[3])
	cases := []struct {
		name, text, want string
	}{
		{"damaged middle line", strings.Join(lines[:5], "") + "{\"number\":\"5\",\"verdict\":\"maybe\"}\n" + strings.Join(lines[6:], ""), "r.jsonl line 6: bad verdict \"maybe\""},
		{"duplicate deal", strings.Join(lines, "") + lines[3], "r.jsonl line 52: deal " + strings.Trim(third[len(`"number":`):], `"`) + " is there a second time"},
		{"deal not in the run", strings.Join(lines, "") + number.ReplaceAllString(lines[3], `"number":"99"`), "r.jsonl line 52: deal 99 is not in this run's deals (\"1-50\")"},
		{"not a results file", "deal,verdict\n1,won\n", "r.jsonl line 1: not a patience results file"},
	}
	for _, c := range cases {
		os.WriteFile(cfg.Out, []byte(c.text), 0o644)
		_, err := Open(cfg)
		if err == nil || !strings.HasPrefix(err.Error(), cfg.Out+strings.TrimPrefix(c.want, "r.jsonl")) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if after, _ := os.ReadFile(cfg.Out); string(after) != c.text {
			t.Errorf("%s: the file was changed", c.name)
		}
	}
}

func TestSecondRunOnOneFileRefused(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-50")
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := Open(cfg); err == nil || !strings.Contains(err.Error(), "being written by another patience run") {
		t.Errorf("got %v", err)
	}
}

func TestRetryUnknown(t *testing.T) {
	cfg := testConfig(t, rules.RussianCell, "1-60")
	_, want := reference(t, cfg)
	small := cfg
	small.Solver.MaxNodes = 200
	small.Out = filepath.Join(t.TempDir(), "r.jsonl")
	res := run(t, small)
	unknown := res.Summary.Count.Unknown
	if unknown == 0 || unknown == 60 {
		t.Fatalf("%d unknowns with a budget of 200: pick another budget for this test", unknown)
	}
	// Without RetryUnknown, the new budget is refused.
	big := cfg
	big.Out = small.Out
	var me *MismatchError
	if _, err := Open(big); !errors.As(err, &me) || !me.RetryUnknown {
		t.Fatalf("got %v, want a mismatch that RetryUnknown resolves", err)
	}
	big.RetryUnknown = true
	r, err := Open(big)
	if err != nil {
		t.Fatal(err)
	}
	if r.Snapshot().Resumed != 60-unknown || len(r.Notes()) != 1 || !strings.Contains(r.Notes()[0], fmt.Sprintf("dropped %d unknown verdicts", unknown)) {
		t.Errorf("resumed %d, notes %q", r.Snapshot().Resumed, r.Notes())
	}
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	header, got := resultLines(t, big.Out)
	sameLines(t, "retried", got, want)
	if !strings.Contains(header, `"max_nodes":100000000`) {
		t.Errorf("header not updated: %s", header)
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(big.Out), "*retry*")); len(m) > 0 {
		t.Errorf("left behind: %v", m)
	}
}

func TestShardsMergedEqualWholeRun(t *testing.T) {
	for _, c := range []struct {
		g      rules.Game
		deals  string
		shards uint64
	}{{rules.RippleFan, scaled(20000), 3}, {rules.RussianCell, scaled(90), 4}, {rules.RippleFan, "5,1-3,ms40000", 8}} {
		cfg := testConfig(t, c.g, c.deals)
		_, want := reference(t, cfg)
		dir := t.TempDir()
		var names []string
		for i := range c.shards {
			sc := cfg
			sc.Shard = Shard{i, c.shards}
			sc.Out = filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
			sc.Solver.Workers = 1
			run(t, sc)
			names = append(names, sc.Out)
		}
		var buf bytes.Buffer
		m, err := Merge(names, &buf)
		if err != nil {
			t.Fatalf("%s: %v", c.deals, err)
		}
		merged := filepath.Join(dir, "merged.jsonl")
		os.WriteFile(merged, buf.Bytes(), 0o644)
		header, got := resultLines(t, merged)
		sameLines(t, "merged shards of "+c.deals, got, want)
		if !strings.Contains(header, `"shard":"0/1"`) || m.Summary.Total() != cfg.Deals.Len() {
			t.Errorf("merged header %s, %d deals", header, m.Summary.Total())
		}
	}
}

// writeFile writes a results file from a header and lines.
//
// A header of version 2 with no Solver gets this build's, and a line
// without a run tag gets the header's (a version-1 header writes the lines
// as they are).
func writeFile(t *testing.T, path string, h Header, lines []string) string {
	t.Helper()
	if h.Version != 1 && h.Build == "" {
		h.Build = buildinfo.String()
	}
	var b strings.Builder
	b.Write(h.AppendJSON(nil))
	b.WriteByte('\n')
	for _, l := range lines {
		if tag := h.Tag(); tag != "" && !strings.Contains(l, `"run"`) {
			l = string(tagLine([]byte(l), tag))
		}
		b.WriteString(l + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func line(n int) string {
	return fmt.Sprintf(`{"number":"%d","verdict":"unsolvable","moves":0,"nodes":3,"seconds":0.00001}`, n)
}

func TestMergeReportsProblems(t *testing.T) {
	dir := t.TempDir()
	h := func(i uint64) Header {
		return Header{Game: rules.RippleFan, Deals: "1-20", Shard: Shard{i, 2}, MaxNodes: 100}
	}
	var even, odd []string // shard 0 holds 1, 3, ...; shard 1 holds 2, 4, ...
	for n := 1; n <= 20; n++ {
		if n%2 == 1 {
			even = append(even, line(n))
		} else {
			odd = append(odd, line(n))
		}
	}
	a := writeFile(t, filepath.Join(dir, "a.jsonl"), h(0), even)
	b := writeFile(t, filepath.Join(dir, "b.jsonl"), h(1), odd)
	if _, err := Merge([]string{a, b}, nil); err != nil {
		t.Fatalf("good shards: %v", err)
	}

	problems := func(names ...string) string {
		t.Helper()
		_, err := Merge(names, nil)
		var p ResultsProblems
		if !errors.As(err, &p) {
			t.Fatalf("got %v, want problems", err)
		}
		if len(p) > 10 {
			t.Errorf("%d problem lines", len(p))
		}
		return err.Error()
	}

	// Missing deals, listed as ranges.
	b2 := writeFile(t, filepath.Join(dir, "b2.jsonl"), h(1), slices.Concat(odd[:2], odd[5:]))
	want := "3 of 20 deals are missing: 6, 8, 10"
	if got := problems(a, b2); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// A shard with no file.
	if got := problems(a); !strings.HasPrefix(got, "no file for shard 1/2 of \"1-20\"\n10 of 20 deals are missing: 2, 4, 6") {
		t.Errorf("got %q", got)
	}
	// A deal twice, once in the wrong shard.
	a3 := writeFile(t, filepath.Join(dir, "a3.jsonl"), h(0), append(slices.Clone(even), line(4)))
	got := problems(a3, b)
	for _, w := range []string{"deal 4 appears more than once: " + a3 + " line 12, " + b + " line 3", a3 + " line 12: deal 4 is not in the file's shard 0/2"} {
		if !strings.Contains(got, w) {
			t.Errorf("%q lacks %q", got, w)
		}
	}
	// A deal that is not in the list.
	a4 := writeFile(t, filepath.Join(dir, "a4.jsonl"), h(0), append(slices.Clone(even), line(99)))
	if got := problems(a4, b); !strings.Contains(got, a4+" line 12: deal 99 is not in the declared deals \"1-20\"") {
		t.Errorf("got %q", got)
	}
	// Mismatched headers.
	hb := h(1)
	hb.MaxNodes = 5000
	b5 := writeFile(t, filepath.Join(dir, "b5.jsonl"), hb, odd)
	want = b5 + ": its max_nodes is 5000, but 100 in " + a
	if got := problems(a, b5); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// A damaged file.
	bad := filepath.Join(dir, "bad.jsonl")
	h1 := h(1)
	h1.Version = 1 // a version-1 shard merges with version-2 ones
	os.WriteFile(bad, []byte(string(h1.AppendJSON(nil))+"\n"+odd[0]+"\n{oops}\n"), 0o644)
	if _, err := Merge([]string{a, bad}, nil); err == nil || !strings.Contains(err.Error(), "bad.jsonl line 3:") {
		t.Errorf("got %v", err)
	}
	// Many missing deals: one line, at most ten ranges.
	many := writeFile(t, filepath.Join(dir, "many.jsonl"), Header{Game: rules.RippleFan, Deals: "1-100", Shard: Whole, MaxNodes: 100}, []string{line(1), line(3), line(5), line(7), line(9), line(11), line(13), line(15), line(17), line(19), line(21), line(23)})
	if got := problems(many); !strings.HasPrefix(got, "88 of 100 deals are missing: 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, ...") {
		t.Errorf("got %q", got)
	}
}

func TestSummarizeFilesToleratesCutShortLine(t *testing.T) {
	dir := t.TempDir()
	h := Header{Version: 1, Game: rules.RippleFan, Deals: "1-3", Shard: Whole, MaxNodes: 100}
	p := writeFile(t, filepath.Join(dir, "a.jsonl"), h, []string{line(1), line(2)})
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"number":"3","ver`)
	f.Close()
	sum, info, err := SummarizeFiles([]string{p})
	got, notes := info.Header, info.Notes
	if err != nil || sum.Total() != 2 || got != h || len(notes) != 1 {
		t.Errorf("got %v %v %q %v", sum.Total(), got, notes, err)
	}
	rc := writeFile(t, filepath.Join(dir, "rc.jsonl"), Header{Game: rules.RussianCell, Deals: "1-3", Shard: Whole, MaxNodes: 100}, nil)
	if _, _, err := SummarizeFiles([]string{p, rc}); err == nil || !strings.Contains(err.Error(), "one game and rules at a time") {
		t.Errorf("got %v", err)
	}
}

// TestLinesAreWholeWhileRunning reads the file while a run writes it: it
// must only ever hold whole lines.
func TestLinesAreWholeWhileRunning(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, scaled(100000))
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	cfg.FlushEvery = 10 * time.Millisecond
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, err := r.Run(context.Background()); err != nil {
			t.Error(err)
		}
	}()
	for reads := 0; ; reads++ {
		select {
		case <-done:
			return
		default:
		}
		data, _ := os.ReadFile(cfg.Out)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			// A read may catch a write in progress (the kernel does not
			// make a write atomic for readers), but every whole line so
			// far must parse.
			data = data[:bytes.LastIndexByte(data, '\n')+1]
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			if n == 1 {
				continue
			}
			if _, err := ParseRecord(sc.Bytes()); err != nil {
				t.Fatalf("line %d while running: %v", n, err)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// raceEnabled is set under the race detector, which makes searches some
// ten times slower.
var raceEnabled bool

// scaled returns a deal range 1-n, shorter under -short or -race.
func scaled(n int) string {
	if testing.Short() || raceEnabled {
		n = max(n/5, 20)
	}
	return fmt.Sprintf("1-%d", n)
}

func TestRunCancelledBeforeStart(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-20000")
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := r.Run(ctx)
	if !errors.Is(err, context.Canceled) || res == nil || res.Done > uint64(2*cfg.Solver.Workers) {
		t.Errorf("got %+v, %v: want an interrupted run that did (almost) nothing", res.Snapshot, err)
	}
	checkWhole(t, cfg.Out)
}

// checkWhole checks that a results file holds whole lines only.
func checkWhole(t *testing.T, path string) {
	t.Helper()
	if _, _, err := readAll(t, path); err != nil {
		t.Fatal(err)
	}
}
