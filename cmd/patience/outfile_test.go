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

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/outfile"
)

// TestMergeNeverReplacesAnotherFile: merge --out locks its --out (here a
// new one), and before it renames the merged file over the name it checks
// that the name still leads to the file it locked. In both orders of the
// race (the name removed and a stats run writing a file of that name; the
// name removed or moved away), merge refuses with exit 1 and leaves what
// is at the name as it is: the stats run's results are never lost.
func TestMergeNeverReplacesAnotherFile(t *testing.T) {
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-200")
	for _, moveAway := range []bool{false, true} {
		out := filepath.Join(dir, "new.jsonl")
		os.Remove(out)
		os.Remove(out + ".moved")
		paused, resume := make(chan struct{}), make(chan struct{})
		outfile.BeforeReplace = func() {
			close(paused)
			<-resume
		}
		done := make(chan cliResult, 1)
		go func() {
			var o, e bytes.Buffer
			code := Main([]string{"merge", in[0], in[1], "--out", out}, strings.NewReader(""), &o, &e)
			done <- cliResult{code: code, stdout: o.String(), stderr: e.String()}
		}()
		select {
		case <-paused:
		case r := <-done:
			t.Fatalf("merge ended before replacing --out: %v", r)
		}
		// While merge holds the name, the name is removed and a stats
		// run writes a new file of that name, whole.
		if err := os.Remove(out); err != nil {
			t.Fatal(err)
		}
		if code, _, errs := runMain(t, "stats", "ripple-fan", "--deals", "1-50", "--out", out, "--quiet"); code != 0 {
			t.Fatalf("stats on the removed name: exit %d, %s", code, errs)
		}
		kept := out
		if moveAway {
			// ... and moved away: the name leads nowhere.
			kept = out + ".moved"
			if err := os.Rename(out, kept); err != nil {
				t.Fatal(err)
			}
		}
		close(resume)
		r := <-done
		outfile.BeforeReplace = nil
		if r.code != exitInternal || !strings.Contains(r.stderr, "was replaced or removed while the command held it") {
			t.Errorf("move away %v: merge exit %d, stderr %q; want exit 1, refused", moveAway, r.code, r.stderr)
		}
		if n := len(strippedLines(t, kept)); n != 50 {
			t.Errorf("move away %v: %s holds %d result lines, want the stats run's 50", moveAway, kept, n)
		}
		if _, err := os.Stat(out); moveAway && !os.IsNotExist(err) {
			t.Errorf("merge wrote %s after it was moved away: %v", out, err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".new.jsonl.patience-*")); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}
}

// TestCatalogueOut: catalogue build -o and catalogue label -o write
// through the one output routine: never over one of their inputs, nor a
// results file that a run holds, nor (without --force) a file that is not
// a catalogue; a link is followed and stays; a named pipe, a device and
// standard output are written as they are, never replaced by a file.
func TestCatalogueOut(t *testing.T) {
	dir := t.TempDir()
	f := func(name string) string { return filepath.Join(dir, name) }
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-20", "--out", f("rc.jsonl"), "--quiet", "--workers", "1")
	build := func(out string, extra ...string) cliResult {
		return cliRun(t, "", append([]string{"catalogue", "build", "russian-cell", f("rc.jsonl"), "-o", out}, extra...)...)
	}
	isCatalogue := func(name string) bool {
		b, err := os.ReadFile(name)
		if err != nil {
			return false
		}
		_, err = catalogue.Parse(b)
		return err == nil
	}
	results := cliReadFileBytes(t, f("rc.jsonl"))

	// Its own input: refused, the input as it was.
	if r := build(f("rc.jsonl")); r.code != exitUsage || !strings.Contains(r.stderr, "is one of the files the command reads") {
		t.Errorf("-o its input: %v", r)
	}
	if !bytes.Equal(cliReadFileBytes(t, f("rc.jsonl")), results) {
		t.Error("-o its input changed the input")
	}

	// A results file that a run holds (locked as stats locks it).
	copyFile(t, f("rc.jsonl"), f("live.jsonl"))
	lf, err := os.OpenFile(f("live.jsonl"), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := outfile.Lock(lf)
	if err != nil {
		t.Fatal(err)
	}
	if r := build(f("live.jsonl"), "--force"); r.code != exitUsage || !strings.Contains(r.stderr, "is being written by another patience run") {
		t.Errorf("-o a file a run holds: %v", r)
	}
	unlock()
	lf.Close()
	if !bytes.Equal(cliReadFileBytes(t, f("live.jsonl")), results) {
		t.Error("-o a file a run holds changed it")
	}

	// A file that is not a catalogue: only with --force.
	if r := build(f("live.jsonl")); r.code != exitUsage || !strings.Contains(r.stderr, "is not a catalogue: give --force") {
		t.Errorf("-o a results file: %v", r)
	}
	if r := build(f("live.jsonl"), "--force"); r.code != exitOK || !isCatalogue(f("live.jsonl")) {
		t.Errorf("-o a results file with --force: %v", r)
	}

	// A link to a file: the file is written, with its permissions, and
	// the link stays.
	if err := os.WriteFile(f("real.cat"), nil, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.cat", f("link.cat")); err != nil {
		t.Fatal(err)
	}
	if r := build(f("link.cat")); r.code != exitOK {
		t.Errorf("-o a link: %v", r)
	}
	if st, err := os.Lstat(f("link.cat")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link is no longer a link")
	}
	if st, err := os.Stat(f("real.cat")); err != nil || !isCatalogue(f("real.cat")) || st.Mode().Perm() != 0o640 {
		t.Errorf("the link's file: a catalogue %v, %v", isCatalogue(f("real.cat")), err)
	}

	// label -o one of its inputs.
	if r := cliRun(t, "", "catalogue", "label", "russian-cell", f("rc.jsonl"), f("rc.jsonl"), "-o", f("rc.jsonl")); r.code != exitUsage || !strings.Contains(r.stderr, "is one of the files the command reads") {
		t.Errorf("label -o its input: %v", r)
	}
	if !bytes.Equal(cliReadFileBytes(t, f("rc.jsonl")), results) {
		t.Error("label -o its input changed the input")
	}

	// A named pipe stays a pipe, and its reader gets the catalogue.
	fifo := f("fifo")
	mkfifo(t, fifo)
	got := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	if r := build(fifo); r.code != exitOK {
		t.Errorf("-o a named pipe: %v", r)
	}
	if b := <-got; len(b) == 0 {
		t.Error("the pipe's reader got nothing")
	} else if _, err := catalogue.Parse(b); err != nil {
		t.Errorf("the pipe's reader got no catalogue: %v", err)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe is no longer a pipe: %v", err)
	}

	// A device of its own, where this user may make one (as root): a
	// null device in the test's folder stays a device.
	dev := f("null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		if r := build(dev); r.code != exitOK {
			t.Errorf("-o a device: %v", r)
		}
		if st, err := os.Lstat(dev); err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("the device is no longer a device: %v", err)
		}
	} else {
		t.Logf("no device made (%v): that case is left out", err)
	}

	// Standard output: "-", and a link to /proc/self/fd/1, in the real
	// program; the summary goes to stderr.
	if _, err := os.Stat("/proc/self/fd/1"); err != nil {
		return
	}
	if err := os.Symlink("/proc/self/fd/1", f("stdout")); err != nil {
		t.Fatal(err)
	}
	bin := binary(t)
	for _, out := range []string{"-", f("stdout")} {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, "catalogue", "build", "russian-cell", f("rc.jsonl"), "-o", out)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("-o %s: %v: %s", out, err, stderr.String())
			continue
		}
		if _, err := catalogue.Parse(stdout.Bytes()); err != nil {
			t.Errorf("-o %s: standard output is not a catalogue: %v", out, err)
		}
		if !strings.Contains(stderr.String(), "Russian Cell deals 1..20") {
			t.Errorf("-o %s: the summary is not on stderr: %q", out, stderr.String())
		}
	}
	if st, err := os.Lstat(f("stdout")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link to standard output is no longer a link")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
