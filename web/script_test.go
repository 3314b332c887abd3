package web

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// stateField is a field of the page's state as the script uses it: S.name.
var stateField = regexp.MustCompile(`\bS\.([A-Za-z_]+)`)

// stateKey is a key of the state object's literal in state.js, at the
// start of a line: "  name: value,".
var stateKey = regexp.MustCompile(`(?m)^  ([A-Za-z_]+):`)

// TestStateFieldsDeclared: every field of S that a module of the page's
// script reads or sets is declared, with its comment, in the literal of S
// in state.js, so that state.js says all that the page keeps.
func TestStateFieldsDeclared(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("static", "state.js"))
	if err != nil {
		t.Fatal(err)
	}
	lit := string(src)
	start := strings.Index(lit, "export const S = {")
	end := strings.Index(lit[start:], "\n};")
	if start < 0 || end < 0 {
		t.Fatal("state.js has no literal of S")
	}
	declared := map[string]bool{}
	for _, m := range stateKey.FindAllStringSubmatch(lit[start:start+end], -1) {
		declared[m[1]] = true
	}
	files, err := filepath.Glob(filepath.Join("static", "*.js"))
	if err != nil || len(files) < 10 {
		t.Fatalf("the script's modules: %v, %v", files, err)
	}
	used := map[string][]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range stateField.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = append(used[m[1]], filepath.Base(f))
		}
	}
	if len(used) < 10 || len(declared) < 10 {
		t.Fatalf("%d fields used, %d declared: the patterns read nothing", len(used), len(declared))
	}
	var missing []string
	for name, in := range used {
		if !declared[name] {
			missing = append(missing, name+" ("+strings.Join(in[:1], "")+")")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("fields of S used but not declared in state.js: %s", strings.Join(missing, ", "))
	}
}
