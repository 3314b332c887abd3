package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/outfile"
)

// shardsOf writes the two shards of a Ripple Fan run of deals in dir, and
// returns their paths.
func shardsOf(t *testing.T, dir, deals string) []string {
	t.Helper()
	var names []string
	for i := range 2 {
		name := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		if code, _, errs := runMain(t, "stats", "ripple-fan", "--deals", deals, "--shard", fmt.Sprintf("%d/2", i), "--out", name, "--quiet"); code != 0 {
			t.Fatal(errs)
		}
		names = append(names, name)
	}
	return names
}

// TestMergeHoldsNewOut: merge --out holds a file that did not exist from
// before its first byte until it has replaced it, so that a stats run on
// the same name in between is refused as a second stats run is, and
// nothing is lost; a merge that fails leaves no file.
func TestMergeHoldsNewOut(t *testing.T) {
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-200")
	out := filepath.Join(dir, "race.jsonl")
	paused, resume := make(chan struct{}), make(chan struct{})
	outfile.BeforeReplace = func() {
		close(paused)
		<-resume
	}
	defer func() { outfile.BeforeReplace = nil }()
	type result struct {
		code      int
		out, errs string
	}
	done := make(chan result, 1)
	go func() {
		var o, e bytes.Buffer
		code := Main([]string{"merge", in[0], in[1], "--out", out}, strings.NewReader(""), &o, &e)
		done <- result{code, o.String(), e.String()}
	}()
	select {
	case <-paused:
	case r := <-done:
		t.Fatalf("merge did not hold --out before replacing it: exit %d, %s", r.code, r.errs)
	}
	code, _, errs := runMain(t, "stats", "russian-cell", "--deals", "1-3", "--out", out, "--quiet")
	if code != 2 || !strings.Contains(errs, out+" is being written by another patience run") {
		t.Errorf("stats while merge holds --out: exit %d, %q", code, errs)
	}
	close(resume)
	r := <-done
	if r.code != 0 {
		t.Fatalf("merge: exit %d: %s", r.code, r.errs)
	}
	h, err := readHeaderOf(out)
	if err != nil || h.Game.String() != "ripple-fan" || len(strippedLines(t, out)) != 200 {
		t.Errorf("merged file: %+v, %v, %d lines", h, err, len(strippedLines(t, out)))
	}

	// A merge with a problem leaves no file where there was none.
	gone := filepath.Join(dir, "gone.jsonl")
	if code, _, _ := runMain(t, "merge", in[0], "--out", gone); code != 2 {
		t.Errorf("merge of one shard of two: exit %d", code)
	}
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("a failed merge left %s: %v", gone, err)
	}
}

// TestMergeOutLinkAndMode: merge --out through a symbolic link writes the
// link's file and leaves the link; a new file gets the umask's
// permissions, and an existing file keeps its own.
func TestMergeOutLinkAndMode(t *testing.T) {
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-100")
	link, real := filepath.Join(dir, "link.jsonl"), filepath.Join(dir, "real.jsonl")
	if err := os.Symlink("real.jsonl", link); err != nil {
		t.Fatal(err)
	}
	old := umask(0o077)
	code, _, errs := runMain(t, "merge", in[0], in[1], "--out", link)
	umask(old)
	if code != 0 {
		t.Fatal(errs)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v, %v", st.Mode(), err)
	}
	if st, err := os.Stat(real); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("new file under umask 077: %v, %v; want -rw-------", st.Mode(), err)
	}
	if len(strippedLines(t, real)) != 100 {
		t.Errorf("the link's file does not hold the merged results")
	}
	if err := os.Chmod(real, 0o640); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runMain(t, "merge", in[0], in[1], "--out", link); code != 0 {
		t.Fatal(errs)
	}
	if st, err := os.Stat(real); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("replaced file: %v, %v; want its -rw-r----- kept", st.Mode(), err)
	}
}

// TestOutToStandardOutput: --out naming standard output (a link to
// /proc/self/fd/1, as /dev/stdout is) writes the results there, through
// the descriptor, and the summary on stderr; the link stays. The real
// program is run, with a file as its standard output.
func TestOutToStandardOutput(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd/1"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	bin := binary(t)
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-100")
	link := filepath.Join(dir, "stdout")
	if err := os.Symlink("/proc/self/fd/1", link); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"merge", in[0], in[1], "--out", link},
		{"stats", "ripple-fan", "--deals", "1-100", "--out", link, "--quiet"},
		{"stats", "ripple-fan", "--deals", "1-100", "--out", "-", "--quiet"},
	} {
		res := filepath.Join(dir, "o.txt")
		f, err := os.Create(res)
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = f, &stderr
		err = cmd.Run()
		f.Close()
		if err != nil {
			t.Errorf("%v: %v: %s", args, err, stderr.String())
			continue
		}
		if n := len(strippedLines(t, res)); n != 100 {
			t.Errorf("%v: standard output holds %d result lines, want 100", args, n)
		}
		if _, err := readHeaderOf(res); err != nil {
			t.Errorf("%v: standard output is not a results file: %v", args, err)
		}
		if !strings.Contains(stderr.String(), "Ripple Fan, deals 1-100") {
			t.Errorf("%v: the summary is not on stderr: %q", args, stderr.String())
		}
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%v: the link is no longer a link", args)
		}
	}
}

// TestOutToPipeDescriptor: --out through a link to a descriptor of a pipe
// writes the results into the pipe.
func TestOutToPipeDescriptor(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-60")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	link := filepath.Join(dir, "pipe")
	if err := os.Symlink(fmt.Sprintf("/proc/self/fd/%d", w.Fd()), link); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte, 1)
	go func() {
		var b bytes.Buffer
		b.ReadFrom(r)
		got <- b.Bytes()
	}()
	code, _, errs := runMain(t, "merge", in[0], in[1], "--out", link)
	w.Close()
	data := <-got
	if code != 0 {
		t.Fatal(errs)
	}
	if n := bytes.Count(data, []byte("\n")); n != 61 {
		t.Errorf("the pipe got %d lines, want a header and 60 results", n)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link is no longer a link")
	}
}

// TestResultsFromPipes: results files given as pipes (process
// substitution, standard input) are read once: summary and merge work.
func TestResultsFromPipes(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	shardsOf(t, dir, "1-100")
	out := shell(t, dir, `patience stats --summary <(cat s0.jsonl) --format json
cat s1.jsonl | patience stats --summary /dev/stdin --format json
patience merge s0.jsonl <(cat s1.jsonl) --out m.jsonl | sed -n 1p
patience stats --summary --records --format csv <(cat s0.jsonl) s1.jsonl | wc -l`)
	if strings.Count(out, `"deals":50,`) != 2 || !strings.Contains(out, "Ripple Fan, deals 1-100 (from 2 files)\n") || !strings.HasSuffix(strings.TrimSpace(out), "\n101") {
		t.Errorf("two summaries of 50 deals, a merge of 100 and 101 CSV rows expected:\n%s", out)
	}
	if n := len(strippedLines(t, filepath.Join(dir, "m.jsonl"))); n != 100 {
		t.Errorf("merged file from a pipe: %d lines", n)
	}
}

// TestPlotThroughLink: --plot through a symbolic link draws the link's
// file, which keeps its permissions, and leaves the link.
func TestPlotThroughLink(t *testing.T) {
	dir := t.TempDir()
	link, real := filepath.Join(dir, "p.svg"), filepath.Join(dir, "real.svg")
	if err := os.WriteFile(real, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.svg", link); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runMain(t, "stats", "ripple-fan", "--deals", "1-20", "--quiet", "--plot", link); code != 0 {
		t.Fatal(errs)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link is no longer a link")
	}
	b, err := os.ReadFile(real)
	st, err2 := os.Stat(real)
	if err != nil || err2 != nil || !strings.HasPrefix(string(b), "<?xml") || st.Mode().Perm() != 0o600 {
		t.Errorf("the link's file: %.40q, %v, %v", b, st.Mode(), err)
	}
}

// TestMergeOutErrorsAsStats: an --out that cannot be opened (a missing
// folder, a folder) or cannot hold results (a file of /proc that cannot be
// read back from its start) is bad input for merge as for stats: exit 2,
// the same words, never the name of a temporary file.
func TestMergeOutErrorsAsStats(t *testing.T) {
	dir := t.TempDir()
	in := shardsOf(t, dir, "1-40")
	outs := []string{filepath.Join(dir, "nonexist", "m.jsonl"), dir}
	if _, err := os.Stat("/proc/self/comm"); err == nil {
		outs = append(outs, "/proc/self/comm") // seq_file: no seek from the end; nothing is written
	}
	for _, out := range outs {
		sc, _, se := runMain(t, "stats", "ripple-fan", "--deals", "1-40", "--out", out, "--quiet")
		mc, mo, me := runMain(t, "merge", in[0], in[1], "--out", out)
		if sc != 2 || mc != 2 || se != me || mo != "" || strings.Contains(me, ".patience-") || strings.Contains(me, "internal error") {
			t.Errorf("--out %s: stats exit %d %q; merge exit %d %q", out, sc, se, mc, me)
		}
		if out == "/proc/self/comm" && !strings.Contains(me, "cannot be read back from its start") {
			t.Errorf("--out %s: %q", out, me)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("files left: %v", ents)
	}
}

// TestCatalogueBuildFromPipe: catalogue build reads each results file
// once, so it takes one through a pipe, and makes the same catalogue as
// from the file.
func TestCatalogueBuildFromPipe(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	shardsOf(t, dir, "1-100")
	shell(t, dir, `patience catalogue build ripple-fan s0.jsonl s1.jsonl -o file.cat --deals 1-100 >/dev/null
patience catalogue build ripple-fan <(cat s0.jsonl) s1.jsonl -o pipe.cat --deals 1-100 >/dev/null`)
	a, errA := os.ReadFile(filepath.Join(dir, "file.cat"))
	b, errB := os.ReadFile(filepath.Join(dir, "pipe.cat"))
	if errA != nil || errB != nil || len(a) == 0 {
		t.Fatalf("the catalogues: %v, %v", errA, errB)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("the catalogue from a pipe differs from the one from the file:\n%s\n%s", a, b)
	}
}
