package main

import (
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/patience-solver/patience/internal/longtest"
)

// slurmCluster is a one-node Slurm cluster that a test starts under its
// temporary folder: its own munged (key, socket), slurmctld and slurmd,
// with their own slurm.conf, state and spool folders and ports. Nothing
// under /etc is read or written: the commands find the cluster through
// SLURM_CONF.
type slurmCluster struct {
	dir  string
	conf string   // SLURM_CONF=the cluster's slurm.conf
	env  []string // SLURM_CONF and PATH (the test's patience first)
	jobs []string // the jobs submitted, cancelled at the end
}

// slurmCommands are the programs of slurm-wlm and munge that the test
// runs; .ci/install-slurm installs them.
var slurmCommands = []string{"munged", "slurmctld", "slurmd", "sbatch", "scontrol", "scancel", "squeue"}

// startSlurm starts a one-node cluster whose node has this machine's CPUs
// and memory megabytes of RealMemory, and stops every daemon it started,
// by its PID, when the test ends. Without Slurm, or when not root, the
// test skips (fails under PATIENCE_CI=1).
func startSlurm(t *testing.T, memory int) *slurmCluster {
	t.Helper()
	for _, c := range slurmCommands {
		if _, err := exec.LookPath(c); err != nil {
			longtest.Missing(t, "Slurm test: "+c+" is not installed (.ci/install-slurm installs slurm-wlm and munge)")
		}
	}
	if os.Geteuid() != 0 {
		longtest.Missing(t, "Slurm test: the daemons of a one-node cluster run as root, and this is not root")
	}
	c := &slurmCluster{dir: t.TempDir()}
	for _, d := range []string{"munge", "state", "spool", "log"} {
		if err := os.Mkdir(filepath.Join(c.dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	rand.Read(key)
	if err := os.WriteFile(filepath.Join(c.dir, "munge", "key"), key, 0o400); err != nil {
		t.Fatal(err)
	}
	socket := filepath.Join(c.dir, "munge", "socket")
	c.daemon(t, "munged", "-F", "--force", "--key-file", filepath.Join(c.dir, "munge", "key"),
		"--socket", socket, "--pid-file", filepath.Join(c.dir, "munge", "pid"),
		"--log-file", filepath.Join(c.dir, "log", "munged.log"), "--seed-file", filepath.Join(c.dir, "munge", "seed"))
	c.waitFor(t, "munged's socket", func() bool { _, err := os.Stat(socket); return err == nil })

	host, _ := os.Hostname()
	host, _, _ = strings.Cut(host, ".")
	conf := filepath.Join(c.dir, "slurm.conf")
	if err := os.WriteFile(conf, []byte(c.config(t, host, socket, memory)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.conf = "SLURM_CONF=" + conf
	c.env = append(os.Environ(), c.conf,
		"PATH="+filepath.Dir(binary(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	// Variables of a Slurm job this test may run in are not passed on.
	for _, k := range []string{slurmIDVar, slurmCountVar, slurmMinVar, slurmMaxVar, slurmStepVar, "SLURM_JOB_ID", "SLURM_ARRAY_JOB_ID"} {
		c.env = append(c.env, k+"=")
	}
	c.daemon(t, "slurmctld", "-D")
	c.daemon(t, "slurmd", "-D", "-N", host)
	t.Cleanup(c.cancelJobs) // runs before the daemons stop
	c.waitFor(t, "the node to be idle", func() bool {
		out, _ := c.command("scontrol", "--oneliner", "show", "node", host)
		return strings.Contains(out, "State=IDLE ")
	})
	return c
}

// config is the cluster's slurm.conf. cred_expire=5 lets a requeued task
// start again after about 5 seconds rather than Slurm's default 120.
func (c *slurmCluster) config(t *testing.T, host, socket string, memory int) string {
	t.Helper()
	return fmt.Sprintf(`ClusterName=patiencetest
SlurmctldHost=localhost
SlurmctldPort=%d
SlurmdPort=%d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%s,cred_expire=5
StateSaveLocation=%s
SlurmdSpoolDir=%s
SlurmctldPidFile=%s
SlurmdPidFile=%s
SlurmctldLogFile=%s
SlurmdLogFile=%s
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
JobRequeue=1
SchedulerParameters=sched_interval=1,bf_interval=1
NodeName=%s NodeAddr=127.0.0.1 CPUs=%d RealMemory=%d State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`, freePort(t), freePort(t), socket,
		filepath.Join(c.dir, "state"), filepath.Join(c.dir, "spool"),
		filepath.Join(c.dir, "slurmctld.pid"), filepath.Join(c.dir, "slurmd.pid"),
		filepath.Join(c.dir, "log", "slurmctld.log"), filepath.Join(c.dir, "log", "slurmd.log"),
		host, runtime.NumCPU(), memory)
}

// freePort returns a TCP port that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// daemon starts a daemon in the foreground, with its output in the log
// folder, and stops it, by its PID, when the test ends: SIGTERM, then
// SIGKILL after 10 seconds.
func (c *slurmCluster) daemon(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := os.Create(filepath.Join(c.dir, "log", name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Env = c.env
	if c.env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); out.Close(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Logf("%s (pid %d) did not stop on SIGTERM: killed", name, cmd.Process.Pid)
			cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			for _, f := range []string{name + ".out", name + ".log"} {
				if data, err := os.ReadFile(filepath.Join(c.dir, "log", f)); err == nil && len(data) > 0 {
					t.Logf("%s:\n%s", f, tail(string(data), 30))
				}
			}
		}
	})
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// command runs a Slurm command against the cluster.
func (c *slurmCluster) command(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// waitFor waits up to 3 minutes for ok, failing the test after that.
func (c *slurmCluster) waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Minute); !ok(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			out, _ := c.command("scontrol", "show", "job")
			t.Fatalf("waited 3 minutes for %s; scontrol show job:\n%s", what, out)
		}
	}
}

// cancelJobs cancels the jobs the test submitted, and waits for their
// tasks to end, before the daemons stop.
func (c *slurmCluster) cancelJobs() {
	for _, job := range c.jobs {
		c.command("scancel", job)
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if out, err := c.command("squeue", "--noheader"); err != nil || strings.TrimSpace(out) == "" {
			return
		}
	}
}

// submit runs sbatch on the script, in dir, with the variables given.
func (c *slurmCluster) submit(t *testing.T, dir, script string, env ...string) string {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "patience-shards.sh"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sbatch", "patience-shards.sh")
	cmd.Dir = dir
	cmd.Env = append(slices.Clone(c.env), env...)
	out, err := cmd.CombinedOutput()
	m := regexp.MustCompile(`^Submitted batch job (\d+)\n$`).FindStringSubmatch(string(out))
	if err != nil || m == nil {
		t.Fatalf("sbatch: %v\n%s", err, out)
	}
	c.jobs = append(c.jobs, m[1])
	return m[1]
}

// slurmTask is one array task as scontrol shows it.
type slurmTask map[string]string

// tasks returns the tasks of an array job, by index; tasks still pending
// together (ArrayTaskId=1-3) are left out.
func (c *slurmCluster) tasks(t *testing.T, job string) map[int]slurmTask {
	t.Helper()
	out, err := c.command("scontrol", "--oneliner", "show", "job", job)
	if err != nil {
		t.Fatalf("scontrol show job %s: %v\n%s", job, err, out)
	}
	tasks := map[int]slurmTask{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		task := slurmTask{}
		for _, f := range strings.Fields(line) {
			if k, v, ok := strings.Cut(f, "="); ok {
				task[k] = v
			}
		}
		if i, err := strconv.Atoi(task["ArrayTaskId"]); err == nil {
			tasks[i] = task
		}
	}
	return tasks
}

// ended reports whether all n tasks of the job have ended.
func (c *slurmCluster) ended(t *testing.T, job string, n int) bool {
	t.Helper()
	tasks := c.tasks(t, job)
	for _, task := range tasks {
		switch task["JobState"] {
		case "PENDING", "RUNNING", "REQUEUED", "COMPLETING", "CONFIGURING", "SUSPENDED", "RESIZING":
			return false
		}
	}
	return len(tasks) == n
}

// TestSlurmArrayJob submits docs/scale-out.md's Slurm array job, as
// written there, to a one-node Slurm cluster that it starts itself, with
// the game and deals set through the script's variables. One task is
// stopped mid-run with scancel, and, once the array has ended, the
// documented recovery requeues it: it resumes from its own file, and the
// documented merge of the shards equals a one-machine run, record for
// record. A submission with a bad deal list ends with exit code 2 in
// every task, and the recovery leaves it alone.
func TestSlurmArrayJob(t *testing.T) {
	longtest.Need(t)
	data, err := os.ReadFile("../../docs/scale-out.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	script, recovery := docBlock(t, doc, "slurm-shard"), docBlock(t, doc, "slurm-recover")
	array := regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)$`).FindStringSubmatch(script)
	mem := regexp.MustCompile(`(?m)^#SBATCH --mem=(\d+)G$`).FindStringSubmatch(script)
	if array == nil || mem == nil {
		t.Fatalf("no #SBATCH --array=0-N or --mem=NG in the Slurm script:\n%s", script)
	}
	last, _ := strconv.Atoi(array[1])
	n := last + 1
	gigabytes, _ := strconv.Atoi(mem[1])
	start := time.Now()
	c := startSlurm(t, gigabytes*1024)
	t.Logf("%v: the cluster is up", time.Since(start).Round(time.Millisecond))

	// About 3 seconds a task on 2 cores: long enough to stop one mid-run,
	// after its first results are written (once a second).
	const game, deals, dealCount = "russian-cell", "1-30000", 30000
	ref := filepath.Join(t.TempDir(), "ref.jsonl")
	if code, _, errs := runMain(t, "stats", game, "--deals", deals, "--out", ref, "--quiet"); code != 0 {
		t.Fatal(errs)
	}
	want := strippedLines(t, ref)
	t.Logf("%v: the one-machine run is done", time.Since(start).Round(time.Millisecond))
	dir := t.TempDir()
	job := c.submit(t, dir, script, "GAME="+game, "DEALS="+deals)

	// Stop task 0 with scancel once it runs and has results in its file.
	w := &resultsWatch{path: filepath.Join(dir, game+"-0.jsonl")}
	c.waitFor(t, "task 0 to run", func() bool { return c.tasks(t, job)[0]["JobState"] == "RUNNING" })
	c.waitFor(t, "task 0's first results", func() bool { return w.check(t) >= 100 })
	if out, err := c.command("scancel", job+"_0"); err != nil {
		t.Fatalf("scancel: %v\n%s", err, out)
	}
	c.waitFor(t, "the array to end", func() bool { return c.ended(t, job, n) })
	stopped := w.check(t)
	task := c.tasks(t, job)[0]
	if task["JobState"] != "CANCELLED" || task["ExitCode"] != "143:0" || stopped >= dealCount/n {
		t.Fatalf("task 0 after scancel: %s, exit code %s, %d of %d deals in its file; want CANCELLED, 143:0 (SIGTERM), and deals left to do",
			task["JobState"], task["ExitCode"], stopped, dealCount/n)
	}
	t.Logf("task 0 stopped with %d of %d deals done", stopped, dealCount/n)

	// The documented recovery requeues it; it resumes.
	t.Logf("%v: the array has ended", time.Since(start).Round(time.Millisecond))
	shell(t, dir, recovery, c.conf, "JOBID="+job)
	c.waitFor(t, "the requeued task to end", func() bool {
		task := c.tasks(t, job)[0]
		return task["Restarts"] == "1" && c.ended(t, job, n)
	})
	for i, task := range c.tasks(t, job) {
		restarts := map[bool]string{true: "1", false: "0"}[i == 0]
		if task["JobState"] != "COMPLETED" || task["ExitCode"] != "0:0" || task["Restarts"] != restarts {
			t.Errorf("task %d: %s, exit code %s, %s restarts; want COMPLETED, 0:0, %s", i, task["JobState"], task["ExitCode"], task["Restarts"], restarts)
		}
	}
	if done := w.check(t); done != dealCount/n {
		t.Errorf("task 0's file has %d deals after its requeue, want %d", done, dealCount/n)
	}
	t.Logf("%v: the requeued task has ended", time.Since(start).Round(time.Millisecond))
	out := shell(t, dir, docBlock(t, doc, "slurm-merge"), c.conf, "GAME="+game)
	if got := strippedLines(t, filepath.Join(dir, game+".jsonl")); !slices.Equal(got, want) {
		t.Errorf("the merged shards differ from a one-machine run (%d and %d lines)", len(got), len(want))
	}
	if !strings.Contains(out, "Russian Cell, deals "+deals+" (from "+strconv.Itoa(n)+" files)") {
		t.Errorf("merge printed:\n%s", out)
	}
	slurmUsageError(t, c, script, recovery, n)
	t.Logf("%v: the array with a usage error has ended", time.Since(start).Round(time.Millisecond))
}

// slurmUsageError submits the script with a bad deal list: every task
// ends with exit code 2, and the documented recovery requeues none.
func slurmUsageError(t *testing.T, c *slurmCluster, script, recovery string, n int) {
	t.Helper()
	dir := t.TempDir()
	job := c.submit(t, dir, script, "GAME=russian-cell", "DEALS=1-x")
	c.waitFor(t, "the array with a usage error to end", func() bool { return c.ended(t, job, n) })
	shell(t, dir, recovery, c.conf, "JOBID="+job)
	time.Sleep(2 * time.Second)
	tasks := c.tasks(t, job)
	for i := range n {
		task := tasks[i]
		log, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("patience-%s_%d.log", job, i)))
		if task["JobState"] != "FAILED" || task["ExitCode"] != "2:0" || task["Restarts"] != "0" || !strings.HasPrefix(string(log), "patience: ") {
			t.Errorf("task %d of DEALS=1-x: %s, exit code %s, %s restarts, log %q; want FAILED, 2:0, not requeued, and the error in the log",
				i, task["JobState"], task["ExitCode"], task["Restarts"], log)
		}
	}
}
