package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		var s []debug.BuildSetting
		if rev != "" {
			s = append(s, debug.BuildSetting{Key: "vcs", Value: "git"}, debug.BuildSetting{Key: "vcs.revision", Value: rev})
		}
		if modified != "" {
			s = append(s, debug.BuildSetting{Key: "vcs.modified", Value: modified})
		}
		return s
	}
	const rev = "abc1234def5678abc1234def5678abc1234def56"
	for _, c := range []struct {
		version       string
		rev, modified string
		want          string
	}{
		{"v1.2.3", rev, "false", "v1.2.3+abc1234"},
		{"(devel)", rev, "true", "(devel)+abc1234-dirty"},
		{"(devel)", "", "", "(devel)"},
		{"", "", "", "(devel)"},
		{"v1.2.3", "", "", "v1.2.3"},
		// Pseudo-versions name their commit: it is not said twice.
		{"v0.0.0-20261201215500-abc1234def56", rev, "false", "v0.0.0-20261201215500-abc1234def56"},
		{"v0.0.0-20261201215500-abc1234def56+dirty", rev, "true", "v0.0.0-20261201215500-abc1234def56+dirty"},
		// A tag on a modified checkout.
		{"v1.2.3+dirty", rev, "true", "v1.2.3+abc1234-dirty"},
	} {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/patience-solver/patience", Version: c.version}, Settings: vcs(c.rev, c.modified)}
		if got := FromBuildInfo(bi); got != c.want {
			t.Errorf("version %q, revision %q, modified %q: got %q, want %q", c.version, c.rev, c.modified, got, c.want)
		}
	}
}

// TestString checks the running build's string: not empty, one word, and
// the same on every call.
func TestString(t *testing.T) {
	s := String()
	if s == "" || strings.ContainsAny(s, " \t\n") {
		t.Fatalf("build %q", s)
	}
	if !strings.HasPrefix(s, "v") && !strings.HasPrefix(s, Devel) {
		t.Errorf("build %q starts with neither a version nor %s", s, Devel)
	}
	if String() != s {
		t.Error("the build string changed")
	}
}
