package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
)

// slurmEnv is a Slurm array task's variables: task id of the array lo-hi
// with count tasks and the step.
func slurmEnv(id, count, lo, hi, step string) map[string]string {
	return map[string]string{slurmIDVar: id, slurmCountVar: count, slurmMinVar: lo, slurmMaxVar: hi, slurmStepVar: step}
}

// TestResolveShard: --shard auto/N takes the index from a Kubernetes
// Indexed Job, --shard auto the index and count from a Slurm array that is
// a plain range; anything else that would skip or double shards is
// refused.
func TestResolveShard(t *testing.T) {
	ok := []struct {
		flag string
		env  map[string]string
		want batch.Shard
	}{
		{"2/8", nil, batch.Shard{Index: 2, Count: 8}},
		{"2/8", map[string]string{k8sIndexVar: "5"}, batch.Shard{Index: 2, Count: 8}}, // an explicit shard is not overridden
		{"auto/4", map[string]string{k8sIndexVar: "3"}, batch.Shard{Index: 3, Count: 4}},
		{"auto/4", map[string]string{k8sIndexVar: "0"}, batch.Shard{Index: 0, Count: 4}},
		{"auto/1", map[string]string{k8sIndexVar: "0"}, batch.Shard{Index: 0, Count: 1}},
		{"auto", slurmEnv("3", "4", "0", "3", "1"), batch.Shard{Index: 3, Count: 4}},
		{"auto", slurmEnv("0", "4", "0", "3", "1"), batch.Shard{Index: 0, Count: 4}},
		{"auto", slurmEnv("5", "4", "3", "6", "1"), batch.Shard{Index: 2, Count: 4}}, // --array=3-6
		{"auto", slurmEnv("1", "10", "1", "10", "1"), batch.Shard{Index: 0, Count: 10}},
		{"auto", slurmEnv("7", "1", "7", "7", "1"), batch.Shard{Index: 0, Count: 1}},
		{"auto", slurmEnv("2", "4", "0", "3", ""), batch.Shard{Index: 2, Count: 4}}, // no step variable: the range shows step 1
	}
	for _, c := range ok {
		got, err := resolveShard(c.flag, func(k string) string { return c.env[k] })
		if err != nil || got != c.want {
			t.Errorf("--shard %s with %v: %v, %v; want %v", c.flag, c.env, got, err, c.want)
		}
	}
	bad := []struct {
		flag string
		env  map[string]string
		want string
	}{
		{"auto/4", nil, "JOB_COMPLETION_INDEX is not set (--shard auto/N is for a Kubernetes Indexed Job)"},
		{"auto/4", slurmEnv("1", "4", "0", "3", "1"), "JOB_COMPLETION_INDEX is not set (in a Slurm array, give --shard auto)"},
		{"auto/4", map[string]string{k8sIndexVar: "4"}, "JOB_COMPLETION_INDEX=4, but there are 4 shards (0 to 3)"},
		{"auto/4", map[string]string{k8sIndexVar: "-1"}, `JOB_COMPLETION_INDEX="-1" is not a completion index`},
		{"auto/0", map[string]string{k8sIndexVar: "0"}, "want auto/N"},
		{"auto/x", map[string]string{k8sIndexVar: "0"}, "want auto/N"},
		{"auto/", map[string]string{k8sIndexVar: "0"}, "want auto/N"},
		{"auto", nil, "SLURM_ARRAY_TASK_ID is not set (run it as a task of a Slurm array, or give --shard i/n)"},
		{"auto", map[string]string{k8sIndexVar: "1"}, "SLURM_ARRAY_TASK_ID is not set (in a Kubernetes Indexed Job, give --shard auto/N"},
		{"auto", map[string]string{slurmIDVar: "1"}, "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not"},
		{"auto", slurmEnv("1", "4", "", "3", "1"), "SLURM_ARRAY_TASK_MIN is not"},
		{"auto", slurmEnv("1", "4", "0", "", "1"), "SLURM_ARRAY_TASK_MAX is not"},
		{"auto", slurmEnv("x", "4", "0", "3", "1"), `SLURM_ARRAY_TASK_ID="x" is not a number`},
		// --array=1,3,5: three tasks over a span of five.
		{"auto", slurmEnv("3", "3", "1", "5", "1"), "the array is not a plain range (SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_MAX=5, SLURM_ARRAY_TASK_COUNT=3)"},
		// --array=0-99:2
		{"auto", slurmEnv("4", "50", "0", "98", "2"), `the array's step is "2"`},
		// The variables disagree.
		{"auto", slurmEnv("4", "4", "0", "3", "1"), "SLURM_ARRAY_TASK_ID=4 is not in the array 0-3"},
		{"auto", slurmEnv("0", "4", "1", "4", "1"), "SLURM_ARRAY_TASK_ID=0 is not in the array 1-4"},
		{"auto", slurmEnv("2", "5", "0", "3", "1"), "the array is not a plain range"},
		{"auto", slurmEnv("2", "0", "2", "2", "1"), "the array is not a plain range"},
		{"auto", slurmEnv("2", "1", "3", "2", "1"), "is not in the array 3-2"},
		// So many tasks that a range from the first would pass 2^64-1.
		{"auto", slurmEnv("5", "18446744073709551615", "5", "10", "1"), "as in --array=0-18446744073709551614,"},
		{"auto", slurmEnv("5", "4", "5", "10", "1"), "as in --array=5-8,"},
		{"auto:4", nil, "bad shard"},
		{"4/auto", nil, "bad shard"},
	}
	for _, c := range bad {
		got, err := resolveShard(c.flag, func(k string) string { return c.env[k] })
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("--shard %s with %v: %v, %v; want an error with %q", c.flag, c.env, got, err, c.want)
		}
	}
}

// TestStatsShardAuto runs stats --shard auto with a Slurm array's
// variables set: the header records the shard as resolved, and a run
// without them, or with an array that skips indexes, is refused in one
// line before anything is written.
func TestStatsShardAuto(t *testing.T) {
	for _, k := range []string{k8sIndexVar, slurmIDVar, slurmCountVar, slurmMinVar, slurmMaxVar, slurmStepVar} {
		cliUnsetenv(t, k)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "rf.jsonl")
	for k, v := range slurmEnv("4", "4", "1", "4", "1") {
		t.Setenv(k, v)
	}
	r := cliRun(t, "", "stats", "ripple-fan", "--deals", "1-400", "--shard", "auto", "--out", out, "--quiet")
	if r.code != exitOK || !strings.Contains(r.stdout, "Ripple Fan, deals 1-400, shard 3/4") {
		t.Fatalf("--shard auto in a Slurm task: %v", r)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(f).ReadBytes('\n')
	f.Close()
	var h struct{ Shard string }
	if err := json.Unmarshal(line, &h); err != nil || h.Shard != "3/4" {
		t.Errorf("header %s: shard %q (%v), want 3/4", line, h.Shard, err)
	}
	// The same shard given by hand resumes the file: it is the same run.
	cliUnsetenv(t, slurmIDVar)
	r = cliRun(t, "", "stats", "ripple-fan", "--deals", "1-400", "--shard", "3/4", "--out", out, "--quiet")
	if r.code != exitOK || !strings.Contains(r.stdout, "shard 3/4") {
		t.Errorf("--shard 3/4 on the file of --shard auto: %v", r)
	}

	for _, c := range []struct {
		env  map[string]string
		flag string
	}{
		{nil, "auto"},
		{slurmEnv("3", "3", "1", "5", "1"), "auto"},
		{slurmEnv("4", "50", "0", "98", "2"), "auto"},
		{nil, "auto/4"},
	} {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		refused := filepath.Join(dir, "refused.jsonl")
		r := cliRun(t, "", "stats", "ripple-fan", "--deals", "1-400", "--shard", c.flag, "--out", refused)
		if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "--shard "+c.flag+":") {
			t.Errorf("--shard %s with %v: %v", c.flag, c.env, r)
		}
		if _, err := os.Stat(refused); err == nil {
			t.Errorf("--shard %s with %v: the refused run wrote its --out", c.flag, c.env)
		}
		for k := range c.env {
			cliUnsetenv(t, k)
		}
	}
}

// TestMergeHugeShardCount: the shard files of deals 1-3 split 2^64-1 ways
// (by --shard auto in a Slurm array of that many tasks) or 10^9 ways (by
// --shard i/n) merge: only the shards that hold deals are looked for.
func TestMergeHugeShardCount(t *testing.T) {
	for _, k := range []string{k8sIndexVar, slurmIDVar, slurmCountVar, slurmMinVar, slurmMaxVar, slurmStepVar} {
		cliUnsetenv(t, k)
	}
	dir := t.TempDir()
	var slurm, byHand []string
	for i, id := range []string{"1", "2", "3"} {
		for k, v := range slurmEnv(id, "18446744073709551615", "1", "18446744073709551615", "1") {
			t.Setenv(k, v)
		}
		out := filepath.Join(dir, "slurm-"+id+".jsonl")
		cliOK(t, "", "stats", "ripple-fan", "--deals", "1-3", "--shard", "auto", "--out", out, "--quiet")
		slurm = append(slurm, out)
		cliUnsetenv(t, slurmIDVar)
		out = filepath.Join(dir, "hand-"+id+".jsonl")
		cliOK(t, "", "stats", "ripple-fan", "--deals", "1-3", "--shard", fmt.Sprintf("%d/1000000000", i), "--out", out, "--quiet")
		byHand = append(byHand, out)
	}
	for _, files := range [][]string{slurm, byHand} {
		if got := cliOK(t, "", append([]string{"merge"}, files...)...); !strings.Contains(got, "deals 1-3 (from 3 files)") {
			t.Errorf("merge %v: %s", files, got)
		}
	}
}
