package solver

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// hotHelpers are the small functions called once or more per position
// searched. Each must fit the compiler's inlining budget on its own, without
// the profile (default.pgo): a program that imports this package builds it
// without one, and even with the profile, a call the profile does not mark
// hot is not inlined beyond the budget. budget.tick was 2 over it (cost 82)
// and cost 1.6% of the instructions of a Ripple Fan run where it was
// called; see benchmarks/BENCHMARKS.md.
var hotHelpers = []string{
	`(*budget).tick`,
	`(*rcWorker).play`,
	`(*rcWorker).undoAutos`,
	`(*rcBoard).faceUp`,
	`(*rcBoard).isTop`,
	`(*rcBoard).cellHomeMove`,
	`(*rcBoard).kingHomeMove`,
	`(*rcBoard).kingAtBottom`,
	`(*rcTable).safePoint`,
	`(*rcTable).ordered`,
	`(*rcTable).forgets`,
	`rcKey.hash`,
	`rfKey.hash`,
}

// TestHotHelpersInline builds this package with the compiler's inlining
// report (-gcflags=-m=2, no profile) and checks that every hot helper can be
// inlined.
func TestHotHelpersInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package")
	}
	cmd := exec.Command("go", "build", "-pgo=off", "-gcflags=-m=2", "-o", filepath.Join(t.TempDir(), "solver.a"), ".")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m=2: %v\n%s", err, out)
	}
	for _, f := range hotHelpers {
		can := regexp.MustCompile(`(?m): can inline ` + regexp.QuoteMeta(f) + ` with cost \d+ `)
		if !can.Match(out) {
			cannot := regexp.MustCompile(`(?m): cannot inline ` + regexp.QuoteMeta(f) + `: .*$`)
			t.Errorf("%s is not inlinable without the profile: %s", f, cannot.Find(out))
		}
	}
}
