package main

// Tests of the guards against lost results, unbounded flags and rough
// edges (results files, pictures, exit codes, limits).

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/rules"
)

// shards writes the two shard files of "stats ripple-fan --deals 1-60" in
// dir and returns their names.
func shards(t *testing.T, dir string) (string, string) {
	t.Helper()
	m0, m1 := filepath.Join(dir, "m0.jsonl"), filepath.Join(dir, "m1.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-60", "--shard", "0/2", "--out", m0, "--quiet")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-60", "--shard", "1/2", "--out", m1, "--quiet")
	return m0, m1
}

// TestMergeOutLockedByStats: merge --out refuses a results file that a
// stats run is writing (it holds the lock), with the message a second
// stats gets, and leaves the file as it was.
func TestMergeOutLockedByStats(t *testing.T) {
	dir := t.TempDir()
	m0, m1 := shards(t, dir)
	out := filepath.Join(dir, "running.jsonl")
	list, err := batch.ParseDeals("1-60")
	if err != nil {
		t.Fatal(err)
	}
	run, err := batch.Open(batch.Config{Game: rules.RippleFan, Deals: list, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	before := cliReadFile(t, out)
	second := cliRun(t, "", "stats", "ripple-fan", "--deals", "1-60", "--out", out, "--quiet")
	cliWantUsage(t, second, 1, "is being written by another patience run")
	r := cliRun(t, "", "merge", m0, m1, "--out", out)
	cliWantUsage(t, r, 1)
	if r.stderr != second.stderr {
		t.Errorf("merge says %q, a second stats %q", r.stderr, second.stderr)
	}
	// Even --force does not take a file from a run.
	cliWantUsage(t, cliRun(t, "", "merge", m0, m1, "--out", out, "--force"), 1, "is being written by another patience run")
	if got := cliReadFile(t, out); got != before {
		t.Errorf("the running file changed:\n%q\nwas\n%q", got, before)
	}
}

// TestMergeOutReplaces: merge --out replaces an existing file only if it
// holds results of the same run (or is empty), or with --force.
func TestMergeOutReplaces(t *testing.T) {
	dir := t.TempDir()
	m0, m1 := shards(t, dir)
	merged := filepath.Join(dir, "m.jsonl")
	cliOK(t, "", "merge", m0, m1, "--out", merged)
	cliOK(t, "", "merge", m0, m1, "--out", merged) // the same run again
	if h := strings.SplitN(cliReadFile(t, merged), "\n", 2)[0]; !strings.Contains(h, `"shard":"0/1"`) {
		t.Fatalf("merged header %q", h)
	}

	notes := cliWriteFile(t, "notes.txt", "my notes\n")
	cliWantUsage(t, cliRun(t, "", "merge", m0, m1, "--out", notes), 1, "exists and is not a results file", "--force")
	if cliReadFile(t, notes) != "my notes\n" {
		t.Errorf("the refused merge changed %s", notes)
	}
	other := filepath.Join(dir, "other.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-10", "--out", other, "--quiet")
	before := cliReadFile(t, other)
	cliWantUsage(t, cliRun(t, "", "merge", m0, m1, "--out", other), 1, "holds results of another run", `"1-10"`, "--force")
	if cliReadFile(t, other) != before {
		t.Errorf("the refused merge changed %s", other)
	}
	cliOK(t, "", "merge", m0, m1, "--out", notes, "--force")
	if cliReadFile(t, notes) != cliReadFile(t, merged) {
		t.Errorf("--force did not replace %s with the merged results", notes)
	}
	empty := cliWriteFile(t, "empty.jsonl", "")
	cliOK(t, "", "merge", m0, m1, "--out", empty)
}

// TestPlotNeverOverwrites: --plot that names --out or an input, however
// spelled or linked, is refused before anything runs, and the file is
// left as it was; so is a --plot that cannot be written.
func TestPlotNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m0, m1 := shards(t, dir)
	os.Rename(m0, filepath.Join(dir, "m0.svg"))
	m0 = "m0.svg"
	cliOK(t, "", "merge", m0, m1, "--out", "m.svg")
	if err := os.Symlink("m.svg", "link.svg"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("new.svg", "dangling.svg"); err != nil {
		t.Fatal(err)
	}
	deals := cliWriteFile(t, "deals.svg", "1-10\n")
	for _, c := range []struct {
		args  []string
		words []string
	}{
		{[]string{"stats", "ripple-fan", "--deals", "1-10", "--out", "same.svg", "--plot", "same.svg"}, []string{"--plot same.svg is the results file"}},
		{[]string{"stats", "ripple-fan", "--deals", "1-10", "--out", "new.svg", "--plot", "./dangling.svg"}, []string{"is the results file"}},
		{[]string{"stats", "ripple-fan", "--deals-file", deals, "--plot", deals}, []string{"is the input"}},
		{[]string{"merge", m0, m1, "--out", "m.svg", "--plot", "m.svg"}, []string{"is the results file"}},
		{[]string{"merge", m0, m1, "--out", "m.svg", "--plot", "link.svg"}, []string{"is the results file"}},
		{[]string{"merge", m0, m1, "--plot", "./m0.svg"}, []string{"is the input m0.svg"}},
		{[]string{"merge", m0, m1, "--plot", filepath.Join(dir, "m0.svg")}, []string{"is the input m0.svg"}},
		{[]string{"stats", "--summary", "m.svg", "--plot", "link.svg"}, []string{"is the input m.svg"}},
		{[]string{"stats", "ripple-fan", "--deals", "1-10", "--plot", filepath.Join(dir, "no", "such", "dir.svg")}, []string{"cannot write --plot"}},
		{[]string{"merge", m0, m1, "--plot", dir + "/"}, []string{"svg"}},
	} {
		before := map[string]string{}
		for _, f := range []string{"m0.svg", "m.svg", deals} {
			before[f] = cliReadFile(t, f)
		}
		cliWantUsage(t, cliRun(t, "", c.args...), 1, c.words...)
		for f, b := range before {
			if cliReadFile(t, f) != b {
				t.Errorf("%q changed %s", c.args, f)
			}
		}
		for _, f := range []string{"same.svg", "new.svg"} {
			if _, err := os.Stat(f); err == nil {
				t.Errorf("%q left %s", c.args, f)
				os.Remove(f)
			}
		}
	}
	// A picture beside the results, and a new one through a link: drawn.
	cliOK(t, "", "merge", m0, m1, "--out", "m.svg", "--plot", "m-plot.svg")
	if !strings.HasPrefix(cliReadFile(t, "m-plot.svg"), "<?xml") {
		t.Errorf("no picture drawn")
	}
	cliOK(t, "", "merge", m0, m1, "--plot", "dangling.svg")
	if !strings.HasPrefix(cliReadFile(t, "new.svg"), "<?xml") {
		t.Errorf("no picture drawn through the link")
	}
}

// TestPlotWriteFailsAfterRun: a picture that could be made before the
// run but cannot be written after it (here, a file size limit) is an exit
// 1 failure, after the summary, whatever the words of the system's error
// (here a plot file whose name holds "invalid argument"); the old picture
// is left as it was, and no other file. Anything but a regular file at
// the end of --plot (a device, a pipe) is refused before the run.
func TestPlotWriteFailsAfterRun(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	plot := filepath.Join(dir, "invalid argument.svg")
	if err := os.WriteFile(plot, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "-c", `ulimit -f 8; exec "$0" stats ripple-fan --deals 1-20 --quiet --plot "$1"`, binary(t), plot)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != exitInternal || !strings.Contains(stdout.String(), "Ripple Fan, deals 1-20") || strings.Count(stderr.String(), "\n") != 1 ||
		!strings.HasPrefix(stderr.String(), "patience: cannot write --plot "+plot) || !strings.HasSuffix(stderr.String(), "file too large\n") {
		t.Errorf("a picture that cannot be written: exit %d\nstdout %s\nstderr %s", code, stdout.String(), stderr.String())
	}
	if b, err := os.ReadFile(plot); err != nil || string(b) != "old\n" {
		t.Errorf("a failed picture changed the old one: %q, %v", b, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("a failed picture left files: %v", ents)
	}

	if _, err := os.Stat("/dev/full"); err == nil {
		link := filepath.Join(dir, "full.svg")
		if err := os.Symlink("/dev/full", link); err != nil {
			t.Fatal(err)
		}
		cliWantUsage(t, cliRun(t, "", "stats", "ripple-fan", "--deals", "1-20", "--quiet", "--plot", link), 1, "not a regular file")
	}
	fifo := filepath.Join(dir, "fifo.svg")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		cliWantUsage(t, cliRun(t, "", "stats", "ripple-fan", "--deals", "1-20", "--quiet", "--plot", fifo), 1, "not a regular file")
	}
}

// TestOutNotARegularFile: --out a device (a null device of the test's own,
// where this user may make one: never the system's /dev/null) and a pipe
// take the results (nothing to resume, lock or sync), with exit 0.
func TestOutNotARegularFile(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		r := cliRun(t, "", "stats", "ripple-fan", "--deals", "1-20", "--out", dev, "--quiet")
		st, err := os.Lstat(dev)
		if r.code != exitOK || r.stderr != "" || !strings.Contains(r.stdout, "deals          20") || err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("--out a null device: %v; still a device: %v", r, err)
		}
	} else {
		t.Logf("no device made (%v): that case is left out", err)
	}
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	r := cliRun(t, "", "stats", "ripple-fan", "--deals", "1-20", "--out", fifo, "--quiet")
	lines := strings.Split(strings.TrimSuffix(<-got, "\n"), "\n")
	if r.code != exitOK || r.stderr != "" || len(lines) != 21 || !strings.HasPrefix(lines[0], `{"patience":"results"`) {
		t.Errorf("--out a pipe: %v\nthe pipe got %d lines: %q", r, len(lines), lines)
	}
	cliWantUsage(t, cliRun(t, "", "stats", "ripple-fan", "--deals", "1-20", "--out", fifo, "--retry-unknown"), 1, "not a regular file")
}

// TestUsageErrorsByType: the exit code follows what went wrong, not the
// words of the message.
func TestUsageErrorsByType(t *testing.T) {
	cliWantUsage(t, cliRun(t, "", "help", "foo"), 1, `no help topic "foo"`, "solve")
	cliWantUsage(t, cliRun(t, "", "help", "solv"), 1, "did you mean solve")
	cliWantUsage(t, cliRun(t, "", "solv", "russian-cell", "1"), 1, `unknown command "solv"`, "did you mean solve")
	if out := cliOK(t, "", "help", "solve"); !strings.Contains(out, "solve searches every line of play") {
		t.Errorf("help solve: %q", out)
	}
	// A failure whose message holds the words of a usage error.
	if _, err := os.Stat("/dev/full"); err == nil {
		out := filepath.Join(t.TempDir(), "invalid argument")
		if err := os.Symlink("/dev/full", out); err != nil {
			t.Fatal(err)
		}
		r := cliRun(t, "", "stats", "ripple-fan", "--deals", "1-10", "--out", out, "--quiet")
		if r.code != exitInternal || !strings.Contains(r.stderr, "no space left on device") {
			t.Errorf("--out a full device named %q: %v", out, r)
		}
	}
}

// TestLimits: --workers far above the cores, --memory beyond any machine
// (where bytes would wrap around) and --timeout beyond a duration are
// refused with what is wrong; --memory covers each worker of a search.
func TestLimits(t *testing.T) {
	for _, c := range []struct {
		args  []string
		words []string
	}{
		{[]string{"solve", "russian-cell", "617", "--workers", "9223372036854775807"}, []string{"far more than the", "cores"}},
		{[]string{"solve", "russian-cell", "617", "--workers", "5000", "--max-nodes", "1000"}, []string{"--workers 5000 is far more"}},
		{[]string{"hint", "russian-cell", "617", "--workers", "5000"}, []string{"--workers 5000 is far more"}},
		{[]string{"stats", "ripple-fan", "--deals", "1-5", "--workers", "5000", "--memory", "6000"}, []string{"--workers 5000 is far more"}},
		{[]string{"solve", "russian-cell", "617", "--memory", "8796093022208"}, []string{"--memory 8796093022208 is too large"}},
		{[]string{"stats", "ripple-fan", "--deals", "1-5", "--memory", "9223372036854775807"}, []string{"too large"}},
		{[]string{"solve", "russian-cell", "617", "--workers", "64", "--memory", "8", "--max-nodes", "1000"}, []string{"128 KB for each of the 64 workers", "--memory 9 or more"}},
		{[]string{"solve", "ripple-fan", "1", "--timeout", "2562048h"}, []string{"too large a duration", "2562047h"}},
	} {
		cliWantUsage(t, cliRun(t, "", c.args...), 1, c.words...)
	}
	if mb, ok := physicalMB(); ok && mb < maxMemoryMB {
		cliWantUsage(t, cliRun(t, "", "solve", "ripple-fan", "1", "--memory", strconv.FormatInt(mb+1, 10)), 1, "more than this machine's memory")
	}
	cliOK(t, "", "solve", "ripple-fan", "1", "--timeout", "2562047h")
	cliOK(t, "", "solve", "russian-cell", "617", "--workers", "64", "--memory", "9", "--max-nodes", "1000")
}

// TestErrorLinesCapped: one error line is at most maxErrorLine characters,
// cut with "…", however long what it quotes.
func TestErrorLinesCapped(t *testing.T) {
	// A card on 10,000 piles: the problem lists every pile.
	var b strings.Builder
	b.WriteString(`{"game":"ripple-fan","foundations":{},"tableau":[`)
	for i := range 10000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"up":["AC"]}`)
	}
	b.WriteString("]}")
	r := cliRun(t, b.String(), "solve", "ripple-fan", "--position", "-")
	cliWantUsage(t, r, 10, "card AC appears 10000 times")
	cut := 0
	for _, line := range strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n") {
		msg := strings.TrimPrefix(line, "patience: ")
		if n := utf8.RuneCountInString(msg); n > maxErrorLine {
			t.Errorf("an error line of %d characters: %.80q…", n, line)
		}
		if strings.HasSuffix(msg, "…") {
			cut++
		}
	}
	if cut != 1 {
		t.Errorf("want the one long line cut with …, got %d cut:\n%s", cut, r.stderr)
	}
}

// TestFromLimitSaysWhy: find --from refuses a number at or above 2^64,
// which solve takes, and says why.
func TestFromLimitSaysWhy(t *testing.T) {
	cliOK(t, "", "deal", "russian-cell", "18446744073709551616")
	cliWantUsage(t, cliRun(t, "", "find", "russian-cell", "--from", "18446744073709551616"), 1, "within 64 bits", "solve, deal and stats --deals take any number")
	cliWantUsage(t, cliRun(t, "", "find", "russian-cell", "--from", "ms40000"), 1, "plain deal numbers", "ms40000")
}

// TestCheckLargeResultsFile: check names a results file as one, whatever
// its size.
func TestCheckLargeResultsFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rf.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-20000", "--max-nodes", "100", "--out", out, "--quiet")
	if st, err := os.Stat(out); err != nil || st.Size() <= rules.MaxInputSize {
		t.Fatalf("%s: %v, want over 1 MiB", out, err)
	}
	for _, args := range [][]string{{"check", out}, {"solve", "ripple-fan", "--position", out}} {
		cliWantUsage(t, cliRun(t, "", args...), 1, "this is a results file of patience stats", "stats --summary")
	}
}

// TestNodeBudgetOvershootDocumented: the node budget is counted every
// 1,024 positions a worker, and --help says so; a search ends within it.
func TestNodeBudgetOvershootDocumented(t *testing.T) {
	if h := cliOK(t, "", "solve", "--help"); !strings.Contains(h, "up to 1,024 a worker past it") {
		t.Errorf("solve --help does not say how far the node budget may be passed")
	}
	_, sol := cliSolveJSON(t, "", "russian-cell", "385", "--max-nodes", "100000")
	if sol.Verdict != "unknown" || *sol.Nodes < 100000 || *sol.Nodes >= 100000+1024 {
		t.Errorf("--max-nodes 100000 with one worker: %s, %d positions", sol.Verdict, *sol.Nodes)
	}
}
