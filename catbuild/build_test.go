package catbuild

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// header is the header of a version-2 results file of the solver's
// verdicts of Russian Cell deals, with the rules that ship.
func header(deals string) batch.Header {
	return batch.Header{Build: "v1+abc", Game: rules.RussianCell, Deals: deals,
		Shard: batch.Shard{Count: 1}, Options: rules.DefaultOptions(), MaxNodes: 1000}
}

// verdict is the record of deal n with verdict v.
func verdict(n uint64, v solver.Verdict) batch.Record {
	r := batch.Record{Number: dealgen.FromUint64(n), Verdict: v, Nodes: 10}
	switch v {
	case solver.Solvable:
		r.Moves, r.Forced = 90, 50
	case solver.Unknown:
		r.Reason = "node budget of 1000 reached"
	}
	return r
}

// results is a results file of header h and the records recs, as a
// reader named name.
func results(name string, h batch.Header, recs ...batch.Record) Input {
	b := append(h.AppendJSON(nil), '\n')
	for _, r := range recs {
		r.Run = h.Tag()
		b = append(r.AppendJSON(b), '\n')
	}
	return ReaderInput(name, bytes.NewReader(b))
}

// fileInput opens testdata/name.
func fileInput(name string) Input {
	return Input{Name: name, Open: func() (io.ReadCloser, error) {
		return os.Open(filepath.Join("testdata", name))
	}}
}

// TestBuildAsTheCommandLineDid: the catalogue of a run's two shard files
// (testdata/rc-0.jsonl and rc-1.jsonl, deals 1-60) is, byte for byte, the
// one that `patience catalogue build` wrote of them before the work moved
// here (testdata/rc.cat, by the command line of commit 4d74d4e), the
// files given in either order.
func TestBuildAsTheCommandLineDid(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "rc.cat"))
	if err != nil {
		t.Fatal(err)
	}
	for _, files := range [][]string{{"rc-0.jsonl", "rc-1.jsonl"}, {"rc-1.jsonl", "rc-0.jsonl"}} {
		c, err := Build(rules.RussianCell, []Input{fileInput(files[0]), fileInput(files[1])}, "")
		if err != nil {
			t.Fatal(err)
		}
		if c.Builder != buildinfo.String() {
			t.Errorf("builder %q, want this build, %q", c.Builder, buildinfo.String())
		}
		c.Builder = "(devel)" // the build that wrote testdata/rc.cat
		if got := c.Encode(); !bytes.Equal(got, want) {
			t.Errorf("%v: the catalogue differs from the command line's:\n%s\nwant\n%s", files, got, want)
		}
	}
}

// TestBuildVerdicts: a deal unknown in one file takes another's decision,
// the rarer verdict is listed, the range may be a part of the files', and
// the catalogue names every run, build and the largest budget.
func TestBuildVerdicts(t *testing.T) {
	S, U, X := solver.Solvable, solver.Unsolvable, solver.Unknown
	h := header("1-6")
	h2 := h
	h2.Build, h2.MaxNodes = "v2+def, v1+abc", 5000
	inputs := func() []Input {
		return []Input{
			results("a", h, verdict(1, S), verdict(2, U), verdict(3, X), verdict(4, S), verdict(6, X)),
			results("b", h2, verdict(3, S), verdict(5, U), verdict(6, X), verdict(2, X)),
		}
	}
	c, err := Build(rules.RussianCell, inputs(), "")
	if err != nil {
		t.Fatal(err)
	}
	want := []catalogue.Status{catalogue.Winnable, catalogue.Unwinnable, catalogue.Winnable, catalogue.Winnable, catalogue.Unwinnable, catalogue.Undecided}
	for i, w := range want {
		if got := c.LookupUint64(uint64(i + 1)); got != w {
			t.Errorf("deal %d: %v, want %v", i+1, got, w)
		}
	}
	if c.First != 1 || c.Last != 6 || c.Listed() != catalogue.Unwinnable || c.Build != "v1+abc, v2+def" || c.MaxNodes != 5000 ||
		!reflect.DeepEqual(c.Runs, []string{h.Tag()}) || c.Options != rules.DefaultOptions() {
		t.Errorf("catalogue %d-%d, listed %v, solver %q, budget %d, runs %v, want 1-6, unsolvable, \"v1+abc, v2+def\", 5000, [%s]",
			c.First, c.Last, c.Listed(), c.Build, c.MaxNodes, c.Runs, h.Tag())
	}
	part, err := Build(rules.RussianCell, inputs(), "2-3")
	if err != nil {
		t.Fatal(err)
	}
	if part.First != 2 || part.Last != 3 || part.Count(catalogue.Winnable) != 1 || part.Count(catalogue.Unwinnable) != 1 {
		t.Errorf("deals 2-3: %s, %d winnable, %d not", part.Describe(), part.Count(catalogue.Winnable), part.Count(catalogue.Unwinnable))
	}
}

// TestBuildReadsOneFileAtATime: each file is opened when its turn comes
// and closed before the next is opened, so that standard input or a pipe
// may be one of them; an error of Open is returned as it is, once the
// files before it are closed.
func TestBuildReadsOneFileAtATime(t *testing.T) {
	var events []string
	open := func(name string, in Input) Input {
		return Input{Name: name, Open: func() (io.ReadCloser, error) {
			events = append(events, "open "+name)
			r, err := in.Open()
			return closer{r, func() { events = append(events, "close "+name) }}, err
		}}
	}
	h := header("1-2")
	a := func() Input { return open("a", results("a", h, verdict(1, solver.Solvable))) }
	b := open("b", results("b", h, verdict(2, solver.Unsolvable)))
	if _, err := Build(rules.RussianCell, []Input{a(), b}, ""); err != nil {
		t.Fatal(err)
	}
	if want := []string{"open a", "close a", "open b", "close b"}; !reflect.DeepEqual(events, want) {
		t.Errorf("%v, want %v", events, want)
	}
	events = nil
	gone := errors.New("cannot open c")
	c := Input{Name: "c", Open: func() (io.ReadCloser, error) { return nil, gone }}
	if _, err := Build(rules.RussianCell, []Input{a(), c, b}, ""); err != gone {
		t.Errorf("Open's error: got %v", err)
	}
	if want := []string{"open a", "close a"}; !reflect.DeepEqual(events, want) {
		t.Errorf("%v, want %v", events, want)
	}
}

// closer calls done when closed.
type closer struct {
	io.ReadCloser
	done func()
}

func (c closer) Close() error {
	c.done()
	return c.ReadCloser.Close()
}

// wantError checks that err is an error of the type of want, equal to it
// field by field, and that it names no flag (a library has none).
func wantError[E error](t *testing.T, err error, want E) {
	t.Helper()
	var got E
	if !errors.As(err, &got) {
		t.Errorf("error %v (%T), want a %T", err, err, want)
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%#v, want %#v", got, want)
	}
	if strings.Contains(err.Error(), "--") {
		t.Errorf("%q names a flag", err)
	}
}

// TestBuildErrors: each refusal of Build is a typed error, whose fields
// say what was found.
func TestBuildErrors(t *testing.T) {
	S, U := solver.Solvable, solver.Unsolvable
	h := header("1-3")
	ok := func(name string) Input {
		return results(name, h, verdict(1, S), verdict(2, U), verdict(3, S))
	}
	build := func(deals string, inputs ...Input) error {
		_, err := Build(rules.RussianCell, inputs, deals)
		return err
	}

	rf := h
	rf.Game = rules.RippleFan
	wantError(t, build("", ok("a"), results("rf", rf)), &GameError{Name: "rf", Got: rules.RippleFan, Want: rules.RussianCell})

	greedy := h
	greedy.Player = "greedy"
	wantError(t, build("", results("g", greedy)), &PlayerError{Name: "g", Player: "greedy"})

	noReturns := h
	noReturns.Options = rules.Options{NoReturns: true}
	wantError(t, build("", ok("a"), results("b", noReturns)),
		&RulesError{Name: "b", First: "a", Game: rules.RussianCell, Options: noReturns.Options, FirstOptions: h.Options})

	wantError(t, build("", ok("a"), results("b", header("1-5"))), &DealsError{Name: "b", First: "a", Deals: "1-5", FirstDeals: "1-3"})
	if err := build("1-3", ok("a"), results("b", header("1-5"))); err != nil {
		t.Errorf("files of other deals, with a range given: %v", err)
	}

	var re *RangeError
	err := build("x", ok("a"))
	if _, perr := batch.ParseDeals("x"); !errors.As(err, &re) || *re != (RangeError{Deals: "x", Err: re.Err}) || re.Err == nil || re.Err.Error() != perr.Error() || errors.Unwrap(err) != re.Err {
		t.Errorf("deals x: %#v, want a *RangeError with batch.ParseDeals's error, %v", err, perr)
	}
	wantError(t, build("1-2,5", ok("a")), &RangeError{Deals: "1-2,5"})
	wantError(t, build("1-4294967297", ok("a")), &RangeError{Deals: "1-4294967297", TooMany: true})
	wantError(t, build("", results("a", header("1-2,5"))), &RangeError{Name: "a", Deals: "1-2,5"})
	wantError(t, build("1-2,5"), &RangeError{Deals: "1-2,5"})
	if err := build(""); !errors.As(err, &re) || re.Err == nil {
		t.Errorf("no files and no range: %v, want a *RangeError with its Err", err)
	}

	wantError(t, build("", ok("a"), results("b", h, verdict(2, S))), &ConflictError{Name: "b", Deal: 2})

	wantError(t, build("", results("a", h, verdict(2, S))), &MissingError{First: 1, Last: 3, Count: 2, Deal: 1})
	wantError(t, build("2-9", ok("a")), &MissingError{First: 2, Last: 9, Count: 6, Deal: 4})
	wantError(t, build("4-6"), &MissingError{First: 4, Last: 6, Count: 3, Deal: 4})

	// A line of a deal the header does not declare, and one that does
	// not parse: batch's errors, with the file and line.
	var fe *batch.FileError
	if err := build("", results("a", h, verdict(1, S), verdict(4, S))); !errors.As(err, &fe) || fe.Name != "a" || fe.Line != 3 || !strings.Contains(err.Error(), "deal 4 is not in the declared deals") {
		t.Errorf("a deal the header does not declare: %v, want a *batch.FileError of a line 3", err)
	}
	bad := ReaderInput("bad", strings.NewReader(string(h.AppendJSON(nil))+"\nnot a line\n"))
	if err := build("", bad); !errors.As(err, &fe) || fe.Name != "bad" || fe.Line != 2 {
		t.Errorf("a line that does not parse: %v, want a *batch.FileError of bad line 2", err)
	}
}
