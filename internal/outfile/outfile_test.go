//go:build unix

package outfile

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeString(s string) func(f *os.File) error {
	return func(f *os.File) error {
		_, err := io.WriteString(f, s)
		return err
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWriteReplaces: a new file is made with the umask's permissions, an
// existing one is replaced whole and keeps its permissions, and no
// temporary file is left.
func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out")
	if err := Write(context.Background(), name, Options{}, writeString("one\n")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, name); got != "one\n" {
		t.Errorf("new file: %q", got)
	}
	if err := os.Chmod(name, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := Write(context.Background(), name, Options{}, writeString("two\n")); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(name)
	if got := readFile(t, name); got != "two\n" || err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("replaced file: %q, %v, %v", got, st.Mode(), err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
}

// TestWriteRefuses: an input, a file another command holds locked, a
// stream where a file is wanted, a check that refuses, and a failed write
// all leave the output as it was (or absent), with no temporary file.
func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out")
	if err := os.WriteFile(name, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("out", link); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := Write(ctx, link, Options{Inputs: []string{name}}, writeString("new\n")); !errors.Is(err, ErrInput) {
		t.Errorf("an input through a link: %v", err)
	}
	refused := errors.New("refused")
	if err := Write(ctx, name, Options{Check: func(old *os.File) error {
		b, _ := io.ReadAll(old)
		if string(b) != "old\n" {
			t.Errorf("the check read %q", b)
		}
		return refused
	}}, writeString("new\n")); err != refused {
		t.Errorf("a refusing check: %v", err)
	}
	failed := errors.New("failed")
	if err := Write(ctx, name, Options{}, func(*os.File) error { return failed }); err != failed {
		t.Errorf("a failed write: %v", err)
	}
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := Lock(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(ctx, name, Options{}, writeString("new\n")); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "is being written by another patience run") {
		t.Errorf("a held file: %v", err)
	}
	unlock()
	f.Close()
	if got := readFile(t, name); got != "old\n" {
		t.Errorf("the output after refusals: %q", got)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err == nil {
		if err := Write(ctx, fifo, Options{FileOnly: true}, writeString("new\n")); !errors.Is(err, ErrNotFile) {
			t.Errorf("a pipe as a file: %v", err)
		}
		if err := Probe(fifo, Options{FileOnly: true}); !errors.Is(err, ErrNotFile) {
			t.Errorf("probe of a pipe as a file: %v", err)
		}
		os.Remove(fifo)
	}
	// A new output that fails is not left behind.
	gone := filepath.Join(dir, "gone")
	if err := Write(ctx, gone, Options{}, func(*os.File) error { return failed }); err != failed {
		t.Errorf("a failed write of a new file: %v", err)
	}
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("a failed new output is there: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("files left: %v", ents)
	}
}

// TestWriteStopped: a context that ends while the content is written
// leaves the output as it was, and no temporary file.
func TestWriteStopped(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out")
	if err := os.WriteFile(name, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	block := make(chan struct{})
	defer close(block)
	err := Write(ctx, name, Options{}, func(f *os.File) error {
		f.WriteString("partial")
		cancel()
		<-block // as a write to a pipe that nothing reads
		return nil
	})
	if !errors.Is(err, ErrStopped) || !strings.Contains(err.Error(), name) {
		t.Errorf("stopped: %v", err)
	}
	if got := readFile(t, name); got != "old\n" {
		t.Errorf("the output after a stop: %q", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
}

// TestStaleTemps: only files of the temporary files' form, for the same
// output, that no process holds locked, are removed.
func TestStaleTemps(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "rc.jsonl")
	keep := []string{"rc.jsonl.merge-1", "rc.jsonl.merge-20261205", ".rc.jsonl.patience-1.tmp", ".rc.jsonl.patience-0123456789abcdef.tmp.old",
		".other.jsonl.patience-0123456789abcdef.tmp", ".rc.jsonl.patience-0123456789ABCDEF.tmp"}
	for _, k := range keep {
		if err := os.WriteFile(filepath.Join(dir, k), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stale := filepath.Join(dir, ".rc.jsonl.patience-0123456789abcdef.tmp")
	if err := os.WriteFile(stale, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	live := filepath.Join(dir, ".rc.jsonl.patience-fedcba9876543210.tmp")
	lf, err := os.Create(live)
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	if _, err := Lock(lf); err != nil {
		t.Fatal(err)
	}
	if err := Write(context.Background(), name, Options{}, writeString("x\n")); err != nil {
		t.Fatal(err)
	}
	for _, k := range keep {
		if _, err := os.Stat(filepath.Join(dir, k)); err != nil {
			t.Errorf("%s: %v; want it kept", k, err)
		}
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("the live temporary file: %v", err)
	}
}

// TestQuiesce: a process that must end at once, while an output is being
// written, first removes the temporary file and the new empty output.
func TestQuiesce(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out")
	written := make(chan struct{})
	block := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- Write(context.Background(), name, Options{}, func(f *os.File) error {
			f.WriteString("partial")
			close(written)
			<-block
			return nil
		})
	}()
	<-written
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Fatalf("while writing: %v; want the held output and its temporary file", ents)
	}
	Quiesce()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("after Quiesce: %v", ents)
	}
	// Quiesce leaves renames waiting for ever; let this test's Write go
	// no further than its write, and the package usable for others.
	guard.Unlock()
	mu.Lock()
	for h := range live {
		h.replaced = true // nothing of it is left to remove
	}
	mu.Unlock()
	close(block)
	<-done
}
