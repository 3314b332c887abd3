package web

import (
	"fmt"
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

// importStmt is the start of a static import or re-export statement of a
// module of the page's script: from there to the next ";" is one
// statement.
var importStmt = regexp.MustCompile(`(?m)^(?:import|export)\b`)

// importFrom reads the module a statement that importStmt found imports:
// `import {a, b} from "./x.js"`, `import "./x.js"` or `export {a} from
// "./x.js"`. Only modules of the page itself ("./x.js") are imported.
var importFrom = regexp.MustCompile(`^(?:import\s*|(?:import|export)\b[^;"']*\bfrom\s*)["']\./([A-Za-z0-9_.-]+\.js)["']\s*$`)

// reExport is the start of an export statement that may name another
// module: "export {" or "export *".
var reExport = regexp.MustCompile(`^export\s*[{*]`)

// scriptImports reads the import graph of the page's modules in dir:
// each module's file name, to the modules it imports, sorted. An
// import statement it cannot read is an error, so that the graph misses
// no edge. (worker.js's import() of deal.js is dynamic, and no edge: it
// is a classic script, not one of the modules.)
func scriptImports(dir string) (map[string][]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.js"))
	if err != nil {
		return nil, err
	}
	graph := map[string][]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		src, name := string(b), filepath.Base(f)
		graph[name] = nil
		for _, at := range importStmt.FindAllStringIndex(src, -1) {
			stmt := src[at[0]:]
			end := strings.IndexByte(stmt, ';')
			if end < 0 {
				end = len(stmt)
			}
			stmt = stmt[:end]
			if strings.HasPrefix(stmt, "export") && !reExport.MatchString(stmt) {
				continue // an export of the module's own
			}
			m := importFrom.FindStringSubmatch(stmt)
			if m == nil {
				return nil, fmt.Errorf("%s: an import this test cannot read: %q", name, stmt)
			}
			graph[name] = append(graph[name], m[1])
		}
		sort.Strings(graph[name])
	}
	for name, to := range graph {
		for _, m := range to {
			if _, ok := graph[m]; !ok {
				return nil, fmt.Errorf("%s imports %s, which is not one of the page's files", name, m)
			}
		}
	}
	return graph, nil
}

// importCycles returns the cycles of graph that a depth-first walk meets,
// one per edge back to a module the walk is still in, each written as
// "a.js → b.js → a.js". None means the graph has no cycle.
func importCycles(graph map[string][]string) []string {
	names := make([]string, 0, len(graph))
	for n := range graph {
		names = append(names, n)
	}
	sort.Strings(names)
	const (
		unseen = iota
		walking
		done
	)
	state := map[string]int{}
	var path, cycles []string
	var walk func(n string)
	walk = func(n string) {
		state[n] = walking
		path = append(path, n)
		for _, m := range graph[n] {
			switch state[m] {
			case unseen:
				walk(m)
			case walking:
				i := len(path) - 1
				for path[i] != m {
					i--
				}
				cycles = append(cycles, strings.Join(append(append([]string{}, path[i:]...), m), " → "))
			}
		}
		path = path[:len(path)-1]
		state[n] = done
	}
	for _, n := range names {
		if state[n] == unseen {
			walk(n)
		}
	}
	return cycles
}

// TestScriptImportsNoCycle: the page's modules import one another in one
// direction only (the order app.js's comment gives), so that none is
// evaluated before a module it imports; a module that needs to call one
// above it is handed the function at start-up.
func TestScriptImportsNoCycle(t *testing.T) {
	graph, err := scriptImports("static")
	if err != nil {
		t.Fatal(err)
	}
	edges := 0
	for _, to := range graph {
		edges += len(to)
	}
	if len(graph) < 10 || edges < 20 || len(graph["app.js"]) < 5 {
		t.Fatalf("%d modules, %d imports, app.js imports %v: the patterns read too little", len(graph), edges, graph["app.js"])
	}
	for _, c := range importCycles(graph) {
		t.Errorf("the page's modules import one another in a cycle: %s", c)
	}
}

// TestImportCyclesFound checks the test above on graphs made for it: a
// cycle is found and named, and a graph with none passes.
func TestImportCyclesFound(t *testing.T) {
	for _, c := range []struct {
		graph map[string][]string
		want  []string
	}{
		{map[string][]string{"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": nil}, nil},
		{map[string][]string{"a.js": {"b.js", "c.js"}, "b.js": {"c.js"}, "c.js": nil}, nil},
		{map[string][]string{"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}}, []string{"a.js → b.js → c.js → a.js"}},
		{map[string][]string{"a.js": {"a.js"}}, []string{"a.js → a.js"}},
		{map[string][]string{"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"b.js"}}, []string{"b.js → c.js → b.js"}},
	} {
		if got := importCycles(c.graph); strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%v: cycles %q, want %q", c.graph, got, c.want)
		}
	}
}

// controlType is a property of the Controls typedef in util.js: " *
// @property {HTMLSelectElement} game".
var controlType = regexp.MustCompile(`(?m)^ \* @property \{HTML(\w+)Element\} ([\w-]+)$`)

// TestControlsTyped: each element that util.js's Controls gives a type
// ($("game") is an HTMLSelectElement) is in index.html, with the tag of
// that type, so that what the type checker is told of the page is so.
func TestControlsTyped(t *testing.T) {
	util, err := os.ReadFile(filepath.Join("static", "util.js"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join("static", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	tags := map[string]string{"Select": "select", "Input": "input", "TextArea": "textarea", "Button": "button"}
	props := controlType.FindAllStringSubmatch(string(util), -1)
	if len(props) < 10 {
		t.Fatalf("%d controls read from util.js's Controls", len(props))
	}
	for _, p := range props {
		tag, ok := tags[p[1]]
		if !ok {
			t.Errorf("Controls: %s is an HTML%sElement, which this test does not know", p[2], p[1])
			continue
		}
		el := regexp.MustCompile(`<(\w+)\b[^>]*\bid="` + regexp.QuoteMeta(p[2]) + `"`).FindStringSubmatch(string(page))
		switch {
		case el == nil:
			t.Errorf("Controls: index.html has no element with id %q", p[2])
		case el[1] != tag:
			t.Errorf("Controls: %s is a <%s> in index.html, typed as an HTML%sElement", p[2], el[1], p[1])
		}
	}
}
