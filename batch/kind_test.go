package batch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
)

// headerBeforeKinds is the header of a results file of ripple-fan deals
// 1-300, shard %s, byte for byte as builds wrote it before every document
// said its kind (the build, %q, aside). The results file already said its
// kind then, as "patience":"results", and still does.
const headerBeforeKinds = `{"patience":"results","version":2,"solver":%q,"run":"fa05efca","game":"ripple-fan","deals":"1-300","shard":%q,"rules":{"returns":false},"max_nodes":100000000}`

// TestResultsKind: the results header's kind and version are the ones
// rules gives a results file.
func TestResultsKind(t *testing.T) {
	if rules.ResultsDocument.Kind() != "results" || rules.ResultsDocument.Version() != FormatVersion {
		t.Errorf("rules says %+v, the results file is version %d", rules.ResultsDocument.Header(), FormatVersion)
	}
	h := Header{Version: FormatVersion, Game: rules.RippleFan, Deals: "1-3", Shard: Whole, MaxNodes: 1}
	if d, ok := rules.KindOf(h.AppendJSON(nil)); !ok || d != rules.ResultsDocument {
		t.Errorf("KindOf(header) = %v, %v", d, ok)
	}
}

// TestResumeHeaderWrittenBeforeKinds: a results file whose header was
// written before every document said its kind is the same run as this
// build's: it resumes, keeps its header, and merges with a shard this
// build wrote.
func TestResumeHeaderWrittenBeforeKinds(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-300")
	header, want := reference(t, cfg)
	old := fmt.Sprintf(headerBeforeKinds, buildinfo.String(), "0/1")
	if header != old {
		t.Fatalf("this build writes the header\n%s\nnot as before\n%s", header, old)
	}
	dir := t.TempDir()
	cfg.Out = filepath.Join(dir, "old.jsonl")
	if err := os.WriteFile(cfg.Out, []byte(old+"\n"+strings.Join(withSeconds(want[:150]), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, cfg) // a different run would be refused by Open
	if res.Resumed != 150 || res.Done != 300 {
		t.Errorf("resumed %d, done %d; want 150 and 300", res.Resumed, res.Done)
	}
	h, got := resultLines(t, cfg.Out)
	if h != old {
		t.Errorf("the header became\n%s", h)
	}
	sameLines(t, "resumed", got, want)

	// Shard 0 written by this build, shard 1 with the old header.
	shard := cfg
	shard.Shard, shard.Out = Shard{0, 2}, filepath.Join(dir, "a.jsonl")
	run(t, shard)
	_, mine := resultLines(t, shard.Out)
	in := map[string]bool{}
	for _, l := range mine {
		in[l] = true
	}
	var rest []string
	for _, l := range want {
		if !in[l] {
			rest = append(rest, l)
		}
	}
	b := filepath.Join(dir, "b.jsonl")
	if err := os.WriteFile(b, []byte(fmt.Sprintf(headerBeforeKinds, buildinfo.String(), "1/2")+"\n"+strings.Join(withSeconds(rest), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	m, err := Merge([]string{shard.Out, b}, &out)
	if err != nil {
		t.Fatalf("merge: %v", err)
	}
	if m.Summary.Total() != 300 || m.Header.Tag() != "fa05efca" {
		t.Errorf("merged %d deals, run %s", m.Summary.Total(), m.Header.Tag())
	}
}

// TestOtherDocumentNotResults: another of patience's documents, given as
// a results file or a list of deals, is refused as what it says it is,
// not as a bad header, a second header or a bad line.
func TestOtherDocumentNotResults(t *testing.T) {
	sol := rules.MarshalSolution(&rules.Solution{Game: rules.RippleFan, Number: "5", Verdict: rules.VerdictUnsolvable, Options: rules.DefaultOptions()})
	var wd *rules.WrongDocumentError
	if _, err := ParseHeader(sol); !errors.As(err, &wd) || wd.Got != rules.SolutionDocument || wd.Want != rules.ResultsDocument {
		t.Errorf("a solution as a results header: %v", err)
	}
	if _, err := ReadDeals(bytes.NewReader(sol), "s.json"); !errors.As(err, &wd) || wd.Got != rules.SolutionDocument ||
		err.Error() != "s.json line 1: this is a solution, not a results file of patience stats" {
		t.Errorf("a solution as a list of deals: %v", err)
	}
	// A solution's line inside a results file is a bad line, not a second
	// header.
	h := Header{Version: FormatVersion, Build: buildinfo.String(), Game: rules.RippleFan, Deals: "1-3", Shard: Whole, MaxNodes: 1}
	rd, err := NewReader(strings.NewReader(string(h.AppendJSON(nil))+"\n"+string(sol)+"\n"), "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var rec Record
	if err := rd.Next(&rec); err == nil || errors.Is(err, ErrSecondHeader) {
		t.Errorf("a solution's line in a results file: %v", err)
	}
	// A second results header still is one.
	rd, _ = NewReader(strings.NewReader(string(h.AppendJSON(nil))+"\n"+string(h.AppendJSON(nil))+"\n"), "r.jsonl")
	if err := rd.Next(&rec); !errors.Is(err, ErrSecondHeader) {
		t.Errorf("a second header: %v", err)
	}
	// Deal lists still skip a results header.
	l, err := ReadDeals(strings.NewReader(string(h.AppendJSON(nil))+"\n"+`{"number":"7","verdict":"unsolvable","moves":0,"nodes":3,"seconds":0}`+"\n"), "r.jsonl")
	if err != nil || l.Len() != 1 || l.At(0) != dealgen.FromUint64(7) {
		t.Errorf("a results file as a list of deals: %v, %v", l, err)
	}
}
