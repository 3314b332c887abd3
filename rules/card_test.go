package rules_test

import (
	"testing"

	"github.com/patience-solver/patience/rules"
)

func TestParseCard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // "" for an error
	}{
		{"AS", "AS"}, {"TD", "TD"}, {"KH", "KH"}, {"2C", "2C"}, {"9D", "9D"},
		{"10D", "TD"}, {"10s", "TS"}, {"td", "TD"}, {"qs", "QS"}, {"aC", "AC"}, {"Jh", "JH"},
		{"K♠", "KS"}, {"A♣", "AC"}, {"T♥", "TH"}, {"10♦", "TD"}, {"q♦", "QD"},
		{"K♤", "KS"}, {"A♧", "AC"}, {"2♡", "2H"}, {"3♢", "3D"},
		{"  7H\t", "7H"},
		{"", ""}, {" ", ""}, {"A", ""}, {"10", ""}, {"1D", ""}, {"11D", ""}, {"0D", ""},
		{"XS", ""}, {"AX", ""}, {"ASS", ""}, {"A S", ""}, {"SA", ""}, {"♠K", ""},
		{"--", ""}, {"100D", ""}, {"KS,", ""}, {"K♠♠", ""}, {"\xffS", ""}, {"A\xff", ""},
	} {
		c, err := rules.ParseCard(tc.in)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseCard(%q) = %v, want an error", tc.in, c)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseCard(%q): %v", tc.in, err)
		} else if c.String() != tc.want {
			t.Errorf("ParseCard(%q) = %v, want %s", tc.in, c, tc.want)
		}
	}
}

func TestCardFormat(t *testing.T) {
	for c := rules.Card(0); c < rules.NumCards; c++ {
		if !c.Valid() {
			t.Fatalf("card %d not valid", c)
		}
		if rules.NewCard(c.Rank(), c.Suit()) != c {
			t.Fatalf("NewCard(Rank, Suit) of %v", c)
		}
		for _, s := range []string{c.String(), c.Symbol()} {
			if d, err := rules.ParseCard(s); err != nil || d != c {
				t.Fatalf("ParseCard(%q) = %v, %v; want %v", s, d, err, c)
			}
		}
	}
	for _, tc := range []struct {
		c            rules.Card
		str, sym     string
		rank         rules.Rank
		suit         rules.Suit
		red, isValid bool
	}{
		{rules.Card(0), "AC", "A♣", rules.Ace, rules.Clubs, false, true},
		{rules.Card(12), "KC", "K♣", rules.King, rules.Clubs, false, true},
		{rules.Card(13), "AS", "A♠", rules.Ace, rules.Spades, false, true},
		{rules.Card(35), "TH", "T♥", 9, rules.Hearts, true, true},
		{rules.Card(51), "KD", "K♦", rules.King, rules.Diamonds, true, true},
	} {
		c := tc.c
		if c.String() != tc.str || c.Symbol() != tc.sym || c.Rank() != tc.rank || c.Suit() != tc.suit || c.Red() != tc.red || c.Valid() != tc.isValid {
			t.Errorf("card %d: %s %s %d %v %v", uint8(c), c, c.Symbol(), c.Rank(), c.Suit(), c.Red())
		}
	}
	for _, c := range []rules.Card{rules.NoCard, 52, 200} {
		if c.Valid() || c.String() != "--" || c.Symbol() != "--" {
			t.Errorf("card %d: Valid %v, %q, %q", uint8(c), c.Valid(), c.String(), c.Symbol())
		}
	}
	if got := rules.MustCards(" 10D  qs K♠ "); len(got) != 3 || got[0].String() != "TD" || got[2].String() != "KS" {
		t.Errorf("MustCards = %v", got)
	}
}

func TestParseSuit(t *testing.T) {
	for in, want := range map[string]rules.Suit{
		"C": rules.Clubs, "s": rules.Spades, "♥": rules.Hearts, "♢": rules.Diamonds, "d": rules.Diamonds,
	} {
		if s, err := rules.ParseSuit(in); err != nil || s != want {
			t.Errorf("ParseSuit(%q) = %v, %v", in, s, err)
		}
	}
	for _, in := range []string{"", "X", "CC", "clubs", " C"} {
		if _, err := rules.ParseSuit(in); err == nil {
			t.Errorf("ParseSuit(%q): no error", in)
		}
	}
}

// FuzzParseCard: ParseCard never panics, and what it accepts is a valid
// card that prints and parses back to itself, in both notations.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"AS", "10D", "td", "K♠", "", "10", "♠", "1", "A\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := rules.ParseCard(s)
		if err != nil {
			if c != rules.NoCard {
				t.Fatalf("ParseCard(%q) failed but returned %d", s, uint8(c))
			}
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCard(%q) = invalid card %d", s, uint8(c))
		}
		for _, out := range []string{c.String(), c.Symbol()} {
			d, err := rules.ParseCard(out)
			if err != nil || d != c {
				t.Fatalf("ParseCard(%q) = %v; re-parse of %q = %v, %v", s, c, out, d, err)
			}
		}
	})
}
