package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/rules"
)

// TestKeysMatchExactly: every document the program reads takes its keys
// as the format spells them. A key that differs from a field's only in
// case is an unknown field, refused in one line that names it (where
// encoding/json alone would take it for the field, over the field itself
// when both are given), and a key given twice is refused, in solutions,
// positions, move lists, results headers and catalogue headers alike.
func TestKeysMatchExactly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sol := cliOK(t, "", "solve", "russian-cell", "617", "--format", "json")
	pos := cliOK(t, "", "deal", "russian-cell", "617", "--format", "json")
	rf := filepath.Join(dir, "rf.jsonl")
	cliOK(t, "", "stats", "ripple-fan", "--deals", "1-10", "--out", rf, "--quiet")
	head, lines, _ := strings.Cut(cliReadFile(t, rf), "\n")
	v1head := `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100000000}`
	var v1lines strings.Builder
	for l := range strings.SplitSeq(strings.TrimSuffix(lines, "\n"), "\n") {
		_, rest, _ := strings.Cut(l, `,"number"`)
		v1lines.WriteString(`{"number"` + rest + "\n")
	}
	c, err := catalogue.New(rules.RippleFan, rules.DefaultOptions(), 1, 8, []uint64{3}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cat := string(c.Encode())

	for _, tc := range []struct {
		name  string
		args  func() []string
		words []string
	}{
		{"a solution's verdict in another case", func() []string {
			return []string{"check", write("s.json", strings.Replace(sol, `"verdict":"solvable"`, `"verdict":"solvable","Verdict":"unsolvable"`, 1))}
		}, []string{`unknown field "Verdict"`, `did you mean "verdict"`}},
		{"a position's cells in another case", func() []string {
			return []string{"solve", "russian-cell", "--position", write("p.json", strings.Replace(pos, `"cells":[null,null]`, `"cells":[null,null],"Cells":["6C",null]`, 1))}
		}, []string{`unknown field "Cells"`}},
		{"a position's pile key in another case", func() []string {
			return []string{"deal", "russian-cell", "--position", write("p2.json", strings.Replace(pos, `"up":["6C"]`, `"UP":["6C"]`, 1))}
		}, []string{`unknown field "UP" in "tableau[0]"`}},
		{"a move's card in another case", func() []string {
			return []string{"hint", "russian-cell", "617", "--moves", write("m.json", `[{"Card":"JH","from":"t2","to":"t3"}]`)}
		}, []string{`unknown field "Card"`}},
		{"a move's card twice", func() []string {
			return []string{"hint", "russian-cell", "617", "--moves", write("m2.json", `[{"card":"JH","card":"QS","from":"t2","to":"t3"}]`)}
		}, []string{`"card" twice`}},
		{"a version-1 results header's deals in another case, summarised", func() []string {
			return []string{"stats", "--summary", write("r1.jsonl", strings.Replace(v1head, `"deals":"1-10"`, `"deals":"1-10","DEALS":"1-5"`, 1)+"\n"+v1lines.String())}
		}, []string{`unknown field "DEALS"`, `did you mean "deals"`}},
		{"a version-1 results header's deals in another case, merged", func() []string {
			return []string{"merge", write("r2.jsonl", strings.Replace(v1head, `"deals":"1-10"`, `"deals":"1-10","DEALS":"1-5"`, 1)+"\n"+v1lines.String())}
		}, []string{`unknown field "DEALS"`}},
		{"a version-1 results header's deals in another case, catalogued", func() []string {
			return []string{"catalogue", "build", "ripple-fan", write("r3.jsonl", strings.Replace(v1head, `"deals":"1-10"`, `"deals":"1-10","DEALS":"1-5"`, 1)+"\n"+v1lines.String()), "-o", filepath.Join(dir, "r3.cat")}
		}, []string{`unknown field "DEALS"`}},
		{"a results header's deals in another case", func() []string {
			return []string{"stats", "--summary", write("r4.jsonl", strings.Replace(head, `"deals":"1-10"`, `"deals":"1-10","DEALS":"1-5"`, 1)+"\n"+lines)}
		}, []string{`unknown field "DEALS"`}},
		{"a results header's deals twice", func() []string {
			return []string{"stats", "--summary", write("r5.jsonl", strings.Replace(v1head, `"deals":"1-10"`, `"deals":"1-10","deals":"1-5"`, 1)+"\n"+v1lines.String())}
		}, []string{`"deals" twice`}},
		{"a catalogue's game twice", func() []string {
			return []string{"catalogue", "info", "--file", write("c1.cat", strings.Replace(cat, `"game":"ripple-fan"`, `"game":"ripple-fan","game":"russian-cell"`, 1))}
		}, []string{`"game" twice`}},
		{"a catalogue's game in another case", func() []string {
			return []string{"catalogue", "info", "--file", write("c2.cat", strings.Replace(cat, `"game":"ripple-fan"`, `"game":"ripple-fan","Game":"russian-cell"`, 1))}
		}, []string{`unknown field "Game"`}},
		{"a catalogue's rules in another case", func() []string {
			return []string{"catalogue", "info", "--file", write("c3.cat", strings.Replace(cat, `"rules":{"returns":false}`, `"rules":{"Returns":true}`, 1))}
		}, []string{`rules {"Returns":true} are not rules this build knows`}},
	} {
		args := tc.args()
		r := cliRun(t, "", args...)
		if r.code != exitUsage {
			t.Errorf("%s: want exit 2, got %v", tc.name, r)
			continue
		}
		cliWantUsage(t, r, 1, tc.words...)
	}
	// The documents as written still read.
	cliOK(t, "", "check", write("ok.json", sol))
	cliOK(t, "", "stats", "--summary", write("ok1.jsonl", v1head+"\n"+v1lines.String()))
	cliOK(t, "", "stats", "--summary", write("ok2.jsonl", head+"\n"+lines))
	cliOK(t, "", "catalogue", "info", "--file", write("ok.cat", cat))
}
