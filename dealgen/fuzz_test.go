package dealgen

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// FuzzParseNumber checks that ParseNumber never panics, and that a parsed
// number's canonical string parses back to the same Number and is stable.
// Short numbers are also dealt, which must not panic and must give a proper
// layout.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{
		"617", "#12,345", "ms3000000000", "00000000000000000617", "ms617", "-5", "617L",
		"99999999999999999999", "18446744073709551616", "ms8589934591", "ms8589934592",
		"0", "ms0", "MS5", "#ms5", "ms1,000", "", "abc", "5l", "L", " 1 2 3 ", "１２", "\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseNumber(s)
		if err != nil {
			if n != (Number{}) {
				t.Fatalf("ParseNumber(%q) returned %v with error %v", s, n, err)
			}
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("ParseNumber(%q): bad message %q", s, msg)
			}
			return
		}
		if n == (Number{}) {
			t.Fatalf("ParseNumber(%q) gave the zero Number", s)
		}
		c := n.String()
		m, err := ParseNumber(c)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", c, s, err)
		}
		if m != n {
			t.Fatalf("canonical %q of %q parses to a different Number", c, s)
		}
		if m.String() != c {
			t.Fatalf("canonical %q of %q is not stable: %q", c, s, m.String())
		}
		if strings.HasPrefix(c, "0") || (n.IsMS() != strings.HasPrefix(c, "ms")) {
			t.Fatalf("canonical %q of %q is not canonical", c, s)
		}
		if v, ok := n.Uint64(); ok && !n.IsMS() && FromUint64(v) != n {
			t.Fatalf("%q: FromUint64(Uint64()) differs", s)
		}
		if len(c) <= 64 {
			checkShape(t, c, Deal(rules.RussianCell, n))
		}
	})
}
