// Package buildinfo names the build of patience that is running, for
// `patience version`, the header of a results file and the solution JSON,
// so that each result can be traced to the build that made it.
package buildinfo

import (
	"runtime/debug"
	"strings"
	"sync"
)

// Devel is the version of a build that the Go tool could not stamp with a
// module version (a build from a checkout, go run, a test binary).
const Devel = "(devel)"

// revisionDigits is how many hex digits of the commit a build string keeps.
const revisionDigits = 7

var build = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Devel
	}
	return FromBuildInfo(bi)
})

// String returns the build: the module version, then "+" and the first
// digits of the commit it was built from, and "-dirty" when the checkout
// had changes not committed, as the Go tool recorded them:
//
//	v1.2.3+abc1234          a release, built from its tag
//	(devel)+abc1234-dirty   a build of a checkout with local changes
//	(devel)                 go run or go test, or a build with -buildvcs=false
//
// It is never empty and holds no spaces.
func String() string { return build() }

// FromBuildInfo returns the build string of bi, as String does for the
// running program.
func FromBuildInfo(bi *debug.BuildInfo) string {
	version := bi.Main.Version
	if version == "" {
		version = Devel
	}
	var revision string
	var dirty bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	// The Go tool marks a module version made from a modified checkout
	// with "+dirty"; the build string says it once, at its end.
	if v, ok := strings.CutSuffix(version, "+dirty"); ok {
		version, dirty = v, true
	}
	var b strings.Builder
	b.WriteString(version)
	switch {
	case revision != "" && !strings.Contains(version, revision[:min(len(revision), 12)]):
		b.WriteString("+" + revision[:min(len(revision), revisionDigits)])
		if dirty {
			b.WriteString("-dirty")
		}
	case dirty:
		// A pseudo-version names its commit already.
		b.WriteString("+dirty")
	}
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return '_'
		}
		return r
	}, b.String())
}
