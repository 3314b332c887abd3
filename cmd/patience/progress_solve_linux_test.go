//go:build linux

package main

import (
	"bytes"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestSolveProgressOnTerminal: a search that runs for more than a second
// shows, on a terminal, the positions searched and the rate; off a
// terminal (and for a quick search) stderr stays blank.
func TestSolveProgressOnTerminal(t *testing.T) {
	bin := binary(t)
	for _, c := range []struct {
		args []string
		show bool
	}{
		// Deal 385 with a table of 1 MB: 5 million positions take a few
		// seconds, well over the second before progress shows, even on a
		// quiet, fast machine (1.5 million took 0.7 to 1.1 s here).
		{[]string{"solve", "russian-cell", "385", "--workers", "1", "--memory", "1", "--max-nodes", "5000000"}, true},
		{[]string{"hint", "russian-cell", "385", "--workers", "1", "--memory", "1", "--max-nodes", "5000000"}, true},
		{[]string{"solve", "russian-cell", "617", "--workers", "1"}, false},
	} {
		ctl, tty := openPTY(t)
		cmd := exec.Command(bin, c.args...)
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		cmd.Stderr = tty
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tty.Close()
		seen := make(chan string)
		go func() {
			b, _ := io.ReadAll(ctl)
			seen <- string(b)
		}()
		err := cmd.Wait()
		term := <-seen
		ctl.Close()
		if err != nil || stdout.Len() == 0 {
			t.Fatalf("%q: %v, stdout %q", c.args, err, stdout.String())
		}
		shown := regexp.MustCompile(`searched [0-9,]+ positions, [0-9,]+ positions/s`).MatchString(term)
		if shown != c.show {
			t.Errorf("%q: the terminal shows %q", c.args, term)
		}
		if strings.Contains(term, " 0 positions/") {
			t.Errorf("%q: a rate of 0 shown: %q", c.args, term)
		}
	}
	// Off a terminal: nothing on stderr.
	r := exec.Command(bin, "solve", "russian-cell", "385", "--workers", "1", "--memory", "1", "--max-nodes", "2000000")
	var stderr bytes.Buffer
	r.Stderr = &stderr
	if err := r.Run(); err != nil || stderr.Len() != 0 {
		t.Errorf("off a terminal: %v, stderr %q", err, stderr.String())
	}
}
