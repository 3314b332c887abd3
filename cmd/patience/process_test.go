package main

import (
	"bytes"
	"errors"
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

	"patience/solver/batch"
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

// checkPartialFile checks a results file left by a stopped run: a header,
// whole result lines without a duplicate, and at most a cut-short last
// line. It returns the number of whole result lines.
func checkPartialFile(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return 0
		}
		t.Fatal(err)
	}
	if len(data) == 0 {
		return 0
	}
	lines := strings.Split(string(data), "\n")
	last := lines[len(lines)-1] // "" when the file ends with a newline
	lines = lines[:len(lines)-1]
	if len(lines) == 0 {
		return 0 // at most a cut-short header
	}
	if _, err := batch.ParseHeader([]byte(lines[0])); err != nil {
		t.Fatalf("%s: header: %v", path, err)
	}
	seen := map[string]bool{}
	for i, l := range lines[1:] {
		r, err := batch.ParseRecord([]byte(l))
		if err != nil {
			t.Fatalf("%s line %d: %v", path, i+2, err)
		}
		if seen[r.Number.String()] {
			t.Fatalf("%s line %d: deal %s twice", path, i+2, r.Number)
		}
		seen[r.Number.String()] = true
	}
	if last != "" {
		t.Logf("%s: cut-short last line %q", path, last)
	}
	return len(lines) - 1
}

// TestKillAndResume runs the real command, stops it at random points with
// SIGKILL, SIGINT and SIGTERM, and resumes it until it finishes: the file
// must then equal an uninterrupted run's, seconds aside.
func TestKillAndResume(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	total := 300000
	if testing.Short() {
		total = 60000
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
	out := filepath.Join(dir, "run.jsonl")
	kept := 0
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGINT, syscall.SIGKILL, syscall.SIGTERM, syscall.SIGKILL} {
		cmd := exec.Command(bin, args(out)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Somewhere in what is left of the run, mostly.
		left := time.Duration(float64(full) * float64(total-kept) / float64(total))
		// A signal in the first few milliseconds would come before the
		// program has set up its handler: that is the default action, not
		// what this test is about.
		time.Sleep(30*time.Millisecond + time.Duration(rng.Int64N(int64(left)*4/5+1)))
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		switch {
		case sig == syscall.SIGKILL:
			if err != nil && !errors.As(err, &ee) {
				t.Fatal(err)
			}
		case err != nil:
			t.Fatalf("after %v: %v; stderr %s", sig, err, stderr.String())
		case strings.Contains(stderr.String(), "interrupted"):
			// Stopped cleanly: exit 0, the summary of what is done.
			if !strings.Contains(stdout.String(), "Interrupted: ") || !strings.Contains(stderr.String(), "run the same command again to go on") {
				t.Errorf("after %v: stdout %q stderr %q", sig, stdout.String(), stderr.String())
			}
		}
		kept = checkPartialFile(t, out)
		t.Logf("%v: %d lines kept", sig, kept)
	}
	if o, err := exec.Command(bin, args(out)...).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, o)
	}
	if got := strippedLines(t, out); !slices.Equal(got, want) {
		t.Errorf("resumed file: %d lines, want %d; or they differ", len(got), len(want))
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
		results := t.TempDir()
		env = append(env, "DEALS="+deals, "RESULTS="+results) // the manifest's DEALS and RESULTS, made small and local
		for i := range n {
			shell(t, t.TempDir(), shard, append(env, "JOB_COMPLETION_INDEX="+strconv.Itoa(i))...)
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
		dir := t.TempDir()
		for i := 0; i <= last; i++ {
			shell(t, dir, script, "DEALS="+deals, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i))
		}
		out := shell(t, dir, docBlock(t, doc, "slurm-merge"))
		checkMerged("Slurm", filepath.Join(dir, "ripple-fan.jsonl"), out)
	})
}
