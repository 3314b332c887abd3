package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// DealList is an ordered list of distinct deal numbers: what --deals and
// --deals-file name. Runs of consecutive plain numbers are held as ranges,
// so a list of ten million deals takes a few bytes. The zero value is an
// empty list; build lists with ParseDeals, ReadDeals or Add.
//
// A list never holds a deal twice: Add refuses a number already in it, so
// a results file, which records each deal of the list once, can be checked
// against it.
type DealList struct {
	segs []segment
	n    uint64 // deals in all segments

	// Lookup indexes, built lazily by Index.
	small []int // indexes into segs of plain uint64 ranges, by first number
	bigs  []int // indexes into segs of ranges beyond 2^64, by first number
	ms    map[uint64]uint64
	ready bool

	// random, when set, is the whole list: "random:N@SEED" (segs is
	// then empty).
	random *randomList

	// refused is the first Add refused, for Check to report.
	refused error
}

// segment is a run of deals: either a range of plain numbers (held as
// uint64, or as a big.Int when they are 2^64 and more) or one "ms" deal.
type segment struct {
	lo    uint64   // first plain number, when big is nil and ms is false
	big   *big.Int // first plain number of a range at or beyond 2^64
	ms    bool     // an "ms" deal (N in lo), the segment's only deal
	n     uint64   // deals in the segment, at least 1
	start uint64   // list index of its first deal
}

// ParseDeals reads a --deals value: a comma-separated list of items, each a
// single deal number or a range A-B. A range is split at its "-" before
// each end is read, and both ends must be plain decimal numbers (PySolFC
// numbers: MT numbers such as 10000000000000000 are fine, "ms" numbers are
// not). Spaces around an item or an end are dropped. A single number is
// digits (leading zeros and all), or "ms" and digits, as
// dealgen.ParseNumber reads them; the "#", "_", "." and spaces that
// ParseNumber drops from one deal number are refused in a list, where
// "1..5" would be deal 15 (write 1-5).
//
// "random:N@SEED", as the whole value, is N distinct deals drawn uniformly
// from 1 to 2^64-1, the same for the same SEED on every machine and in
// every version. The list takes no memory however long it is, and each
// deal's place in it is computed, so a run over it resumes, shards and
// merges as a run over any other list does.
//
// Its error is a *rules.ParseError, as every ParseX's is.
func ParseDeals(spec string) (*DealList, error) {
	l, err := parseDeals(spec)
	if err != nil {
		return nil, &rules.ParseError{What: "deals", Input: spec, Err: err}
	}
	return l, nil
}

// parseDeals is ParseDeals.
func parseDeals(spec string) (*DealList, error) {
	if strings.HasPrefix(strings.TrimSpace(spec), randomPrefix) {
		r, err := parseRandom(spec)
		if err != nil {
			return nil, err
		}
		return &DealList{random: r, n: r.n}, nil
	}
	l := &DealList{}
	if err := l.addSpec(spec); err != nil {
		return nil, err
	}
	if l.Len() == 0 {
		return nil, fmt.Errorf("%q names no deals: want a range such as 1-100000, a number, or a comma-separated list", spec)
	}
	l.compact()
	if err := l.checkDistinct(); err != nil {
		return nil, err
	}
	return l, nil
}

// addSpec appends the items of one list of deals, as ParseDeals reads it.
func (l *DealList) addSpec(spec string) error {
	for item := range strings.SplitSeq(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			if strings.TrimSpace(spec) == "" {
				return errors.New("no deals given: want a range such as 1-100000, a number, or a comma-separated list")
			}
			return fmt.Errorf("bad deals %q: an empty item between commas", spec)
		}
		if err := l.addItem(item); err != nil {
			return err
		}
	}
	return nil
}

func (l *DealList) addItem(item string) error {
	if strings.HasPrefix(item, randomPrefix) {
		return fmt.Errorf("bad deals item %s: random:N@SEED is a list of deals of its own, not an item of a list or a deals file", clip(item))
	}
	a, b, isRange := strings.Cut(item, "-")
	if !isRange {
		if err := plainNumber(item); err != nil {
			return err
		}
		n, err := dealgen.ParseNumber(item)
		if err != nil {
			return err
		}
		l.Add(n)
		return nil
	}
	if strings.Contains(b, "-") {
		return fmt.Errorf("bad range %q: want A-B with one \"-\", such as 1-100000", item)
	}
	lo, err := rangeEnd(item, a)
	if err != nil {
		return err
	}
	hi, err := rangeEnd(item, b)
	if err != nil {
		return err
	}
	if lo.Cmp(hi) > 0 {
		return fmt.Errorf("bad range %q: it runs backwards (%s is more than %s)", item, lo, hi)
	}
	count := new(big.Int).Sub(hi, lo)
	count.Add(count, big.NewInt(1))
	if !count.IsUint64() || count.Uint64() > math.MaxInt64 {
		return fmt.Errorf("bad range %q: more than %d deals", item, int64(math.MaxInt64))
	}
	l.addRange(lo, count.Uint64())
	return nil
}

// plainNumber refuses a single deal of a list written with a "#", "_",
// "." or a space in it: dealgen.ParseNumber drops those from one deal
// number, but in a list, where "-" makes a range, "1..5" or "1 5" would
// be deal 15. It suggests the range, or the number, written plainly.
func plainNumber(item string) error {
	odd := func(r rune) bool { return r == '#' || r == '_' || r == '.' || unicode.IsSpace(r) }
	if !strings.ContainsFunc(item, odd) {
		return nil
	}
	msg := fmt.Sprintf("bad deals item %s: in a list a deal is written in digits alone, with no \"#\", \"_\", \".\" or space", clip(item))
	parts := strings.FieldsFunc(item, odd)
	if len(parts) == 2 && parts[1][0] != '0' && (len(parts[0]) < len(parts[1]) || len(parts[0]) == len(parts[1]) && parts[0] < parts[1]) {
		return fmt.Errorf("%s; for the deals %s to %s write %s-%s", msg, parts[0], parts[1], parts[0], parts[1])
	}
	if n, err := dealgen.ParseNumber(item); err == nil {
		return fmt.Errorf("%s; for deal %s write %s, and a range as A-B", msg, n, n)
	}
	return errors.New(msg + "; write a range as A-B")
}

// rangeEnd reads one end of a range: a plain decimal number, at least 1.
func rangeEnd(item, s string) (*big.Int, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return nil, fmt.Errorf("bad range %q: want A-B with a number on each side, such as 1-100000", item)
	}
	for _, c := range []byte(t) {
		if c < '0' || c > '9' {
			return nil, fmt.Errorf("bad range %q: %q is not a plain decimal number (ranges take digits only; list ms deals one by one)", item, t)
		}
	}
	v, _ := new(big.Int).SetString(t, 10)
	if v.Sign() == 0 {
		return nil, fmt.Errorf("bad range %q: deals start at 1, 0 is not a deal", item)
	}
	return v, nil
}

// addRange appends count plain deals from lo, splitting the range where
// it crosses 2^64.
func (l *DealList) addRange(lo *big.Int, count uint64) {
	for count > 0 {
		if lo.IsUint64() {
			first := lo.Uint64()
			k := min(count, math.MaxUint64-first+1) // the deals below 2^64; first >= 1
			l.addSmall(first, k)
			count -= k
			lo = new(big.Int).Add(lo, new(big.Int).SetUint64(k))
			continue
		}
		l.addBig(new(big.Int).Set(lo), count)
		return
	}
}

// Add appends one deal number to the list. Deals are checked for
// duplicates by ParseDeals and ReadDeals when the list is complete; code
// that builds a list with Add calls Check itself. The zero Number, which is
// no deal, is not added, nor is any number to a random list: Check then
// reports the first such Add.
func (l *DealList) Add(n dealgen.Number) {
	if n == (dealgen.Number{}) || l.random != nil {
		if l.refused == nil {
			l.refused = errors.New("the zero Number, which is no deal, was added to the list")
			if l.random != nil {
				l.refused = fmt.Errorf("deal %v was added to a list of random deals, which takes none", n)
			}
		}
		return
	}
	switch u, ok := n.Uint64(); {
	case ok && n.IsMS():
		l.push(segment{lo: u, ms: true, n: 1})
	case ok:
		l.addSmall(u, 1)
	default:
		l.addBig(n.Big(), 1)
	}
}

func (l *DealList) addSmall(lo, n uint64) {
	if k := len(l.segs) - 1; k >= 0 {
		s := &l.segs[k]
		if s.big == nil && !s.ms && s.lo+s.n == lo && s.lo+s.n != 0 {
			s.n += n
			l.n += n
			l.ready = false
			return
		}
	}
	l.push(segment{lo: lo, n: n})
}

func (l *DealList) addBig(lo *big.Int, n uint64) {
	if k := len(l.segs) - 1; k >= 0 {
		s := &l.segs[k]
		if s.big != nil {
			end := new(big.Int).Add(s.big, new(big.Int).SetUint64(s.n))
			if end.Cmp(lo) == 0 {
				s.n += n
				l.n += n
				l.ready = false
				return
			}
		}
	}
	l.push(segment{big: lo, n: n})
}

func (l *DealList) push(s segment) {
	s.start = l.n
	l.segs = append(l.segs, s)
	l.n += s.n
	l.ready = false
}

// Len returns the number of deals in the list.
func (l *DealList) Len() uint64 { return l.n }

// At returns the deal at index i (0-based). Deals below 2^64 cost no
// allocation; numbers beyond 2^64 do. An i out of range (Len and above)
// gives the zero Number, which is no deal.
func (l *DealList) At(i uint64) dealgen.Number {
	if i >= l.n {
		return dealgen.Number{}
	}
	if l.random != nil {
		return dealgen.FromUint64(l.random.at(i))
	}
	k, ok := slices.BinarySearchFunc(l.segs, i, func(s segment, i uint64) int {
		switch {
		case s.start+s.n <= i:
			return -1
		case s.start > i:
			return 1
		}
		return 0
	})
	if !ok {
		panic("batch: deal index out of range")
	}
	s := &l.segs[k]
	off := i - s.start
	switch {
	case s.ms:
		n, err := dealgen.ParseNumber("ms" + strconv.FormatUint(s.lo, 10))
		if err != nil {
			panic(err)
		}
		return n
	case s.big != nil:
		n, err := dealgen.FromBig(new(big.Int).Add(s.big, new(big.Int).SetUint64(off)))
		if err != nil {
			panic(err)
		}
		return n
	}
	return dealgen.FromUint64(s.lo + off)
}

// Index returns the index of deal n in the list, and whether it is there.
func (l *DealList) Index(n dealgen.Number) (uint64, bool) {
	if l.random != nil {
		u, small := n.Uint64()
		if !small || n.IsMS() {
			return 0, false
		}
		return l.random.index(u)
	}
	l.index()
	u, small := n.Uint64()
	switch {
	case small && n.IsMS():
		i, ok := l.ms[u]
		return i, ok
	case small:
		k, _ := slices.BinarySearchFunc(l.small, u, func(j int, u uint64) int {
			s := &l.segs[j]
			switch {
			case s.lo+s.n-1 < u:
				return -1
			case s.lo > u:
				return 1
			}
			return 0
		})
		if k < len(l.small) {
			s := &l.segs[l.small[k]]
			if s.lo <= u && u-s.lo < s.n {
				return s.start + u - s.lo, true
			}
		}
		return 0, false
	}
	b := n.Big()
	k, _ := slices.BinarySearchFunc(l.bigs, b, func(j int, b *big.Int) int {
		s := &l.segs[j]
		end := new(big.Int).Add(s.big, new(big.Int).SetUint64(s.n)) // one past
		switch {
		case end.Cmp(b) <= 0:
			return -1
		case s.big.Cmp(b) > 0:
			return 1
		}
		return 0
	})
	if k < len(l.bigs) {
		s := &l.segs[l.bigs[k]]
		off := new(big.Int).Sub(b, s.big)
		if off.Sign() >= 0 && off.IsUint64() && off.Uint64() < s.n {
			return s.start + off.Uint64(), true
		}
	}
	return 0, false
}

// index builds the lookup tables of Index.
func (l *DealList) index() {
	if l.ready {
		return
	}
	l.small, l.bigs, l.ms = l.small[:0], l.bigs[:0], map[uint64]uint64{}
	for k := range l.segs {
		s := &l.segs[k]
		switch {
		case s.ms:
			l.ms[s.lo] = s.start
		case s.big != nil:
			l.bigs = append(l.bigs, k)
		default:
			l.small = append(l.small, k)
		}
	}
	slices.SortFunc(l.small, func(a, b int) int { return cmpUint(l.segs[a].lo, l.segs[b].lo) })
	slices.SortFunc(l.bigs, func(a, b int) int { return l.segs[a].big.Cmp(l.segs[b].big) })
	l.ready = true
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Check reports the first deal that the list holds twice, or the first
// Add that it refused, as an error.
func (l *DealList) Check() error {
	if l.refused != nil {
		return l.refused
	}
	return l.checkDistinct()
}

func (l *DealList) checkDistinct() error {
	if l.random != nil {
		return nil // distinct by construction
	}
	l.ready = false
	ms := map[uint64]bool{}
	for _, s := range l.segs {
		if s.ms {
			if ms[s.lo] {
				return fmt.Errorf("deal ms%d is listed twice", s.lo)
			}
			ms[s.lo] = true
		}
	}
	l.index()
	for k := 1; k < len(l.small); k++ {
		a, b := &l.segs[l.small[k-1]], &l.segs[l.small[k]]
		if a.lo+a.n-1 >= b.lo {
			return fmt.Errorf("deal %d is listed twice", b.lo)
		}
	}
	for k := 1; k < len(l.bigs); k++ {
		a, b := &l.segs[l.bigs[k-1]], &l.segs[l.bigs[k]]
		end := new(big.Int).Add(a.big, new(big.Int).SetUint64(a.n))
		if end.Cmp(b.big) > 0 {
			return fmt.Errorf("deal %s is listed twice", b.big)
		}
	}
	return nil
}

// String returns the list in canonical form, as the results header
// records it: items separated by commas, each a canonical deal number or
// a range A-B of plain numbers. Consecutive numbers are joined into
// ranges, so "1-5,6,7-10" becomes "1-10".
func (l *DealList) String() string {
	if l.random != nil {
		return l.random.String()
	}
	var b strings.Builder
	for k, s := range l.segs {
		if k > 0 {
			b.WriteByte(',')
		}
		switch {
		case s.ms:
			b.WriteString("ms")
			b.WriteString(strconv.FormatUint(s.lo, 10))
		case s.big != nil:
			b.WriteString(s.big.String())
			if s.n > 1 {
				b.WriteByte('-')
				b.WriteString(new(big.Int).Add(s.big, new(big.Int).SetUint64(s.n-1)).String())
			}
		default:
			b.WriteString(strconv.FormatUint(s.lo, 10))
			if s.n > 1 {
				b.WriteByte('-')
				b.WriteString(strconv.FormatUint(s.lo+s.n-1, 10))
			}
		}
	}
	return b.String()
}

// ReadDeals reads a --deals-file: one item a line, each a deal number, a
// range A-B or a comma-separated list, as --deals takes them. Blank lines
// are skipped, and a UTF-8 byte order mark at the start. A line that starts with "{" is a line of a results file:
// its "number" is the deal (a header line is skipped), so a results file,
// or the lines picked from one with grep, can name the deals to run.
// name is used in error messages.
//
// A file that does not read is a *FileError, with its line, and a line
// that is not deals a *rules.ParseError in it; a file that names no deal
// is refused with an error that matches ErrNoDeals.
func ReadDeals(r io.Reader, name string) (*DealList, error) {
	if r == nil {
		return nil, &FileError{Name: name, Err: errNoReader}
	}
	l := &DealList{}
	br := bufio.NewReaderSize(r, 64<<10)
	for ln := 1; ; ln++ {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			rest, err2 := readRest(br, line)
			line, err = rest, err2
		}
		if err == errLineTooLong {
			return nil, &FileError{Name: name, Line: ln, Err: err}
		}
		if err != nil && err != io.EOF {
			return nil, &FileError{Name: name, Err: err}
		}
		if ln == 1 {
			line = bytes.TrimPrefix(line, utf8BOM)
		}
		t := bytes.TrimSpace(line)
		switch {
		case len(t) == 0:
		case t[0] == '{':
			if got := otherDocument(t); got != 0 {
				return nil, &FileError{Name: name, Line: ln, Err: &rules.WrongDocumentError{Got: got, Want: rules.ResultsDocument}}
			}
			if isHeaderLine(t) {
				break
			}
			rec, perr := ParseRecord(t)
			if perr != nil {
				return nil, &FileError{Name: name, Line: ln, Err: perr}
			}
			l.Add(rec.Number)
		default:
			if perr := l.addSpec(string(t)); perr != nil {
				return nil, &FileError{Name: name, Line: ln, Err: &rules.ParseError{What: "deals", Input: string(t), Err: perr}}
			}
		}
		if err == io.EOF {
			break
		}
	}
	if l.Len() == 0 {
		return nil, &noDealsError{name}
	}
	l.compact()
	if err := l.checkDistinct(); err != nil {
		return nil, &FileError{Name: name, Err: err}
	}
	return l, nil
}

// noDealsError is the refusal of a deals file, name, that names no deal:
// it matches ErrNoDeals.
type noDealsError struct{ name string }

func (e *noDealsError) Error() string {
	return fmt.Sprintf("%s names no deals: want deal numbers or ranges such as 1-1000, one a line", e.name)
}

func (e *noDealsError) Unwrap() error { return ErrNoDeals }

// maxLine is the longest line a results file or a deals file may hold:
// 16 MiB, room for the header of a run over a long list of scattered
// deals (a result line takes about 80 bytes). A longer line is refused as
// soon as it passes the cap, without reading the rest of it, so that a
// huge file that is not what it should be is not read whole.
const maxLine = 16 << 20

// errLineTooLong is the error for a line longer than maxLine.
var errLineTooLong = fmt.Errorf("the line is longer than %d MiB: this is not a results or deals file", maxLine>>20)

// readRest reads the rest of a line longer than the reader's buffer, up to
// maxLine bytes in all.
func readRest(br *bufio.Reader, first []byte) ([]byte, error) {
	line := append([]byte(nil), first...)
	for {
		more, err := br.ReadSlice('\n')
		if len(line)+len(more) > maxLine {
			return nil, errLineTooLong
		}
		line = append(line, more...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// Shard is one part of a run split n ways: the deals whose 0-based index
// in the list is Index mod Count. The whole list is Shard{0, 1} (Whole),
// and so is the zero Shard, as in a Config: Len, Global and Local answer
// for it as for Whole. Another Shard of Count 0 holds no deal.
type Shard struct {
	Index, Count uint64 // this part, from 0 to Count-1, of Count parts
}

// Whole is the shard that is the whole list.
var Whole = Shard{0, 1}

// ParseShard reads "i/n", with 0 <= i < n. Its error is a
// *rules.ParseError, as every ParseX's is.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, err1 := strconv.ParseUint(a, 10, 64)
	n, err2 := strconv.ParseUint(b, 10, 64)
	var err error
	switch {
	case !ok || err1 != nil || err2 != nil:
		err = fmt.Errorf("bad shard %q: want i/n such as 0/4, with 0 <= i < n", s)
	case n == 0:
		err = fmt.Errorf("bad shard %q: the number of shards must be at least 1", s)
	case i >= n:
		err = fmt.Errorf("bad shard %q: shards are numbered from 0 to %d", s, n-1)
	default:
		return Shard{i, n}, nil
	}
	return Shard{}, &rules.ParseError{What: "shard", Input: s, Err: err}
}

// String returns "i/n".
func (s Shard) String() string {
	return strconv.FormatUint(s.Index, 10) + "/" + strconv.FormatUint(s.Count, 10)
}

// orWhole returns s, or Whole for the zero Shard.
func (s Shard) orWhole() Shard {
	if s == (Shard{}) {
		return Whole
	}
	return s
}

// Len returns how many of total deals are in the shard.
func (s Shard) Len(total uint64) uint64 {
	s = s.orWhole()
	if s.Count == 0 || s.Index >= total {
		return 0
	}
	return (total-s.Index-1)/s.Count + 1
}

// Global returns the list index of the shard's k-th deal.
func (s Shard) Global(k uint64) uint64 {
	s = s.orWhole()
	return s.Index + k*s.Count
}

// Local returns the shard's own index of list index i, and whether list
// index i is in the shard.
func (s Shard) Local(i uint64) (uint64, bool) {
	s = s.orWhole()
	if s.Count == 0 || i%s.Count != s.Index {
		return 0, false
	}
	return i / s.Count, true
}
