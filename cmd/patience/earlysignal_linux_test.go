package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mainFrame matches a frame of the program's own code in Go's dump of
// goroutines.
var mainFrame = regexp.MustCompile(`(?m)^main\.`)

// earlyQuit starts bin with args, sends it SIGQUIT after delay, and says
// how it ended: "ours" when the program handled the signal (exit code
// want, no dump of goroutines); "killed" when the signal came before Go's
// runtime set up its handlers, so that the system's default ended the
// process (a shell reports 131); "runtime" when Go's runtime dumped its
// goroutines and exited 2 before the program's own code began (no frame of
// package main in the dump). Anything else is a failure, described in
// detail. The process is waited for, and killed if it lasts 60 s.
func earlyQuit(t *testing.T, bin, dir string, args []string, want int, delay time.Duration) (outcome, detail string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "GOTRACEBACK=all")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(delay)
	cmd.Process.Signal(syscall.SIGQUIT)
	if !waitOrKill(cmd, 60*time.Second) {
		return "hung", "still running 60 s after SIGQUIT"
	}
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	dump := strings.Contains(stderr.String(), "SIGQUIT: quit")
	switch {
	case ws.Signaled() && ws.Signal() == syscall.SIGQUIT:
		return "killed", ""
	case ws.Exited() && ws.ExitStatus() == 2 && dump && !mainFrame.MatchString(stderr.String()):
		return "runtime", ""
	case ws.Exited() && ws.ExitStatus() == want && !dump:
		return "ours", ""
	}
	frames := mainFrame.FindAllStringIndex(stderr.String(), -1)
	at := ""
	if len(frames) > 0 {
		s := stderr.String()[frames[0][0]:]
		at, _, _ = strings.Cut(s, "\n")
	}
	return "wrong", fmt.Sprintf("%v, dump %v, first frame of main %q; stderr %.300q", cmd.ProcessState, dump, at, stderr.String())
}

// TestEarlySignal: SIGQUIT sent early, from right after the program
// starts and then later and later by a millisecond, ends stats and
// merge with 131 and serve with 0, as the exit-code table says, from the
// moment the program's own code begins (its first variable, in boot.go).
// Before that, while Go's runtime and the imported packages start, the
// signal cannot be caught: the process is killed by it (a shell reports
// 131 too) or Go's runtime dumps its goroutines and exits 2. The test
// logs how long that window lasted (docs/reliability.md); a dump that
// shows the program's own code fails it. Core dumps are turned off.
func TestEarlySignal(t *testing.T) {
	bin := binary(t)
	var core syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CORE, &core); err == nil {
		off := core
		off.Cur = 0
		if syscall.Setrlimit(syscall.RLIMIT_CORE, &off) == nil {
			defer syscall.Setrlimit(syscall.RLIMIT_CORE, &core)
		}
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.jsonl")
	mkfifo(t, fifo)
	in := shardsOf(t, dir, "1-20")
	const step, handled = time.Millisecond, 3
	for _, c := range []struct {
		name string
		args []string
		want int
	}{
		{"stats", []string{"stats", "ripple-fan", "--deals", "1-100000", "--workers", "1", "--quiet"}, 131},
		{"merge", []string{"merge", in[0], fifo}, 131}, // waits for the pipe's writer
		{"serve", []string{"serve", "--addr", "127.0.0.1:0"}, 0},
	} {
		counts := map[string]int{}
		var lastEarly time.Duration
		ours := 0
		for d := time.Duration(0); ours < handled && d < time.Second; d += step {
			outcome, detail := earlyQuit(t, bin, dir, c.args, c.want, d)
			counts[outcome]++
			switch outcome {
			case "ours":
				ours++
			case "killed", "runtime":
				ours = 0
				lastEarly = d
			default:
				t.Errorf("%s, SIGQUIT after %v: %s", c.name, d, detail)
			}
		}
		if ours < handled {
			t.Errorf("%s: SIGQUIT not handled %d times in a row within 1 s of the start", c.name, handled)
		}
		t.Logf("%s: %d killed by SIGQUIT, %d dumped by Go's runtime, %d handled; the last not handled after %v",
			c.name, counts["killed"], counts["runtime"], counts["ours"], lastEarly)
	}
}
