//go:build !js && !wasip1

package buildinfo

// What the Go tool does not stamp. `go build` records the commit
// (vcs.revision, vcs.modified) only in a git clone whose .git is a
// directory, not in a git worktree, and not with -buildvcs=false; `go run`
// and `go test` never record it. For those builds the version and commit
// can be given to the linker:
//
//	go build -ldflags "-X github.com/patience-solver/patience/internal/buildinfo.version=v1.2.3 \
//	  -X github.com/patience-solver/patience/internal/buildinfo.revision=$(git rev-parse HEAD)" ./cmd/patience
//
// and a program that `go run` built asks git for the commit of the
// checkout it was built from, once, when the build is first wanted.
//
// This file is left out of the WebAssembly build (js), whose bytes are
// checked against the committed file (web, TestWasmIsFresh) and which
// records no build.

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Set with -ldflags -X. version replaces the module version the Go tool
// recorded; revision, the full commit, with "-dirty" at its end when the
// checkout had changes not committed, is used when the Go tool recorded
// no commit.
var (
	version  string
	revision string
)

func init() {
	build = sync.OnceValue(func() string {
		bi, ok := debug.ReadBuildInfo()
		if !ok {
			bi = &debug.BuildInfo{}
		}
		return stamped(bi, version, revision, goRunCheckout)
	})
}

// stamped returns the build string of bi as FromBuildInfo does, with
// linkVersion (when not empty) as the version, and, when the Go tool
// recorded no commit, linkRevision or else the commit checkout finds.
func stamped(bi *debug.BuildInfo, linkVersion, linkRevision string, checkout func() (rev string, dirty, ok bool)) string {
	b := *bi
	b.Settings = append([]debug.BuildSetting(nil), bi.Settings...)
	if linkVersion != "" {
		b.Main.Version = linkVersion
	}
	for _, s := range b.Settings {
		if s.Key == "vcs.revision" && s.Value != "" {
			return FromBuildInfo(&b)
		}
	}
	rev, dirty := strings.CutSuffix(linkRevision, "-dirty")
	if rev == "" {
		var ok bool
		if rev, dirty, ok = checkout(); !ok {
			return FromBuildInfo(&b)
		}
	}
	b.Settings = append(b.Settings,
		debug.BuildSetting{Key: "vcs.revision", Value: rev},
		debug.BuildSetting{Key: "vcs.modified", Value: strconv.FormatBool(dirty)})
	return FromBuildInfo(&b)
}

// goRunCheckout returns the commit of the checkout this program was built
// from, when `go run` built it: the source is then the checkout as it is
// now. Another program (go build, go install, go test) may have been
// built from another commit than the checkout's, and gets none.
func goRunCheckout() (rev string, dirty, ok bool) {
	exe, err := os.Executable()
	if err != nil || !isGoRun(exe) {
		return "", false, false
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) { // built with -trimpath
		return "", false, false
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // internal/buildinfo/stamp.go
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", false, false
	}
	return gitCommit(root)
}

// isGoRun reports whether exe is where `go run` puts the program it
// builds: $GOTMPDIR/go-buildNNN/b001/exe/NAME, or, kept in the build
// cache, GOCACHE/XX/XXHASH-d/NAME (XXHASH being 64 hex digits).
func isGoRun(exe string) bool {
	dir := filepath.Dir(exe)
	up := filepath.Dir(dir)
	if filepath.Base(dir) == "exe" && strings.HasPrefix(filepath.Base(filepath.Dir(up)), "go-build") {
		return true
	}
	hash, ok := strings.CutSuffix(filepath.Base(dir), "-d")
	return ok && len(hash) == 64 && isHex(hash) && filepath.Base(up) == hash[:2]
}

func isHex(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return s != ""
}

// gitCommit returns the commit checked out in dir and whether the checkout
// has changes not committed (untracked files included, as the Go tool
// counts them for vcs.modified).
func gitCommit(dir string) (rev string, dirty, ok bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	head, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "HEAD").Output()
	rev = string(bytes.TrimSpace(head))
	if err != nil || len(rev) < 40 || !isHex(rev) {
		return "", false, false
	}
	status, err := exec.CommandContext(ctx, "git", "-C", dir, "status", "--porcelain").Output()
	if err != nil {
		return "", false, false
	}
	return rev, len(bytes.TrimSpace(status)) > 0, true
}
