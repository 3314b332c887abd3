// Package docs holds no code: its tests check docs/design.md §3 against
// the module's packages and their imports, as go list gives them, so that
// the package map cannot go stale; that the library's doc comments name
// only what exists (doclinks_test.go); and the length of functions. One
// logs the library's exported surface (surface_test.go).
package docs

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/patience-solver/patience"

// goList returns, for each package of the module built for goos/goarch,
// its imports within the module (test imports left out), named relative
// to the module: "batch". Packages with no file for that platform
// are left out.
func goList(t *testing.T, goos, goarch string, patterns ...string) map[string][]string {
	t.Helper()
	args := append([]string{"list", "-e", "-f", `{{if .GoFiles}}{{.ImportPath}}{{range .Imports}} {{.}}{{end}}{{end}}`}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0", "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v", strings.Join(args, " "), err)
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var own []string
		for _, imp := range f[1:] {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
				own = append(own, rel)
			}
		}
		slices.Sort(own)
		pkgs[strings.TrimPrefix(f[0], module+"/")] = own
	}
	return pkgs
}

// designSection returns the lines of docs/design.md from the heading
// "## 3." to the next "## ".
func designSection(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("design.md")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	in := false
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "## 3."):
			in = true
		case strings.HasPrefix(l, "## "):
			in = false
		case in:
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		t.Fatal(`docs/design.md has no section "## 3."`)
	}
	return lines
}

// block returns the indented lines of the code block that follows the
// line that starts with intro, with their indent removed.
func block(t *testing.T, lines []string, intro string) []string {
	t.Helper()
	for i, l := range lines {
		if !strings.HasPrefix(l, intro) {
			continue
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "    ") {
			j++
		}
		var out []string
		for ; j < len(lines) && strings.HasPrefix(lines[j], "    "); j++ {
			out = append(out, lines[j][4:])
		}
		return out
	}
	t.Fatalf("docs/design.md §3 has no line starting %q", intro)
	return nil
}

// TestDesignPackageMap checks §3 of docs/design.md: the map names every
// package of the module, and the import graph below it is the one go list
// gives (the WebAssembly command's as built for js/wasm), each package
// below the packages it imports.
func TestDesignPackageMap(t *testing.T) {
	pkgs := goList(t, "linux", "amd64", "./...")
	for p, imps := range goList(t, "js", "wasm", "./web/wasm") {
		pkgs[p] = imps
	}
	for _, p := range []string{"rules", "solver", "batch", "web/wasm", "cmd/patience"} {
		if _, ok := pkgs[p]; !ok {
			t.Fatalf("go list found no package %s: %v", p, pkgs)
		}
	}
	sec := designSection(t)

	// The map: each package at the start of a line, as "batch/".
	named := map[string]bool{}
	for _, l := range block(t, sec, "The module is") {
		if f := strings.Fields(l); len(f) > 0 && !strings.HasPrefix(l, " ") {
			named[strings.TrimSuffix(f[0], "/")] = true
		}
	}
	var want []string
	for p := range pkgs {
		want = append(want, p)
		if !named[p] {
			t.Errorf("the package map in docs/design.md §3 does not name %s/", p)
		}
	}
	slices.Sort(want)

	// The graph: "package  import import ...", or "package  -".
	graph := block(t, sec, "The imports within the module")
	seen := map[string]bool{}
	for _, l := range graph {
		f := strings.Fields(l)
		if len(f) < 2 {
			t.Errorf("import graph line %q: want a package and its imports, or -", l)
			continue
		}
		p, doc := f[0], f[1:]
		if slices.Equal(doc, []string{"-"}) {
			doc = nil
		}
		imps, ok := pkgs[p]
		switch {
		case !ok:
			t.Errorf("import graph: %s is not a package of the module", p)
		case seen[p]:
			t.Errorf("import graph: %s is listed twice", p)
		case !slices.Equal(doc, imps):
			t.Errorf("import graph: %s imports %s, not %s", p, orNone(imps), orNone(doc))
		}
		for _, imp := range doc {
			if !seen[imp] {
				t.Errorf("import graph: %s is listed above %s, which it imports", p, imp)
			}
		}
		seen[p] = true
	}
	for _, p := range want {
		if !seen[p] {
			t.Errorf("import graph: %s is missing; its line is %q", p, p+"  "+orNone(pkgs[p]))
		}
	}
}

func orNone(imps []string) string {
	if len(imps) == 0 {
		return "-"
	}
	return strings.Join(imps, " ")
}
