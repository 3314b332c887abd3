//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal and returns its controlling side and
// the terminal the program writes to.
func openPTY(t *testing.T) (ctl, tty *os.File) {
	t.Helper()
	ctl, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(ctl.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		ctl.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		ctl.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		ctl.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	return ctl, tty
}

// TestFindProgressOnTerminal runs find with stderr on a terminal: the bar
// shows there (found of wanted, deals looked at), the deal numbers go to
// stdout alone, and --quiet leaves the terminal blank.
// findBar is a frame of find's progress line.
var findBar = regexp.MustCompile(`found [0-2] of 2; [0-9,]+ deals looked at`)

func TestFindProgressOnTerminal(t *testing.T) {
	bin := binary(t)
	for _, quiet := range []bool{false, true} {
		ctl, tty := openPTY(t)
		// --no-catalogue: the bar is for a search, and the catalogue
		// answers these deals without one.
		args := []string{"find", "ripple-fan", "--count", "2", "--workers", "1", "--no-catalogue"}
		if quiet {
			args = append(args, "--quiet")
		}
		cmd := exec.Command(bin, args...)
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		cmd.Stderr = tty
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tty.Close() // the child holds its own copy
		seen := make(chan string)
		go func() {
			b, _ := io.ReadAll(ctl) // ends with EIO once the child has closed the terminal
			seen <- string(b)
		}()
		err := cmd.Wait()
		term := <-seen
		ctl.Close()
		if err != nil || stdout.String() != "2217\n2997\n" {
			t.Fatalf("quiet %v: %v, stdout %q", quiet, err, stdout.String())
		}
		// The first frame may come before or after the first deals are
		// looked at, as the machine's load has it.
		if shown := findBar.MatchString(term); shown == quiet {
			t.Errorf("quiet %v: the terminal shows %q", quiet, term)
		}
		if quiet && term != "" {
			t.Errorf("--quiet: the terminal shows %q", term)
		}
	}
}
