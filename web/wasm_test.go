package web_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/web"
)

// TestWasmIsFresh rebuilds static/patience.wasm.gz as build.sh does and fails
// when the committed file differs: the page would run other code than the
// packages' source. The build is reproducible only with the same Go
// version, so with another one it says so and compares nothing (and fails
// under PATIENCE_CI=1: go.mod's toolchain line names the version).
func TestWasmIsFresh(t *testing.T) {
	longtest.Need(t)
	recorded, err := os.ReadFile("patience.wasm.goversion")
	if err != nil {
		t.Fatal(err)
	}
	if v := strings.TrimSpace(string(recorded)); v != runtime.Version() {
		longtest.Missing(t, fmt.Sprintf("static/patience.wasm.gz was built with %s, this is %s: not compared (run go generate ./web with %s to rebuild it)", v, runtime.Version(), runtime.Version()))
	}
	committed, err := fs.ReadFile(web.FS(), "patience.wasm")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "patience.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", out, "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWASM=")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building: %v\n%s", err, b)
	}
	fresh, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fresh, committed) {
		t.Fatalf("static/patience.wasm.gz is stale (%d bytes committed, %d built): run go generate ./web and commit it", len(committed), len(fresh))
	}
	b, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(b))
	support, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := os.ReadFile("static/wasm_exec.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(support, shipped) {
		t.Error("static/wasm_exec.js is not this Go's lib/wasm/wasm_exec.js: run go generate ./web")
	}
}

// TestWasmSize keeps the WebAssembly small: at most 3 MB gzipped.
func TestWasmSize(t *testing.T) {
	b, err := fs.ReadFile(web.FS(), "patience.wasm")
	if err != nil {
		t.Fatal(err)
	}
	z, err := os.ReadFile("static/patience.wasm.gz")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("patience.wasm: %d bytes, %d gzipped", len(b), len(z))
	if len(z) > 3<<20 {
		t.Errorf("patience.wasm is %d bytes gzipped, more than 3 MB", len(z))
	}
	if len(b) < 1<<20 {
		t.Errorf("patience.wasm is only %d bytes: not the solver", len(b))
	}
}

// TestWasmLeavesOutBatch checks that the WebAssembly does not link
// batch: the results files, their locks and their merging have no
// use in a browser and only make the download larger. A win rate's
// interval comes from package stat instead.
func TestWasmLeavesOutBatch(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./wasm: %v", err)
	}
	deps := strings.Fields(string(out))
	const module = "github.com/patience-solver/patience/"
	if !slices.Contains(deps, module+"sample") {
		t.Fatalf("go list -deps ./wasm has no sample: not the web page's command?\n%s", out)
	}
	for _, p := range []string{"batch"} {
		if slices.Contains(deps, module+p) {
			t.Errorf("the WebAssembly links %s", p)
		}
	}
}

// TestToolchainIsWasmGo checks that go.mod's toolchain line names the Go
// version that built static/patience.wasm.gz, so that CI, which fails on
// a mismatch (PATIENCE_CI=1), builds with that version: regenerate the
// WebAssembly and change the line together.
func TestToolchainIsWasmGo(t *testing.T) {
	recorded, err := os.ReadFile("patience.wasm.goversion")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var toolchain string
	for _, l := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "toolchain "); ok {
			toolchain = strings.TrimSpace(v)
		}
	}
	if v := strings.TrimSpace(string(recorded)); toolchain != v {
		t.Errorf("go.mod's toolchain is %q, the WebAssembly was built with %s: run go mod edit -toolchain=%s, or go generate ./web", toolchain, v, v)
	}
}
