package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHangUpAndQuit: SIGHUP and SIGQUIT stop a stats run as SIGTERM does
// (the finished lines kept, the summary printed, exit 128 plus the
// signal's number), and solve reports its unknown verdict; SIGQUIT outside
// a run ends the program with one line and exit 131, never with a dump of
// its goroutines and exit 2.
func TestHangUpAndQuit(t *testing.T) {
	bin := binary(t)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGQUIT} {
		out := filepath.Join(t.TempDir(), "rc.jsonl")
		cmd := exec.Command(bin, "stats", "russian-cell", "--deals", "1-100000", "--workers", "1", "--out", out, "--quiet")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the first results, so that the handler is set up.
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if b, _ := os.ReadFile(out); bytes.Count(b, []byte("\n")) > 1 {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("%v: no results within 30 s", sig)
			}
		}
		cmd.Process.Signal(sig)
		cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		lines := bytes.Count(cliReadFileBytes(t, out), []byte("\n")) - 1
		if code != 128+int(sig) || !strings.Contains(stdout.String(), "Interrupted: ") ||
			!strings.Contains(stderr.String(), "patience: interrupted: ") || strings.Contains(stderr.String(), "goroutine") {
			t.Errorf("stats, %v: exit %d, want %d\nstdout %q\nstderr %q", sig, code, 128+int(sig), stdout.String(), stderr.String())
		}
		if want := "Interrupted: " + thousands(int64(lines)) + " of 100,000 deals done."; !strings.Contains(stdout.String(), want) {
			t.Errorf("stats, %v: %d lines kept, the summary says %q", sig, lines, stdout.String())
		}
	}

	// Deal 144953: seconds of search on one core.
	cmd := exec.Command(bin, "solve", "russian-cell", "144953", "--workers", "1", "--format", "json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGQUIT)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 131 || !strings.Contains(stdout.String(), `"reason":"interrupted"`) {
		t.Errorf("solve, SIGQUIT: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}

	// check waiting for its input: no run to stop.
	cmd = exec.Command(bin, "check", "-")
	stdout.Reset()
	stderr.Reset()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGQUIT)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 131 || stderr.String() != "patience: stopped by SIGQUIT\n" || stdout.Len() != 0 {
		t.Errorf("check -, SIGQUIT: exit %d, stdout %q, stderr %.200q", code, stdout.String(), stderr.String())
	}
}

func cliReadFileBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
