//go:build unix

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

// TestClosedPipe: every command whose standard output is a pipe that its
// reader has closed (as head closes it) ends the same way, with exit code
// 141 (128 plus SIGPIPE's number, as a shell reports a process SIGPIPE
// kills), exiting rather than killed, with nothing on stderr, and leaves
// no temporary file: the records of stats --summary and solve --steps,
// which SIGPIPE used to kill where they stood, as merge --out - and stats
// --out -, which exited 1, and a search still listing its deals. In
// process, Main returns 141 for such a pipe.
func TestClosedPipe(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	results := filepath.Join(dir, "rf.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-50", "--out", results, "--quiet")
	for _, args := range [][]string{
		{"stats", "--summary", results, "--records"},
		{"stats", "--summary", results},
		{"solve", "russian-cell", "617", "--steps"},
		{"merge", results, "--out", "-"},
		{"merge", results, "--out", filepath.Join(dir, "m.jsonl")},
		{"stats", "ripple-fan", "--deals", "1-50", "--out", "-", "--quiet"},
		{"find", "russian-cell", "--unsolvable", "--count", "100000"},
		{"deal", "russian-cell", "617"},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close() // the reader is gone before the first write
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = w, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		if !waitOrKill(cmd, 60*time.Second) {
			t.Errorf("%v: still running 60 s after its output was closed", args)
			continue
		}
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ws.Exited() || ws.ExitStatus() != exitClosedPipe || stderr.Len() != 0 {
			t.Errorf("%v, standard output closed: %v, stderr %q; want exit %d and nothing on stderr", args, cmd.ProcessState, stderr.String(), exitClosedPipe)
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".tmp") {
				t.Errorf("%v left %s", args, e.Name())
			}
		}
	}
	if code := Main([]string{"deal", "russian-cell", "617"}, strings.NewReader(""), closedPipe{}, &bytes.Buffer{}); code != exitClosedPipe {
		t.Errorf("in process, a closed pipe: exit %d, want %d", code, exitClosedPipe)
	}
}

// closedPipe is an output whose reader has gone.
type closedPipe struct{}

func (closedPipe) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "|1", Err: syscall.EPIPE}
}
