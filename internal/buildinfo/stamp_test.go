//go:build !js && !wasip1

package buildinfo

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestStamped(t *testing.T) {
	const rev = "abc1234def5678abc1234def5678abc1234def56"
	const other = "0123456789abcdef0123456789abcdef01234567"
	toolchain := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}
	found := func() (string, bool, bool) { return other, true, true }
	none := func() (string, bool, bool) { return "", false, false }
	for _, c := range []struct {
		name           string
		version        string
		settings       []debug.BuildSetting
		linkV, linkRev string
		checkout       func() (string, bool, bool)
		want           string
	}{
		{"nothing known", "(devel)", nil, "", "", none, "(devel)"},
		{"the Go tool's commit", "(devel)", toolchain, "", "", found, "(devel)+abc1234"},
		{"the Go tool's commit before the linker's", "(devel)", toolchain, "", other, found, "(devel)+abc1234"},
		{"the linker's version", "(devel)", toolchain, "v1.2.3", "", none, "v1.2.3+abc1234"},
		{"the linker's commit", "(devel)", nil, "", rev, found, "(devel)+abc1234"},
		{"the linker's modified commit", "", nil, "", rev + "-dirty", found, "(devel)+abc1234-dirty"},
		{"the linker's version and commit", "(devel)", nil, "v0.1.0", rev, none, "v0.1.0+abc1234"},
		{"go run's checkout", "(devel)", nil, "", "", found, "(devel)+0123456-dirty"},
		{"the linker's version alone", "", nil, "v0.1.0", "", none, "v0.1.0"},
	} {
		bi := &debug.BuildInfo{Main: debug.Module{Version: c.version}, Settings: c.settings}
		if got := stamped(bi, c.linkV, c.linkRev, c.checkout); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		if len(bi.Settings) != len(c.settings) || bi.Main.Version != c.version {
			t.Errorf("%s: the build info was changed", c.name)
		}
	}
}

func TestIsGoRun(t *testing.T) {
	hash := "3e84f83c5c224c69d07b26b3b939908bc97f14b3c64bac5a8d1d4d5bdb6c951e"
	for exe, want := range map[string]bool{
		"/tmp/go-build1829266345/b001/exe/patience":                  true,
		"/root/.cache/go-build/3e/" + hash + "-d/patience":           true,
		"/elsewhere/3e/" + hash + "-d/patience":                      true,
		"/tmp/go-build686025595/b001/patience.test":                  false, // go test
		"/root/.cache/go-build/4f/" + hash + "-d/patience":           false,
		"/root/.cache/go-build/3e/" + hash + "/patience":             false,
		"/home/me/go/bin/patience":                                   false,
		"/tmp/patience-bin-123/patience":                             false,
		"/home/me/src/exe/patience":                                  false,
		"/tmp/go-build1829266345/b001/exe/patience/../../x/patience": false,
	} {
		if got := isGoRun(filepath.Clean(exe)); got != want {
			t.Errorf("isGoRun(%s) = %v, want %v", exe, got, want)
		}
	}
}

// TestGitCommit reads the commit of a checkout made for the test, clean and
// then with a change.
func TestGitCommit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if _, _, ok := gitCommit(dir); ok {
		t.Fatal("a directory that is not a checkout has a commit")
	}
	git("init", "-q")
	if err := os.WriteFile(filepath.Join(dir, "a"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "a")
	git("commit", "-q", "-m", "a")
	head := git("rev-parse", "HEAD")
	if rev, dirty, ok := gitCommit(dir); !ok || rev != head || dirty {
		t.Errorf("clean checkout: %q %v %v, want %q false true", rev, dirty, ok, head)
	}
	if err := os.WriteFile(filepath.Join(dir, "a"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if rev, dirty, ok := gitCommit(dir); !ok || rev != head || !dirty {
		t.Errorf("changed checkout: %q %v %v, want %q true true", rev, dirty, ok, head)
	}
}
