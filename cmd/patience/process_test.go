package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/patience-solver/patience/batch"
)

var (
	binOnce sync.Once
	binDir  string
	binErr  error
)

// memoryLimitSet is the last memory limit a command asked for: the
// commands run in this one process record it rather than set it.
var memoryLimitSet atomic.Int64

func TestMain(m *testing.M) {
	setMemoryLimit = func(n int64) int64 { return memoryLimitSet.Swap(n) }
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// binary builds the patience command once for the tests that run it as a
// real process, and returns its path.
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "patience-bin-")
		if binErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(binDir, "patience"), ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return filepath.Join(binDir, "patience")
}

// waitOrKill waits for the started command to end, at most limit, and
// reports whether it ended by itself; past limit it kills it, waits for
// it, and reports false.
func waitOrKill(cmd *exec.Cmd, limit time.Duration) bool {
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		return false
	}
}

// resultsWatch follows a results file through runs that are stopped and
// resumed: the whole lines it has seen, and their deal numbers.
type resultsWatch struct {
	path  string
	whole []byte // the file's whole lines so far, header included
	seen  map[string]bool
}

// check checks the file after a run stopped: it still starts with every
// whole line it had before, the same, and goes on with whole result lines
// of deals not seen before, and at most a cut-short last line. It returns
// the number of whole result lines.
func (w *resultsWatch) check(t *testing.T) int {
	t.Helper()
	data, err := os.ReadFile(w.path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, w.whole) {
		t.Fatalf("%s: the lines of the earlier runs are not all there, the same (%d bytes before, %d now)", w.path, len(w.whole), len(data))
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	rest := data[len(w.whole):]
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		line := rest[:i]
		if len(w.whole) == 0 {
			if _, err := batch.ParseHeader(line); err != nil {
				t.Fatalf("%s: header: %v", w.path, err)
			}
		} else {
			r, err := batch.ParseRecord(line)
			if err != nil {
				t.Fatalf("%s line %d: %v", w.path, len(w.seen)+2, err)
			}
			if w.seen[r.Number.String()] {
				t.Fatalf("%s line %d: deal %s twice", w.path, len(w.seen)+2, r.Number)
			}
			w.seen[r.Number.String()] = true
		}
		w.whole = data[:len(w.whole)+i+1]
		rest = rest[i+1:]
	}
	if len(rest) > 0 {
		t.Logf("%s: cut-short last line %q", w.path, rest)
	}
	return len(w.seen)
}

// TestKillAndResume runs the real command and stops it at random points
// with SIGKILL, SIGINT or SIGTERM (chosen at random), again and again,
// resuming each time, until the run finishes; then it starts a new run, and
// so on until the signals have stopped runs 30 times (6 with -short). After
// every signal:
//   - the file is readable: a header, whole lines without a duplicate, at
//     most a cut-short last line (which the next run repairs);
//   - every line that was in the file before the run is still there, the
//     same;
//   - a clean stop (SIGINT or SIGTERM once the handler is set up) exits
//     130 or 143, says how many deals are done, and the file holds exactly
//     that many: every finished result was kept;
//   - otherwise the process was killed by the signal sent (SIGKILL, or a
//     signal before the handler was set up), or it had finished first.
//
// Each finished file must equal an uninterrupted run's, seconds aside.
func TestKillAndResume(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	total, signals := 200000, 30
	if testing.Short() {
		total, signals = 100000, 6
	}
	deals := fmt.Sprintf("1-%d", total)
	args := func(out string) []string {
		return []string{"stats", "ripple-fan", "--deals", deals, "--workers", "2", "--quiet", "--out", out}
	}
	ref := filepath.Join(dir, "ref.jsonl")
	start := time.Now()
	if out, err := exec.Command(bin, args(ref)...).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	full := time.Since(start)
	want := strippedLines(t, ref)

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 2))
	t.Logf("seed %d; an uninterrupted run takes %v", seed, full)
	doneRE := regexp.MustCompile(`interrupted: ([0-9,]+) of ([0-9,]+) deals done`)
	type outcome struct {
		sig  syscall.Signal
		what string
	}
	outcomes := map[outcome]int{}
	stops := 0
	for round := 1; stops < signals; round++ {
		out := filepath.Join(dir, fmt.Sprintf("run-%d.jsonl", round))
		watch := &resultsWatch{path: out}
		kept := 0
		for {
			cmd := exec.Command(bin, args(out)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if stops == signals {
				// The last run of the last round goes to the end.
				if err := cmd.Run(); err != nil {
					t.Fatalf("%v: %s", err, stderr.String())
				}
				break
			}
			sig := []syscall.Signal{syscall.SIGKILL, syscall.SIGINT, syscall.SIGTERM}[rng.IntN(3)]
			began := time.Now()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Anywhere in what is left of the run; or, half the time when
			// more than a second is left, after the first second (results
			// are written out every second, so SIGKILL sooner keeps
			// nothing new). A signal may still come after the end (the
			// estimate of what is left is rough): that counts as no stop.
			left := time.Duration(float64(full) * float64(total-kept) / float64(total))
			delay := time.Duration(rng.Int64N(int64(left) + 1))
			if left > 1200*time.Millisecond && rng.IntN(2) == 0 {
				delay = time.Second + time.Duration(rng.Int64N(int64(left-time.Second)))
			}
			time.Sleep(delay)
			cmd.Process.Signal(sig)
			signalled := time.Now()
			err := cmd.Wait()
			stopTime := time.Since(signalled)
			kept = watch.check(t)
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			var what string
			switch {
			case err == nil:
				what = "finished first"
				if kept != total {
					t.Fatalf("after %v: exit 0 with %d of %d deals", sig, kept, total)
				}
			case ws.Signaled():
				what = "killed"
				if ws.Signal() != sig {
					t.Fatalf("sent %v, killed by %v", sig, ws.Signal())
				}
			case ws.ExitStatus() == 128+int(sig) && sig != syscall.SIGKILL:
				what = "stopped cleanly"
				m := doneRE.FindStringSubmatch(stderr.String())
				if m == nil || !strings.Contains(stdout.String(), "Interrupted: ") {
					t.Fatalf("after %v: stdout %q stderr %q", sig, stdout.String(), stderr.String())
				}
				if n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", "")); n != kept {
					t.Fatalf("after %v: %d deals done, but %d in the file", sig, n, kept)
				}
			default:
				t.Fatalf("after %v: %v; stderr %s", sig, err, stderr.String())
			}
			outcomes[outcome{sig, what}]++
			if err != nil {
				stops++
			}
			t.Logf("round %d: %v after %v, %s %v later: %d lines kept (checked at %v)", round, sig, signalled.Sub(began).Round(time.Millisecond), what, stopTime.Round(time.Millisecond), kept, time.Since(began).Round(time.Millisecond))
			if err == nil {
				break
			}
		}
		if got := strippedLines(t, out); !slices.Equal(got, want) {
			t.Errorf("round %d: resumed file: %d lines, want %d; or they differ", round, len(got), len(want))
		}
	}
	for o, n := range outcomes {
		t.Logf("%v, %s: %d", o.sig, o.what, n)
	}
}

// docBlock returns the code block of docs/scale-out.md between the
// markers <!-- BEGIN name --> and <!-- END name -->.
func docBlock(t *testing.T, doc, name string) string {
	t.Helper()
	re := regexp.MustCompile("(?s)<!-- BEGIN " + regexp.QuoteMeta(name) + " -->\n```[a-z]*\n(.*?)```\n<!-- END " + regexp.QuoteMeta(name) + " -->")
	m := re.FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("docs/scale-out.md has no block %q between markers", name)
	}
	return m[1]
}

// shell runs a script with bash in dir, with the test binary first in
// PATH and the given variables set.
func shell(t *testing.T, dir, script string, env ...string) string {
	t.Helper()
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(binary(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\nscript:\n%s\nenv %q\noutput:\n%s", err, script, env, out)
	}
	return string(out)
}

// TestScaleOutDocExamples runs the commands of docs/scale-out.md, as
// written there, on a small range, with the shard index set by hand as the
// scheduler would, then checks that the merged file equals an unsharded
// run.
func TestScaleOutDocExamples(t *testing.T) {
	data, err := os.ReadFile("../../docs/scale-out.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	const deals = "1-20000"
	ref := filepath.Join(t.TempDir(), "ref.jsonl")
	if code, _, errs := runMain(t, "stats", "ripple-fan", "--deals", deals, "--out", ref, "--quiet"); code != 0 {
		t.Fatal(errs)
	}
	want := strippedLines(t, ref)
	checkMerged := func(what, path, output string) {
		t.Helper()
		if got := strippedLines(t, path); !slices.Equal(got, want) {
			t.Errorf("%s: merged file differs from an unsharded run (%d and %d lines)", what, len(got), len(want))
		}
		if !strings.Contains(output, "Ripple Fan, deals "+deals+" (from 4 files)") {
			t.Errorf("%s: merge printed:\n%s", what, output)
		}
	}

	// checkShard checks that a shard's file records its shard as resolved.
	checkShard := func(path string, i, n int) {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		header, _, _ := strings.Cut(string(data), "\n")
		if want := fmt.Sprintf(`"shard":"%d/%d"`, i, n); !strings.Contains(header, want) {
			t.Errorf("%s: header %s, want %s", path, header, want)
		}
	}
	// The scheduler variables of this process, if any, are cleared.
	var clearShardEnv []string
	for _, k := range []string{k8sIndexVar, slurmIDVar, slurmCountVar, slurmMinVar, slurmMaxVar, slurmStepVar} {
		clearShardEnv = append(clearShardEnv, k+"=")
	}

	t.Run("parallel", func(t *testing.T) {
		script := docBlock(t, doc, "parallel")
		if _, err := exec.LookPath("parallel"); err != nil {
			const p, x = `parallel -j "$SHARDS"`, `xargs -P "$SHARDS" -I{}`
			if !strings.Contains(script, p) {
				t.Fatalf("the parallel example does not use %q", p)
			}
			t.Logf("GNU parallel is not installed: running the example with %q in place of %q", x, p)
			script = strings.Replace(script, p, x, 1)
		}
		dir := t.TempDir()
		out := shell(t, dir, script, "DEALS="+deals)
		checkMerged("GNU parallel", filepath.Join(dir, "ripple-fan.jsonl"), out)
	})

	t.Run("kubernetes", func(t *testing.T) {
		manifest := docBlock(t, doc, "k8s-job")
		completions := regexp.MustCompile(`(?m)^\s+completions: (\d+)`).FindStringSubmatch(manifest)
		if completions == nil {
			t.Fatal("no completions in the manifest")
		}
		n, _ := strconv.Atoi(completions[1])
		var env []string
		for _, m := range regexp.MustCompile(`(?m)^\s+- name: (\w+)\n\s+value: "([^"]*)"`).FindAllStringSubmatch(manifest, -1) {
			env = append(env, m[1]+"="+m[2])
		}
		if !slices.Contains(env, "SHARDS="+completions[1]) {
			t.Errorf("the manifest's SHARDS is not its completions (%s): %q", completions[1], env)
		}
		script := regexp.MustCompile(`(?s)\n(\s*)# BEGIN k8s-shard\n(.*?)\n\s*# END k8s-shard`).FindStringSubmatch(manifest)
		if script == nil {
			t.Fatal("no k8s-shard script in the manifest")
		}
		// Take the block scalar's indentation off.
		shard := regexp.MustCompile(`(?m)^`+script[1]).ReplaceAllString(script[2], "")
		if !strings.Contains(shard, `--shard "auto/$SHARDS"`) {
			t.Errorf("the Kubernetes example does not use --shard auto/$SHARDS:\n%s", shard)
		}
		// The policy: exit code 2 (a usage error) fails the index, without
		// a retry.
		policy := regexp.MustCompile(`(?s)backoffLimitPerIndex: \d+\n.*- action: FailIndex[^\n]*\n\s+onExitCodes:\n\s+containerName: shard\n\s+operator: In\n\s+values: \[(\d+)\]`).FindStringSubmatch(manifest)
		if policy == nil || policy[1] != strconv.Itoa(exitUsage) {
			t.Errorf("the manifest has no backoffLimitPerIndex and FailIndex on exit code %d: %q", exitUsage, policy)
		}
		results := t.TempDir()
		env = append(env, "DEALS="+deals, "RESULTS="+results) // the manifest's DEALS and RESULTS, made small and local
		env = append(env, clearShardEnv...)
		for i := range n {
			shell(t, t.TempDir(), shard, append(env, "JOB_COMPLETION_INDEX="+strconv.Itoa(i))...)
			checkShard(filepath.Join(results, "ripple-fan-"+strconv.Itoa(i)+".jsonl"), i, n)
		}
		out := shell(t, t.TempDir(), docBlock(t, doc, "k8s-merge"), env...)
		checkMerged("Kubernetes", filepath.Join(results, "ripple-fan.jsonl"), out)
	})

	t.Run("slurm", func(t *testing.T) {
		script := docBlock(t, doc, "slurm-shard")
		array := regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)$`).FindStringSubmatch(script)
		if array == nil {
			t.Fatal("no #SBATCH --array=0-N in the Slurm script")
		}
		last, _ := strconv.Atoi(array[1])
		if !strings.Contains(script, "--shard auto ") {
			t.Errorf("the Slurm example does not use --shard auto:\n%s", script)
		}
		dir := t.TempDir()
		// The variables Slurm sets in each task of --array=0-LAST.
		for i := 0; i <= last; i++ {
			env := append(slices.Clone(clearShardEnv), "DEALS="+deals, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i),
				"SLURM_ARRAY_TASK_COUNT="+strconv.Itoa(last+1), "SLURM_ARRAY_TASK_MIN=0",
				"SLURM_ARRAY_TASK_MAX="+strconv.Itoa(last), "SLURM_ARRAY_TASK_STEP=1", "SLURM_ARRAY_JOB_ID=1234")
			shell(t, dir, script, env...)
			checkShard(filepath.Join(dir, "ripple-fan-"+strconv.Itoa(i)+".jsonl"), i, last+1)
		}
		// The same script in an array that skips indexes is refused, with
		// exit code 2 and nothing written.
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(binary(t))+string(os.PathListSeparator)+os.Getenv("PATH"), "DEALS="+deals)
		cmd.Env = append(cmd.Env, clearShardEnv...)
		cmd.Env = append(cmd.Env, "SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=5", "SLURM_ARRAY_TASK_STEP=1")
		refusal, _ := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != exitUsage || !strings.Contains(string(refusal), "not a plain range") {
			t.Errorf("the Slurm script in --array=1,3,5: exit %d, %s", code, refusal)
		}
		if files, _ := os.ReadDir(cmd.Dir); len(files) != 0 {
			t.Errorf("the refused task wrote %v", files[0].Name())
		}
		out := shell(t, dir, docBlock(t, doc, "slurm-merge"))
		checkMerged("Slurm", filepath.Join(dir, "ripple-fan.jsonl"), out)
	})
}

// TestFindInterrupted stops find, on the real program, with SIGINT and
// SIGTERM: it exits 130 or 143, having listed the deals found so far, and
// says so on stderr.
func TestFindInterrupted(t *testing.T) {
	bin := binary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "find", "russian-cell", "--count", "100000000", "--workers", "1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		cmd.Process.Signal(sig)
		cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		if code != 128+int(sig) || !strings.Contains(stderr.String(), "patience: interrupted after ") {
			t.Errorf("%v: exit %d, stderr %q", sig, code, stderr.String())
		}
		found := strings.Fields(stdout.String())
		if !regexp.MustCompile(`interrupted after ` + strconv.Itoa(len(found)) + ` of 100000000 deals found`).MatchString(stderr.String()) {
			t.Errorf("%v: %d deals listed, stderr %q", sig, len(found), stderr.String())
		}
	}
}

// TestSolveAndHintInterrupted stops solve and hint, on the real program,
// in the middle of a search: they report what they have (an unknown
// verdict, or the arrangements decided so far) and exit 130 or 143.
func TestSolveAndHintInterrupted(t *testing.T) {
	bin := binary(t)
	cases := []struct {
		sig  syscall.Signal
		args []string
		want []string
	}{
		// Deal 144953 is unsolvable, 1.6 million positions: seconds on one core.
		{syscall.SIGINT, []string{"solve", "russian-cell", "144953", "--workers", "1", "--ascii"},
			[]string{"Verdict: unknown (interrupted before the search ended; this is not a loss)", "Searched "}},
		{syscall.SIGTERM, []string{"solve", "russian-cell", "144953", "--workers", "1", "--format", "json"},
			[]string{`"verdict":"unknown"`, `"reason":"interrupted"`}},
		{syscall.SIGINT, []string{"hint", "russian-cell", "144953", "--workers", "1"},
			[]string{"Interrupted: the search stopped after "}},
		// Five thousand whole deals to decide: seconds on two cores.
		{syscall.SIGINT, []string{"solve", "russian-cell", "385", "--hide", "--samples", "5000", "--ascii"},
			[]string{"Set out to solve 5,000 arrangements", "Interrupted: ", "(interrupted; left out of the share)"}},
		{syscall.SIGTERM, []string{"solve", "russian-cell", "385", "--hide", "--samples", "5000", "--format", "json"},
			[]string{`"interrupted":true`, `"arrangements":5000`}},
		{syscall.SIGINT, []string{"hint", "russian-cell", "385", "--hide", "--samples", "5000"},
			[]string{"no move can be ranked"}},
	}
	for _, c := range cases {
		var cmd *exec.Cmd
		var stdout, stderr bytes.Buffer
		// On a loaded machine the signal can come before the program has
		// set up its handler, and the signal itself ends it: then try
		// again, waiting longer.
		for _, delay := range []time.Duration{500 * time.Millisecond, 1500 * time.Millisecond, 4 * time.Second} {
			cmd = exec.Command(bin, c.args...)
			stdout.Reset()
			stderr.Reset()
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(delay)
			cmd.Process.Signal(c.sig)
			cmd.Wait()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
				break
			}
			t.Logf("%v: %v came before the handler after %v; trying again", c.args, c.sig, delay)
		}
		if code := cmd.ProcessState.ExitCode(); code != 128+int(c.sig) {
			t.Errorf("%v: %v: exit %d, want %d; stderr %q", c.args, c.sig, code, 128+int(c.sig), stderr.String())
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("%v: %v: output lacks %q:\n%s", c.args, c.sig, w, stdout.String())
			}
		}
	}
}
