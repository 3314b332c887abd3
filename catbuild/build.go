// Package catbuild builds catalogues of deals (package catalogue) from the
// results files of batch runs (package batch): the solver's verdicts of a
// range of deals (Build), and the difficulty labels of Russian Cell deals
// from the players' games (ReadLabels, then Labels.Apply). It is the work
// of `patience catalogue build` and `patience catalogue label`.
//
//	c, err := catbuild.Build(rules.RussianCell, []catbuild.Input{
//		catbuild.ReaderInput("rc.jsonl", f)}, "")
//	...
//	data := c.Encode() // what catalogue.Parse reads back
//
// Each file is an Input: a name for errors, and a way to open it. The
// files are read in order, once each and one at a time, so that standard
// input or a pipe may be one of them; where they come from is the
// caller's. Every refusal is a typed error (a *GameError, *RangeError,
// *MissingError and so on, or the *batch.FileError of a file that does
// not read), whose fields say what was found, for errors.As.
//
// Package catalogue stays free of this package and of batch: the
// WebAssembly carries catalogue, not them.
//
// # Errors
//
// Each refusal has a type, which errors.As finds, or a sentinel, which
// errors.Is matches:
//
//   - *GameError: a results file (or the catalogue to label) of another
//     game than the one wanted.
//   - *PlayerError: a results file of other games than the ones wanted:
//     a player's where the solver's verdicts are wanted, or another
//     player's.
//   - *RulesError: a results file run with other rules than the first.
//   - *DealsError: a results file that declares other deals than the
//     first, with no range given.
//   - *RangeError: a list of deals that is not one range a catalogue
//     covers.
//   - *ConflictError: a deal solvable in one file and unsolvable in
//     another.
//   - *MissingError: deals of the range that the files do not hold.
//   - *SeedError: a sampled player's file of a seed the labels do not
//     count, or of a seed read before.
//   - *UndecidedError: a deal to label that the catalogue has not decided.
//   - *VerdictError: a deal whose verdict in a file is not the
//     catalogue's.
//   - *UnsampledError: a deal the greedy player lost that not every
//     sampled player's file holds.
//   - *StartError: labels that do not start where the catalogue does
//     (Labels.Apply).
//   - *batch.FileError: a results file that does not read.
//   - rules.ErrNoGame: a catalogue of no game, the zero rules.Game
//     (Build).
package catbuild

import (
	"io"
	"slices"
	"strings"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// Input is a results file to read.
type Input struct {
	// Name names the file in errors ("rc.jsonl", "standard input").
	Name string
	// Open opens the file when its turn comes; what it returns is closed
	// once the file is read, before the next is opened. An error of Open
	// is returned as it is; a nil Open is a *batch.FileError.
	Open func() (io.ReadCloser, error)
}

// ReaderInput is the Input of r, already open, named name: it is read as
// it is, and not closed. A nil r gives an Input without Open.
func ReaderInput(name string, r io.Reader) Input {
	if r == nil {
		return Input{Name: name}
	}
	return Input{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(r), nil }}
}

// open opens the file and reads its header; the closer closes the file.
func (in Input) open() (*batch.Reader, io.Closer, error) {
	if in.Open == nil {
		return nil, nil, &batch.FileError{Name: in.Name, Err: errNoOpen}
	}
	f, err := in.Open()
	if err != nil {
		return nil, nil, err
	}
	r, err := batch.NewReader(f, in.Name)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return r, f, nil
}

// Build reads the results files of the solver's runs of game g and returns
// the catalogue of the deals deals: one range A-B, as batch.ParseDeals
// reads it, or when deals is "" the range that the files' headers
// declare, which must then be the same in each.
//
// Every deal of the range must be in the files (a *MissingError), and
// every line of a file must be of a deal its header declares (a
// *batch.FileError, as for a line that does not parse); the deals outside
// the range are left out. A deal decided in one file and unknown in
// another takes the decision; one solvable in one file and unsolvable in
// another is a *ConflictError. A file must hold g's verdicts (a
// *GameError), not a player's games (a *PlayerError), under the rules of
// the first file (a *RulesError); a *DealsError is a file that declares
// other deals than the first when deals is "". A range that a catalogue
// cannot cover is a *RangeError. A g that is no game, the zero
// rules.Game among them, is refused before any file is read, with an
// error that matches rules.ErrNoGame.
//
// The catalogue keeps the files' rules, the builds that wrote them
// (Solver), their run tags (Runs) and the largest node budget, and names
// this build as its Builder.
func Build(g rules.Game, inputs []Input, deals string) (*catalogue.Catalogue, error) {
	if _, err := rules.NewVariant(g, rules.Options{}); err != nil {
		return nil, err
	}
	b := &builder{g: g, deals: deals}
	for _, in := range inputs {
		if err := b.read(in); err != nil {
			return nil, err
		}
	}
	if len(inputs) == 0 {
		// No header declares a range: deals gives it, and no file holds
		// its deals.
		if deals == "" {
			return nil, &RangeError{Err: errNoFiles}
		}
		if err := b.setRange("", deals); err != nil {
			return nil, err
		}
	}
	l, err := b.lists()
	if err != nil {
		return nil, err
	}
	c, err := catalogue.New(g, b.headers[0].Options, b.first, b.last, l.solvable, l.unsolvable, l.unknown)
	if err != nil {
		return nil, err
	}
	var builds []string
	for _, h := range b.headers {
		for _, s := range strings.Split(h.Build, ", ") {
			if !slices.Contains(builds, s) {
				builds = append(builds, s)
			}
		}
		if t := h.Tag(); !slices.Contains(c.Runs, t) {
			c.Runs = append(c.Runs, t)
		}
		c.MaxNodes = max(c.MaxNodes, h.MaxNodes)
	}
	c.Build = strings.Join(builds, ", ")
	c.Builder = buildinfo.String()
	return c, nil
}

// The verdict codes of a builder's table, one byte a deal.
const (
	missing byte = iota
	solvable
	unsolvable
	unknown
)

// builder reads the files of Build one by one: their headers, checked
// against the first, and the verdict of each deal first..last.
type builder struct {
	g           rules.Game
	deals       string // the range to cover, "" for the headers'
	name        string // the first file's name
	headers     []batch.Header
	first, last uint64
	table       []byte // deal first+i's verdict code at i
}

// read reads the file in: its header, then its records into the table.
func (b *builder) read(in Input) error {
	r, f, err := in.open()
	if err != nil {
		return err
	}
	defer f.Close()
	h := r.Header()
	if err := b.checkHeader(in.Name, h); err != nil {
		return err
	}
	if len(b.headers) == 0 {
		b.name = in.Name
		if err := b.setRange(in.Name, h.Deals); err != nil {
			return err
		}
	}
	b.headers = append(b.headers, h)
	return b.tally(r, in.Name)
}

// checkHeader checks the header h of the file name: g's solver's
// verdicts, not a player's games, under the same rules as the files read
// before it, and when b.deals is "" of the same deals.
func (b *builder) checkHeader(name string, h batch.Header) error {
	switch {
	case h.Game != b.g:
		return &GameError{Name: name, Got: h.Game, Want: b.g}
	case h.Player != "":
		return &PlayerError{Name: name, Player: h.Player, Samples: h.Samples}
	case len(b.headers) == 0:
		return nil
	case h.Options != b.headers[0].Options:
		return &RulesError{Name: name, First: b.name, Game: b.g, Options: h.Options, FirstOptions: b.headers[0].Options}
	case b.deals == "" && h.Deals != b.headers[0].Deals:
		return &DealsError{Name: name, First: b.name, Deals: h.Deals, FirstDeals: b.headers[0].Deals}
	}
	return nil
}

// setRange sets the range to cover, b.deals or the deals that the header
// of the first file, name, declares, and makes its table.
func (b *builder) setRange(name, declared string) error {
	spec := b.deals
	if spec == "" {
		spec = declared
	} else {
		name = ""
	}
	first, last, err := oneRange(name, spec)
	if err == nil && last-first >= catalogue.MaxDeals {
		err = &RangeError{Name: name, Deals: spec, TooMany: true}
	}
	if err != nil {
		return err
	}
	b.first, b.last = first, last
	b.table = make([]byte, last-first+1)
	return nil
}

// oneRange reads spec, a list of deals that must be one range of plain
// deal numbers, A-B; name is the file whose header declares it, "" for
// a range of the caller's.
func oneRange(name, spec string) (first, last uint64, err error) {
	l, err := batch.ParseDeals(spec)
	if err != nil {
		return 0, 0, &RangeError{Name: name, Deals: spec, Err: err}
	}
	a, okA := l.At(0).Uint64()
	z, okZ := l.At(l.Len() - 1).Uint64()
	if !okA || !okZ || l.At(0).IsMS() || l.At(l.Len()-1).IsMS() || z < a || z-a+1 != l.Len() {
		return 0, 0, &RangeError{Name: name, Deals: spec}
	}
	return a, z, nil
}

// tally reads the records of r, the reader of the file name, into the
// table. A deal the file's header does not declare is refused, as is a
// deal solvable in one file and unsolvable in another; an unknown verdict
// gives way to a known one, and the deals outside the range are left out.
func (b *builder) tally(r *batch.Reader, name string) error {
	declared, err := r.DeclaredDeals()
	if err != nil {
		return err
	}
	return r.Each(func(rec *batch.Record) error {
		if _, err := r.InDeclared(declared, rec); err != nil {
			return err
		}
		u, ok := rec.Number.Uint64()
		if rec.Number.IsMS() || !ok || u < b.first || u > b.last {
			return nil
		}
		var v byte
		switch rec.Verdict {
		case solver.Solvable:
			v = solvable
		case solver.Unsolvable:
			v = unsolvable
		default:
			v = unknown
		}
		switch old := &b.table[u-b.first]; {
		case *old == missing, *old == unknown:
			*old = v
		case v != unknown && v != *old:
			return &ConflictError{Name: name, Deal: u}
		}
		return nil
	})
}

// verdictLists are the lists a catalogue keeps: the rarer of the
// solvable and unsolvable deals (the other nil: the rest), and the
// unknown ones.
type verdictLists struct {
	solvable, unsolvable, unknown []uint64
}

// lists turns the table into the lists a catalogue keeps. A deal that no
// file holds is refused.
func (b *builder) lists() (verdictLists, error) {
	var lists [unknown + 1][]uint64
	var count, firstMissing uint64
	for i, v := range b.table {
		if v == missing {
			if count == 0 {
				firstMissing = b.first + uint64(i)
			}
			count++
			continue
		}
		lists[v] = append(lists[v], b.first+uint64(i))
	}
	if count > 0 {
		return verdictLists{}, &MissingError{First: b.first, Last: b.last, Count: count, Deal: firstMissing}
	}
	yes, no := lists[solvable], lists[unsolvable]
	if yes == nil {
		yes = []uint64{}
	}
	if no == nil {
		no = []uint64{}
	}
	// Keep the rarer verdict's list; the other is the rest.
	if len(yes) <= len(no) {
		no = nil
	} else {
		yes = nil
	}
	return verdictLists{yes, no, lists[unknown]}, nil
}
