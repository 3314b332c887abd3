package batch

import (
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
)

func TestParseDeals(t *testing.T) {
	cases := []struct {
		spec, canon string
		n           uint64
		first, last string
	}{
		{"1-100000", "1-100000", 100000, "1", "100000"},
		{"617", "617", 1, "617", "617"},
		{"12,345", "12,345", 2, "12", "345"}, // commas separate items
		{"1 - 3, 7", "1-3,7", 4, "1", "7"},   // spaces around an item or an end are dropped
		{"\t0005 ", "5", 1, "5", "5"},
		{"1-5,6,7-10", "1-10", 10, "1", "10"},
		{" 3 , 1-2 ", "3,1-2", 3, "3", "2"},
		{"ms617", "617", 1, "617", "617"},
		{"ms40000,40000", "ms40000,40000", 2, "ms40000", "40000"},
		{"00000000000000000617", "617", 1, "617", "617"},
		{"10000000000000000-10000000001000000", "10000000000000000-10000000001000000", 1000001, "10000000000000000", "10000000001000000"},
		{"18446744073709551614-18446744073709551617", "18446744073709551614-18446744073709551615,18446744073709551616-18446744073709551617", 4, "18446744073709551614", "18446744073709551617"},
		{"99999999999999999999999-100000000000000000000001", "99999999999999999999999-100000000000000000000001", 3, "99999999999999999999999", "100000000000000000000001"},
	}
	for _, c := range cases {
		l, err := ParseDeals(c.spec)
		if err != nil {
			t.Errorf("ParseDeals(%q): %v", c.spec, err)
			continue
		}
		if l.String() != c.canon || l.Len() != c.n || l.At(0).String() != c.first || l.At(l.Len()-1).String() != c.last {
			t.Errorf("ParseDeals(%q) = %q, %d deals, %s..%s; want %q, %d, %s..%s", c.spec, l, l.Len(), l.At(0), l.At(l.Len()-1), c.canon, c.n, c.first, c.last)
		}
		// Index is the inverse of At, and the canonical form reads back
		// as the same list.
		for _, i := range []uint64{0, l.Len() / 2, l.Len() - 1} {
			if j, ok := l.Index(l.At(i)); !ok || j != i {
				t.Errorf("%q: Index(At(%d)) = %d, %v", c.spec, i, j, ok)
			}
		}
		again, err := ParseDeals(l.String())
		if err != nil || again.String() != l.String() {
			t.Errorf("%q: canonical form %q does not read back: %v", c.spec, l, err)
		}
	}
}

func TestParseDealsErrors(t *testing.T) {
	cases := map[string]string{
		"":                          "no deals given",
		"10-1":                      "runs backwards",
		"0-5":                       "0 is not a deal",
		"1-2-3":                     "one \"-\"",
		"1-":                        "a number on each side",
		"ms5-ms9":                   "not a plain decimal number",
		"1-10,5":                    "deal 5 is listed twice",
		"ms40000,ms40000":           "ms40000 is listed twice",
		"1,,2":                      "empty item",
		"abc":                       "bad deal number",
		"1-99999999999999999999999": "more than",
		// What dealgen.ParseNumber drops from one number is refused in
		// a list, where "-" makes a range: "1..5" was deal 15.
		"1..5":   `bad deals item "1..5": in a list a deal is written in digits alone, with no "#", "_", "." or space; for the deals 1 to 5 write 1-5`,
		"3,1 5":  "for the deals 1 to 5 write 1-5",
		"#617":   "for deal 617 write 617",
		"1_000":  "for deal 1000 write 1000",
		"1.2.3":  "for deal 123 write 123",
		"#":      "write a range as A-B",
		"7,1.-2": "not a plain decimal number",
	}
	for spec, want := range cases {
		_, err := ParseDeals(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseDeals(%q) = %v, want an error with %q", spec, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseDeals(%q): error is not one line: %q", spec, err)
		}
	}
}

func TestIndexMisses(t *testing.T) {
	l, _ := ParseDeals("5-10,20,ms40000,18446744073709551616-18446744073709551620")
	for _, s := range []string{"4", "11", "19", "21", "40000", "ms40001", "18446744073709551615", "18446744073709551621"} {
		n, err := dealgen.ParseNumber(s)
		if err != nil {
			t.Fatal(err)
		}
		if i, ok := l.Index(n); ok {
			t.Errorf("Index(%s) = %d, want not found", s, i)
		}
	}
}

func TestReadDeals(t *testing.T) {
	in := `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-9","shard":"0/1","rules":{"returns":false},"max_nodes":5}
{"number":"7","verdict":"unknown","reason":"node budget of 5 reached","moves":0,"nodes":5,"seconds":0}

100-102
ms40000, 3
`
	l, err := ReadDeals(strings.NewReader(in), "list.txt")
	if err != nil {
		t.Fatal(err)
	}
	if l.String() != "7,100-102,ms40000,3" {
		t.Errorf("got %q", l)
	}
	_, err = ReadDeals(strings.NewReader("1\n2\nx\n"), "list.txt")
	if err == nil || !strings.HasPrefix(err.Error(), "list.txt line 3: bad deal number") {
		t.Errorf("got %v", err)
	}
	_, err = ReadDeals(strings.NewReader("1-5\n3\n"), "list.txt")
	if err == nil || err.Error() != "list.txt: deal 3 is listed twice" {
		t.Errorf("got %v", err)
	}
	// Spaces around an item or an end are dropped; inside a number they
	// are refused, as are "#", "_" and ".": "1..5" is not deal 15.
	_, err = ReadDeals(strings.NewReader(" 1 - 3 \n1..5\n"), "list.txt")
	if err == nil || !strings.HasPrefix(err.Error(), `list.txt line 2: bad deals item "1..5"`) || !strings.HasSuffix(err.Error(), "write 1-5") {
		t.Errorf("got %v", err)
	}
	_, err = ReadDeals(strings.NewReader("\n\n"), "list.txt")
	if err == nil || !strings.Contains(err.Error(), "names no deals") {
		t.Errorf("got %v", err)
	}
}

func TestShard(t *testing.T) {
	for _, bad := range []string{"", "1", "4/4", "0/0", "-1/4", "a/b", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) succeeded", bad)
		}
	}
	s, err := ParseShard("2/4")
	if err != nil || s != (Shard{2, 4}) || s.String() != "2/4" {
		t.Fatalf("ParseShard(2/4) = %v, %v", s, err)
	}
	// Shards of 0..9: 2/4 has indexes 2 and 6.
	if s.Len(10) != 2 || s.Global(0) != 2 || s.Global(1) != 6 {
		t.Errorf("shard 2/4 of 10: len %d, %d %d", s.Len(10), s.Global(0), s.Global(1))
	}
	if k, ok := s.Local(6); !ok || k != 1 {
		t.Errorf("Local(6) = %d, %v", k, ok)
	}
	if _, ok := s.Local(7); ok {
		t.Error("Local(7) is in shard 2/4")
	}
	if (Shard{3, 4}).Len(3) != 0 || (Shard{0, 1}).Len(3) != 3 {
		t.Error("bad shard lengths")
	}
	// Every index is in exactly one shard.
	var total uint64
	for i := uint64(0); i < 7; i++ {
		total += Shard{i, 7}.Len(100)
	}
	if total != 100 {
		t.Errorf("shards of 100 sum to %d", total)
	}
}
