// Package catalogue remembers whether deals can be won, so that a program
// can answer without a search: every Russian Cell deal from 1 to 1,000,000
// and every Ripple Fan deal from 1 to 10,000,000, as decided by runs of
// `patience stats` (all cards known).
//
// A catalogue lists the deal numbers of the rarer verdict, sorted and
// stored as the gaps between them in unsigned varints; every other deal of
// its range has the commoner verdict, except those listed as unknown (a
// budget ran out), which it never guesses. The format is in
// docs/formats.md ("Catalogue files").
//
// The catalogues of the two games ship in the package (For returns them).
// The package imports only rules, dealgen and internal/jsonkeys, so that
// the WebAssembly page can use it without the solver's batch code; the
// command that builds a catalogue from results files is `patience
// catalogue build`.
//
// Concurrency: a Catalogue does not change once made (by New or Parse;
// WithDifficulty returns a copy), and its methods only read it, so one
// Catalogue is safe to use from many goroutines at once. For reads the
// shipped catalogues once, on the first call from any goroutine, and
// returns the same *Catalogue to every caller, which must not change its
// fields.
//
// # Errors
//
// Each failure a caller may tell apart has a sentinel, which errors.Is
// matches, or a type, which errors.As finds:
//
//   - ErrNoDifficulty: no deal of a difficulty to pick (WhyNoDifficulty,
//     and game.RandomDeal).
//   - *rules.ParseError: data that is not a catalogue (Parse), and a word
//     that is no difficulty (ParseDifficulty).
//   - rules.ErrNoGame: a catalogue of no game, the zero rules.Game (New).
package catalogue

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/jsonkeys"
	"github.com/patience-solver/patience/rules"
)

// Version is the version of the catalogue format this package reads and
// writes.
const Version = 1

// MaxDeals is the most deals a catalogue covers: New refuses a larger
// range, and Parse a file that declares one (its counts would not fit the
// signed 64-bit integers that programs read them into). `patience
// catalogue build` holds a byte a deal while it builds, so it never
// writes one larger.
const MaxDeals = 1 << 32

// Status is what a catalogue knows of a deal. It is not a solver.Verdict:
// it also says whether the catalogue covers the deal, and its values are
// the catalogue's own.
type Status uint8

// The statuses. Winnable and Unwinnable are the verdicts of a search with
// every card known (solver.Solvable and solver.Unsolvable); Undecided is a
// deal the catalogue holds that was not decided within the budget of the
// run (solver.Unknown); NotCovered a deal outside it.
const (
	NotCovered Status = iota
	Winnable
	Unwinnable
	Undecided
)

// String returns the verdict's word, as a solution says it
// (rules.VerdictSolvable, rules.VerdictUnsolvable, rules.VerdictUnknown),
// or "not in the catalogue". The file's sections have names of their own
// (sectionNames).
func (v Status) String() string {
	switch v {
	case Winnable:
		return "solvable"
	case Unwinnable:
		return "unsolvable"
	case Undecided:
		return "unknown"
	}
	return "not in the catalogue"
}

// Words says the verdict for people: "winnable", "cannot be won",
// "undecided (unknown)", or "not in the catalogue".
func (v Status) Words() string {
	switch v {
	case Winnable:
		return "winnable"
	case Unwinnable:
		return "cannot be won"
	case Undecided:
		return "undecided (unknown)"
	}
	return "not in the catalogue"
}

// Catalogue is the verdicts of a contiguous range of plain deal numbers of
// one game. Its fields are read only. A nil *Catalogue (what For returns
// where no catalogue applies), like the zero Catalogue, covers no deal:
// its methods answer as for a catalogue of none (Len 0, Lookup NotCovered,
// Pick 0), and WithDifficulty refuses it.
type Catalogue struct {
	Game rules.Game // the game whose deals it covers
	// Options are the rules of the runs it was built from. A catalogue
	// applies to every option that cannot change a verdict (see
	// Applies).
	Options rules.Options
	// First and Last are the range of deal numbers it covers.
	First, Last uint64
	// Build is the build of patience that decided the deals, as the
	// results files' headers name it (several separated by ", ").
	Build string
	// Runs are the run tags of the results files it was built from.
	Runs []string
	// MaxNodes is the largest node budget of those runs.
	MaxNodes int64
	// Builder is the build of patience that wrote the catalogue.
	Builder string

	listed   Status   // Winnable or Unwinnable: the verdict whose deals are listed
	list     []uint64 // the deals of that verdict, sorted
	unknown  []uint64 // the unknown deals, sorted
	excluded []uint64 // list and unknown merged: the deals not of the other verdict
	labels   *labels  // difficulty labels, or nil
}

// New returns the catalogue of deals first..last of game g under options o:
// the deals in solvable are winnable, those in unknown undecided, and every
// other deal of the range cannot be won, or the reverse when solvable is
// nil and unsolvable is given. Exactly one of solvable and unsolvable must
// be non-nil. The lists need not be sorted; a number outside the range, or
// listed twice, is an error. A g that is no game, the zero rules.Game
// among them, is refused with rules.NewVariant's error, which matches
// rules.ErrNoGame.
func New(g rules.Game, o rules.Options, first, last uint64, solvable, unsolvable, unknown []uint64) (*Catalogue, error) {
	if _, err := rules.NewVariant(g, o); err != nil {
		return nil, err
	}
	c := &Catalogue{Game: g, Options: o, First: first, Last: last}
	switch {
	case first < 1 || last < first:
		return nil, fmt.Errorf("catalogue range %d-%d: want 1 <= first <= last", first, last)
	case last-first >= MaxDeals:
		return nil, fmt.Errorf("catalogue range %d-%d: %s deals, and a catalogue covers at most %s", first, last, thousands(last-first+1), thousands(MaxDeals))
	case (solvable == nil) == (unsolvable == nil):
		return nil, errors.New("catalogue: give the solvable deals or the unsolvable ones, not both or neither")
	case solvable != nil:
		c.listed, c.list = Winnable, slices.Clone(solvable)
	default:
		c.listed, c.list = Unwinnable, slices.Clone(unsolvable)
	}
	c.unknown = slices.Clone(unknown)
	slices.Sort(c.list)
	slices.Sort(c.unknown)
	for _, l := range [][]uint64{c.list, c.unknown} {
		for i, n := range l {
			if n < first || n > last {
				return nil, fmt.Errorf("catalogue: deal %d is outside the range %d-%d", n, first, last)
			}
			if i > 0 && l[i-1] == n {
				return nil, fmt.Errorf("catalogue: deal %d is listed twice", n)
			}
		}
	}
	if err := c.merge(); err != nil {
		return nil, err
	}
	return c, nil
}

// merge builds excluded, and fails when a deal is both listed and unknown.
func (c *Catalogue) merge() error {
	c.excluded = make([]uint64, 0, len(c.list)+len(c.unknown))
	i, j := 0, 0
	for i < len(c.list) || j < len(c.unknown) {
		switch {
		case j == len(c.unknown) || (i < len(c.list) && c.list[i] < c.unknown[j]):
			c.excluded = append(c.excluded, c.list[i])
			i++
		case i == len(c.list) || c.unknown[j] < c.list[i]:
			c.excluded = append(c.excluded, c.unknown[j])
			j++
		default:
			return fmt.Errorf("catalogue: deal %d is both %s and unknown", c.list[i], c.listed)
		}
	}
	return nil
}

// covers reports whether c covers deals: it is not nil, and its range is
// one that New and Parse make. The methods ask it before they read c.
func (c *Catalogue) covers() bool { return c != nil && c.First >= 1 && c.First <= c.Last }

// other is the verdict of the deals that are not listed.
func (c *Catalogue) other() Status {
	if c.listed == Winnable {
		return Unwinnable
	}
	return Winnable
}

// Listed returns the verdict whose deals the catalogue lists (the rarer
// one, as built by patience catalogue build).
func (c *Catalogue) Listed() Status {
	if !c.covers() {
		return NotCovered
	}
	return c.listed
}

// Applies reports whether the catalogue answers for game g under rules
// options o. Only the game counts: the one option, foundation returns in
// Russian Cell, never changes a verdict (a win never needs a return:
// docs/pruning.md, checked by the solver's TestReturnsNeverNeeded), and
// Ripple Fan has no returns. A catalogue whose file names rules options
// this package does not know is refused by Parse, so it is never used.
func (c *Catalogue) Applies(g rules.Game, o rules.Options) bool {
	_ = o // every option there is leaves verdicts as they are
	return c != nil && c.Game == g
}

// Len returns the number of deals the catalogue covers.
func (c *Catalogue) Len() uint64 {
	if !c.covers() {
		return 0
	}
	return c.Last - c.First + 1
}

// Count returns how many of its deals have verdict v.
func (c *Catalogue) Count(v Status) uint64 {
	if !c.covers() {
		return 0
	}
	switch v {
	case c.listed:
		return uint64(len(c.list))
	case Undecided:
		return uint64(len(c.unknown))
	case c.other():
		return c.Len() - uint64(len(c.excluded))
	}
	return 0
}

// Lookup returns the catalogue's verdict for deal n: NotCovered for a deal
// outside its range, and for an "ms" number that is not a plain one.
func (c *Catalogue) Lookup(n dealgen.Number) Status {
	if n.IsMS() {
		return NotCovered
	}
	u, ok := n.Uint64()
	if !ok {
		return NotCovered
	}
	return c.LookupUint64(u)
}

// LookupUint64 returns the verdict for the plain deal number n.
func (c *Catalogue) LookupUint64(n uint64) Status {
	switch {
	case !c.covers() || n < c.First || n > c.Last:
		return NotCovered
	case has(c.list, n):
		return c.listed
	case has(c.unknown, n):
		return Undecided
	}
	return c.other()
}

func has(l []uint64, n uint64) bool {
	_, ok := slices.BinarySearch(l, n)
	return ok
}

// Next returns the first deal number from from on, within the catalogue,
// whose verdict is v, and how many unknown deals lie between from and it
// (all the unknown deals from from on when there is none, with ok false).
func (c *Catalogue) Next(from uint64, v Status) (n uint64, unknownSkipped uint64, ok bool) {
	if !c.covers() {
		return 0, 0, false
	}
	from = max(from, c.First)
	if from > c.Last {
		return 0, 0, false
	}
	ui, _ := slices.BinarySearch(c.unknown, from)
	skipped := func(n uint64) uint64 {
		uj, _ := slices.BinarySearch(c.unknown, n)
		return uint64(uj - ui)
	}
	switch v {
	case c.listed, Undecided:
		l := c.list
		if v == Undecided {
			l = c.unknown
		}
		i, _ := slices.BinarySearch(l, from)
		if i == len(l) {
			return 0, uint64(len(c.unknown) - ui), false
		}
		return l[i], skipped(l[i]), true
	case c.other():
		// The first number from from on that excluded skips; when excluded
		// runs to Last, there is none (and Last may be 2^64-1: n must not
		// step past it).
		n := from
		for i, _ := slices.BinarySearch(c.excluded, n); i < len(c.excluded) && c.excluded[i] == n; i++ {
			if n == c.Last {
				return 0, uint64(len(c.unknown) - ui), false
			}
			n++
		}
		return n, skipped(n), true
	}
	return 0, 0, false
}

// Nth returns the k-th deal (from 0, in increasing order) whose verdict is
// v; k must be below Count(v).
func (c *Catalogue) Nth(v Status, k uint64) (uint64, bool) {
	if k >= c.Count(v) {
		return 0, false
	}
	switch v {
	case c.listed:
		return c.list[k], true
	case Undecided:
		return c.unknown[k], true
	}
	// The k-th number of the range not in excluded: excluded[i] has
	// excluded[i]-First-i other deals below it.
	i := sort.Search(len(c.excluded), func(i int) bool { return c.excluded[i]-c.First-uint64(i) > k })
	return c.First + k + uint64(i), true
}

// Describe is the catalogue's source in words, such as "Russian Cell deals
// 1..1,000,000, solved by patience v1.2.3+abc1234"; "no catalogue" for one
// that covers no deal.
func (c *Catalogue) Describe() string {
	if !c.covers() {
		return "no catalogue"
	}
	return fmt.Sprintf("%s deals %s..%s, solved by patience %s", c.Game.Title(), thousands(c.First), thousands(c.Last), c.Build)
}

func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// header is the first line of a catalogue file, as JSON.
type header struct {
	Patience string          `json:"patience"`
	Version  int             `json:"version"`
	Game     string          `json:"game"`
	Rules    json.RawMessage `json:"rules"`
	Deals    string          `json:"deals"`
	Build    string          `json:"solver"`
	Runs     []string        `json:"runs"`
	MaxNodes int64           `json:"max_nodes"`
	Builder  string          `json:"builder"`
	Counts   counts          `json:"counts"`
	Sections []section       `json:"sections"`
}

// sectionNames are the names of the sections of deals of each status in
// the file, which never change with the words of String.
var sectionNames = [...]string{Winnable: "solvable", Unwinnable: "unsolvable", Undecided: "unknown"}

type counts struct {
	Winnable   uint64 `json:"solvable"`
	Unwinnable uint64 `json:"unsolvable"`
	Undecided  uint64 `json:"unknown"`
}

// sectionBytes is a section and its bytes.
type sectionBytes struct {
	section section
	b       []byte
}

// section is one block of bytes after the header line. A reader skips the
// sections whose names it does not know.
type section struct {
	Name  string `json:"name"`
	Count uint64 `json:"count"`
	Bytes int    `json:"bytes"`
	CRC32 uint32 `json:"crc32"`
}

// rulesDoc is the rules object of the header. Parse refuses any field it
// does not know: those would be rules this program cannot tell apart.
type rulesDoc struct {
	Returns *bool `json:"returns"`
}

// Encode returns the catalogue in the file format: one header line of
// JSON, then the sections, each a list of deal numbers written as the gap
// from the one before (from First-1 for the first) in unsigned varints.
// A catalogue that covers no deal has no file: nil.
func (c *Catalogue) Encode() []byte {
	if !c.covers() {
		return nil
	}
	h := header{
		Patience: "catalogue",
		Version:  Version,
		Game:     c.Game.String(),
		Rules:    json.RawMessage(`{"returns":` + strconv.FormatBool(c.Options.Returns(c.Game)) + `}`),
		Deals:    strconv.FormatUint(c.First, 10) + "-" + strconv.FormatUint(c.Last, 10),
		Build:    c.Build,
		Runs:     c.Runs,
		MaxNodes: c.MaxNodes,
		Builder:  c.Builder,
		Counts:   counts{Winnable: c.Count(Winnable), Unwinnable: c.Count(Unwinnable), Undecided: c.Count(Undecided)},
	}
	if h.Runs == nil {
		h.Runs = []string{}
	}
	var body []byte
	for _, s := range []struct {
		name string
		list []uint64
	}{{sectionNames[c.listed], c.list}, {sectionNames[Undecided], c.unknown}} {
		start := len(body)
		prev := c.First - 1
		for _, n := range s.list {
			body = binary.AppendUvarint(body, n-prev)
			prev = n
		}
		b := body[start:]
		h.Sections = append(h.Sections, section{Name: s.name, Count: uint64(len(s.list)), Bytes: len(b), CRC32: crc32.ChecksumIEEE(b)})
	}
	if c.labels != nil {
		b, s := c.labels.encode()
		body = append(body, b...)
		h.Sections = append(h.Sections, s)
	}
	line, err := json.Marshal(h)
	if err != nil {
		panic(err) // plain fields only
	}
	return append(append(line, '\n'), body...)
}

// parseHeader reads a catalogue's header line: its format version, game
// and rules.
func parseHeader(line []byte) (header, rules.Game, rulesDoc, error) {
	var h header
	var rd rulesDoc
	dec := json.NewDecoder(bytes.NewReader(line))
	err := dec.Decode(&h)
	if h.Patience != "catalogue" {
		return h, 0, rd, errors.New(`not a catalogue: the first line is not a header with "patience":"catalogue"`)
	}
	if err != nil {
		// A field of the wrong type, such as a negative count, or a
		// number too large for its field.
		return h, 0, rd, fmt.Errorf("catalogue: a bad header: %v", err)
	}
	// encoding/json keeps the last of two equal keys, and takes a key for
	// a field whatever its case: refuse both, so that a header means one
	// thing. (A key of no field in any case is skipped, as a later
	// version's field.)
	if err := jsonkeys.Check(line, &h); err != nil {
		return h, 0, rd, fmt.Errorf("catalogue: a bad header: %v", err)
	}
	if h.Version != Version {
		return h, 0, rd, fmt.Errorf("catalogue format version %d: this build reads version %d", h.Version, Version)
	}
	if h.MaxNodes < 0 {
		return h, 0, rd, fmt.Errorf("catalogue: a bad header: max_nodes %d: a node budget is not negative", h.MaxNodes)
	}
	g, gerr := rules.ParseGame(h.Game)
	if gerr != nil || g.String() != h.Game {
		return h, 0, rd, fmt.Errorf("catalogue: unknown game %q", h.Game)
	}
	rdec := json.NewDecoder(bytes.NewReader(h.Rules))
	rdec.DisallowUnknownFields()
	if err := rdec.Decode(&rd); err != nil || rd.Returns == nil || jsonkeys.Check(h.Rules, &rd) != nil {
		return h, g, rd, fmt.Errorf("catalogue: rules %s are not rules this build knows (want {\"returns\":true} or false): its verdicts may not hold here", h.Rules)
	}
	if g == rules.RippleFan && *rd.Returns {
		return h, g, rd, errors.New("catalogue: Ripple Fan with foundation returns is not a game this build knows")
	}
	return h, g, rd, nil
}

// parseSections reads the sections of a catalogue's body, of deals
// first..last: the lists by verdict, and which of solvable and unsolvable
// is listed (the other being the rest). Sections of kinds this build does
// not know are skipped; the difficulty labels are returned as they are, to
// be read once the verdicts are known.
func parseSections(sections []section, body []byte, first, last uint64) (lists [Undecided + 1][]uint64, listed Status, diff *sectionBytes, err error) {
	for _, s := range sections {
		if s.Bytes < 0 || s.Bytes > len(body) {
			return lists, listed, diff, fmt.Errorf("catalogue: section %q says %d bytes, and %d are left", s.Name, s.Bytes, len(body))
		}
		b := body[:s.Bytes]
		body = body[s.Bytes:]
		i := slices.Index(sectionNames[:], s.Name)
		v := Status(max(i, 0))
		switch {
		case i > 0: // a list of deals of status v
		case s.Name == difficultySection:
			if diff != nil {
				return lists, listed, diff, errors.New("catalogue: a second \"difficulty\" section")
			}
			diff = &sectionBytes{s, b}
			continue
		default:
			continue // a section of a later kind
		}
		if lists[v] != nil {
			return lists, listed, diff, fmt.Errorf("catalogue: a second %q section", s.Name)
		}
		if crc32.ChecksumIEEE(b) != s.CRC32 {
			return lists, listed, diff, fmt.Errorf("catalogue: section %q is damaged (checksum)", s.Name)
		}
		l, err := decodeList(b, s.Count, first, last)
		if err != nil {
			return lists, listed, diff, fmt.Errorf("catalogue: section %q: %w", s.Name, err)
		}
		lists[v] = l
		if v != Undecided {
			if listed != NotCovered {
				return lists, listed, diff, errors.New("catalogue: both a solvable and an unsolvable section")
			}
			listed = v
		}
	}
	if len(body) != 0 {
		return lists, listed, diff, fmt.Errorf("catalogue: %d bytes after the last section", len(body))
	}
	if listed == NotCovered || lists[Undecided] == nil {
		return lists, listed, diff, errors.New("catalogue: want a solvable or unsolvable section, and an unknown one")
	}
	return lists, listed, diff, nil
}

// Parse reads a catalogue file. Every count, range and checksum is checked;
// a file of another format version, of rules this package does not know,
// or whose lists do not add up is an error: a *rules.ParseError, as every
// ParseX's is, with no Input.
func Parse(data []byte) (*Catalogue, error) {
	c, err := parse(data)
	if err != nil {
		return nil, &rules.ParseError{What: "catalogue", Err: err}
	}
	return c, nil
}

// parse is Parse.
func parse(data []byte) (*Catalogue, error) {
	line, body, ok := bytes.Cut(data, []byte("\n"))
	if !ok {
		return nil, errors.New("not a catalogue: no header line")
	}
	h, g, rd, err := parseHeader(line)
	if err != nil {
		return nil, err
	}
	first, last, err := parseRange(h.Deals)
	if err != nil {
		return nil, err
	}
	lists, listed, diff, err := parseSections(h.Sections, body, first, last)
	if err != nil {
		return nil, err
	}
	v, err := rules.VariantOf(g, *rd.Returns)
	if err != nil {
		return nil, err
	}
	c := &Catalogue{Game: g, Options: v.Options, First: first, Last: last,
		Build: h.Build, Runs: h.Runs, MaxNodes: h.MaxNodes, Builder: h.Builder,
		listed: listed, list: lists[listed], unknown: lists[Undecided]}
	if err := c.merge(); err != nil {
		return nil, err
	}
	if got := (counts{c.Count(Winnable), c.Count(Unwinnable), c.Count(Undecided)}); got != h.Counts {
		return nil, fmt.Errorf("catalogue: the header counts %+v, the lists %+v", h.Counts, got)
	}
	if diff != nil {
		if c.labels, err = parseLabels(c, diff.section, diff.b); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// decodeList reads count gaps of unsigned varints: increasing numbers
// within first..last.
func decodeList(b []byte, count, first, last uint64) ([]uint64, error) {
	if count > uint64(len(b)) {
		return nil, fmt.Errorf("%d numbers cannot fit in %d bytes", count, len(b))
	}
	l := make([]uint64, 0, count)
	prev := first - 1
	for len(b) > 0 {
		d, k := binary.Uvarint(b)
		if k <= 0 || d == 0 || d > last-prev {
			return nil, fmt.Errorf("a bad gap after deal %d", prev)
		}
		b = b[k:]
		prev += d
		l = append(l, prev)
	}
	if uint64(len(l)) != count {
		return nil, fmt.Errorf("%d numbers, the header says %d", len(l), count)
	}
	return l, nil
}

// parseRange reads "A-B".
func parseRange(s string) (uint64, uint64, error) {
	a, b, ok := strings.Cut(s, "-")
	first, err1 := strconv.ParseUint(a, 10, 64)
	last, err2 := strconv.ParseUint(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || first < 1 || last < first {
		return 0, 0, fmt.Errorf("catalogue: bad deals %q: want FIRST-LAST", s)
	}
	if last-first >= MaxDeals {
		return 0, 0, fmt.Errorf("catalogue: deals %q are %s deals, and a catalogue covers at most %s", s, thousands(last-first+1), thousands(MaxDeals))
	}
	return first, last, nil
}
