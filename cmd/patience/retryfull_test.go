package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRetryUnknownWriteFails: --retry-unknown rewrites the results file
// without its unknown verdicts before the run; when the new file cannot
// be written (here a file size limit stands in for a full disk), that is
// a failure to write an output, not bad input: exit 1, one line in words
// that names the results file and says it is left as it was, which it
// is, with no temporary file beside it.
func TestRetryUnknownWriteFails(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "rf.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-300", "--max-nodes", "1", "--out", out, "--quiet")
	before := cliReadFile(t, out)
	if len(before) < 16<<10 || !strings.Contains(before, `"verdict":"unknown"`) {
		t.Fatalf("the results to retry: %d bytes, unknowns %v", len(before), strings.Contains(before, `"verdict":"unknown"`))
	}
	cmd := exec.Command("bash", "-c", `ulimit -f 8; exec "$0" stats ripple-fan --deals 1-300 --out "$1" --retry-unknown --quiet`, binary(t), out)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	want := "patience: cannot write " + out + ": file too large (while rewriting it without its unknown verdicts: it is left as it was)\n"
	if code := cmd.ProcessState.ExitCode(); code != exitInternal || stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("a rewrite that cannot be written: exit %d\nstdout %q\nstderr %q\nwant exit 1 and %q", code, stdout.String(), stderr.String(), want)
	}
	if after := cliReadFile(t, out); after != before {
		t.Errorf("the results file changed: %d bytes, was %d", len(after), len(before))
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left beside the results: %v", ents)
	}
}
