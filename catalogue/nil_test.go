package catalogue

import (
	"bytes"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// TestNoCatalogue: a nil catalogue (For's answer where none applies) and
// the zero Catalogue cover no deal, and every method answers so, where
// LookupUint64, Pick and the others dereferenced nil, and the zero
// Catalogue called deal 0 winnable.
func TestNoCatalogue(t *testing.T) {
	if For(rules.Game(0), rules.Options{}) != nil {
		t.Fatal("a catalogue for the zero Game")
	}
	for name, c := range map[string]*Catalogue{"nil": nil, "zero": {}} {
		if c.Len() != 0 || c.Count(Winnable) != 0 || c.Count(Unwinnable) != 0 || c.Count(Undecided) != 0 || c.Listed() != NotCovered {
			t.Errorf("%s: covers deals", name)
		}
		for _, n := range []uint64{0, 1, 5} {
			if s := c.LookupUint64(n); s != NotCovered {
				t.Errorf("%s: deal %d is %v", name, n, s)
			}
		}
		if s := c.Lookup(dealgen.FromUint64(5)); s != NotCovered {
			t.Errorf("%s: Lookup(5) = %v", name, s)
		}
		if n, _, ok := c.Next(0, Winnable); ok {
			t.Errorf("%s: Next finds deal %d", name, n)
		}
		if n, ok := c.Nth(Winnable, 0); ok {
			t.Errorf("%s: Nth finds deal %d", name, n)
		}
		if n := c.Pick(true, 1); n != 0 {
			t.Errorf("%s: picks deal %d", name, n)
		}
		if n := c.Pick(false, 1); n != 0 {
			t.Errorf("%s: picks deal %d of any", name, n)
		}
		if c.Describe() != "no catalogue" || c.Encode() != nil || c.Applies(rules.RussianCell, rules.Options{}) {
			t.Errorf("%s: described %q, encoded, or applies", name, c.Describe())
		}
		if _, err := c.WithDifficulty(nil); err == nil {
			t.Errorf("%s: labelled", name)
		}
	}
}

// FuzzParse: Parse never panics, whatever the bytes; a catalogue it reads
// counts every deal of its range once, encodes to a file that reads back
// the same, and answers each deal as its counts say.
func FuzzParse(f *testing.F) {
	c, err := New(rules.RussianCell, rules.DefaultOptions(), 10, 40, nil, []uint64{40, 12, 20, 13}, []uint64{30, 15})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(c.Encode())
	of := make([]Difficulty, 16)
	for i := range of {
		if c.LookupUint64(uint64(10+i)) == Winnable {
			of[i] = Difficulty(1 + i%4)
		}
	}
	if l, err := c.WithDifficulty(of); err == nil {
		f.Add(l.Encode())
	}
	rf, err := New(rules.RippleFan, rules.DefaultOptions(), 1, 3, []uint64{2}, nil, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(rf.Encode())
	f.Add([]byte("{}\n"))
	f.Add([]byte(""))
	f.Add(c.Encode()[:len(c.Encode())-1])
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			if c != nil {
				t.Fatalf("an error (%v) with a catalogue", err)
			}
			return
		}
		if c.Len() == 0 || c.Count(Winnable)+c.Count(Unwinnable)+c.Count(Undecided) != c.Len() {
			t.Fatalf("%d deals, counted %d + %d + %d", c.Len(), c.Count(Winnable), c.Count(Unwinnable), c.Count(Undecided))
		}
		enc := c.Encode()
		d, err := Parse(enc)
		if err != nil || !bytes.Equal(d.Encode(), enc) {
			t.Fatalf("re-encoded, it reads as %v (%v)", d, err)
		}
		var got [Undecided + 1]uint64
		for n := c.First; n <= c.Last && n-c.First < 1000; n++ {
			got[c.LookupUint64(n)]++
		}
		if c.Len() <= 1000 && (got[NotCovered] != 0 || got[Winnable] != c.Count(Winnable) || got[Undecided] != c.Count(Undecided)) {
			t.Fatalf("deals answered %v; counts %d winnable, %d undecided", got, c.Count(Winnable), c.Count(Undecided))
		}
	})
}

// FuzzParseDifficulty: ParseDifficulty never panics; a label it reads is
// one of Difficulties, whose Slug is the text read.
func FuzzParseDifficulty(f *testing.F) {
	seeds := []string{"easy", "medium", "hard", "very-hard", "very hard", "Hard", "", " easy", "\xff"}
	label := func(d Difficulty) bool { return d != NoDifficulty && d <= VeryHard }
	testgames.FuzzNames(f, seeds, ParseDifficulty, Difficulty.Slug, label, true, nil)
}
