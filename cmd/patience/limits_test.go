package main

// Tests of the limits, on the real program: peak memory under --memory,
// --timeout, and input files far too large.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/patience-solver/patience/batch"
)

// memoryOverheadMB is what the process may hold besides its position
// table: the program itself (its code and the runtime's own memory, about
// 10 MB for a command that does nothing but deal) and the outgrown tables
// that the runtime has not given back yet. Measured: at most 12.9 MiB over
// the cap, for caps of 16 MB to 1 GB (docs/reliability.md).
const memoryOverheadMB = 20

// peakRSS runs the program with args and returns its peak resident memory
// in KiB, measured with /usr/bin/time -v (GNU time) when it is installed,
// as the kernel's count (getrusage) otherwise, with stdout.
func peakRSS(t *testing.T, args ...string) (int64, string) {
	t.Helper()
	bin := binary(t)
	var stdout, stderr bytes.Buffer
	gnuTime := "/usr/bin/time"
	if _, err := os.Stat(gnuTime); err != nil {
		gnuTime = ""
	}
	var cmd *exec.Cmd
	if gnuTime != "" {
		cmd = exec.Command(gnuTime, append([]string{"-v", bin}, args...)...)
	} else {
		cmd = exec.Command(bin, args...)
	}
	cmd.Env = append(os.Environ(), "GOMEMLIMIT=") // the program's own limit, not one from outside
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("patience %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	if gnuTime == "" {
		t.Logf("/usr/bin/time is not installed: peak memory from getrusage")
		return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss, stdout.String() // KiB on Linux
	}
	m := regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("no peak memory in /usr/bin/time's report:\n%s", stderr.String())
	}
	kb, _ := strconv.ParseInt(m[1], 10, 64)
	return kb, stdout.String()
}

// TestMemoryCap runs a search that fills the position table to its cap,
// under caps of 16 and 64 MB, with one and two workers, and a batch run
// with two workers, and checks that the peak resident memory stays within
// the cap plus memoryOverheadMB, and above half the cap (or the test would
// measure nothing: the table at its cap, with the one it grew from, is at
// least half the cap).
//
// Deal 308860 is among the hardest Russian Cell deals (1,930,795 positions,
// unsolvable); the node budget is just above what it takes to bring the
// table to its cap: the last doubling comes at three quarters of half the
// cap's slots (a slot is 16 bytes; see solver's capSlots). It takes 5
// seconds on an idle machine, 20 on a busy one, so it does not run with
// -short; benchmarks/memory.sh measures larger caps.
func TestMemoryCap(t *testing.T) {
	if testing.Short() {
		t.Skip("runs hard searches to fill the table: 5 to 20 seconds")
	}
	for _, mb := range []int{16, 64} {
		slots := capSlotsFor(mb)
		nodes := slots*3/8 + slots/8 // past the last doubling
		runs := [][]string{
			{"solve", "russian-cell", "308860", "--workers", "1"},
			{"solve", "russian-cell", "308860", "--workers", "2"},
			{"stats", "russian-cell", "--deals", "308860,144953", "--workers", "2", "--quiet"},
		}
		// In the batch run, each worker's table has half the cap, and fills
		// it with half as many nodes.
		for _, r := range runs {
			args := append(r, "--memory", strconv.Itoa(mb), "--max-nodes", strconv.Itoa(nodes))
			start := time.Now()
			kb, _ := peakRSS(t, args...)
			peak := float64(kb) / 1024
			t.Logf("--memory %d: %s: peak %.1f MiB (%.1f over the cap) in %v", mb, strings.Join(r, " "), peak, peak-float64(mb), time.Since(start).Round(time.Millisecond))
			if peak > float64(mb+memoryOverheadMB) {
				t.Errorf("--memory %d: %s: peak %.1f MiB, over the cap plus %d MiB", mb, strings.Join(r, " "), peak, memoryOverheadMB)
			}
			if peak < float64(mb)/2 {
				t.Errorf("--memory %d: %s: peak %.1f MiB: the table never reached its cap", mb, strings.Join(r, " "), peak)
			}
		}
	}
}

// capSlotsFor is the solver's table size at a cap of mb MB, for 16-byte
// slots: the largest power of two within two thirds of the cap.
func capSlotsFor(mb int) int {
	n := (mb << 20) / 16 * 2 / 3
	s := 1
	for s*2 <= n {
		s *= 2
	}
	return s
}

// withinTimeout reports whether a search stopped by a time budget of
// budget took between budget and budget plus 10% or 0.1 s, whichever is
// larger.
func withinTimeout(seconds float64, budget time.Duration) bool {
	b := budget.Seconds()
	return seconds >= b && seconds <= b+max(b/10, 0.1)
}

// TestTimeoutHonoured runs searches far longer than their --timeout (deal
// 308860 takes seconds, and the node budget is out of reach): solve with one
// and two workers, where the budget is for the whole search, and stats with
// two workers, where it is per deal. Each must end as unknown, "time limit
// reached", after the budget and within 10% or 0.1 s of it.
//
// The time checked is the search's own ("seconds" in the output), so that
// the start of the process does not count; the wall time of the whole
// command is logged. The machine running the tests may be busy with other
// work: a search that the kernel does not schedule in time overshoots
// through no fault of its own. So a measurement out of bounds is taken
// again, up to three times in all, and every attempt is logged; a budget
// that is not honoured fails all three.
func TestTimeoutHonoured(t *testing.T) {
	bin := binary(t)
	const budget = 300 * time.Millisecond
	attempt := func(what string, check func() (string, bool)) {
		t.Helper()
		for i := 1; i <= 3; i++ {
			msg, ok := check()
			t.Logf("%s, attempt %d: %s", what, i, msg)
			if ok {
				return
			}
		}
		t.Errorf("%s: the time budget of %v was not honoured in 3 attempts", what, budget)
	}
	for _, w := range []string{"1", "2"} {
		attempt("solve --workers "+w, func() (string, bool) {
			start := time.Now()
			out, err := exec.Command(bin, "solve", "russian-cell", "308860", "--timeout", budget.String(),
				"--max-nodes", "10000000000", "--workers", w, "--format", "json").Output()
			wall := time.Since(start)
			if err != nil {
				t.Fatalf("solve: %v", err)
			}
			var sol cliSolution
			cliDecodeStrict(t, string(out), &sol)
			if sol.Verdict != "unknown" || sol.Reason != "time limit reached" || sol.Seconds == nil {
				t.Fatalf("solve: %s (%s), want unknown (time limit reached)", sol.Verdict, sol.Reason)
			}
			return fmt.Sprintf("search %.3f s, command %.3f s, %d positions", *sol.Seconds, wall.Seconds(), *sol.Nodes), withinTimeout(*sol.Seconds, budget)
		})
	}
	attempt("stats --workers 2", func() (string, bool) {
		out := filepath.Join(t.TempDir(), "r.jsonl")
		start := time.Now()
		if o, err := exec.Command(bin, "stats", "russian-cell", "--deals", "308860,144953", "--timeout", budget.String(),
			"--max-nodes", "10000000000", "--workers", "2", "--quiet", "--out", out).CombinedOutput(); err != nil {
			t.Fatalf("stats: %v\n%s", err, o)
		}
		wall := time.Since(start)
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
		if len(lines) != 2 {
			t.Fatalf("stats: %d result lines, want 2", len(lines))
		}
		ok := true
		var secs []string
		for _, l := range lines {
			r, err := batch.ParseRecord([]byte(l))
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict.String() != "unknown" || r.Reason != "time limit reached" {
				t.Fatalf("stats: deal %s: %v (%s), want unknown (time limit reached)", r.Number, r.Verdict, r.Reason)
			}
			secs = append(secs, fmt.Sprintf("%s: %.3f s", r.Number, r.Elapsed.Seconds()))
			ok = ok && withinTimeout(r.Elapsed.Seconds(), budget)
		}
		return fmt.Sprintf("%s; command %.3f s", strings.Join(secs, ", "), wall.Seconds()), ok
	})
}

// sparse makes a file of 100 MB that takes no disk space: head, then zero
// bytes.
func sparse(t *testing.T, name, head string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 100<<20); err != nil {
		t.Fatal(err)
	}
	return path
}

// endlessInput is standard input that never ends, as from /dev/zero: a
// command that read it whole would never finish.
type endlessInput struct{}

func (endlessInput) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestOversizedInputRefused gives every file input a 100 MB file, and the
// inputs that read standard input one that never ends: each is refused
// quickly (reading at most 1 MiB of a position, move list or solution, at
// most 16 MiB of one line of a deals or results file, and at most 64 MiB
// of a catalogue) with exit 2 and one line on stderr. A results file is
// read line by line, since it may rightly be large: a single huge line in
// it is refused, and a run does not resume into it.
func TestOversizedInputRefused(t *testing.T) {
	header := `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100000000}` + "\n"
	big := sparse(t, "big", "")
	bigResults := sparse(t, "big.jsonl", header)
	const capIn, capLine, capCatalogue = "larger than 1 MiB", "longer than 16 MiB", "larger than 64 MiB"
	cases := []struct {
		name  string
		args  []string
		words []string
	}{
		{"deal --position", []string{"deal", "russian-cell", "--position", big}, []string{capIn}},
		{"solve --position", []string{"solve", "russian-cell", "--position", big}, []string{capIn}},
		{"hint --position", []string{"hint", "ripple-fan", "--position", big}, []string{capIn}},
		{"solve --moves", []string{"solve", "russian-cell", "617", "--moves", big}, []string{big, capIn}},
		{"hint --moves", []string{"hint", "russian-cell", "617", "--moves", big}, []string{big, capIn}},
		{"check", []string{"check", big}, []string{capIn}},
		{"stats --deals-file", []string{"stats", "ripple-fan", "--deals-file", big}, []string{big + " line 1", capLine}},
		{"stats --summary, no header", []string{"stats", "--summary", big}, []string{big + " line 1", capLine}},
		{"stats --summary", []string{"stats", "--summary", bigResults}, []string{bigResults + " line 2", capLine}},
		{"merge", []string{"merge", bigResults}, []string{bigResults + " line 2", capLine}},
		{"stats --out (resume)", []string{"stats", "ripple-fan", "--deals", "1-10", "--out", bigResults, "--quiet"}, []string{bigResults + " line 2", capLine}},
		{"catalogue info --file", []string{"catalogue", "info", "--file", big}, []string{big, capCatalogue}},
		{"catalogue label --catalogue", []string{"catalogue", "label", "russian-cell", "--catalogue", big, "g.jsonl", "s.jsonl", "--list"}, []string{big, capCatalogue}},
	}
	for _, c := range cases {
		start := time.Now()
		r := cliRun(t, "", c.args...)
		d := time.Since(start)
		t.Logf("%s: refused in %v", c.name, d.Round(time.Millisecond))
		// The message names the cap: the input was refused at the cap,
		// not read whole (a timing check here failed on a loaded machine).
		cliWantUsage(t, r, 1, c.words...)
	}
	if st, err := os.Stat(bigResults); err != nil || st.Size() != 100<<20 {
		t.Errorf("the refused results file changed: %v, %d bytes", err, st.Size())
	}

	for _, c := range []struct {
		name  string
		args  []string
		words []string
	}{
		{"solve --position -", []string{"solve", "russian-cell", "--position", "-"}, []string{capIn}},
		{"hint --moves -", []string{"hint", "russian-cell", "617", "--moves", "-"}, []string{capIn}},
		{"check -", []string{"check", "-"}, []string{capIn}},
		{"stats --deals-file -", []string{"stats", "ripple-fan", "--deals-file", "-"}, []string{"standard input line 1", capLine}},
		{"catalogue info --file -", []string{"catalogue", "info", "--file", "-"}, []string{"standard input", capCatalogue}},
		{"catalogue label --catalogue -", []string{"catalogue", "label", "russian-cell", "--catalogue", "-", "g.jsonl", "s.jsonl", "--list"}, []string{"standard input", capCatalogue}},
	} {
		var out, errw bytes.Buffer
		code := Main(c.args, endlessInput{}, &out, &errw)
		cliWantUsage(t, cliResult{code, out.String(), errw.String()}, 1, c.words...)
	}
}

// TestMemoryLimitSet: the commands that search set the runtime's memory
// limit to --memory plus the headroom, unless GOMEMLIMIT is set.
func TestMemoryLimitSet(t *testing.T) {
	cliUnsetenv(t, "GOMEMLIMIT")
	for mb, args := range map[int][]string{
		20: {"solve", "ripple-fan", "1"},
		21: {"hint", "ripple-fan", "1"},
		22: {"find", "ripple-fan", "--count", "1"},
		23: {"stats", "ripple-fan", "--deals", "1-10", "--quiet"},
	} {
		memoryLimitSet.Store(0)
		cliOK(t, "", append(args, "--memory", strconv.Itoa(mb))...)
		if got, want := memoryLimitSet.Load(), int64(mb+memoryHeadroomMB)<<20; got != want {
			t.Errorf("%s --memory %d: limit %d, want %d", args[0], mb, got, want)
		}
	}
	t.Setenv("GOMEMLIMIT", "1GiB")
	memoryLimitSet.Store(0)
	cliOK(t, "", "solve", "ripple-fan", "1", "--memory", "20")
	if got := memoryLimitSet.Load(); got != 0 {
		t.Errorf("with GOMEMLIMIT set: limit %d set", got)
	}
}

// TestStatsSpaceCheck: stats refuses a run whose results cannot fit on the
// file system of --out (a small one stands in here), with exit 2 and one
// line, and leaves no file; --no-space-check runs it anyway.
func TestStatsSpaceCheck(t *testing.T) {
	defer func(f func(string) (uint64, error)) { freeSpace = f }(freeSpace)
	freeSpace = func(string) (uint64, error) { return 1 << 20, nil } // 1 MiB free
	out := filepath.Join(t.TempDir(), "rf.jsonl")
	args := []string{"stats", "ripple-fan", "--deals", "1-20000", "--out", out, "--quiet"}
	r := cliRun(t, "", args...)
	cliWantUsage(t, r, 1, out+": the results of 20000 more deals need at least 1.4 MB", "1.0 MB free", "--no-space-check")
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the refused run left %s: %v", out, err)
	}
	// Without --out nothing is written: no check.
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-20000", "--quiet", "--max-nodes", "1")
	// A range that fits runs.
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-1000", "--out", out, "--quiet")
	os.Remove(out)
	cliOK(t, "", append(args, "--no-space-check", "--max-nodes", "1")...)
	if _, err := os.Stat(out); err != nil {
		t.Errorf("--no-space-check: %v", err)
	}
}

// TestMemorySplit: stats and find give each worker its share of --memory,
// at least 1 MB: more workers than megabytes would take more than the cap,
// and are refused.
func TestMemorySplit(t *testing.T) {
	for _, args := range [][]string{
		{"stats", "russian-cell", "--deals", "1-10", "--memory", "16", "--workers", "17"},
		{"find", "russian-cell", "--memory", "16", "--workers", "17"},
	} {
		cliWantUsage(t, cliRun(t, "", args...), 1, "--memory 16 is split among 17 workers", "--memory 17 or more")
	}
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-10", "--memory", "16", "--workers", "16", "--quiet")
}
