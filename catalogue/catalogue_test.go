package catalogue

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// small is a catalogue of deals 10..40: unsolvable 12, 13, 20, 40;
// unknown 15, 30; the rest solvable.
func small(t *testing.T) *Catalogue {
	t.Helper()
	c, err := New(rules.RussianCell, rules.DefaultOptions(), 10, 40, nil, []uint64{40, 12, 20, 13}, []uint64{30, 15})
	if err != nil {
		t.Fatal(err)
	}
	c.Build, c.Runs, c.MaxNodes, c.Builder = "v1.0.0+abc1234", []string{"0123abcd"}, 1000, "(devel)"
	return c
}

// verdictOf is the verdict small gives deal n, from its definition.
func verdictOf(n uint64) Status {
	switch {
	case n < 10 || n > 40:
		return NotCovered
	case n == 12 || n == 13 || n == 20 || n == 40:
		return Unwinnable
	case n == 15 || n == 30:
		return Undecided
	}
	return Winnable
}

func TestLookupNextNth(t *testing.T) {
	for _, c := range []*Catalogue{small(t), mustParse(t, small(t).Encode())} {
		var byVerdict [Undecided + 1][]uint64
		for n := uint64(0); n <= 45; n++ {
			want := verdictOf(n)
			if got := c.LookupUint64(n); got != want {
				t.Errorf("LookupUint64(%d) = %v, want %v", n, got, want)
			}
			if n > 0 {
				if got := c.Lookup(dealgen.FromUint64(n)); got != want {
					t.Errorf("Lookup(%d) = %v, want %v", n, got, want)
				}
			}
			byVerdict[want] = append(byVerdict[want], n)
		}
		for _, v := range []Status{Winnable, Unwinnable, Undecided} {
			l := byVerdict[v]
			if got := c.Count(v); got != uint64(len(l)) {
				t.Errorf("Count(%v) = %d, want %d", v, got, len(l))
			}
			for k, n := range l {
				if got, ok := c.Nth(v, uint64(k)); !ok || got != n {
					t.Errorf("Nth(%v, %d) = %d, %v; want %d", v, k, got, ok, n)
				}
			}
			if _, ok := c.Nth(v, uint64(len(l))); ok {
				t.Errorf("Nth(%v, %d) answers past the end", v, len(l))
			}
			for from := uint64(0); from <= 45; from++ {
				i, _ := slices.BinarySearch(l, from)
				n, skipped, ok := c.Next(from, v)
				if i == len(l) {
					if ok {
						t.Errorf("Next(%d, %v) = %d, want none", from, v, n)
					}
					continue
				}
				if !ok || n != l[i] {
					t.Errorf("Next(%d, %v) = %d, %v; want %d", from, v, n, ok, l[i])
				}
				var wantSkipped uint64
				for _, u := range byVerdict[Undecided] {
					if u >= from && u < l[i] {
						wantSkipped++
					}
				}
				if v != Undecided && skipped != wantSkipped {
					t.Errorf("Next(%d, %v) skipped %d unknown, want %d", from, v, skipped, wantSkipped)
				}
			}
		}
		// An ms number of 32000 or more is another deal than the plain one.
		ms, err := dealgen.ParseNumber("ms32010")
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Lookup(ms); got != NotCovered {
			t.Errorf("Lookup(ms32010) = %v, want not covered", got)
		}
	}
}

func mustParse(t *testing.T, data []byte) *Catalogue {
	t.Helper()
	c, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEncodeParseRoundTrip(t *testing.T) {
	c := small(t)
	data := c.Encode()
	d := mustParse(t, data)
	if d.Game != c.Game || d.Options != c.Options || d.First != c.First || d.Last != c.Last ||
		d.Build != c.Build || !slices.Equal(d.Runs, c.Runs) || d.MaxNodes != c.MaxNodes || d.Builder != c.Builder || d.Listed() != Unwinnable {
		t.Fatalf("parsed %+v, want %+v", d, c)
	}
	if !bytes.Equal(d.Encode(), data) {
		t.Fatal("encoding the parsed catalogue gives other bytes")
	}
	// The listed deals 12 13 20 40 from 9: gaps 3 1 7 20, one byte each.
	_, body, _ := bytes.Cut(data, []byte("\n"))
	if want := []byte{3, 1, 7, 20, 6, 15}; !bytes.Equal(body, want) {
		t.Fatalf("body % x, want % x", body, want)
	}
}

// TestLargeRandomRoundTrip: a catalogue of random verdicts over a range
// that does not start at 1 answers every deal as built.
func TestLargeRandomRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const first, last = 1_000_000, 1_200_000
	verdicts := make([]Status, last-first+1)
	var sol, unk []uint64
	for i := range verdicts {
		n := first + uint64(i)
		switch x := r.IntN(100); {
		case x < 3:
			verdicts[i] = Undecided
			unk = append(unk, n)
		case x < 20:
			verdicts[i] = Winnable
			sol = append(sol, n)
		default:
			verdicts[i] = Unwinnable
		}
	}
	c, err := New(rules.RippleFan, rules.Options{}, first, last, sol, nil, unk)
	if err != nil {
		t.Fatal(err)
	}
	d := mustParse(t, c.Encode())
	for i, want := range verdicts {
		if got := d.LookupUint64(first + uint64(i)); got != want {
			t.Fatalf("deal %d: %v, want %v", first+i, got, want)
		}
	}
	for k := uint64(0); k < d.Count(Unwinnable); k += 997 {
		n, ok := d.Nth(Unwinnable, k)
		if !ok || verdicts[n-first] != Unwinnable {
			t.Fatalf("Nth(unsolvable, %d) = %d, %v: not unsolvable", k, n, ok)
		}
	}
	if got := d.Count(Unwinnable) + d.Count(Winnable) + d.Count(Undecided); got != d.Len() {
		t.Fatalf("counts add up to %d, want %d", got, d.Len())
	}
}

func TestApplies(t *testing.T) {
	c := small(t)
	for _, o := range []rules.Options{{}, {NoReturns: true}} {
		if !c.Applies(rules.RussianCell, o) {
			t.Errorf("a Russian Cell catalogue does not answer for Russian Cell with %+v", o)
		}
		if c.Applies(rules.RippleFan, o) {
			t.Errorf("a Russian Cell catalogue answers for Ripple Fan")
		}
	}
	var none *Catalogue
	if none.Applies(rules.RussianCell, rules.DefaultOptions()) {
		t.Error("a nil catalogue applies")
	}
}

// TestParseRefuses: damaged files, and rules this build does not know,
// are errors, never a catalogue.
func TestParseRefuses(t *testing.T) {
	good := string(small(t).Encode())
	head, body, _ := strings.Cut(good, "\n")
	cases := []struct {
		name, data, want string
	}{
		{"empty", "", "no header line"},
		{"results file", `{"patience":"results","version":2}` + "\n", "not a catalogue"},
		{"version", strings.Replace(head, `"version":1`, `"version":2`, 1) + "\n" + body, "version 2"},
		{"unknown rules", strings.Replace(head, `"rules":{"returns":true}`, `"rules":{"returns":true,"redeals":3}`, 1) + "\n" + body, "not rules this build knows"},
		{"no returns field", strings.Replace(head, `"rules":{"returns":true}`, `"rules":{}`, 1) + "\n" + body, "not rules this build knows"},
		{"game", strings.Replace(head, `"russian-cell"`, `"klondike"`, 1) + "\n" + body, "unknown game"},
		{"checksum", head + "\n" + "\x04" + body[1:], "checksum"},
		{"counts", strings.Replace(head, `"solvable":25`, `"solvable":24`, 1) + "\n" + body, "counts"},
		{"range", strings.Replace(head, `"deals":"10-40"`, `"deals":"10-39"`, 1) + "\n" + body, "bad gap"},
		{"trailing", good + "x", "after the last section"},
		{"short", good[:len(good)-1], "bytes"},
	}
	if !strings.Contains(head, `"solvable":25`) {
		t.Fatalf("header %s: the test expects 25 solvable", head)
	}
	for _, tc := range cases {
		_, err := Parse([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Parse error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	// A section of a kind this build does not know (of a later build) is
	// skipped.
	extra := strings.Replace(head, `"sections":[`, `"sections":[{"name":"notes","count":2,"bytes":2,"crc32":0},`, 1)
	if _, err := Parse([]byte(extra + "\n" + "\x01\x02" + body)); err != nil {
		t.Errorf("a catalogue with an extra section: %v", err)
	}
}

func TestNewRefuses(t *testing.T) {
	o := rules.DefaultOptions()
	for _, tc := range []struct {
		name            string
		first, last     uint64
		sol, unsol, unk []uint64
		want            string
	}{
		{"zero", 0, 5, []uint64{}, nil, nil, "first"},
		{"both", 1, 5, []uint64{}, []uint64{}, nil, "not both"},
		{"outside", 1, 5, []uint64{6}, nil, nil, "outside"},
		{"twice", 1, 5, []uint64{2, 2}, nil, nil, "twice"},
		{"listed and unknown", 1, 5, []uint64{2}, nil, []uint64{2}, "both solvable and unknown"},
	} {
		_, err := New(rules.RussianCell, o, tc.first, tc.last, tc.sol, tc.unsol, tc.unk)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// BenchmarkParseShipped reads both shipped catalogues, as the first For
// does.
func BenchmarkParseShipped(b *testing.B) {
	var data [][]byte
	for _, g := range rules.Games() {
		d, err := files.ReadFile("data/" + g.String() + ".cat")
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	for b.Loop() {
		for _, d := range data {
			if _, err := Parse(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLookup looks up Russian Cell deals in the shipped catalogue.
func BenchmarkLookup(b *testing.B) {
	c := For(rules.RussianCell, rules.DefaultOptions())
	n := uint64(0)
	for b.Loop() {
		n = n*6364136223846793005 + 1442695040888963407
		c.LookupUint64(c.First + n%c.Len())
	}
}

// TestParseRefusesInconsistentHeader: crafted files whose header does not
// fit their lists (a range far past them, counts that do not add up or
// that could not be counts) are refused, each with a one-line error, by
// Parse and so by every command that reads a catalogue file.
func TestParseRefusesInconsistentHeader(t *testing.T) {
	shipped, err := files.ReadFile("data/russian-cell.cat")
	if err != nil {
		t.Fatal(err)
	}
	shippedHead, shippedBody, _ := strings.Cut(string(shipped), "\n")
	good := string(small(t).Encode())
	head, body, _ := strings.Cut(good, "\n")
	for _, s := range []string{`"deals":"10-40"`, `"solvable":25,`, `{"name":"unsolvable","count":4,`} {
		if !strings.Contains(head, s) {
			t.Fatalf("header %s: the test expects %s", head, s)
		}
	}
	for _, s := range []string{`"deals":"1-1000000"`, `"solvable":910547,`, `"unsolvable":89453,`} {
		if !strings.Contains(shippedHead, s) {
			t.Fatalf("shipped header %s: the test expects %s", shippedHead, s)
		}
	}
	// with replaces each old, new pair in head, once each.
	with := func(head string, pairs ...string) string {
		for i := 0; i < len(pairs); i += 2 {
			head = strings.Replace(head, pairs[i], pairs[i+1], 1)
		}
		return head
	}
	const maxU = uint64(math.MaxUint64)
	u := func(n uint64) string { return strconv.FormatUint(n, 10) }
	cases := []struct{ name, data, want string }{
		// The shipped catalogue stretched to 2^64-1, its counts made to add
		// up: 2^64-1-89453 solvable, which prints as -89,454 when read as
		// a signed count.
		{"shipped to 2^64-1", with(shippedHead,
			`"deals":"1-1000000"`, `"deals":"1-`+u(maxU)+`"`,
			`"solvable":910547,`, `"solvable":`+u(maxU-89453)+`,`) + "\n" + shippedBody,
			"at most 4,294,967,296"},
		// The small catalogue (31 deals, 6 listed) over 2^32+1 deals.
		{"one past the most", with(head,
			`"deals":"10-40"`, `"deals":"10-`+u(10+MaxDeals)+`"`,
			`"solvable":25,`, `"solvable":`+u(MaxDeals+1-6)+`,`) + "\n" + body,
			"4,294,967,297 deals"},
		// Labels for 2^64-1 deals in 0 bytes: (count+1)/2 is 0 in uint64.
		{"labels to 2^64-1", with(head,
			`"deals":"10-40"`, `"deals":"1-`+u(maxU)+`"`,
			`"solvable":25,`, `"solvable":`+u(maxU-6)+`,`,
			`"sections":[`, `"sections":[{"name":"difficulty","count":`+u(maxU)+`,"bytes":0,"crc32":0},`) + "\n" + body,
			"at most"},
		{"negative count", with(head, `"solvable":25,`, `"solvable":-6,`) + "\n" + body, "bad header"},
		{"count past 2^64-1", with(head, `"solvable":25,`, `"solvable":18446744073709551616,`) + "\n" + body, "bad header"},
		{"counts past the range", with(head, `"solvable":25,`, `"solvable":`+u(maxU-5)+`,`) + "\n" + body, "counts"},
		{"counts short of the range", with(head, `"deals":"10-40"`, `"deals":"10-41"`) + "\n" + body, "counts"},
		{"a section longer than the range", with(head, `{"name":"unsolvable","count":4,`, `{"name":"unsolvable","count":`+u(maxU)+`,`) + "\n" + body, "cannot fit"},
		{"a section longer than its list", with(head, `{"name":"unsolvable","count":4,`, `{"name":"unsolvable","count":5,`,
			`"unsolvable":4,`, `"unsolvable":5,`, `"solvable":25,`, `"solvable":24,`) + "\n" + body, "5 numbers"},
	}
	for _, tc := range cases {
		if tc.data == good || tc.data == string(shipped) {
			t.Fatalf("%s: the crafted file is the good one", tc.name)
		}
		c, err := Parse([]byte(tc.data))
		if err == nil {
			t.Errorf("%s: Parse accepted deals %d-%d, %d solvable", tc.name, c.First, c.Last, c.Count(Winnable))
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: Parse error %q, want one line containing %q", tc.name, err, tc.want)
		}
	}
	// The most deals a catalogue covers are read, and answered for.
	most := with(head, `"deals":"10-40"`, `"deals":"10-`+u(10+MaxDeals-1)+`"`, `"solvable":25,`, `"solvable":`+u(MaxDeals-6)+`,`)
	c := mustParse(t, []byte(most+"\n"+body))
	if c.Len() != MaxDeals || c.Count(Winnable) != MaxDeals-6 || c.LookupUint64(10+MaxDeals-1) != Winnable {
		t.Errorf("a catalogue of %d deals: %d deals, %d solvable, the last %v", uint64(MaxDeals), c.Len(), c.Count(Winnable), c.LookupUint64(10+MaxDeals-1))
	}
	if _, err := New(rules.RussianCell, rules.DefaultOptions(), 1, MaxDeals+1, []uint64{}, nil, nil); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("New of %d deals: error %v, want one saying at most", uint64(MaxDeals+1), err)
	}
}

// TestNextAtTheLastNumber: a catalogue that ends at 2^64-1 with its last
// deal listed has no deal of the other verdict from there on (the search
// must not step past 2^64-1 to 0).
func TestNextAtTheLastNumber(t *testing.T) {
	const last = uint64(math.MaxUint64)
	c, err := New(rules.RussianCell, rules.DefaultOptions(), last-2, last, nil, []uint64{last - 1, last}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Catalogue{c, mustParse(t, c.Encode())} {
		if n, _, ok := c.Next(last-1, Winnable); ok {
			t.Errorf("Next(2^64-2, solvable) = %d, want none", n)
		}
		if n, _, ok := c.Next(last-2, Winnable); !ok || n != last-2 {
			t.Errorf("Next(2^64-3, solvable) = %d, %v; want 2^64-3", n, ok)
		}
		if n, _, ok := c.Next(last, Unwinnable); !ok || n != last {
			t.Errorf("Next(2^64-1, unsolvable) = %d, %v; want 2^64-1", n, ok)
		}
	}
}
