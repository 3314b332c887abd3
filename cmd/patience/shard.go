package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/patience-solver/patience/batch"
)

// The variables that --shard auto reads: a Kubernetes Indexed Job's
// completion index, and a Slurm array task's index and array.
const (
	k8sIndexVar   = "JOB_COMPLETION_INDEX"
	slurmIDVar    = "SLURM_ARRAY_TASK_ID"
	slurmCountVar = "SLURM_ARRAY_TASK_COUNT"
	slurmMinVar   = "SLURM_ARRAY_TASK_MIN"
	slurmMaxVar   = "SLURM_ARRAY_TASK_MAX"
	slurmStepVar  = "SLURM_ARRAY_TASK_STEP"
)

// resolveShard reads --shard: "i/n"; "auto/n", the shard index taken from
// JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, whose completions are
// n); or "auto", the shard taken from a Slurm array task's variables,
// which must describe a plain range of indexes, step 1. getenv reads the
// environment (os.Getenv).
func resolveShard(s string, getenv func(string) string) (batch.Shard, error) {
	a, b, hasN := strings.Cut(strings.TrimSpace(s), "/")
	if a != "auto" {
		return batch.ParseShard(s)
	}
	if hasN {
		return k8sShard(s, b, getenv)
	}
	return slurmShard(getenv)
}

// k8sShard is the shard of --shard auto/N (given as s, with N as n) in a
// Kubernetes Indexed Job.
func k8sShard(s, n string, getenv func(string) string) (batch.Shard, error) {
	count, err := strconv.ParseUint(n, 10, 64)
	if err != nil || count == 0 {
		return batch.Shard{}, fmt.Errorf("bad shard %q: want auto/N, N the Indexed Job's completions (at least 1), such as auto/4", s)
	}
	v := getenv(k8sIndexVar)
	if v == "" {
		hint := "--shard auto/N is for a Kubernetes Indexed Job"
		if getenv(slurmIDVar) != "" {
			hint = "in a Slurm array, give --shard auto"
		}
		return batch.Shard{}, fmt.Errorf("--shard %s: %s is not set (%s)", s, k8sIndexVar, hint)
	}
	i, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return batch.Shard{}, fmt.Errorf("--shard %s: %s=%q is not a completion index", s, k8sIndexVar, v)
	}
	if i >= count {
		return batch.Shard{}, fmt.Errorf("--shard %s: %s=%d, but there are %d shards (0 to %d): N must be the Job's completions", s, k8sIndexVar, i, count, count-1)
	}
	return batch.Shard{Index: i, Count: count}, nil
}

// slurmShard is the shard of --shard auto in a Slurm array job: the task's
// index less the array's first, of as many shards as the array has tasks.
// An array that is not a plain range with step 1 (1,3,5 or 0-99:2) would
// leave shards out, and is refused.
func slurmShard(getenv func(string) string) (batch.Shard, error) {
	if getenv(slurmIDVar) == "" {
		hint := "run it as a task of a Slurm array, or give --shard i/n"
		if getenv(k8sIndexVar) != "" {
			hint = "in a Kubernetes Indexed Job, give --shard auto/N with N the Job's completions"
		}
		return batch.Shard{}, fmt.Errorf("--shard auto: %s is not set (%s)", slurmIDVar, hint)
	}
	vals := map[string]uint64{}
	for _, name := range []string{slurmIDVar, slurmCountVar, slurmMinVar, slurmMaxVar} {
		v := getenv(name)
		if v == "" {
			return batch.Shard{}, fmt.Errorf("--shard auto: %s is set but %s is not: set the array's variables as Slurm does, or give --shard i/n", slurmIDVar, name)
		}
		u, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return batch.Shard{}, fmt.Errorf("--shard auto: %s=%q is not a number", name, v)
		}
		vals[name] = u
	}
	id, count, lo, hi := vals[slurmIDVar], vals[slurmCountVar], vals[slurmMinVar], vals[slurmMaxVar]
	array := fmt.Sprintf("%s=%d, %s=%d, %s=%d", slurmMinVar, lo, slurmMaxVar, hi, slurmCountVar, count)
	if step := getenv(slurmStepVar); step != "" && step != "1" {
		return batch.Shard{}, fmt.Errorf("--shard auto: the array's step is %q (%s): each task must be one shard, so give --array a plain range with step 1, such as 0-%d, or some would be left out", step, array, max(count, 1)-1)
	}
	switch {
	case hi < lo || id < lo || id > hi:
		return batch.Shard{}, fmt.Errorf("--shard auto: %s=%d is not in the array %d-%d (%s)", slurmIDVar, id, lo, hi, array)
	case count == 0 || count != hi-lo+1:
		// The range of count tasks from lo, or from 0 when that would
		// pass 2^64-1.
		from, to := lo, lo+(max(count, 1)-1)
		if to < from {
			from, to = 0, max(count, 1)-1
		}
		return batch.Shard{}, fmt.Errorf("--shard auto: the array is not a plain range (%s): each task must be one shard, as in --array=%d-%d, or some would be left out", array, from, to)
	}
	return batch.Shard{Index: id - lo, Count: count}, nil
}

// envShard reads --shard from the process's environment.
func envShard(s string) (batch.Shard, error) { return resolveShard(s, os.Getenv) }
