package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/game"
)

// docs6 are documents written by the commands of the build at commit
// 6ea0362 (testdata/docs-6ea0362): a position, a solution, play records of
// the greedy and the sampled player, a hint, a share, a summary and a
// review.
func docs6(name string) string { return filepath.Join("testdata", "docs-6ea0362", name) }

// TestDocumentsOf6ea0362: every document an earlier build wrote still
// reads: a position as a start, a solution and play records by check and
// as --moves of review, and the documents no command reads (a hint, a
// share, a summary, a review) are still known for what they are when
// given where they do not belong.
func TestDocumentsOf6ea0362(t *testing.T) {
	if r := cliRun(t, "", "solve", "russian-cell", "--position", docs6("position.json"), "--format", "json"); r.code != exitOK || !strings.Contains(r.stdout, `"verdict":"solvable"`) {
		t.Errorf("the position as a start: %v", r)
	}
	if r := cliRun(t, "", "check", docs6("solution.json")); r.code != exitOK {
		t.Errorf("check of the solution: %v", r)
	}
	for _, name := range []string{"play-greedy.json", "play-sampled.json", "solution.json"} {
		// The games are lost: check replays them and says so (exit 3).
		if r := cliRun(t, "", "check", docs6(name)); strings.HasPrefix(name, "play") && (r.code != exitCheck || !strings.Contains(r.stdout, "a lost game")) {
			t.Errorf("check of %s: %v", name, r)
		}
		// Read and written again, byte for byte.
		data, err := os.ReadFile(docs6(name))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.ReadRecord(bytes.NewReader(data))
		if err != nil || (rec.Play != nil) != strings.HasPrefix(name, "play") {
			t.Fatalf("%s: %+v, %v", name, rec, err)
		}
		if again := game.MarshalRecord(rec); !bytes.Equal(again, bytes.TrimSpace(data)) {
			t.Errorf("%s written again:\n%s\nwas\n%s", name, again, data)
		}
	}
	if r := cliRun(t, "", "review", "russian-cell", "--moves", docs6("play-greedy.json"), "--samples", "5", "--judge-samples", "5", "--format", "json"); r.code != exitOK || !strings.Contains(r.stdout, `"patience":"review"`) {
		t.Errorf("review of the greedy play record: %v", r)
	}
	for name, is := range map[string]string{
		"hint.json":    "this is a hint",
		"share.json":   "this is the share of arrangements won",
		"summary.json": "this is the summary of a results file",
		"review.json":  "this is the review of a played game",
	} {
		r := cliRun(t, "", "check", docs6(name))
		if r.code != exitUsage || !strings.Contains(r.stderr, is) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("check of %s: %v; want one line saying %q", name, r, is)
		}
	}
}
