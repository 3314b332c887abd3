package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/patience-solver/patience/rules"
)

// Document is a kind of JSON document that the application writes, beside
// the documents of rules (a position, a solution, a list of moves) and the
// results file of batch. Each opens with a rules.DocHeader that
// names its kind and the version of its format.
type Document uint8

// The application's documents.
const (
	PlayDocument    Document = iota + 1 // the record of a played game (patience play --format json)
	HintDocument                        // a hint (patience hint --format json)
	ReviewDocument                      // the review of a played game (patience review --format json)
	ShareDocument                       // the share of arrangements won, for a position with unknown cards (patience solve --format json)
	SummaryDocument                     // the summary of results (patience stats --format json)
)

// documents gives each document its header: its "patience" field and
// the version of its format that this build writes.
var documents = map[Document]rules.DocHeader{
	PlayDocument:    {Patience: "play", Version: 1},
	HintDocument:    {Patience: "hint", Version: 1},
	ReviewDocument:  {Patience: "review", Version: 3},
	ShareDocument:   {Patience: "share", Version: 1},
	SummaryDocument: {Patience: "summary", Version: 1},
}

// Kind returns the document's kind as its "patience" field names it, such
// as "play".
func (d Document) Kind() string { return documents[d].Patience }

// Version returns the version of the document's format that this build
// writes. A reader reads every version up to it.
func (d Document) Version() int { return documents[d].Version }

// Header returns the header that opens a document of kind d as this build
// writes it.
func (d Document) Header() rules.DocHeader { return documents[d] }

// ParseKind returns the application's document whose kind (its
// "patience" field) is s, or an error for another kind.
func ParseKind(s string) (Document, error) {
	for d, h := range documents {
		if h.Patience == s {
			return d, nil
		}
	}
	return 0, &rules.ParseError{What: "document kind", Input: s, Err: fmt.Errorf("%q is not a kind of document of the application (play, hint, review, share, summary)", clip(s))}
}

// String describes the document in words, as in "this is a hint".
func (d Document) String() string {
	switch d {
	case PlayDocument:
		return "the record of a played game"
	case HintDocument:
		return "a hint"
	case ReviewDocument:
		return "the review of a played game"
	case ShareDocument:
		return "the share of arrangements won for a position with unknown face-down cards (??)"
	case SummaryDocument:
		return "the summary of a results file"
	}
	return fmt.Sprintf("Document(%d)", uint8(d))
}

// DocumentOf returns the application's document that data, a JSON
// object, is: the kind its "patience" field names or, for a document
// written before documents said their kind, the one its keys show. ok is
// false when data is none of them (it may be a document of rules, or
// none at all).
func DocumentOf(data []byte) (d Document, ok bool) {
	if kind, named := rules.KindName(data); named {
		d, err := ParseKind(kind)
		return d, err == nil
	}
	var top map[string]json.RawMessage
	if json.NewDecoder(bytes.NewReader(data)).Decode(&top) != nil {
		return 0, false
	}
	has := func(k string) bool { _, ok := top[k]; return ok }
	switch {
	case has("arrangements") || has("hidden"):
		return ShareDocument, true
	case has("game") && has("won") && has("lost") && has("moves"):
		return ReviewDocument, true
	case has("game") && (has("outcome") || has("player") || has("shares") || has("lost_after")):
		return PlayDocument, true
	}
	return 0, false
}

// refuse returns a *rules.WrongDocumentError when data is one of the
// application's documents, other than a play record where a solution or
// moves are wanted (allowPlay); otherwise nil.
func refuse(data []byte, want rules.Document, allowPlay bool) error {
	d, ok := DocumentOf(bytes.TrimSpace(data))
	if !ok || d == PlayDocument && allowPlay {
		return nil
	}
	return &rules.WrongDocumentError{Kind: d.Kind(), Want: want}
}

// readInput reads all of r up to rules.MaxInputSize bytes, and one more to
// tell a larger input, which it returns as read: the readers of rules
// refuse that with the right words. Of an input no larger it drops a UTF-8
// byte order mark. A nil r is a rules.Problems, as input that does not
// read.
func readInput(r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, rules.Problems{"no input: a nil io.Reader"}
	}
	data, err := io.ReadAll(io.LimitReader(r, rules.MaxInputSize+1))
	if err != nil {
		return nil, rules.Problems{fmt.Sprintf("reading input: %v", err)}
	}
	if len(data) > rules.MaxInputSize {
		return data, nil
	}
	return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
}

// WrongDocumentWords says in one line what a document given in the wrong
// place is, for a reader of this program (the page, and the command line
// before it says which command takes it): "this is the record of a played
// game, not a position"; "" for a nil e.
func WrongDocumentWords(e *rules.WrongDocumentError) string {
	if e == nil {
		return ""
	}
	if e.Got != 0 {
		return e.Error()
	}
	d, err := ParseKind(e.Kind)
	if err != nil {
		want := e.Want.String()
		if k := e.Want.Kind(); k != "" {
			want = strconv.Quote(k)
		}
		return fmt.Sprintf(`"patience": %q is not a kind of document patience writes; want %s`, clip(e.Kind), want)
	}
	return "this is " + d.String() + ", not " + e.Want.String()
}

// ReadPositionOf is rules.ReadPositionOf that also tells the
// application's documents (a play record, a hint, a review…) for what
// they are, with a *rules.WrongDocumentError.
func ReadPositionOf(r io.Reader, g rules.Game) (*rules.Position, string, error) {
	return readPosition(r, func(r io.Reader) (*rules.Position, string, error) { return rules.ReadPositionOf(r, g) })
}

// ReadPosition is ReadPositionOf for a position whose text board names
// its game (rules.ReadPosition).
func ReadPosition(r io.Reader) (*rules.Position, string, error) {
	return readPosition(r, rules.ReadPosition)
}

func readPosition(r io.Reader, read func(io.Reader) (*rules.Position, string, error)) (*rules.Position, string, error) {
	data, err := readInput(r)
	if err != nil {
		return nil, "", err
	}
	if len(data) <= rules.MaxInputSize {
		if err := refuse(data, rules.PositionDocument, false); err != nil {
			return nil, "", err
		}
	}
	return read(bytes.NewReader(data))
}

// MoveFile is what ReadMoveFile read: the moves, and the solution or play
// record they came from, if they came from one.
type MoveFile struct {
	// Moves are the moves in the order they are played; empty when the
	// input held none.
	Moves []rules.Move
	// Record is the solution or play record the moves were read from,
	// or nil for a list of moves. A caller that plays the moves from a
	// start checks that the record is for that start.
	Record *Record
	// Empty is set when the input held nothing but white space.
	Empty bool
}

// ReadMoveFile reads a list of moves in any of the forms
// rules.ReadMoveFile reads, or the record of a played game, whose moves
// are taken. The application's other documents (a hint, a review…) are
// refused with a *rules.WrongDocumentError that says what they are.
func ReadMoveFile(r io.Reader) (MoveFile, error) {
	data, err := readInput(r)
	if err != nil {
		return MoveFile{}, err
	}
	if t := bytes.TrimSpace(data); len(data) <= rules.MaxInputSize && len(t) > 0 && t[0] == '{' {
		if err := refuse(t, rules.MoveListDocument, true); err != nil {
			return MoveFile{}, err
		}
		// A solution or a play record: read as check reads it.
		kind, _ := rules.KindName(t)
		if d, ok := DocumentOf(t); ok && d == PlayDocument || kind == rules.SolutionDocument.Kind() {
			rec, err := ReadRecord(bytes.NewReader(data))
			if err != nil {
				return MoveFile{}, err
			}
			return MoveFile{Moves: rec.Moves, Record: rec}, nil
		}
	}
	mf, err := rules.ReadMoveFile(bytes.NewReader(data))
	f := MoveFile{Moves: mf.Moves, Empty: mf.Empty}
	if mf.Solution != nil {
		f.Record = &Record{Solution: mf.Solution}
	}
	return f, err
}
