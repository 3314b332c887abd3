package rules_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// TestDocumentKinds: every document that says its kind has a distinct
// kind that ParseKind reads back, and a format version; the results
// file's is the version its header has carried since version 2.
func TestDocumentKinds(t *testing.T) {
	seen := map[string]bool{}
	kinds := 0
	for d := rules.Document(1); d < 32; d++ {
		k := d.Kind()
		if k == "" {
			if d.Version() != 0 {
				t.Errorf("%v: version %d without a kind", d, d.Version())
			}
			continue
		}
		kinds++
		if seen[k] {
			t.Errorf("kind %q twice", k)
		}
		seen[k] = true
		if back, err := rules.ParseKind(k); err != nil || back != d {
			t.Errorf("ParseKind(%q) = %v, %v; want %v", k, back, err, d)
		}
		if d.Version() < 1 {
			t.Errorf("%v: version %d", d, d.Version())
		}
		if h := d.Header(); h.Patience != k || h.Version != d.Version() {
			t.Errorf("%v: header %+v", d, h)
		}
	}
	// Position, solution, results: the documents of the layers above
	// (a play record, a hint…) are theirs.
	if kinds != 3 {
		t.Errorf("%d kinds, want 3", kinds)
	}
	if rules.ResultsDocument.Kind() != "results" || rules.ResultsDocument.Version() != 2 {
		t.Errorf("results: %+v", rules.ResultsDocument.Header())
	}
	for _, d := range []rules.Document{rules.MoveListDocument, rules.ResultLineDocument} {
		if d.Kind() != "" {
			t.Errorf("%v has kind %q", d, d.Kind())
		}
	}
	if _, err := rules.ParseKind(""); err == nil {
		t.Error(`ParseKind("") is a kind`)
	}
}

// TestWritersSayTheirKind: a position and a solution open with their
// kind and version, and read back.
func TestWritersSayTheirKind(t *testing.T) {
	pos := rules.MarshalPosition(ioRCMid(), "617")
	if !bytes.HasPrefix(pos, []byte(`{"patience":"position","version":1,"game":`)) {
		t.Errorf("position: %s", pos)
	}
	if d, ok := rules.KindOf(pos); !ok || d != rules.PositionDocument {
		t.Errorf("KindOf(position) = %v, %v", d, ok)
	}
	sol := &rules.Solution{Game: rules.RussianCell, Number: "617", Verdict: rules.VerdictUnknown, Reason: "interrupted",
		Options: rules.DefaultOptions(), Moves: []rules.Move{rules.MustMove("QS t2>t5")}}
	b := rules.MarshalSolution(sol)
	if !bytes.HasPrefix(b, []byte(`{"patience":"solution","version":1,"game":`)) {
		t.Errorf("solution: %s", b)
	}
	if got, err := rules.ReadSolution(bytes.NewReader(b)); err != nil || got.Reason != "interrupted" || len(got.Moves) != 1 {
		t.Errorf("solution read back: %+v, %v", got, err)
	}
	if mf, err := rules.ReadMoveFile(bytes.NewReader(b)); err != nil || mf.Solution == nil || len(mf.Moves) != 1 {
		t.Errorf("solution as a move file: %+v, %v", mf, err)
	}
	// A position embedded in another document carries no kind.
	sol.Position = ioRCMid()
	if b := rules.MarshalSolution(sol); strings.Count(string(b), `"patience"`) != 1 {
		t.Errorf("embedded position with a kind: %s", b)
	}
}

// TestOldDocumentsRead: documents written before documents said their kind
// (and positions written by hand) are read, and recognised by their keys.
func TestOldDocumentsRead(t *testing.T) {
	if p, num, err := rules.ReadPosition(strings.NewReader(ioRCMidJSON)); err != nil || num != "617" || !p.Equal(ioRCMid()) {
		t.Errorf("old position: %v, %q", err, num)
	}
	oldSolution := `{"game":"russian-cell","number":"617","verdict":"solvable","rules":{"returns":true},"moves":[{"card":"JH","from":"t2","to":"t3"}],"nodes":1,"seconds":0}`
	if s, err := rules.ReadSolution(strings.NewReader(oldSolution)); err != nil || len(s.Moves) != 1 {
		t.Errorf("old solution: %+v, %v", s, err)
	}
	// Old documents of the wrong kind are still told apart by their keys.
	for in, got := range map[string]rules.Document{
		oldSolution: rules.SolutionDocument,
		`{"patience":"results","version":1,"game":"ripple-fan","deals":"1-4","shard":"0/1","rules":{"returns":false}}` + "\n{}": rules.ResultsDocument,
	} {
		_, _, err := rules.ReadPosition(strings.NewReader(in))
		var wd *rules.WrongDocumentError
		if !errors.As(err, &wd) || wd.Got != got || wd.Want != rules.PositionDocument {
			t.Errorf("%s as a position: %v; want it told as %v", in, err, got)
		}
	}
}

// TestDocumentsRecognisedByKind: a document that says its kind is
// recognised by it, whatever its keys; the keys a document without one is
// recognised by decide nothing then.
func TestDocumentsRecognisedByKind(t *testing.T) {
	readers := map[rules.Document]func(string) error{
		rules.PositionDocument: func(s string) error { _, _, err := rules.ReadPosition(strings.NewReader(s)); return err },
		rules.SolutionDocument: func(s string) error { _, err := rules.ReadSolution(strings.NewReader(s)); return err },
		rules.MoveListDocument: func(s string) error { _, err := rules.ReadMoveFile(strings.NewReader(s)); return err },
	}
	for _, got := range []rules.Document{rules.PositionDocument, rules.SolutionDocument, rules.ResultsDocument} {
		// No key but the kind's: not one of the keys a document
		// without a kind is recognised by.
		in := `{"patience":"` + got.Kind() + `","version":1,"renamed":true}`
		for want, read := range readers {
			err := read(in)
			accepted := got == want || (want == rules.MoveListDocument && got == rules.SolutionDocument)
			var wd *rules.WrongDocumentError
			switch {
			case accepted && errors.As(err, &wd):
				t.Errorf("%v read as %v: refused as %v", got, want, wd.Got)
			case accepted && err == nil:
				t.Errorf("%v read as %v: %s read without an error", got, want, in)
			case !accepted && (!errors.As(err, &wd) || wd.Got != got || wd.Kind != got.Kind() || wd.Want != want):
				t.Errorf("%v read as %v: %v; want it told as %v", got, want, err, got)
			}
		}
	}
	// The documents of the layers above, and kinds of no layer: refused
	// by their kind, which the error carries.
	for _, kind := range []string{"play", "hint", "review", "share", "summary", "positon"} {
		in := `{"patience":"` + kind + `","version":1,"game":"russian-cell","number":"617","verdict":"solvable","moves":[]}`
		for want, read := range readers {
			var wd *rules.WrongDocumentError
			if err := read(in); !errors.As(err, &wd) || wd.Got != 0 || wd.Kind != kind || wd.Want != want {
				t.Errorf("%q read as %v: %v", kind, want, err)
			}
		}
	}

	// The kind decides over the keys: a position with a share's key is a
	// position with an unknown field, and a review with a solution's
	// keys only is a review.
	pos := strings.Replace(string(rules.MarshalPosition(ioRCMid(), "")), `"game"`, `"hidden":3,"game"`, 1)
	if _, _, err := rules.ReadPosition(strings.NewReader(pos)); err == nil || !strings.Contains(err.Error(), `unknown field "hidden"`) {
		t.Errorf("a position with a share's key: %v", err)
	}
	review := `{"patience":"review","version":1,"game":"russian-cell","number":"617","verdict":"solvable","moves":[]}`
	var wd *rules.WrongDocumentError
	if _, err := rules.ReadSolution(strings.NewReader(review)); !errors.As(err, &wd) || wd.Kind != "review" {
		t.Errorf("a review with a solution's keys: %v", err)
	}
	if d, ok := rules.KindOf([]byte(review)); !ok || d != 0 {
		t.Errorf("KindOf(review) = %v, %v", d, ok)
	}
	if k, ok := rules.KindName([]byte(review)); !ok || k != "review" {
		t.Errorf("KindName(review) = %q, %v", k, ok)
	}
	if d, ok := rules.KindOf([]byte(ioRCMidJSON)); ok || d != 0 {
		t.Errorf("KindOf(a position without a kind) = %v, %v", d, ok)
	}
}

// TestDocumentHeaderErrors: a kind and version that this build cannot read
// get one clear line.
func TestDocumentHeaderErrors(t *testing.T) {
	pos := string(rules.MarshalPosition(ioRCMid(), "617"))
	sol := string(rules.MarshalSolution(&rules.Solution{Game: rules.RussianCell, Number: "617", Verdict: rules.VerdictUnsolvable, Options: rules.DefaultOptions()}))
	readPos := func(s string) error { _, _, err := rules.ReadPosition(strings.NewReader(s)); return err }
	readSol := func(s string) error { _, err := rules.ReadSolution(strings.NewReader(s)); return err }
	for _, c := range []struct {
		name string
		read func(string) error
		in   string
		want string
	}{
		{"unknown kind", readPos, strings.Replace(pos, `"position"`, `"positon"`, 1), `this is a document of kind "positon", not a position`},
		{"kind not a string", readPos, strings.Replace(pos, `"position"`, `1`, 1), `patience: want a string, got a JSON number`},
		{"no version", readPos, strings.Replace(pos, `"version":1,`, ``, 1), `"patience": "position" without "version": want "version":1`},
		{"newer version", readPos, strings.Replace(pos, `"version":1`, `"version":2`, 1), `format version 2 of a position: this build of patience reads versions up to 1; use a newer build`},
		{"version without kind", readPos, strings.Replace(pos, `"patience":"position",`, ``, 1), `"version" without "patience"`},
		{"solution: newer version", readSol, strings.Replace(sol, `"version":1`, `"version":9`, 1), `format version 9 of a solution`},
		{"solution with an outcome", readSol, strings.Replace(sol, `"nodes"`, `"outcome":"lost","nodes"`, 1), `unknown field "outcome"`},
	} {
		err := c.read(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.want)
		}
	}
}
