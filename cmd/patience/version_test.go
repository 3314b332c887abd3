package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/internal/buildinfo"
)

// versionShape is the form of "patience version": the module version or
// (devel), then the commit and whether the checkout was modified, when the
// build knows them.
var versionShape = regexp.MustCompile(`^patience (v[0-9]+\.[0-9]+\.[0-9]+\S*|\(devel\)(\+[0-9a-f]{7}(-dirty)?|\+dirty)?)\n$`)

func TestCLIVersion(t *testing.T) {
	want := "patience " + buildinfo.String() + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out := cliOK(t, "", args...)
		if out != want || !versionShape.MatchString(out) {
			t.Errorf("patience %s: %q, want %q in the form %s", args[0], out, want, versionShape)
		}
	}
	cliWantUsage(t, cliRun(t, "", "version", "extra"), 1, "extra")
	// The program as it is built and installed says the same on both.
	bin := binary(t)
	a, err1 := exec.Command(bin, "version").Output()
	b, err2 := exec.Command(bin, "--version").Output()
	if err1 != nil || err2 != nil || string(a) != string(b) || !versionShape.Match(a) {
		t.Errorf("built program: %q (%v) and %q (%v)", a, err1, b, err2)
	}
}

// TestCLISolutionSolver: solve --format json names the build, and check and
// --moves read solutions with and without it.
func TestCLISolutionSolver(t *testing.T) {
	out, sol := cliSolveJSON(t, "", "russian-cell", "617")
	if sol.Solver != buildinfo.String() || !strings.HasSuffix(strings.TrimSpace(out), `,"solver":"`+buildinfo.String()+`"}`) {
		t.Fatalf("solver %q in %s", sol.Solver, out)
	}
	older := regexp.MustCompile(`,"solver":"[^"]*"`).ReplaceAllString(out, "")
	other := strings.Replace(out, `"solver":"`+buildinfo.String()+`"`, `"solver":"v0.0.1+0000000"`, 1)
	for _, doc := range []string{out, older, other} {
		if got := cliOK(t, doc, "check", "-"); !strings.HasPrefix(got, "valid: wins in") {
			t.Errorf("check: %s", got)
		}
		moves := cliWriteFile(t, "s.json", doc)
		if got := cliOK(t, "", "hint", "russian-cell", "617", "--moves", moves); got != "The game is already won.\n" {
			t.Errorf("hint --moves: %q", got)
		}
	}
}

// statsFile runs stats into a results file and returns its path.
func statsFile(t *testing.T, path string, args ...string) string {
	t.Helper()
	if code, _, errs := runMain(t, append([]string{"stats", "--out", path, "--quiet", "--workers", "1"}, args...)...); code != 0 {
		t.Fatalf("stats %q: exit %d: %s", args, code, errs)
	}
	return path
}

// setBuild rewrites a results file's header to name another build, and
// keeps only its first keep result lines.
func setBuild(t *testing.T, path, build string, keep int) {
	t.Helper()
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	h, err := batch.ParseHeader([]byte(lines[0]))
	if err != nil {
		t.Fatal(err)
	}
	h.Build = build
	text := string(h.AppendJSON(nil)) + "\n" + strings.Join(lines[1:min(len(lines), keep+1)], "")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCLIStatsOtherBuild(t *testing.T) {
	dir := t.TempDir()
	build := buildinfo.String()
	args := []string{"ripple-fan", "--deals", "1-300"}
	path := statsFile(t, filepath.Join(dir, "rf.jsonl"), args...)
	setBuild(t, path, "v0.0.1+0000000", 100)
	before := cliReadFile(t, path)

	run := append([]string{"stats", "--out", path, "--quiet", "--workers", "1"}, args...)
	wantUsageError(t, path+" was made by patience v0.0.1+0000000, and this is patience "+build, run...)
	wantUsageError(t, "add --force", run...)
	if cliReadFile(t, path) != before {
		t.Fatal("a refused resume changed the file")
	}
	wantUsageError(t, "--force needs --out", "stats", "ripple-fan", "--deals", "1-3", "--force")
	wantUsageError(t, "--force does not apply", "stats", "--summary", path, "--force")

	code, stdout, errs := runMain(t, append(run, "--force")...)
	if code != 0 || !strings.Contains(errs, "patience: note: "+path+" was made by patience v0.0.1+0000000; resumed with "+build) || !strings.Contains(stdout, "300") {
		t.Fatalf("--force: exit %d\n%s\n%s", code, errs, stdout)
	}
	h, err := readHeaderOf(path)
	if err != nil || h.Build != "v0.0.1+0000000, "+build {
		t.Fatalf("header %+v, %v", h, err)
	}
	// The summary notes the two builds, once, on stderr.
	code, _, errs = runMain(t, "stats", "--summary", path)
	if code != 0 || strings.Count(errs, "patience: note: the results were made by different builds of patience, whose verdicts may differ: v0.0.1+0000000 ("+path+"), "+build+" ("+path+")\n") != 1 {
		t.Errorf("summary: exit %d, stderr %q", code, errs)
	}
	// A file of this build alone gets no note.
	one := statsFile(t, filepath.Join(dir, "one.jsonl"), "ripple-fan", "--deals", "1-20")
	if code, _, errs := runMain(t, "stats", "--summary", one); code != 0 || errs != "" {
		t.Errorf("summary of one build: exit %d, stderr %q", code, errs)
	}
}

func readHeaderOf(path string) (batch.Header, error) {
	f, err := os.Open(path)
	if err != nil {
		return batch.Header{}, err
	}
	defer f.Close()
	rd, err := batch.NewReader(f, path)
	if err != nil {
		return batch.Header{}, err
	}
	return rd.Header(), nil
}

func TestCLIMergeNotesBuilds(t *testing.T) {
	dir := t.TempDir()
	a := statsFile(t, filepath.Join(dir, "a.jsonl"), "ripple-fan", "--deals", "1-40", "--shard", "0/2")
	b := statsFile(t, filepath.Join(dir, "b.jsonl"), "ripple-fan", "--deals", "1-40", "--shard", "1/2")
	if code, _, errs := runMain(t, "merge", a, b); code != 0 || errs != "" {
		t.Fatalf("one build: exit %d, stderr %q", code, errs)
	}
	setBuild(t, b, "v0.0.1+0000000", 20)
	merged := filepath.Join(dir, "m.jsonl")
	code, stdout, errs := runMain(t, "merge", a, b, "--out", merged)
	want := "patience: note: the results were made by different builds of patience, whose verdicts may differ: " + buildinfo.String() + " (" + a + "), v0.0.1+0000000 (" + b + ")\n"
	if code != 0 || errs != want || !strings.Contains(stdout, "Ripple Fan, deals 1-40 (from 2 files)") {
		t.Fatalf("merge: exit %d, stderr %q, want %q\n%s", code, errs, want, stdout)
	}
	if h, err := readHeaderOf(merged); err != nil || h.Build != buildinfo.String()+", v0.0.1+0000000" {
		t.Errorf("merged header %+v, %v", h, err)
	}
}

// TestCLIForeignLine appends a result line of another game to a results
// file: resuming, summarising and merging it are refused, naming the line.
func TestCLIForeignLine(t *testing.T) {
	dir := t.TempDir()
	rf := statsFile(t, filepath.Join(dir, "rf.jsonl"), "ripple-fan", "--deals", "1-20")
	rc := statsFile(t, filepath.Join(dir, "rc.jsonl"), "russian-cell", "--deals", "21")
	rcLines := strings.SplitAfter(cliReadFile(t, rc), "\n")
	f, err := os.OpenFile(rf, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(rcLines[1])
	f.Close()
	before := cliReadFile(t, rf)
	want := rf + " line 22: a line of another run: its run tag is"
	wantUsageError(t, want, "stats", "ripple-fan", "--deals", "1-20", "--out", rf, "--quiet")
	wantUsageError(t, want, "stats", "--summary", rf)
	wantUsageError(t, want, "merge", rf)
	if cliReadFile(t, rf) != before {
		t.Error("a refused file was changed")
	}
}

// TestCLIVersion1File resumes and summarises a results file of format
// version 1.
func TestCLIVersion1File(t *testing.T) {
	dir := t.TempDir()
	path := statsFile(t, filepath.Join(dir, "rf.jsonl"), "ripple-fan", "--deals", "1-100")
	lines := strings.SplitAfter(cliReadFile(t, path), "\n")
	h, err := batch.ParseHeader([]byte(lines[0]))
	if err != nil {
		t.Fatal(err)
	}
	h.Version = 1
	old := string(h.AppendJSON(nil)) + "\n"
	for _, l := range lines[1:51] {
		old += regexp.MustCompile(`"run":"[0-9a-f]+",`).ReplaceAllString(l, "")
	}
	os.WriteFile(path, []byte(old), 0o644)
	if code, stdout, errs := runMain(t, "stats", "--summary", path); code != 0 || errs != "" || !strings.Contains(stdout, "Incomplete: 50 of the 100 deals") {
		t.Fatalf("summary: exit %d, %q\n%s", code, errs, stdout)
	}
	code, _, errs := runMain(t, "stats", "ripple-fan", "--deals", "1-100", "--out", path, "--quiet")
	if code != 0 || !strings.Contains(errs, "is a version-1 results file, which records no build: it is resumed as version 1") {
		t.Fatalf("resume: exit %d, %q", code, errs)
	}
	data := cliReadFile(t, path)
	if !strings.HasPrefix(data, old) || strings.Count(data, "\n") != 101 || strings.Contains(data, `"run"`) {
		t.Errorf("resumed version-1 file:\n%s", data)
	}
}

// TestCLIVersionLinker builds the program with the version and commit
// given to the linker, as docs/commands.md says for builds the Go tool
// does not stamp, and checks that version prints them.
func TestCLIVersionLinker(t *testing.T) {
	const pkg = "github.com/patience-solver/patience/internal/buildinfo"
	const rev = "0123456789abcdef0123456789abcdef01234567"
	bin := filepath.Join(t.TempDir(), "patience")
	ldflags := "-X " + pkg + ".version=v0.9.1 -X " + pkg + ".revision=" + rev + "-dirty"
	// -buildvcs=false: the Go tool's own commit, where it records one,
	// would come first.
	build := exec.Command("go", "build", "-buildvcs=false", "-ldflags", ldflags, "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -ldflags %q: %v\n%s", ldflags, err, out)
	}
	const want = "patience v0.9.1+0123456-dirty\n"
	out, err := exec.Command(bin, "version").Output()
	if err != nil || string(out) != want || !versionShape.Match(out) {
		t.Errorf("-ldflags %q: %q (%v), want %q", ldflags, out, err, want)
	}
}

// TestCLIVersionGoRun runs the program with go run from this checkout: it
// names the checkout's commit, and whether it has changes not committed.
func TestCLIVersionGoRun(t *testing.T) {
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout, or no git: %v", err)
	}
	status, err := exec.Command("git", "status", "--porcelain").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "patience (devel)+" + string(head[:7])
	if len(strings.TrimSpace(string(status))) > 0 {
		want += "-dirty"
	}
	out, err := exec.Command("go", "run", ".", "version").Output()
	if err != nil || string(out) != want+"\n" {
		t.Errorf("go run . version: %q (%v), want %q", out, err, want)
	}
}
