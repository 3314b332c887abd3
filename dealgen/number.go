package dealgen

import (
	"fmt"
	"math/big"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/patience-solver/patience/rules"
)

// lcgLimit is the first plain number dealt by MT19937 instead of the LCG.
const lcgLimit = 32000

// msMax is the largest N of an "ms" number: the LCG keeps 33 bits of state.
const msMax = 1<<33 - 1

// Number is a deal number in canonical form.
//
// It is a comparable value: two Numbers are == exactly when they name the
// same deal, so it can be a map key. The zero value is not a deal (0 is
// invalid); test for it with n == Number{}.
//
// Numbers that fit in a uint64 are held as one, so the batch path never
// touches math/big. Larger numbers (PySolFC accepts any size) keep their
// canonical decimal digits in a string, which keeps the type comparable.
type Number struct {
	small uint64 // the value, when big is ""
	big   string // canonical decimal digits of a value >= 2^64, else ""
	ms    bool   // an "ms" number that differs from the plain number: LCG with small >= 32000
}

// FromUint64 returns the plain deal number n, as if n were typed in decimal.
// Plain numbers below 32000 use the LCG and the rest MT19937. n must be at
// least 1: FromUint64(0) returns the zero Number, which is not a deal.
func FromUint64(n uint64) Number { return Number{small: n} }

// FromBig returns the plain deal number n, of any size. It is for ranges of
// deals beyond 2^64; n must be at least 1 (a nil n is an "empty deal
// number").
func FromBig(n *big.Int) (Number, error) {
	if n == nil {
		return Number{}, &NumberError{Problem: "deals start at 1"}
	}
	if n.Sign() <= 0 {
		return Number{}, &NumberError{Input: n.String(), Problem: "deals start at 1", plain: true}
	}
	if n.IsUint64() {
		return Number{small: n.Uint64()}, nil
	}
	return Number{big: n.String()}, nil
}

// Uint64 returns the number N and true when N fits in a uint64. For an "ms"
// number it returns its N, which is not the same deal as plain N: check
// IsMS before turning the result back into a Number. It returns false for
// numbers of 2^64 and more, and for the zero Number.
func (n Number) Uint64() (uint64, bool) {
	if n.big != "" || n.small == 0 {
		return 0, false
	}
	return n.small, true
}

// Big returns the number N of any size (its ms marker aside, see IsMS).
// It allocates; batch code should prefer Uint64.
func (n Number) Big() *big.Int {
	if n.big == "" {
		return new(big.Int).SetUint64(n.small)
	}
	b, ok := new(big.Int).SetString(n.big, 10)
	if !ok {
		panic("dealgen: corrupt Number " + strconv.Quote(n.big))
	}
	return b
}

// IsMS reports whether the number is an "ms" number that names a different
// deal than the plain number would: the LCG with N >= 32000. An "ms" number
// below 32000 is the same deal as the plain one, so it is stored as plain
// and IsMS is false for it.
func (n Number) IsMS() bool { return n.ms }

// String returns the canonical form: the decimal number without leading
// zeros, or "ms" and the decimal number for an LCG deal from 32000 up.
// The zero Number gives "0", which ParseNumber rejects.
func (n Number) String() string {
	switch {
	case n.big != "":
		return n.big
	case n.ms:
		return "ms" + strconv.FormatUint(n.small, 10)
	}
	return strconv.FormatUint(n.small, 10)
}

// usesLCG reports whether the deal is shuffled by the Microsoft-compatible
// LCG rather than MT19937.
func (n Number) usesLCG() bool {
	return n.ms || (n.big == "" && n.small < lcgLimit)
}

// ParseNumber reads a deal number the way PySolFC does, in this order:
//
//  1. If the whole input is "ms" followed by digits, it is the LCG with
//     that N, 1 <= N <= 2^33-1. Nothing is stripped first, so "MS5", "#ms5"
//     and "ms1,000" are invalid.
//  2. Otherwise one trailing "L" is dropped, whitespace and every # - _ . ,
//     are deleted, and what is left must be a decimal number of any size,
//     at least 1. Leading zeros do not count, and a "-" is deleted like the
//     other separators, so "-5" is deal 5, as in PySolFC.
//
// The errors are one line each, saying what was wrong and what is wanted;
// each is a *rules.ParseError whose Err is a *NumberError.
func ParseNumber(s string) (Number, error) {
	n, err := parseNumber(s)
	if err != nil {
		return Number{}, &rules.ParseError{What: "deal number", Input: s, Err: err}
	}
	return n, nil
}

// parseNumber is ParseNumber, its errors *NumberErrors.
func parseNumber(s string) (Number, error) {
	if digits, ok := msDigits(s); ok {
		return parseMS(s, digits)
	}

	t := s
	if len(t) > 0 && t[len(t)-1] == 'L' {
		t = t[:len(t)-1]
	}
	// Keep only the digits. Lower-casing, which PySolFC also does, changes
	// nothing here: any letter left after the L is an error either way.
	// The digits are collected without leading zeros; a stack buffer keeps
	// the common short input free of allocations.
	var buf [24]byte
	digits := buf[:0]
	sawDigit := false
	for i := 0; i < len(t); {
		r, size := utf8.DecodeRuneInString(t[i:])
		i += size
		switch {
		case r >= '0' && r <= '9':
			sawDigit = true
			if r == '0' && len(digits) == 0 {
				continue
			}
			digits = append(digits, byte(r))
		case r == '#' || r == '-' || r == '_' || r == '.' || r == ',' || unicode.IsSpace(r):
		default:
			return Number{}, syntaxError(s)
		}
	}
	if !sawDigit {
		return Number{}, syntaxError(s)
	}
	if len(digits) == 0 {
		return Number{}, &NumberError{Input: s, Problem: "deals start at 1, 0 is not a deal"}
	}
	if len(digits) <= 19 { // at most 9,999,999,999,999,999,999 < 2^64
		return Number{small: atou(digits)}, nil
	}
	b, ok := new(big.Int).SetString(string(digits), 10)
	if !ok { // cannot happen: digits holds only ASCII digits
		return Number{}, syntaxError(s)
	}
	return FromBig(b)
}

// msDigits returns the digits of an input that is exactly "ms" and one or
// more ASCII digits.
func msDigits(s string) (string, bool) {
	if len(s) < 3 || s[0] != 'm' || s[1] != 's' {
		return "", false
	}
	for i := 2; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return "", false
		}
	}
	return s[2:], true
}

func parseMS(s, digits string) (Number, error) {
	i := 0
	for i < len(digits) && digits[i] == '0' {
		i++
	}
	digits = digits[i:]
	if len(digits) == 0 || len(digits) > 10 {
		return Number{}, msRangeError(s)
	}
	v := atou([]byte(digits))
	if v > msMax {
		return Number{}, msRangeError(s)
	}
	// Below 32000 the ms deal is the plain deal, so it gets the plain form.
	return Number{small: v, ms: v >= lcgLimit}, nil
}

// atou converts at most 19 ASCII digits.
func atou(d []byte) uint64 {
	var v uint64
	for _, c := range d {
		v = v*10 + uint64(c-'0')
	}
	return v
}

// NumberError is the error of ParseNumber and FromBig: Input is not a deal
// number, and Problem says why and what is wanted.
type NumberError struct {
	Input   string // the text given to ParseNumber, or FromBig's number in digits
	Problem string // why it is not a deal number and what is wanted, as in "deals start at 1"
	plain   bool   // Input is a number, written unquoted
}

// Error says "bad deal number", the input, and the problem; an empty input
// is an "empty deal number".
func (e *NumberError) Error() string {
	switch {
	case e.Input == "":
		return "empty deal number: " + e.Problem
	case e.plain:
		return "bad deal number " + e.Input + ": " + e.Problem
	}
	return "bad deal number " + quote(e.Input) + ": " + e.Problem
}

const wantDigits = "want digits such as 617, #12,345 or ms3000000000"

func msRangeError(s string) error {
	return &NumberError{Input: s, Problem: fmt.Sprintf("ms deals run from ms1 to ms%d", uint64(msMax))}
}

func syntaxError(s string) error {
	if looksLikeMS(s) {
		return &NumberError{Input: s, Problem: "write an ms deal as lowercase ms and digits only, such as ms3000000000"}
	}
	return &NumberError{Input: s, Problem: wantDigits}
}

// looksLikeMS reports whether s is an ms number spelt in a way that is not
// accepted ("MS5", "#ms5", "ms1,000"), to give a better hint.
func looksLikeMS(s string) bool {
	var b []byte
	for _, r := range s {
		switch {
		case r == '#' || r == '-' || r == '_' || r == '.' || r == ',' || unicode.IsSpace(r):
		case r < utf8.RuneSelf:
			b = append(b, byte(unicode.ToLower(r)))
		default:
			return false
		}
	}
	_, ok := msDigits(string(b))
	return ok
}

// quote quotes the input for an error message, shortened so that the
// message stays one readable line.
func quote(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		return strconv.Quote(string(r[:max])) + "..."
	}
	return strconv.Quote(s)
}
