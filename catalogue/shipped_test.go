package catalogue

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The builds that made the shipped catalogues, from git history and
// benchmarks/BENCHMARKS.md ("The catalogue"): the stats runs of both games
// were made by a build of daa8ce8; the files were written by the commits
// that added them (5254f07, Ripple Fan; ffef4c7, Russian Cell deals
// 1..1,000,000), and the Russian Cell difficulty labels by the one that
// added them (ec121e3). When a catalogue is made again, its new builds go
// here, and its entry in testdata/shipped-6ea0362.jsonl goes.
var shippedBuilds = map[string]struct{ solver, builder string }{
	"russian-cell.cat": {"(devel)+daa8ce8", "(devel)+ffef4c7, (devel)+ec121e3"},
	"ripple-fan.cat":   {"(devel)+daa8ce8", "(devel)+5254f07"},
}

// TestShippedBuilds: the shipped catalogues name the builds that decided
// and labelled their deals, each with its commit, and nothing else of them
// changed when their build fields were corrected: every byte after the
// header is the same as at commit 6ea0362 (testdata/shipped-6ea0362.jsonl
// holds the SHA-256 of those bytes and the header of that commit), and so
// is every header field other than solver and builder (the sections' sizes
// and CRC-32s among them).
func TestShippedBuilds(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "shipped-6ea0362.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var old struct {
			File       string                     `json:"file"`
			BodySHA256 string                     `json:"body_sha256"`
			Header     map[string]json.RawMessage `json:"header"`
		}
		if err := json.Unmarshal(sc.Bytes(), &old); err != nil {
			t.Fatal(err)
		}
		want, ok := shippedBuilds[old.File]
		if !ok {
			t.Fatalf("testdata names %s, which is not a shipped catalogue", old.File)
		}
		seen++
		data, err := os.ReadFile(filepath.Join("data", old.File))
		if err != nil {
			t.Fatal(err)
		}
		line, body, ok := bytes.Cut(data, []byte("\n"))
		if !ok {
			t.Fatalf("%s: no header line", old.File)
		}
		if sum := sha256.Sum256(body); hex.EncodeToString(sum[:]) != old.BodySHA256 {
			t.Errorf("%s: the bytes after the header are not those of commit 6ea0362", old.File)
		}
		var h map[string]json.RawMessage
		if err := json.Unmarshal(line, &h); err != nil {
			t.Fatal(err)
		}
		var solver, builder string
		if json.Unmarshal(h["solver"], &solver) != nil || json.Unmarshal(h["builder"], &builder) != nil {
			t.Fatalf("%s: solver %s, builder %s", old.File, h["solver"], h["builder"])
		}
		if solver != want.solver || builder != want.builder {
			t.Errorf("%s: solver %q, builder %q; want %q, %q", old.File, solver, builder, want.solver, want.builder)
		}
		for _, m := range []map[string]json.RawMessage{h, old.Header} {
			delete(m, "solver")
			delete(m, "builder")
		}
		if !maps.EqualFunc(h, old.Header, func(a, b json.RawMessage) bool { return bytes.Equal(a, b) }) {
			t.Errorf("%s: a header field other than solver and builder differs from commit 6ea0362:\n%s", old.File, line)
		}
		c, err := Parse(data)
		if err != nil || c.Build != solver || c.Builder != builder {
			t.Errorf("%s: parsed as solver %q, builder %q (%v)", old.File, c.Build, c.Builder, err)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if seen != len(shippedBuilds) {
		t.Errorf("testdata holds %d catalogues, want %d", seen, len(shippedBuilds))
	}
}

// buildWithCommit is a build string that names a commit (buildinfo.String).
var buildWithCommit = regexp.MustCompile(`^(v[0-9]+\.[0-9]+\.[0-9]+\S*|\(devel\))\+[0-9a-f]{7}(-dirty)?$|^v0\.0\.0-[0-9]{14}-[0-9a-f]{12}(\+dirty)?$`)

// TestShippedBuildsNameCommits: every build a shipped catalogue names, in
// solver and builder, can be traced to a commit.
func TestShippedBuildsNameCommits(t *testing.T) {
	entries, err := files.ReadDir("data")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".cat") {
			continue
		}
		n++
		data, err := files.ReadFile("data/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range [][2]string{{"solver", c.Build}, {"builder", c.Builder}} {
			for _, b := range strings.Split(field[1], ", ") {
				if !buildWithCommit.MatchString(b) {
					t.Errorf("%s: %s %q names a build with no commit", e.Name(), field[0], b)
				}
			}
		}
	}
	if n != 2 {
		t.Errorf("checked %d shipped catalogues, want 2", n)
	}
}
