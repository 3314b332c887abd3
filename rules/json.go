package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/patience-solver/patience/internal/jsonkeys"
)

// MaxInputSize is the most bytes ReadPosition, ReadSolution and ReadMoves
// read: 1 MiB. Larger input is refused once MaxInputSize+1 bytes are read.
const MaxInputSize = 1 << 20

// PositionDoc is the JSON form of a position:
//
//	{"patience":"position","version":1,"game":"russian-cell","number":"617",
//	 "tableau":[{"down":[],"up":["6C"]},{"down":["7D"],"up":["8D","3C","QS","2S","JH"]}, ...],
//	 "cells":[null,null],"foundations":{"C":0,"S":0,"H":0,"D":0}}
//
// A face-down card the player cannot see is "??" in a "down" list.
//
// It can be embedded in other JSON documents (a solution carries one as
// "position"). Build one with NewPositionDoc and turn it back into a
// Position with its Position method. NewPositionDoc leaves the DocHeader
// empty, as a position embedded in another document has none;
// MarshalPosition fills it, as a document of its own says its kind.
type PositionDoc struct {
	// DocHeader says the document's kind and format version; it is empty
	// in a position embedded in another document.
	DocHeader
	Game        string         `json:"game"`             // the game's name: "russian-cell" or "ripple-fan"
	Number      string         `json:"number,omitempty"` // the deal number in canonical form, or "" for none
	Tableau     []PileDoc      `json:"tableau"`          // the tableau piles, the first (t1) first
	Cells       []*string      `json:"cells"`            // one per cell: the card, as in "5C", or nil (null) when empty
	Foundations FoundationsDoc `json:"foundations"`      // the top rank of each suit's foundation
}

// PileDoc is one tableau pile in a PositionDoc, bottom card first. Down is
// always written, as [] when empty; on input a missing "down" means none.
type PileDoc struct {
	Down []string `json:"down"` // the face-down cards, as in "7D", or "??" for one the player cannot see
	Up   []string `json:"up"`   // the face-up cards; the last is the top card
}

// FoundationsDoc gives the top rank (0 to 13) of each suit's foundation.
type FoundationsDoc struct {
	C int `json:"C"` // clubs
	S int `json:"S"` // spades
	H int `json:"H"` // hearts
	D int `json:"D"` // diamonds
}

// NewPositionDoc returns the JSON form of p. number is the deal number in
// canonical form, or "" for none. It trusts p, as MarshalPosition does: p
// must not be nil.
func NewPositionDoc(p *Position, number string) PositionDoc {
	d := PositionDoc{
		Game:    p.Game.String(),
		Number:  number,
		Tableau: make([]PileDoc, len(p.Tableau)),
		Cells:   make([]*string, len(p.Cells)),
		Foundations: FoundationsDoc{
			C: p.Foundations[Clubs], S: p.Foundations[Spades],
			H: p.Foundations[Hearts], D: p.Foundations[Diamonds],
		},
	}
	for i, pl := range p.Tableau {
		d.Tableau[i] = PileDoc{Down: cardStrings(pl.Down), Up: cardStrings(pl.Up)}
	}
	for i, c := range p.Cells {
		if c != NoCard {
			s := c.String()
			d.Cells[i] = &s
		}
	}
	return d
}

func cardStrings(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Position turns the document into a Position and returns it with the deal
// number ("" when none). It reports what cannot be read (unknown game, bad
// card text, a number not in canonical form) as Problems, but does not
// Validate the position.
//
// Lenient on omissions: a missing "down" is an empty list, missing "cells"
// are empty cells, missing "foundations" are empty foundations. "game" and
// "tableau" are required.
func (d *PositionDoc) Position() (*Position, string, error) {
	var l problemList
	if msg := d.DocHeader.check(PositionDocument); msg != "" {
		return nil, "", problemsOf("%s", msg)
	}
	if d.Game == "" {
		return nil, "", problemsOf(`missing "game": use "russian-cell" or "ripple-fan"`)
	}
	g, err := ParseGame(d.Game)
	if err != nil {
		return nil, "", problemsOf("unknown game %q: use russian-cell or ripple-fan", clip(d.Game))
	}
	if d.Number != "" {
		if err := checkNumber(d.Number); err != nil {
			l.add(sevInput, "%v", err)
		}
	}
	if d.Tableau == nil {
		l.add(sevInput, `missing "tableau": want a list of %d piles, bottom card first`, g.Piles())
	}
	p := &Position{Game: g, Tableau: make([]Pile, len(d.Tableau))}
	for i, pd := range d.Tableau {
		loc := pileName(i)
		p.Tableau[i] = Pile{Down: parseCardList(pd.Down, loc, true, &l), Up: parseCardList(pd.Up, loc, false, &l)}
	}
	if d.Cells == nil {
		p.Cells = make([]Card, g.Cells())
		for i := range p.Cells {
			p.Cells[i] = NoCard
		}
	} else {
		p.Cells = make([]Card, len(d.Cells))
		for i, cs := range d.Cells {
			loc := cellName(i)
			switch {
			case cs == nil:
				p.Cells[i] = NoCard
			case strings.TrimSpace(*cs) == "":
				l.add(sevCard, "%s: empty card text: use null for an empty cell", loc)
				p.Cells[i] = NoCard
			case strings.TrimSpace(*cs) == "??":
				l.add(sevCard, "%s: ?? in a cell: only a face-down card may be unknown", loc)
				p.Cells[i] = NoCard
			default:
				c, err := ParseCard(*cs)
				if err != nil {
					l.add(sevCard, "%s: %s", loc, cardError(*cs))
				}
				p.Cells[i] = c
			}
		}
	}
	p.Foundations = [4]int{d.Foundations.C, d.Foundations.S, d.Foundations.H, d.Foundations.D}
	if err := l.err(); err != nil {
		return nil, "", err
	}
	return p, d.Number, nil
}

// parseCardList parses a pile's card strings, adding a problem for each
// that is not a card. In a face-down list (down), "??" is UnknownCard.
func parseCardList(ss []string, loc string, down bool, l *problemList) []Card {
	out := make([]Card, 0, len(ss))
	for _, s := range ss {
		if strings.TrimSpace(s) == "??" {
			if !down {
				l.add(sevCard, `%s: "??" in "up": only a face-down card may be unknown (in "down")`, loc)
				continue
			}
			out = append(out, UnknownCard)
			continue
		}
		c, err := ParseCard(s)
		if err != nil {
			l.add(sevCard, "%s: %s", loc, cardError(s))
			continue
		}
		out = append(out, c)
	}
	return out
}

// cardError says why s is not a card, in one line.
func cardError(s string) string {
	if strings.TrimSpace(s) == "" {
		return `empty card (or null): want a card such as "TD" or "10♦"`
	}
	if _, err := ParseCard(s); err != nil && len(s) <= 40 {
		return err.Error()
	}
	return fmt.Sprintf("unknown card %q", clip(s))
}

// MarshalPosition returns the position as compact one-line JSON (no
// trailing newline), keys in the order patience ("position"), version,
// game, number, tableau, cells, foundations. number is the deal number in
// canonical form; it is left out when "". It trusts p: p must not be nil.
func MarshalPosition(p *Position, number string) []byte {
	d := NewPositionDoc(p, number)
	d.DocHeader = PositionDocument.Header()
	b, err := json.Marshal(d)
	if err != nil {
		panic("rules: MarshalPosition: " + err.Error()) // cannot happen: only strings and ints
	}
	return b
}

// ReadPosition reads a position: the JSON of PositionDoc when the first
// non-space byte is '{', otherwise the text board of FormatBoard (see
// ParseBoard). It reads at most MaxInputSize bytes and rejects larger input.
// It returns the position and its deal number ("" when none), or a Problems
// error that lists what cannot be read or, for a readable position, what
// Validate finds wrong with it; the position is nil then.
func ReadPosition(r io.Reader) (*Position, string, error) {
	return readPosition(r, nil)
}

// ReadPositionOf is ReadPosition for a position of game g, whose text
// board may leave out its title line (see ParseBoardOf). It does not check
// that the position is of game g: a JSON position or a board with a title
// names its own game, and the caller compares.
func ReadPositionOf(r io.Reader, g Game) (*Position, string, error) {
	return readPosition(r, &g)
}

func readPosition(r io.Reader, game *Game) (*Position, string, error) {
	data, err := readCapped(r, PositionDocument)
	if err != nil {
		return nil, "", err
	}
	text := bytes.TrimLeft(data, " \t\r\n")
	if len(text) == 0 {
		return nil, "", problemsOf("empty input: want a position as JSON or as a text board")
	}
	var p *Position
	var number string
	if text[0] == '{' {
		p, number, err = unmarshalPosition(data)
	} else {
		p, number, err = parseBoard(string(data), game)
	}
	if err != nil {
		return nil, "", err
	}
	if err := Validate(p); err != nil {
		var lm *LayoutMismatch
		if errors.As(err, &lm) && text[0] != '{' && untitled(string(text)) {
			lm.Untitled = true
		}
		return nil, "", err
	}
	return p, number, nil
}

// untitled reports whether a text board starts without its title line.
func untitled(text string) bool {
	for _, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(stripANSI(raw))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		label, _ := splitLabel(line)
		return isBoardLabel(strings.ToLower(label))
	}
	return false
}

// readCapped reads all of r up to MaxInputSize bytes, and drops a UTF-8
// byte order mark. A nil r is a Problems, as input that does not read. A larger results file, given where want is wanted, gets
// a *WrongDocumentError.
func readCapped(r io.Reader, want Document) ([]byte, error) {
	if r == nil {
		return nil, problemsOf("no input: a nil io.Reader")
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxInputSize+1))
	if err != nil {
		return nil, problemsOf("reading input: %v", err)
	}
	if len(data) > MaxInputSize {
		if resultsHeader(data) {
			return nil, &WrongDocumentError{Got: ResultsDocument, Want: want}
		}
		return nil, problemsOf("input larger than 1 MiB: no position, move list or solution is that large")
	}
	return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
}

// resultsHeader reports whether data opens with the header line of a
// results file, which may be of any size.
func resultsHeader(data []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), []byte("\n"))
	d, _ := KindOf(line)
	return d == ResultsDocument
}

func unmarshalPosition(data []byte) (*Position, string, error) {
	var doc PositionDoc
	if err := decodeStrict(data, &doc, "position"); err != nil {
		return nil, "", err
	}
	return doc.Position()
}

// decodeStrict decodes one JSON object from data into v as DecodeStrict
// does, and refuses a document that is plainly another than what (see
// wrongKind): before anything else when it names its kind, and in place
// of an error of its form otherwise (a key given twice is the document's
// own fault, whatever its kind).
func decodeStrict(data []byte, v any, what string) error {
	if _, ok := KindOf(data); ok {
		// The document says what it is: another kind is refused as
		// such, whatever its keys.
		if err := wrongKind(data, what); err != nil {
			return err
		}
	}
	keys, err := strict(data, v, what)
	if err != nil && !keys {
		if err := wrongKind(data, what); err != nil {
			return err
		}
	}
	return err
}

// DecodeStrict decodes one JSON object from data into v, the way every
// document of patience is read: an unknown field (with the field meant,
// where one is near), a key given twice or in another case than the
// format's, or anything after the object is refused. what names the
// document in the errors ("solution"). Errors are Problems of one line.
// A reader of a document built on this package's (such as a record of a
// played game, which embeds SolutionDoc) decodes it with this.
func DecodeStrict(data []byte, v any, what string) error {
	_, err := strict(data, v, what)
	return err
}

// strict is DecodeStrict; keys says the error is a key given twice or in
// another case.
func strict(data []byte, v any, what string) (keys bool, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return false, problemsOf("%s", jsonError(err, data, what))
	}
	off := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
			off++
		}
		line, col := lineCol(data, off)
		return false, problemsOf("unexpected data after the %s's closing }, at line %d, column %d", what, line, col)
	}
	// encoding/json keeps the last of two equal keys, and takes a key for
	// a field whatever its case: refuse both, so that a document means
	// one thing and each key is the one the format names.
	if err := jsonkeys.Check(data, v); err != nil {
		var ce *jsonkeys.CaseError
		if errors.As(err, &ce) {
			return true, problemsOf("%v", err)
		}
		return true, problemsOf("a field given twice in the %s: %v; give each field once", what, err)
	}
	return false, nil
}

// Document is a kind of JSON document that patience reads or writes.
//
// Every document patience writes opens with its DocHeader: "patience"
// names its kind (see Kind) and "version" the version of its format, as
// in {"patience":"solution","version":1,...}. A results file's header
// line carries them too ({"patience":"results","version":2,...}), and
// one line of a results file carries none. Readers recognise a document by
// its kind, and fall back to its keys only for a document without one:
// a file written before documents said their kind, or a position written
// by hand.
type Document uint8

// The documents.
const (
	PositionDocument Document = iota + 1
	SolutionDocument
	ResultsDocument    // a results file (of patience stats)
	ResultLineDocument // one line of a results file, without its header
	MoveListDocument   // a list of moves
)

// documents gives each document that says its kind its "patience" field
// and the version of its format that this build writes.
var documents = []struct {
	doc     Document
	kind    string
	version int
}{
	{PositionDocument, "position", 1},
	{SolutionDocument, "solution", 1},
	{ResultsDocument, "results", 2},
}

// Kind returns the document's kind as its "patience" field names it, such
// as "solution", or "" for a document that carries none (one line of a
// results file, a list of moves).
func (d Document) Kind() string {
	for _, k := range documents {
		if k.doc == d {
			return k.kind
		}
	}
	return ""
}

// Version returns the version of the document's format that this build
// writes (its "version" field), or 0 for a document without a kind. A
// reader reads every version up to it.
func (d Document) Version() int {
	for _, k := range documents {
		if k.doc == d {
			return k.version
		}
	}
	return 0
}

// Header returns the DocHeader that opens a document of kind d as this
// build writes it.
func (d Document) Header() DocHeader {
	return DocHeader{Patience: d.Kind(), Version: d.Version()}
}

// ParseKind returns the document of this package whose kind (its
// "patience" field) is s, or an error for another kind.
func ParseKind(s string) (Document, error) {
	for _, k := range documents {
		if k.kind == s {
			return k.doc, nil
		}
	}
	return 0, parseError("document kind", s, "%q is not a kind of document of package rules (position, solution, results)", clip(s))
}

// DocHeader is the pair of fields that opens every JSON document patience
// writes: Patience, the document's kind (see Document.Kind), and Version,
// the version of its format. Embed it first in a document's struct, and
// fill it with Document.Header. Both fields are left out when empty, as in
// a position embedded in another document.
type DocHeader struct {
	Patience string `json:"patience,omitempty"` // the document's kind, as in "solution", or "" when left out
	Version  int    `json:"version,omitempty"`  // the version of the document's format, as in 1, or 0 when left out
}

// check returns what is wrong with the header of a document read as
// want, in one line, or "" when nothing is. An empty header is right: the
// document was written before documents said their kind, or by hand.
// Another kind is refused before the header is checked (see wrongKind).
func (h DocHeader) check(want Document) string {
	switch {
	case h.Patience == "" && h.Version != 0:
		return fmt.Sprintf(`"version" without "patience": a document that gives its format version names its kind, as in {"patience":%q,"version":%d,...}`, want.Kind(), want.Version())
	case h.Patience == "":
		return ""
	case h.Version == 0:
		return fmt.Sprintf(`"patience": %q without "version": want "version":%d`, h.Patience, want.Version())
	case h.Version < 0 || h.Version > want.Version():
		return fmt.Sprintf("format version %d of %s: this build of patience reads versions up to %d; use a newer build", h.Version, want, want.Version())
	}
	return ""
}

// KindOf reports the kind that data, a JSON object, names in its
// "patience" field: ok is true when the field is there, and the document
// is 0 when the field names no document of this package (it may name a
// document of a layer above, such as "play"; see KindName). It reads
// nothing else: a document without the field (written before documents
// said their kind, or by hand) is recognised by its keys, where a reader
// recognises it at all.
func KindOf(data []byte) (d Document, ok bool) {
	kind, ok := KindName(data)
	if !ok {
		return 0, false
	}
	d, _ = ParseKind(kind)
	return d, true
}

// KindName returns the "patience" field of data, a JSON object: the kind
// of document it says it is, whether or not this package knows it. ok is
// false when the field is missing; a field that is not a string gives "".
func KindName(data []byte) (kind string, ok bool) {
	// A map, not a struct: its keys match exactly, so that "Patience" is
	// no kind (an unknown field, which the document's reader refuses).
	var top map[string]json.RawMessage
	if json.NewDecoder(bytes.NewReader(data)).Decode(&top) != nil {
		return "", false
	}
	raw, ok := top["patience"]
	if !ok {
		return "", false
	}
	if json.Unmarshal(raw, &kind) != nil {
		return "", true
	}
	return kind, true
}

// String describes the document in words, as in "this is a position".
func (d Document) String() string {
	switch d {
	case PositionDocument:
		return "a position"
	case SolutionDocument:
		return "a solution"
	case ResultsDocument:
		return "a results file of patience stats"
	case ResultLineDocument:
		return "one line of a results file of patience stats"
	case MoveListDocument:
		return "a list of moves"
	}
	return fmt.Sprintf("Document(%d)", uint8(d))
}

// WrongDocumentError says that the input is plainly another document than
// the one wanted (Want): a results file given as a position, say. Without
// it the input would get an "unknown field" error. Kind is the document's
// kind: the one its "patience" field names or, for a document without the
// field that its keys show to be another, the kind that document names
// now. Got is the document when it is one of this package's, and 0
// otherwise: a document of a layer above (such as "play" or "review"),
// which that layer's readers also refuse so, or a kind of no layer at
// all.
type WrongDocumentError struct {
	// Got is the document the input is, or 0 when it is none of this
	// package's.
	Got Document
	// Kind is the input's kind, as in "results": the one its "patience"
	// field names or, without the field, the one its keys show.
	Kind string
	// Want is the document the caller asked for.
	Want Document
}

// Error says what the input is and what it is not, as in "this is a
// results file of patience stats, not a position".
func (e *WrongDocumentError) Error() string {
	if e.Got == 0 {
		return fmt.Sprintf("this is a document of kind %q, not %s", clip(e.Kind), e.Want)
	}
	return "this is " + e.Got.String() + ", not " + e.Want.String()
}

// wrongKind returns a *WrongDocumentError when data opens with a JSON
// object that is plainly another document than the one wanted (what:
// "position", "solution" or "list of moves"): one that names another kind
// in its "patience" field, or, without the field, has another of this
// package's documents' keys. Otherwise it returns nil.
func wrongKind(data []byte, what string) error {
	want := PositionDocument
	switch what {
	case "solution":
		want = SolutionDocument
	case "list of moves":
		want = MoveListDocument
	}
	if kind, ok := KindName(data); ok {
		got, _ := ParseKind(kind)
		if got == want || kind == "" {
			return nil // the right kind, with a fault of its own, or a kind that is not a string
		}
		return &WrongDocumentError{Got: got, Kind: kind, Want: want}
	}
	got := documentOf(data)
	if got == 0 || got == want {
		return nil
	}
	return &WrongDocumentError{Got: got, Kind: got.Kind(), Want: want}
}

// documentOf returns the document of this package that data, a JSON
// object, is: the kind its "patience" field names, or for a document
// without one, the document its keys show; 0 when neither tells.
func documentOf(data []byte) Document {
	if d, ok := KindOf(data); ok {
		return d
	}
	var top map[string]json.RawMessage
	if json.NewDecoder(bytes.NewReader(data)).Decode(&top) != nil {
		return 0
	}
	has := func(k string) bool { _, ok := top[k]; return ok }
	// The keys of documents written before documents said their kind.
	switch {
	case has("tableau"):
		return PositionDocument
	case (has("position") || has("number")) && has("game") && (has("moves") || has("verdict")):
		return SolutionDocument
	case has("number") && has("verdict") && !has("game"):
		return ResultLineDocument
	}
	return 0
}

// jsonFields are the field names of the position and solution JSON, for
// "did you mean" hints.
var jsonFields = []string{
	"patience", "version", "game", "number", "tableau", "cells", "foundations", "down", "up", "C", "S", "H", "D",
	"position", "verdict", "reason", "rules", "returns", "moves", "card", "from", "to", "nodes", "seconds", "solver",
}

// jsonError turns an encoding/json error into one clear line.
func jsonError(err error, data []byte, what string) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return fmt.Sprintf("truncated JSON: the input ends before the %s is complete", what)
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset-1)
		msg := strings.TrimPrefix(syn.Error(), "json: ")
		return fmt.Sprintf("JSON syntax error at line %d, column %d: %s", line, col, msg)
	case errors.As(err, &typ):
		got := typ.Value
		if got == "" {
			got = "value"
		}
		if typ.Field == "" {
			return fmt.Sprintf("the %s: want a JSON object, got a JSON %s", what, got)
		}
		// The path names an embedded struct by its Go name: a document
		// that embeds SolutionDoc, say. The format names no such field.
		for _, embedded := range []string{"SolutionDoc.", "DocHeader."} {
			typ.Field = strings.TrimPrefix(typ.Field, embedded)
		}
		want := wantType(typ.Type)
		if (typ.Field == "cells" || strings.HasSuffix(typ.Field, ".cells")) && typ.Type != nil && typ.Type.Kind() == reflect.String {
			want = "a string or null"
		}
		return fmt.Sprintf("%s: want %s, got a JSON %s", typ.Field, want, got)
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		msg = "unknown field " + name
		if u, err := unquote(name); err == nil {
			if s := suggest(u); s != "" {
				msg += fmt.Sprintf(": did you mean %q?", s)
			}
		}
		return msg
	}
	return "bad JSON: " + msg
}

func unquote(s string) (string, error) {
	var u string
	err := json.Unmarshal([]byte(s), &u)
	return u, err
}

// wantType describes a Go type as the JSON a user should write.
func wantType(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Pointer:
		return wantType(t.Elem())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another type"
}

// suggest returns the known field name closest to a mistyped one, or "".
func suggest(name string) string { return Nearest(name, jsonFields) }

// Nearest returns the one of names closest to name, a mistyped field
// name, within two edits whatever the case; "" when none is that near.
// The readers of this package's documents suggest field names with it,
// and so may a reader of a document built on them.
func Nearest(name string, names []string) string {
	best, bestD := "", 3
	for _, f := range names {
		if len(f) < 3 && len(name) > 3 {
			continue
		}
		d := editDistance(strings.ToLower(name), strings.ToLower(f))
		if d < bestD && d < len(f) {
			best, bestD = f, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 99
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	if off < 0 {
		off = 0
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line := 1 + bytes.Count(before, []byte("\n"))
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}
