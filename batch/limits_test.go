package batch

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// sparseFile makes a file of size bytes that takes no disk space: a hole
// of zero bytes after head.
func sparseFile(t *testing.T, name string, head string, size int64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestHugeLinesRefused: a results file or a deals file whose line runs on
// for 100 MB is refused quickly, after reading at most maxLine bytes of
// it, with one line naming the file and the line.
func TestHugeLinesRefused(t *testing.T) {
	const size = 100 << 20
	header := `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100000000}` + "\n"
	record := `{"number":"1","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}` + "\n"
	hugeHeader := sparseFile(t, "header.jsonl", "", size)
	hugeRecord := sparseFile(t, "record.jsonl", header+record, size)
	hugeDeals := sparseFile(t, "deals.txt", "1-5\n", size)

	check := func(what string, err error, want string) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: accepted", what)
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, want) || !strings.Contains(msg, "longer than 16 MiB") {
			t.Errorf("%s: %q; want one line with %q and the cap", what, msg, want)
		}
	}
	_, _, err := SummarizeFiles([]string{hugeHeader})
	check("summary of a huge first line", err, "header.jsonl line 1")
	_, _, err = SummarizeFiles([]string{hugeRecord})
	check("summary of a huge result line", err, "record.jsonl line 3")
	_, err = Merge([]string{hugeRecord}, nil)
	check("merge", err, "record.jsonl line 3")

	f, err := os.Open(hugeDeals)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	src := &countingReader{r: f}
	_, err = ReadDeals(src, "deals.txt")
	check("deals file", err, "deals.txt line 2")
	if src.n > maxLine+1<<20 {
		t.Errorf("read %d bytes of the deals file to refuse it, more than the cap", src.n)
	}

	cfg := testConfig(t, rules.RippleFan, "1-10")
	cfg.Out = hugeRecord
	_, err = Open(cfg)
	check("resume", err, "record.jsonl line 3")
	if st, _ := os.Stat(hugeRecord); st.Size() != size {
		t.Errorf("a refused results file changed size to %d", st.Size())
	}
}

// TestLineCapIsExact: a line of exactly maxLine bytes is read (and then
// judged on its content); one byte more is refused.
func TestLineCapIsExact(t *testing.T) {
	line := bytes.Repeat([]byte(" "), maxLine)
	line[len(line)-1] = '\n' // maxLine bytes with the newline
	_, err := ReadDeals(bytes.NewReader(line), "blank.txt")
	if err == nil || !strings.Contains(err.Error(), "blank.txt names no deals") {
		t.Errorf("a blank line of exactly maxLine bytes: %v; want it read (and the file found to name no deals)", err)
	}
	long := append([]byte(" "), line...)
	_, err = ReadDeals(bytes.NewReader(long), "long.txt")
	if err == nil || !strings.Contains(err.Error(), "long.txt line 1: the line is longer than 16 MiB") {
		t.Errorf("a line of maxLine+1 bytes: %v", err)
	}
}

// TestHeaderTooLongRefused: a run whose list of deals could not be read
// back from its results header is refused before anything is written.
func TestHeaderTooLongRefused(t *testing.T) {
	// Scattered deals with long numbers: few items, a long header.
	var b strings.Builder
	big := strings.Repeat("9", 300)
	for n := 1; b.Len() < maxLine; n += 2 {
		b.WriteString(",")
		b.WriteString(big)
		b.WriteString(itoa(n))
	}
	l, err := ParseDeals(b.String()[1:])
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "r.jsonl")
	_, err = Open(Config{Game: rules.RippleFan, Deals: l, Solver: solver.Config{Workers: 1}, Out: out})
	if err == nil || !strings.Contains(err.Error(), "too long to record in the header") {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the results file was created: %v", err)
	}
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// TestSpaceCheck: with a file system reported nearly full, a run whose
// result lines cannot fit is refused before it starts and leaves no file;
// a run that fits, or whose free space is unknown, goes on. A resumed run
// counts only the deals left. The estimate is below what the lines really
// take.
func TestSpaceCheck(t *testing.T) {
	dir := t.TempDir()
	free := func(n uint64) func(string) (uint64, error) {
		return func(d string) (uint64, error) {
			if d != dir {
				t.Errorf("free space asked of %s, want %s", d, dir)
			}
			return n, nil
		}
	}
	cfg := testConfig(t, rules.RippleFan, "1-3000")
	cfg.Out = filepath.Join(dir, "r.jsonl")
	// 3,000 lines of at least 68 bytes (the shortest deal number has one
	// digit): 204,000 bytes.
	min := uint64(3000 * (minLineBytes + 1))
	cfg.FreeSpace = free(min - 1)
	_, err := Open(cfg)
	var se *SpaceError
	if !errors.As(err, &se) || se.Deals != 3000 || se.Need != min || se.Avail != min-1 {
		t.Fatalf("got %v, want a SpaceError for 3000 deals, %d bytes", err, min)
	}
	if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "r.jsonl: the results of 3000 more deals need at least 0.2 MB") || strings.Contains(msg, "--") || !strings.HasPrefix(msg, se.Shortfall()+": ") {
		t.Errorf("message: %q", msg)
	}
	if _, err := os.Stat(cfg.Out); !os.IsNotExist(err) {
		t.Errorf("a refused run left its results file: %v", err)
	}

	cfg.FreeSpace = func(string) (uint64, error) { return 0, errors.New("unknown") }
	r, err := Open(cfg) // unknown free space: no check
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	cfg.FreeSpace = free(min)
	res := run(t, cfg)
	st, err := os.Stat(cfg.Out)
	if err != nil || uint64(st.Size()) < min {
		t.Fatalf("the file takes %d bytes, less than the estimate %d", st.Size(), min)
	}
	t.Logf("3,000 Ripple Fan deals: estimate %d bytes, file %d bytes", min, st.Size())
	if res.Done != 3000 {
		t.Fatalf("done %d", res.Done)
	}

	// Resume a file that is missing its last 100 lines: 100 deals to go.
	data, _ := os.ReadFile(cfg.Out)
	lines := strings.SplitAfter(string(data), "\n")
	os.WriteFile(cfg.Out, []byte(strings.Join(lines[:len(lines)-101], "")), 0o644)
	cfg.FreeSpace = free(100*uint64(minLineBytes+1) - 1)
	if _, err := Open(cfg); !errors.As(err, &se) || se.Deals != 100 {
		t.Fatalf("resume with too little space: %v", err)
	}
	if _, err := os.Stat(cfg.Out); err != nil {
		t.Fatalf("a refused resume removed the results file: %v", err)
	}
	cfg.FreeSpace = free(100 * uint64(minLineBytes+1))
	if res := run(t, cfg); res.Done != 3000 || res.Resumed != 2900 {
		t.Fatalf("resume: done %d, resumed %d", res.Done, res.Resumed)
	}
}

// TestMegabytes: sizes read well, up to the largest.
func TestMegabytes(t *testing.T) {
	for _, c := range []struct {
		b    uint64
		want string
	}{{1_500_000, "1.5 MB"}, {70_000_000, "70 MB"}, {9_999_999_999_999, "10000000 MB"}, {10_000_000_000_000, "10 TB"}, {^uint64(0), "18446744 TB"}} {
		if got := megabytes(c.b); got != c.want {
			t.Errorf("megabytes(%d) = %q, want %q", c.b, got, c.want)
		}
	}
}
