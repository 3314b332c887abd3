package dealgen

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// Which generator, and which LCG variant, a number selects.
const (
	genMT    = "mt"
	genLCG31 = "lcg31"
	genLCG32 = "lcg32"
	genLCG33 = "lcg33"
)

func generator(n Number) string {
	if !n.usesLCG() {
		return genMT
	}
	return [...]string{genLCG31, genLCG32, genLCG33}[newLCG(n.small).mode]
}

func TestParseNumberAccepts(t *testing.T) {
	tests := []struct {
		in, canon string
		gen       string
		ms        bool
	}{
		{"617", "617", genLCG31, false},
		{"1", "1", genLCG31, false},
		{"#12,345", "12345", genLCG31, false},
		{"12345", "12345", genLCG31, false},
		{"00000000000000000617", "617", genLCG31, false},
		{"0617", "617", genLCG31, false},
		{"#617", "617", genLCG31, false},
		{"-5", "5", genLCG31, false}, // PySolFC deletes the "-"
		{"617L", "617", genLCG31, false},
		{" 1 2 3 ", "123", genLCG31, false},
		{"\t42\n", "42", genLCG31, false},
		{"1_000", "1000", genLCG31, false},
		{"1.000", "1000", genLCG31, false},
		{"1\u00a02", "12", genLCG31, false}, // Unicode whitespace, as Python's \s
		{"#-_.,7", "7", genLCG31, false},
		// The LCG/MT boundary for plain numbers.
		{"31999", "31999", genLCG31, false},
		{"32000", "32000", genMT, false},
		{"32,000", "32000", genMT, false},
		{"3000000000", "3000000000", genMT, false},
		// ms numbers: the same deal as plain below 32000, the LCG above.
		{"ms617", "617", genLCG31, false},
		{"ms0617", "617", genLCG31, false},
		{"ms00000000000000000000000000005", "5", genLCG31, false},
		{"ms1", "1", genLCG31, false},
		{"ms31999", "31999", genLCG31, false},
		{"ms32000", "ms32000", genLCG31, true},
		{"ms2147483647", "ms2147483647", genLCG31, true},
		{"ms2147483648", "ms2147483648", genLCG32, true},
		{"ms3000000000", "ms3000000000", genLCG32, true},
		{"ms4294967295", "ms4294967295", genLCG32, true},
		{"ms4294967296", "ms4294967296", genLCG33, true},
		{"ms8589934591", "ms8589934591", genLCG33, true},
		// MT numbers, PySolFC's 20-digit form, and beyond 2^64.
		{"12345678901234567890", "12345678901234567890", genMT, false},
		{"00000123456789012345", "123456789012345", genMT, false},
		{"18446744073709551615", "18446744073709551615", genMT, false},
		{"18446744073709551616", "18446744073709551616", genMT, false},
		{"99999999999999999999", "99999999999999999999", genMT, false},
		{"99999999999999999999L", "99999999999999999999", genMT, false},
		{"#1,267,650,600,228,229,401,496,703,205,376", "1267650600228229401496703205376", genMT, false},
	}
	for _, tc := range tests {
		n, err := ParseNumber(tc.in)
		if err != nil {
			t.Errorf("ParseNumber(%q): %v", tc.in, err)
			continue
		}
		if got := n.String(); got != tc.canon {
			t.Errorf("ParseNumber(%q) = %q, want %q", tc.in, got, tc.canon)
		}
		if got := generator(n); got != tc.gen {
			t.Errorf("ParseNumber(%q) uses %s, want %s", tc.in, got, tc.gen)
		}
		if n.IsMS() != tc.ms {
			t.Errorf("ParseNumber(%q).IsMS() = %v", tc.in, n.IsMS())
		}
		if again, err := ParseNumber(n.String()); err != nil || again != n {
			t.Errorf("canonical %q does not parse back: %v, %v", n.String(), again, err)
		}
	}
}

func TestParseNumberRejects(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"", "empty deal number"},
		{"0", "deals start at 1"},
		{"000", "deals start at 1"},
		{"#0", "deals start at 1"},
		{"-0", "deals start at 1"},
		{"0L", "deals start at 1"},
		{"ms0", "ms1 to ms8589934591"},
		{"ms000", "ms1 to ms8589934591"},
		{"ms8589934592", "ms1 to ms8589934591"},
		{"ms99999999999999999999999", "ms1 to ms8589934591"},
		{"MS5", "lowercase ms"},
		{"Ms5", "lowercase ms"},
		{"#ms5", "lowercase ms"},
		{"ms1,000", "lowercase ms"},
		{"ms 5", "lowercase ms"},
		{"ms-5", "lowercase ms"},
		{" ms5", "lowercase ms"},
		{"ms5L", "want digits"},
		{"ms", "want digits"},
		{"abc", "want digits"},
		{"12a", "want digits"},
		{"5l", "want digits"}, // only an upper-case L is dropped
		{"5LL", "want digits"},
		{"L", "want digits"},
		{"L5", "want digits"},
		{"#", "want digits"},
		{"--", "want digits"},
		{" ", "want digits"},
		{"0x10", "want digits"},
		{"+5", "want digits"},
		{"1e5", "want digits"},
		{"１２", "want digits"}, // full-width digits
		{"\xff", "want digits"},
	}
	for _, tc := range tests {
		n, err := ParseNumber(tc.in)
		if err == nil {
			t.Errorf("ParseNumber(%q) = %v, want an error", tc.in, n)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.msg) {
			t.Errorf("ParseNumber(%q): %q, want it to mention %q", tc.in, msg, tc.msg)
		}
		if strings.ContainsAny(msg, "\n\r") || msg != strings.ToLower(msg[:1])+msg[1:] {
			t.Errorf("ParseNumber(%q): %q is not one lowercase line", tc.in, msg)
		}
		if tc.in != "" && !strings.Contains(msg, `"`) {
			t.Errorf("ParseNumber(%q): %q does not quote the input", tc.in, msg)
		}
		if n != (Number{}) {
			t.Errorf("ParseNumber(%q) returned %v with its error", tc.in, n)
		}
		var ne *NumberError
		if !errors.As(err, &ne) || ne.Input != tc.in || !strings.Contains(msg, ne.Problem) {
			t.Errorf("ParseNumber(%q): %#v, want a *NumberError with the input and its problem", tc.in, err)
		}
	}
	// A long bad input is shortened in the message.
	_, err := ParseNumber(strings.Repeat("x", 1000))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("long input: %v", err)
	}
}

func TestNumberConversions(t *testing.T) {
	if FromUint64(617) != mustParse(t, "617") || FromUint64(617) != mustParse(t, "ms617") {
		t.Error("FromUint64(617) differs from parsed 617")
	}
	if v, ok := mustParse(t, "18446744073709551615").Uint64(); !ok || v != 1<<64-1 {
		t.Errorf("Uint64 of 2^64-1 = %d, %v", v, ok)
	}
	if v, ok := mustParse(t, "ms3000000000").Uint64(); !ok || v != 3000000000 {
		t.Errorf("Uint64 of ms3000000000 = %d, %v", v, ok)
	}
	if _, ok := (Number{}).Uint64(); ok {
		t.Error("the zero Number has a Uint64")
	}
	huge := mustParse(t, "123456789012345678901234567890")
	if _, ok := huge.Uint64(); ok {
		t.Error("a huge number fits a uint64")
	}
	if huge.Big().String() != "123456789012345678901234567890" {
		t.Errorf("Big() = %v", huge.Big())
	}
	for _, s := range []string{"1", "31999", "32000", "18446744073709551615", "18446744073709551616", "123456789012345678901234567890"} {
		b, _ := new(big.Int).SetString(s, 10)
		n, err := FromBig(b)
		if err != nil || n != mustParse(t, s) || n.Big().Cmp(b) != 0 {
			t.Errorf("FromBig(%s) = %v, %v", s, n, err)
		}
	}
	for _, s := range []string{"0", "-1"} {
		b, _ := new(big.Int).SetString(s, 10)
		if _, err := FromBig(b); err == nil {
			t.Errorf("FromBig(%s) accepted", s)
		}
	}
	var ne *NumberError
	if _, err := FromBig(nil); !errors.As(err, &ne) || err.Error() != "empty deal number: deals start at 1" {
		t.Errorf("FromBig(nil): %v", err)
	}
	if mustParse(t, "ms32000").Big().Int64() != 32000 {
		t.Error("Big of ms32000")
	}
	if s := (Number{}).String(); s != "0" {
		t.Errorf("zero Number prints %q", s)
	}
}

// Numbers are comparable values usable as map keys: equal exactly when
// they name the same deal.
func TestNumberIsAMapKey(t *testing.T) {
	m := map[Number]int{}
	for _, s := range []string{"617", "ms617", "#617", "32000", "ms32000", "99999999999999999999", "99,999,999,999,999,999,999"} {
		m[mustParse(t, s)]++
	}
	if len(m) != 4 || m[FromUint64(617)] != 3 {
		t.Errorf("map = %v", m)
	}
}

func BenchmarkParseNumber(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseNumber("#12,345,678,901"); err != nil {
			b.Fatal(err)
		}
	}
}
