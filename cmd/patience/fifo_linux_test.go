package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

var stopSigs = []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// waitUntil polls cond every 10 ms for up to 30 s, and fails the test
// (killing cmd) if it never holds.
func waitUntil(t *testing.T, cmd *exec.Cmd, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%v: not %s within 30 s", cmd.Args[1:], what)
		}
	}
}

// waitingFor reports whether a thread of process pid sleeps in the
// kernel function fn (/proc/PID/task/TID/wchan): for a named pipe's other
// end, it is wait_for_partner.
func waitingFor(pid int, fn string) bool {
	tasks, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "wchan"))
	for _, w := range tasks {
		if b, _ := os.ReadFile(w); string(b) == fn {
			return true
		}
	}
	return false
}

// stopAndWait sends sig to cmd and waits up to 30 s for it to end; it
// returns the exit code.
func stopAndWait(t *testing.T, cmd *exec.Cmd, sig syscall.Signal) int {
	t.Helper()
	cmd.Process.Signal(sig)
	if !waitOrKill(cmd, 30*time.Second) {
		t.Fatalf("%v: still running 30 s after %v", cmd.Args[1:], sig)
	}
	return cmd.ProcessState.ExitCode()
}

func mkfifo(t *testing.T, name string) {
	t.Helper()
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
}

// TestMergeStoppedRemovesTemp: merge stopped by SIGINT, SIGTERM, SIGHUP or
// SIGQUIT (here while it waits for a named pipe among its inputs) removes
// its temporary file and the empty --out it made, and exits 128 plus the
// signal's number. One killed by SIGKILL leaves its temporary file, which
// the next merge to the same --out removes; a temporary file that a live
// process holds locked is left.
func TestMergeStoppedRemovesTemp(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-100")
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	out := filepath.Join(dir, "m.jsonl")
	temps := func() []string { // the temporary files' names: hidden, marked, 16 hex digits
		m, _ := filepath.Glob(filepath.Join(dir, ".m.jsonl.patience-????????????????.tmp"))
		return m
	}
	start := func() (*exec.Cmd, *bytes.Buffer) {
		cmd := exec.Command(bin, "merge", in[0], fifo, "--out", out)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, cmd, "waiting for the pipe", func() bool { return len(temps()) == 1 && waitingFor(cmd.Process.Pid, "wait_for_partner") })
		return cmd, &stderr
	}
	for _, sig := range stopSigs {
		cmd, stderr := start()
		code := stopAndWait(t, cmd, sig)
		if code != 128+int(sig) || !strings.Contains(stderr.String(), "merge stopped by "+sigName(sig)) {
			t.Errorf("%v: exit %d, stderr %q", sig, code, stderr.String())
		}
		if m := temps(); len(m) != 0 {
			t.Errorf("%v: left %v", sig, m)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%v: left --out: %v", sig, err)
		}
	}

	cmd, _ := start()
	stopAndWait(t, cmd, syscall.SIGKILL)
	stale := temps()
	if len(stale) != 1 {
		t.Fatalf("after SIGKILL: %v", stale)
	}
	// A user's own files of like names are never removed: only names of
	// the temporary files' form are.
	mine := []string{out + ".merge-backup", out + ".merge-20261205", out + ".merge-1", filepath.Join(dir, ".m.jsonl.patience-1.tmp"), filepath.Join(dir, ".m.jsonl.patience-0123456789abcdef.tmp.bak")}
	for _, name := range mine {
		if err := os.WriteFile(name, []byte("keep\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	live := filepath.Join(dir, ".m.jsonl.patience-00000000deadbeef.tmp")
	f, err := os.Create(live)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runMain(t, "merge", in[0], in[1], "--out", out); code != 0 {
		t.Fatal(errs)
	}
	if m := temps(); len(m) != 1 || m[0] != live {
		t.Errorf("after a merge: %v; want only the live %s", m, live)
	}
	for _, name := range mine {
		if b, err := os.ReadFile(name); err != nil || string(b) != "keep\n" {
			t.Errorf("the user's %s: %q, %v; want it kept", name, b, err)
		}
	}
	if n := len(strippedLines(t, out)); n != 100 {
		t.Errorf("merged %d lines", n)
	}
}

// TestPipesStopOnSignal: a command waiting on a named pipe (to open
// --out with no reader, to open an input with no writer, or to read an
// input whose writer writes nothing) stops at SIGINT, SIGTERM, SIGHUP or
// SIGQUIT with exit 128 plus the signal's number, saying why.
func TestPipesStopOnSignal(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-40")
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"stats", "ripple-fan", "--deals", "1-20", "--out", fifo, "--quiet"}, "while waiting for a reader of --out " + fifo},
		{[]string{"merge", in[0], fifo}, "merge stopped by "},
		{[]string{"stats", "--summary", fifo}, "while waiting for the results files"},
		{[]string{"merge", in[0], fifo, "--out", filepath.Join(dir, "fifo-out.jsonl")}, "merge stopped by "},
	}
	for i, c := range cases {
		sig := stopSigs[i%len(stopSigs)]
		cmd := exec.Command(bin, c.args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, cmd, "waiting for the pipe", func() bool { return waitingFor(cmd.Process.Pid, "wait_for_partner") })
		if code := stopAndWait(t, cmd, sig); code != 128+int(sig) || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v, %v: exit %d, stderr %q", c.args, sig, code, stderr.String())
		}
	}

	// An input whose writer opened it and writes nothing: the reader
	// waits in a read.
	for _, sig := range stopSigs {
		cmd := exec.Command(bin, "stats", "--summary", fifo)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0) // returns once the command has opened it
		if err != nil {
			t.Fatal(err)
		}
		code := stopAndWait(t, cmd, sig)
		w.Close()
		if code != 128+int(sig) || !strings.Contains(stderr.String(), "stopped by "+sigName(sig)) {
			t.Errorf("--summary of a pipe that stays empty, %v: exit %d, stderr %q", sig, code, stderr.String())
		}
	}
}

// TestStuckPipeStopsOnSignal: a stats run whose --out is a pipe that
// nothing reads (a named pipe, or standard output with --out -) stops at a
// signal once the pipe is full, with exit 128 plus the signal's number.
func TestStuckPipeStopsOnSignal(t *testing.T) {
	bin := binary(t)
	fifo := filepath.Join(t.TempDir(), "fifo")
	mkfifo(t, fifo)
	for i, viaStdout := range []bool{false, true} {
		sig := stopSigs[i]
		var r *os.File
		var cmd *exec.Cmd
		var stderr bytes.Buffer
		if viaStdout {
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r = pr
			cmd = exec.Command(bin, "stats", "ripple-fan", "--deals", "1-3000000", "--workers", "1", "--out", "-", "--quiet")
			cmd.Stdout = pw
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			pw.Close()
		} else {
			cmd = exec.Command(bin, "stats", "ripple-fan", "--deals", "1-3000000", "--workers", "1", "--out", fifo, "--quiet")
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var err error
			if r, err = os.Open(fifo); err != nil { // once stats has opened it
				t.Fatal(err)
			}
		}
		// Read nothing until the pipe is full.
		waitUntil(t, cmd, "filling the pipe", func() bool {
			n, err := unixIoctlInt(int(r.Fd()), syscall.TIOCINQ)
			return err == nil && n >= 60000
		})
		code := stopAndWait(t, cmd, sig)
		r.Close()
		if code != 128+int(sig) || !strings.Contains(stderr.String(), "patience: interrupted: ") {
			t.Errorf("stdout %v, %v: exit %d, stderr %q", viaStdout, sig, code, stderr.String())
		}
	}
}

// unixIoctlInt reads an int through ioctl (FIONREAD: the bytes waiting in
// a pipe).
func unixIoctlInt(fd int, req uint) (int, error) {
	var n int32
	_, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(unsafe.Pointer(&n)))
	if e != 0 {
		return 0, e
	}
	return int(n), nil
}

// TestInputPipeStopsOnSignal: a command with no run to stop, waiting for
// a named pipe given as its input, ends at once at SIGINT, SIGTERM,
// SIGHUP or SIGQUIT with the status 128 plus the signal's number (killed
// by the signal, or exiting with that code, as SIGQUIT does).
func TestInputPipeStopsOnSignal(t *testing.T) {
	bin := binary(t)
	fifo := filepath.Join(t.TempDir(), "fifo")
	mkfifo(t, fifo)
	for _, sig := range stopSigs {
		cmd := exec.Command(bin, "check", fifo)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, cmd, "waiting for the pipe", func() bool { return waitingFor(cmd.Process.Pid, "wait_for_partner") })
		code := stopAndWait(t, cmd, sig)
		if ws := cmd.ProcessState.Sys().(syscall.WaitStatus); code != 128+int(sig) && !(ws.Signaled() && ws.Signal() == sig) {
			t.Errorf("check of a pipe, %v: %v", sig, cmd.ProcessState)
		}
	}
}

// fullPipe returns a pipe whose buffer is full: a write to w blocks until
// r is read, which the test never does.
func fullPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	fd := int(w.Fd())
	if err := syscall.SetNonblock(fd, true); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	for {
		if _, err := syscall.Write(fd, buf); err != nil {
			break // EAGAIN: full
		}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		t.Fatal(err)
	}
	return r, w
}

// TestFullStdoutStopsOnSignal: a command whose standard output is a pipe
// that nothing reads, blocked in a write to it, still ends at SIGINT,
// SIGTERM, SIGHUP or SIGQUIT with exit 128 plus the signal's number: find
// (which stops cleanly, and is ended at once when its stop cannot finish),
// deal --random and stats --summary.
func TestFullStdoutStopsOnSignal(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-40")
	cases := [][]string{
		{"find", "ripple-fan", "--unsolvable", "--count", "100000"},
		{"find", "russian-cell", "--solvable", "--count", "100000", "--no-catalogue", "--format", "json", "--workers", "1"},
		{"deal", "russian-cell", "--random"},
		{"stats", "--summary", in[0], in[1]},
	}
	for i, args := range cases {
		sig := stopSigs[i%len(stopSigs)]
		_, w := fullPipe(t)
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = w, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, cmd, "blocked writing standard output", func() bool {
			// pipe_write, or anon_pipe_write in newer kernels
			return waitingFor(cmd.Process.Pid, "pipe_write") || waitingFor(cmd.Process.Pid, "anon_pipe_write")
		})
		if code := stopAndWait(t, cmd, sig); code != 128+int(sig) || !strings.Contains(stderr.String(), "stopped by "+sigName(sig)) {
			t.Errorf("%v, %v: exit %d, stderr %q", args, sig, code, stderr.String())
		}
	}
}

// TestSecondSignalExitsAtOnce: a command whose clean stop is stuck (find,
// blocked writing a full standard output) ends at once at a second
// SIGINT, with exit 130, without waiting out the time a stop is given.
func TestSecondSignalExitsAtOnce(t *testing.T) {
	bin := binary(t)
	_, w := fullPipe(t)
	cmd := exec.Command(bin, "find", "ripple-fan", "--unsolvable", "--count", "100000")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	blocked := func() bool {
		return waitingFor(cmd.Process.Pid, "pipe_write") || waitingFor(cmd.Process.Pid, "anon_pipe_write")
	}
	waitUntil(t, cmd, "blocked writing standard output", blocked)
	// SIGINT every 50 ms until it ends: signals sent closer together may
	// arrive as one.
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for deadline := time.After(30 * time.Second); ; {
		cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-done:
		case <-tick.C:
			continue
		case <-deadline:
			cmd.Process.Kill()
			<-done
			t.Fatal("still running 30 s after the first SIGINT")
		}
		break
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(stderr.String(), "patience: stopped by SIGINT at once: a second signal came") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
