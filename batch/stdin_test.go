package batch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// shardFiles writes the two shards of a Ripple Fan run of deals 1-40 in
// dir, and returns their paths and contents.
func shardFiles(t *testing.T, dir string) ([]string, [][]byte) {
	t.Helper()
	var names []string
	var data [][]byte
	for i := range 2 {
		h := Header{Game: rules.RippleFan, Deals: "1-40", Shard: Shard{uint64(i), 2}, MaxNodes: 100}
		var lines []string
		for n := i + 1; n <= 40; n += 2 {
			lines = append(lines, line(n))
		}
		name := writeFile(t, filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i)), h, lines)
		names = append(names, name)
		data = append(data, fileBytes(t, name))
	}
	return names, data
}

// emptyDir fails the test unless dir holds nothing: the copy of standard
// input is removed at once.
func emptyDir(t *testing.T, dir string) {
	t.Helper()
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("%s holds %d files after the read", dir, len(left))
	}
}

// TestReadStdin: with ReadStdin, "-" is standard input, read once and
// copied to a temporary file that is removed at once; merged and
// summarised as the file it holds, named "standard input" in messages,
// and refused when given twice.
func TestReadStdin(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	names, data := shardFiles(t, t.TempDir())
	var want bytes.Buffer
	if _, err := Merge(names, &want); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	m, err := Merge([]string{names[0], "-"}, &got, ReadStdin(bytes.NewReader(data[1])))
	if err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) || m.Summary.Total() != 40 {
		t.Fatalf("merge of a file and standard input: %v; %d bytes, want %d", err, got.Len(), want.Len())
	}
	sum, _, err := SummarizeFiles([]string{"-", names[1]}, ReadStdin(bytes.NewReader(data[0])))
	if err != nil || sum.Total() != 40 {
		t.Fatalf("summary of standard input and a file: %v", err)
	}
	emptyDir(t, tmp)

	_, err = Merge([]string{"-", names[1], "-"}, nil, ReadStdin(bytes.NewReader(data[0])))
	var p ResultsProblems
	if !errors.As(err, &p) || err.Error() != "- (standard input) is given twice: it can be read once" {
		t.Errorf("- twice: got %v", err)
	}
	h := Header{Game: rules.RippleFan, Deals: "1-40", Shard: Whole, MaxNodes: 100}
	stray := fileBytes(t, writeFile(t, filepath.Join(t.TempDir(), "stray.jsonl"), h, []string{line(1), line(99)}))
	want1 := `standard input line 3: deal 99 is not in the declared deals "1-40"`
	if _, _, err := SummarizeFiles([]string{"-"}, ReadStdin(bytes.NewReader(stray))); err == nil || err.Error() != want1 {
		t.Errorf("a stray line on standard input: got %v, want %q", err, want1)
	}
	// Standard input redirected from a file given too, before or after.
	same, err := os.Open(names[0])
	if err != nil {
		t.Fatal(err)
	}
	defer same.Close()
	for _, list := range [][]string{{names[0], "-"}, {"-", names[0]}} {
		same.Seek(0, 0)
		_, err = Merge(list, nil, ReadStdin(same))
		if !errors.As(err, &p) || !strings.Contains(err.Error(), "are the same file: each file counts once") {
			t.Errorf("%q with standard input from %s: got %v", list, names[0], err)
		}
	}
	// Without ReadStdin, "-" is a file of that name.
	if _, err := Merge([]string{"-"}, nil); err == nil || !strings.HasPrefix(err.Error(), "-: cannot open it") {
		t.Errorf("- without ReadStdin: got %v", err)
	}
}

// TestSpoolKeepsSpaceFree: standard input is copied to the temporary
// directory only while its file system keeps spoolReserve free; past that
// the read stops with a *SpoolSpaceError, and the copy is gone.
func TestSpoolKeepsSpaceFree(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	names, data := shardFiles(t, t.TempDir())
	old := spoolFreeSpace
	t.Cleanup(func() { spoolFreeSpace = old })
	var asked []string
	spoolFreeSpace = func(dir string) (uint64, error) {
		asked = append(asked, dir)
		return spoolReserve + 100, nil // less than the input takes beyond the reserve
	}
	_, err := Merge([]string{names[0], "-"}, nil, ReadStdin(bytes.NewReader(data[1])))
	var se *SpoolSpaceError
	if !errors.As(err, &se) || se.Avail != spoolReserve+100 || !strings.HasPrefix(err.Error(), "standard input: it is read more than once") || !strings.Contains(err.Error(), "set TMPDIR") {
		t.Fatalf("got %v, want a SpoolSpaceError", err)
	}
	if len(asked) == 0 || asked[0] != filepath.Clean(tmp) {
		t.Errorf("free space asked of %q, want %q", asked, tmp)
	}
	emptyDir(t, tmp)
	spoolFreeSpace = func(string) (uint64, error) { return spoolReserve + uint64(len(data[1])), nil }
	if _, err := Merge([]string{names[0], "-"}, nil, ReadStdin(bytes.NewReader(data[1]))); err != nil {
		t.Errorf("with just room enough: %v", err)
	}
}
