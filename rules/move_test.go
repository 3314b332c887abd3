package rules_test

import (
	"testing"

	"github.com/patience-solver/patience/rules"
)

func TestParseLoc(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // "" for an error
	}{
		{"t1", "t1"}, {"T7", "t7"}, {"t13", "t13"}, {" t10 ", "t10"},
		{"c1", "c1"}, {"C2", "c2"}, {"f", "f"}, {"F", "f"},
		{"", ""}, {"t", ""}, {"t0", ""}, {"t14", ""}, {"t01", ""}, {"t+1", ""}, {"t-1", ""},
		{"c0", ""}, {"c3", ""}, {"c", ""}, {"x1", ""}, {"ff", ""}, {"t 1", ""}, {"t1x", ""},
		{"foundation", ""}, {"1", ""},
	} {
		l, err := rules.ParseLoc(tc.in)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseLoc(%q) = %v, want an error", tc.in, l)
			}
			continue
		}
		if err != nil || l.String() != tc.want {
			t.Errorf("ParseLoc(%q) = %v, %v; want %s", tc.in, l, err, tc.want)
		}
	}
	for _, tc := range []struct {
		l    rules.Loc
		want string
	}{
		{rules.T(0), "t1"}, {rules.T(12), "t13"}, {rules.C(0), "c1"}, {rules.C(1), "c2"},
		{rules.F, "f"}, {rules.Loc{Kind: 9}, "?"},
	} {
		if got := tc.l.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.l, got, tc.want)
		}
	}
}

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // "" for an error
	}{
		{"5C t3>t6", "5C t3>t6"},
		{"5c T3->t6", "5C t3>t6"},
		{"10D c1 f", "TD c1>f"},
		{"  K♠ t2 > t13 ", "KS t2>t13"},
		{"AH f>c2", "AH f>c2"},
		{"5C t3>t3", "5C t3>t3"}, // well formed; the referee rejects it
		{"", ""}, {"5C", ""}, {"5C t3", ""}, {"5C t3>", ""}, {"5C t3>t6 t7", ""},
		{"5X t3>t6", ""}, {"5C t0>t6", ""}, {"5C t3>t14", ""}, {"5C c3>f", ""}, {"t3>t6 5C", ""},
		{"5Ct3>t6", ""},
	} {
		m, err := rules.ParseMove(tc.in)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseMove(%q) = %v, want an error", tc.in, m)
			}
			continue
		}
		if err != nil || m.String() != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", tc.in, m, err, tc.want)
		}
	}
	m := rules.Move{Card: rules.MustCard("5C"), From: rules.T(2), To: rules.T(5)}
	if m.String() != "5C t3>t6" {
		t.Errorf("String = %q", m.String())
	}
}

// FuzzParseMove: ParseMove never panics, and a move it accepts prints and
// parses back to itself.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"5C t3>t6", "10d c1->f", "K♠ t13 t1", "", ">", "->->", "5C t3>t6>t7", "A\xff t1>f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l, err := rules.ParseLoc(s); err == nil {
			if l2, err := rules.ParseLoc(l.String()); err != nil || l2 != l {
				t.Fatalf("ParseLoc(%q) = %v; re-parse = %v, %v", s, l, l2, err)
			}
		}
		m, err := rules.ParseMove(s)
		if err != nil {
			return
		}
		if !m.Card.Valid() {
			t.Fatalf("ParseMove(%q) has an invalid card", s)
		}
		out := m.String()
		m2, err := rules.ParseMove(out)
		if err != nil || m2 != m {
			t.Fatalf("ParseMove(%q) = %v; re-parse of %q = %v, %v", s, m, out, m2, err)
		}
		if m2.String() != out {
			t.Fatalf("String not stable: %q, %q", out, m2.String())
		}
	})
}
