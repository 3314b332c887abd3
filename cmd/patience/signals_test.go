package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
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

// stopAfter runs the program with args, sends sig after a delay and waits
// for it to end. On a loaded machine the signal can come before the
// program has set up its handler, and the signal itself ends it: then it
// tries again, waiting longer.
func stopAfter(t *testing.T, sig syscall.Signal, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	bin := binary(t)
	var cmd *exec.Cmd
	var out, errw bytes.Buffer
	for _, delay := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		cmd = exec.Command(bin, args...)
		out.Reset()
		errw.Reset()
		cmd.Stdout, cmd.Stderr = &out, &errw
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		cmd.Process.Signal(sig)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%v: still running 30 s after %v", args, sig)
		}
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			break
		}
		t.Logf("%v: %v came before the handler after %v; trying again", args, sig, delay)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errw.String()
}

// TestPlayStopped: play stopped by a signal shows the game so far, in
// JSON too (the record of the moves made, marked as stopped, which check
// reads), exits 128 plus the signal's number, and names the signal as
// SIGINT or SIGTERM; review names it the same way.
func TestPlayStopped(t *testing.T) {
	code, stdout, stderr := stopAfter(t, syscall.SIGINT, "play", "russian-cell", "617", "--player", "sampled", "--samples", "300", "--workers", "1", "--format", "json")
	if code != 130 {
		t.Fatalf("play --format json, SIGINT: exit %d, want 130; stdout %q, stderr %q", code, stdout, stderr)
	}
	sol, err := game.ReadRecord(strings.NewReader(stdout))
	if err != nil {
		t.Fatalf("play --format json, SIGINT: no record: %v\nstdout %q", err, stdout)
	}
	if sol.Play == nil || sol.Play.Outcome != game.OutcomeStopped || sol.Play.Signal != "SIGINT" || sol.Number != "617" ||
		sol.Verdict != rules.VerdictUnknown || sol.Reason != "interrupted" || len(sol.Play.Shares) != len(sol.Moves) {
		t.Errorf("the stopped game's record: %s", stdout)
	}
	n := len(sol.Moves)
	if want := fmt.Sprintf("patience: play stopped by SIGINT after %s: the game was not finished\n", wording.Moves(n)); stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	end, err := rules.Replay(dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617)), rules.DefaultOptions(), sol.Moves)
	if err != nil || end.Won() {
		t.Errorf("the %d moves recorded: %v, won %v", n, err, end != nil && end.Won())
	}
	rec := cliWriteFile(t, "stopped.json", stdout)
	r := cliRun(t, "", "check", rec)
	if r.code != exitCheck || !strings.HasPrefix(r.stdout, "nothing to check: a game stopped by SIGINT before it ended (the "+wording.Moves(n)+" played are legal") {
		t.Errorf("check of the stopped game: %v", r)
	}

	code, stdout, stderr = stopAfter(t, syscall.SIGTERM, "play", "russian-cell", "617", "--player", "sampled", "--samples", "300", "--workers", "1", "--ascii")
	if code != 143 || !strings.Contains(stderr, "patience: play stopped by SIGTERM after ") || !strings.Contains(stdout, "Played by the sampled player") {
		t.Errorf("play, SIGTERM: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	moves := cliWriteFile(t, "moves.txt", "QS t2>t5\n")
	code, stdout, stderr = stopAfter(t, syscall.SIGTERM, "review", "russian-cell", "617", "--moves", moves, "--samples", "5000", "--workers", "1")
	if code != 143 || stderr != "patience: review stopped by SIGTERM before it was done: nothing to report\n" {
		t.Errorf("review, SIGTERM: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
