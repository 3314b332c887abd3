package batch

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

func TestTagIsTheRunsQuestion(t *testing.T) {
	base := Header{Version: 2, Build: "v1+abc1234", Game: rules.RussianCell, Deals: "1-100", Shard: Whole, Options: rules.Options{}, MaxNodes: 100}
	tag := base.Tag()
	if !regexp.MustCompile(`^[0-9a-f]{8}$`).MatchString(tag) {
		t.Fatalf("tag %q", tag)
	}
	same := []func(*Header){
		func(h *Header) { h.Shard = Shard{3, 8} },
		func(h *Header) { h.MaxNodes = 5 },
		func(h *Header) { h.Timeout = 1e9 },
		func(h *Header) { h.Build = "v2+def5678" },
		func(h *Header) { h.Version = 0 },
	}
	for i, f := range same {
		h := base
		f(&h)
		if h.Tag() != tag {
			t.Errorf("change %d: tag %q, want %q", i, h.Tag(), tag)
		}
	}
	differ := []func(*Header){
		func(h *Header) { h.Game = rules.RippleFan },
		func(h *Header) { h.Deals = "1-101" },
		func(h *Header) { h.Options.NoReturns = true },
		func(h *Header) { h.Player = "greedy" },
		func(h *Header) { h.Player, h.Samples = "sampled", 50 },
		func(h *Header) { h.Player, h.Samples, h.Seed = "sampled", 50, 2 },
	}
	seen := map[string]int{tag: -1}
	for i, f := range differ {
		h := base
		f(&h)
		if j, ok := seen[h.Tag()]; ok {
			t.Errorf("change %d: tag %q, as change %d", i, h.Tag(), j)
		}
		seen[h.Tag()] = i
	}
	base.Version = 1
	if base.Tag() != "" {
		t.Errorf("version 1 has tag %q", base.Tag())
	}
}

func TestHeaderVersion2Errors(t *testing.T) {
	good := Header{Version: 2, Build: "v1+abc1234", Game: rules.RippleFan, Deals: "1-10", Shard: Whole, MaxNodes: 100, Player: "sampled", Samples: 10, Seed: 7}
	line := string(good.AppendJSON(nil))
	if h, err := ParseHeader([]byte(line)); err != nil || h != good {
		t.Fatalf("%s: %+v, %v", line, h, err)
	}
	tag := good.Tag()
	cases := map[string]string{
		strings.Replace(line, `"solver":"v1+abc1234",`, "", 1):                `no "solver"`,
		strings.Replace(line, `"solver":"v1+abc1234"`, `"solver":""`, 1):      `solver ""`,
		strings.Replace(line, `"run":"`+tag+`",`, "", 1):                      `no "run"`,
		strings.Replace(line, `"deals":"1-10"`, `"deals":"1-11"`, 1):          "the header was edited",
		strings.Replace(line, `"run":"`+tag+`"`, `"run":"00000000"`, 1):       "the header was edited",
		strings.Replace(line, `,"seed":"7"`, "", 1):                           `"samples" and "seed" go together`,
		strings.Replace(line, `"seed":"7"`, `"seed":7`, 1):                    "bad results header",
		strings.Replace(line, `"seed":"7"`, `"seed":"07"`, 1):                 `seed "07"`,
		strings.Replace(line, `"samples":10`, `"samples":0`, 1):               "samples 0",
		strings.Replace(line, `"player":"sampled",`, "", 1):                   `without a "player"`,
		strings.Replace(line, `"player":"sampled"`, `"player":"Bad Name"`, 1): `player "Bad Name"`,
		strings.Replace(line, `"version":2`, `"version":3`, 1):                "version 3: this patience reads versions 1 and 2",
		`{"patience":"results","version":1,"solver":"v1","game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100}`:     `"solver" in a version-1 header`,
		`{"patience":"results","version":1,"game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100,"player":"greedy"}`: `"player" in a version-1 header`,
	}
	for l, want := range cases {
		_, err := ParseHeader([]byte(l))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s\n  got %v, want %q", l, err, want)
		}
	}
}

// readAll reads a results file through a Reader: its header and records,
// or the first error.
func readAll(t *testing.T, path string) (Header, []Record, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := NewReader(f, path)
	if err != nil {
		return Header{}, nil, err
	}
	var recs []Record
	for {
		var rec Record
		err := rd.Next(&rec)
		if err == io.EOF {
			return rd.Header(), recs, nil
		}
		if err != nil {
			return rd.Header(), recs, err
		}
		recs = append(recs, rec)
	}
}

func TestRunWritesVersion2(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-50")
	// One worker writes the deals in order, so the list read back below
	// is "1-50" (with two, the file's order depends on which finished
	// first).
	cfg.Solver.Workers = 1
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	run(t, cfg)
	h, recs, err := readAll(t, cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if h.Version != 2 || h.Build != buildinfo.String() || len(recs) != 50 {
		t.Fatalf("header %+v, %d records", h, len(recs))
	}
	data, _ := os.ReadFile(cfg.Out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if want := `{"patience":"results","version":2,"solver":"` + buildinfo.String() + `","run":"` + h.Tag() + `","game":"ripple-fan"`; !strings.HasPrefix(lines[0], want) {
		t.Errorf("header %s\nwant it to start %s", lines[0], want)
	}
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, `{"run":"`+h.Tag()+`","number":"`) {
			t.Fatalf("line %s lacks the run tag %s", l, h.Tag())
		}
	}
	// A version-2 file names deals for --deals-file, as a version-1 file did.
	l, err := ReadDeals(bytes.NewReader(data), "r.jsonl")
	if err != nil || l.String() != "1-50" {
		t.Errorf("deals of a version-2 file: %v, %v", l, err)
	}
}

// TestForeignLineRefused appends a line of another run (another game, or
// other deals) to a results file: resume, merge and summary refuse it,
// naming the file and the line.
func TestForeignLineRefused(t *testing.T) {
	dir := t.TempDir()
	rf := testConfig(t, rules.RippleFan, "1-20")
	rf.Out = filepath.Join(dir, "rf.jsonl")
	run(t, rf)
	rc := testConfig(t, rules.RussianCell, "1-3")
	rc.Solver.Options.NoReturns = false
	rc.Out = filepath.Join(dir, "rc.jsonl")
	run(t, rc)
	rcData, _ := os.ReadFile(rc.Out)
	rcLines := strings.Split(strings.TrimSpace(string(rcData)), "\n")
	// Deal 3 of Russian Cell: a deal that is in the Ripple Fan run too.
	foreign := rcLines[len(rcLines)-1]

	for _, c := range []struct {
		name, line, want string
	}{
		{"another game", foreign, "a line of another run: its run tag is"},
		{"no tag", regexp.MustCompile(`"run":"[0-9a-f]+",`).ReplaceAllString(foreign, ""), "a line of another run: it carries no run tag"},
	} {
		path := filepath.Join(dir, "x.jsonl")
		data, _ := os.ReadFile(rf.Out)
		// Make room for the line's deal: remove it from the file.
		var kept []string
		num := regexp.MustCompile(`"number":"[0-9]+"`).FindString(c.line)
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if !strings.Contains(l, num) {
				kept = append(kept, l)
			}
		}
		os.WriteFile(path, []byte(strings.Join(kept, "\n")+"\n"+c.line+"\n"), 0o644)
		before, _ := os.ReadFile(path)
		wantMsg := path + " line 21: " + c.want
		cfg := rf
		cfg.Out = path
		if _, err := Open(cfg); err == nil || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("%s: resume: got %v, want %q", c.name, err, wantMsg)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
			t.Errorf("%s: the refused file was changed", c.name)
		}
		if _, _, err := SummarizeFiles([]string{path}); err == nil || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("%s: summary: got %v", c.name, err)
		}
		if _, err := Merge([]string{path}, nil); err == nil || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("%s: merge: got %v", c.name, err)
		}
	}

	// A tagged line in a version-1 file.
	v1 := Header{Version: 1, Game: rules.RippleFan, Deals: "1-20", Shard: Whole, MaxNodes: solver.DefaultMaxNodes}
	path := writeFile(t, filepath.Join(dir, "v1.jsonl"), v1, []string{line(1), foreign})
	if _, err := Merge([]string{path}, nil); err == nil || !strings.Contains(err.Error(), path+" line 3: a line of another run: it carries a run tag") {
		t.Errorf("tagged line in version 1: got %v", err)
	}
}

// stripTags returns the lines without their run tags and seconds.
func stripTags(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = regexp.MustCompile(`"run":"[0-9a-f]+",`).ReplaceAllString(l, "")
	}
	return out
}

// withSeconds gives lines read by resultLines their "seconds" back.
func withSeconds(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSuffix(l, "}") + `,"seconds":0}`
	}
	return out
}

// TestVersion1Resumable resumes a version-1 file: it stays version 1, its
// new lines carry no tag, and it ends as a version-2 run's, tags aside.
func TestVersion1Resumable(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-400")
	_, want := reference(t, cfg)
	half := withSeconds(stripTags(want)[:200])
	v1 := Header{Version: 1, Game: rules.RippleFan, Deals: "1-400", Shard: Whole, MaxNodes: solver.DefaultMaxNodes}
	cfg.Out = writeFile(t, filepath.Join(t.TempDir(), "v1.jsonl"), v1, half)
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := r.Notes(); len(n) != 1 || !strings.Contains(n[0], "is a version-1 results file, which records no build: it is resumed as version 1") {
		t.Errorf("notes %q", n)
	}
	res, err := r.Run(t.Context())
	if err != nil || res.Resumed != 200 || res.Done != 400 {
		t.Fatalf("%+v, %v", res, err)
	}
	header, got := resultLines(t, cfg.Out)
	if header != string(v1.AppendJSON(nil)) {
		t.Errorf("header became %s", header)
	}
	for _, l := range got {
		if strings.Contains(l, `"run"`) {
			t.Fatalf("a version-1 file got a tagged line: %s", l)
		}
	}
	sameLines(t, "resumed version 1", stripTags(got), stripTags(want))

	// It merges with a version-2 file of the same run, into version 2.
	if _, err := Merge([]string{cfg.Out}, nil); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	h := func(i uint64, v int) Header {
		return Header{Version: v, Game: rules.RippleFan, Deals: "1-4", Shard: Shard{i, 2}, MaxNodes: 100}
	}
	a := writeFile(t, filepath.Join(dir, "a.jsonl"), h(0, 1), []string{line(1), line(3)})
	b := writeFile(t, filepath.Join(dir, "b.jsonl"), h(1, 2), []string{line(2), line(4)})
	var out bytes.Buffer
	m, err := Merge([]string{a, b}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Header.Version != 2 || m.Header.Build != "unrecorded, "+buildinfo.String() {
		t.Errorf("merged header %+v", m.Header)
	}
	if len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "an unrecorded build (version 1) ("+a+"), "+buildinfo.String()+" ("+b+")") {
		t.Errorf("notes %q", m.Notes)
	}
	merged := filepath.Join(dir, "m.jsonl")
	os.WriteFile(merged, out.Bytes(), 0o644)
	mh, recs, err := readAll(t, merged)
	if err != nil || len(recs) != 4 || mh.Version != 2 {
		t.Fatalf("merged file: %+v, %d records, %v\n%s", mh, len(recs), err, out.Bytes())
	}
}

func TestResumeOtherBuild(t *testing.T) {
	cfg := testConfig(t, rules.RippleFan, "1-300")
	_, want := reference(t, cfg)
	cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
	h := Header{Build: "v0.0.1+0000000", Game: rules.RippleFan, Deals: "1-300", Shard: Whole, MaxNodes: solver.DefaultMaxNodes}
	writeFile(t, cfg.Out, h, withSeconds(stripTags(want)[:100]))
	before, _ := os.ReadFile(cfg.Out)

	for _, retry := range []bool{false, true} {
		c := cfg
		c.RetryUnknown = retry
		_, err := Open(c)
		var be *BuildError
		if !errors.As(err, &be) || be.File != "v0.0.1+0000000" || be.This != buildinfo.String() {
			t.Fatalf("retry %v: got %v, want a BuildError", retry, err)
		}
		for _, w := range []string{cfg.Out + " was made by patience v0.0.1+0000000", "this is patience " + buildinfo.String(), "force the resume"} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q lacks %q", err, w)
			}
		}
		if after, _ := os.ReadFile(cfg.Out); !bytes.Equal(after, before) {
			t.Fatal("the refused file was changed")
		}
	}

	// A file of this run but another budget is refused for that first.
	c := cfg
	c.Solver.MaxNodes = 1000
	c.Force = true
	var me *MismatchError
	if _, err := Open(c); !errors.As(err, &me) {
		t.Errorf("other budget with --force: got %v", err)
	}
	if after, _ := os.ReadFile(cfg.Out); !bytes.Equal(after, before) {
		t.Fatal("the refused file was changed")
	}

	cfg.Force = true
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := r.Notes(); len(n) != 1 || !strings.Contains(n[0], "resumed with "+buildinfo.String()+" (forced)") {
		t.Errorf("notes %q", n)
	}
	if _, err := r.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	fh, recs, err := readAll(t, cfg.Out)
	if err != nil || len(recs) != 300 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	if fh.Build != "v0.0.1+0000000, "+buildinfo.String() {
		t.Errorf("header names %q", fh.Build)
	}
	data, _ := os.ReadFile(cfg.Out)
	_, body, _ := strings.Cut(string(data), "\n")
	_, oldBody, _ := strings.Cut(string(before), "\n")
	if !strings.HasPrefix(body, oldBody) {
		t.Error("the lines of the other build were not kept as they were")
	}

	// Now that the header names this build, it resumes without --force.
	cfg.Force = false
	res := run(t, cfg)
	if res.Resumed != 300 {
		t.Errorf("resumed %d", res.Resumed)
	}

	// Summary and merge note the two builds; a file of one build gets no
	// note.
	_, info, err := SummarizeFiles([]string{cfg.Out})
	if err != nil || len(info.Notes) != 1 || !strings.Contains(info.Notes[0], "different builds of patience, whose verdicts may differ: v0.0.1+0000000 ("+cfg.Out+"), "+buildinfo.String()+" ("+cfg.Out+")") {
		t.Errorf("summary notes %q, %v", info.Notes, err)
	}
	one := filepath.Join(t.TempDir(), "one.jsonl")
	cfg.Out = one
	run(t, cfg)
	if _, info, err := SummarizeFiles([]string{one}); err != nil || len(info.Notes) != 0 {
		t.Errorf("one build: notes %q, %v", info.Notes, err)
	}
}

func TestMergeNotesBuilds(t *testing.T) {
	dir := t.TempDir()
	h := func(i uint64, build string) Header {
		return Header{Build: build, Game: rules.RippleFan, Deals: "1-4", Shard: Shard{i, 2}, MaxNodes: 100}
	}
	a := writeFile(t, filepath.Join(dir, "a.jsonl"), h(0, "v1.0.0+aaaaaaa"), []string{line(1), line(3)})
	b := writeFile(t, filepath.Join(dir, "b.jsonl"), h(1, "v1.1.0+bbbbbbb"), []string{line(2), line(4)})
	b2 := writeFile(t, filepath.Join(dir, "b2.jsonl"), h(1, "v1.0.0+aaaaaaa"), []string{line(2), line(4)})
	m, err := Merge([]string{a, b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "the results were made by different builds of patience, whose verdicts may differ: v1.0.0+aaaaaaa (" + a + "), v1.1.0+bbbbbbb (" + b + ")"
	if len(m.Notes) != 1 || m.Notes[0] != want {
		t.Errorf("notes %q\nwant %q", m.Notes, want)
	}
	if m.Header.Build != "v1.0.0+aaaaaaa, v1.1.0+bbbbbbb" || m.Header.Shard != Whole {
		t.Errorf("merged header %+v", m.Header)
	}
	_, info, err := SummarizeFiles([]string{a, b})
	if err != nil || len(info.Notes) != 1 || info.Notes[0] != want {
		t.Errorf("summary notes %q, %v", info.Notes, err)
	}
	m, err = Merge([]string{a, b2}, nil)
	if err != nil || len(m.Notes) != 0 || m.Header.Build != "v1.0.0+aaaaaaa" {
		t.Errorf("one build: %+v, %v", m, err)
	}
}

// TestPlayerIsRunDefining: a file of a player's games is not resumed by a
// run of the solver, nor summarised with the solver's verdicts.
func TestPlayerIsRunDefining(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t, rules.RippleFan, "1-4")
	cfg.Out = filepath.Join(dir, "p.jsonl")
	hp := Header{Game: rules.RippleFan, Deals: "1-4", Shard: Whole, MaxNodes: solver.DefaultMaxNodes, Player: "sampled", Samples: 10, Seed: 1}
	writeFile(t, cfg.Out, hp, []string{line(1)})
	var me *MismatchError
	if _, err := Open(cfg); !errors.As(err, &me) || !strings.Contains(err.Error(), `its player is "sampled", this run's is none`) {
		t.Errorf("got %v", err)
	} else if me.Player != "sampled" {
		t.Errorf("MismatchError.Player %q, want the file's, \"sampled\"", me.Player)
	}
	plain := writeFile(t, filepath.Join(dir, "s.jsonl"), Header{Game: rules.RippleFan, Deals: "1-4", Shard: Whole, MaxNodes: solver.DefaultMaxNodes}, []string{line(2)})
	var rp ResultsProblems
	if _, _, err := SummarizeFiles([]string{cfg.Out, plain}); !errors.As(err, &rp) || !strings.Contains(err.Error(), "summarise one player at a time") {
		t.Errorf("got %v", err)
	}
	hp2 := hp
	hp2.Seed = 2
	other := writeFile(t, filepath.Join(dir, "p2.jsonl"), hp2, []string{line(2)})
	if _, err := Merge([]string{cfg.Out, other}, nil); err == nil || !strings.Contains(err.Error(), "its seed is 2, but 1 in") {
		t.Errorf("got %v", err)
	}
}
