package catalogue

import (
	"fmt"
	"hash/crc32"
	"math"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// smallLabels labels deals 10..25 of small: the winnable ones by n%4+1
// (easy to very hard), the others none.
func smallLabels() []Difficulty {
	of := make([]Difficulty, 16)
	for i := range of {
		if n := uint64(10 + i); verdictOf(n) == Winnable {
			of[i] = Difficulty(n%4 + 1)
		}
	}
	return of
}

// TestDifficultyRoundTrip: labels survive Encode and Parse, odd counts
// included, and every query agrees with the labels given.
func TestDifficultyRoundTrip(t *testing.T) {
	for _, count := range []int{16, 15} {
		of := smallLabels()[:count]
		c, err := small(t).WithDifficulty(of)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []*Catalogue{c, mustParse(t, c.Encode())} {
			first, last, ok := d.Labelled()
			if !ok || first != 10 || last != uint64(10+count-1) {
				t.Fatalf("%d labels: Labelled() = %d, %d, %v", count, first, last, ok)
			}
			var byLabel [VeryHard + 1][]uint64
			for n := uint64(0); n <= 45; n++ {
				want := NoDifficulty
				if n >= 10 && n < uint64(10+count) {
					want = of[n-10]
				}
				if got := d.Difficulty(n); got != want {
					t.Errorf("%d labels: Difficulty(%d) = %v, want %v", count, n, got, want)
				}
				byLabel[want] = append(byLabel[want], n)
			}
			for _, l := range Difficulties() {
				if got := d.CountDifficulty(l); got != uint64(len(byLabel[l])) || got == 0 {
					t.Errorf("%d labels: CountDifficulty(%v) = %d, want %d (not 0)", count, l, got, len(byLabel[l]))
				}
				for i, n := range byLabel[l] {
					from := uint64(0)
					if i > 0 {
						from = byLabel[l][i-1] + 1
					}
					if got, ok := d.NextDifficulty(from, l); !ok || got != n {
						t.Errorf("NextDifficulty(%d, %v) = %d, %v, want %d", from, l, got, ok, n)
					}
				}
				if got, ok := d.NextDifficulty(byLabel[l][len(byLabel[l])-1]+1, l); ok {
					t.Errorf("NextDifficulty past the last %v deal = %d", l, got)
				}
				for seed := uint64(0); seed < 20; seed++ {
					n, ok := d.PickDifficulty(l, seed)
					if !ok || d.Difficulty(n) != l {
						t.Fatalf("PickDifficulty(%v, %d) = %d (%v), %v", l, seed, n, d.Difficulty(n), ok)
					}
				}
			}
		}
	}
	if _, _, ok := small(t).Labelled(); ok {
		t.Error("a catalogue without labels says it has some")
	}
	if _, ok := small(t).PickDifficulty(Hard, 1); ok {
		t.Error("a catalogue without labels picked a hard deal")
	}
}

// TestDifficultyRefuses: a label on a deal that cannot be won, a winnable
// deal without one, too many labels, and damaged sections are refused.
func TestDifficultyRefuses(t *testing.T) {
	c := small(t)
	bad := smallLabels()
	bad[2] = Easy // deal 12 cannot be won
	none := smallLabels()
	none[1] = NoDifficulty // deal 11 can
	for _, tc := range []struct {
		name string
		of   []Difficulty
		want string
	}{
		{"unwinnable", bad, "deal 12 is unsolvable"},
		{"unlabelled", none, "deal 11 can be won"},
		{"too many", make([]Difficulty, 32), "32 labels for 31 deals"},
		{"out of range", append(smallLabels()[:5], 9), "unknown difficulty"},
	} {
		if _, err := c.WithDifficulty(tc.of); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
	l, err := c.WithDifficulty(smallLabels())
	if err != nil {
		t.Fatal(err)
	}
	good := string(l.Encode())
	head, body, _ := strings.Cut(good, "\n")
	flip := []byte(body)
	flip[len(flip)-1] ^= 0x01
	for _, tc := range []struct{ name, data, want string }{
		{"checksum", head + "\n" + string(flip), "damaged"},
		{"count", strings.Replace(head, `"name":"difficulty","count":16`, `"name":"difficulty","count":18`, 1) + "\n" + body, "labels 18 deals in 8 bytes"},
	} {
		if !strings.Contains(tc.data, "difficulty") || tc.data == good {
			t.Fatalf("%s: the damaged file is the good one", tc.name)
		}
		if _, err := Parse([]byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Parse error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestDifficultySectionRefused: bits past an odd last deal, and a second
// difficulty section, are refused (with good checksums).
func TestDifficultySectionRefused(t *testing.T) {
	l, err := small(t).WithDifficulty(smallLabels()[:15])
	if err != nil {
		t.Fatal(err)
	}
	head, body, _ := strings.Cut(string(l.Encode()), "\n")
	sec, _ := l.labels.encode()
	if !strings.HasSuffix(body, string(sec)) || len(sec) != 8 {
		t.Fatalf("the body does not end with the 8 bytes of the labels")
	}
	crc := fmt.Sprintf(`"crc32":%d}`, crc32.ChecksumIEEE(sec))
	if !strings.Contains(head, `"name":"difficulty","count":15,"bytes":8,`+crc) {
		t.Fatalf("header %s", head)
	}
	high := append([]byte(nil), sec...)
	high[7] |= 0x30
	highHead := strings.Replace(head, crc, fmt.Sprintf(`"crc32":%d}`, crc32.ChecksumIEEE(high)), 1)
	entry := `{"name":"difficulty","count":15,"bytes":8,` + crc
	twice := strings.Replace(head, entry, entry+","+entry, 1)
	for _, tc := range []struct{ name, data, want string }{
		{"high bits", highHead + "\n" + strings.TrimSuffix(body, string(sec)) + string(high), "bits past its last deal"},
		{"two sections", twice + "\n" + body + string(sec), "a second \"difficulty\" section"},
	} {
		if _, err := Parse([]byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Parse error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestRate: the definition of the labels.
func TestRate(t *testing.T) {
	for _, tc := range []struct {
		greedy bool
		wins   int
		want   Difficulty
	}{
		{true, 0, Easy}, {true, 3, Easy}, {false, 3, Medium}, {false, 2, Medium},
		{false, 1, Hard}, {false, 0, VeryHard},
	} {
		if got := DifficultyOf(tc.greedy, tc.wins); got != tc.want {
			t.Errorf("DifficultyOf(%v, %d) = %v, want %v", tc.greedy, tc.wins, got, tc.want)
		}
	}
	for _, d := range Difficulties() {
		if got, err := ParseDifficulty(d.Slug()); err != nil || got != d {
			t.Errorf("ParseDifficulty(%q) = %v, %v", d.Slug(), got, err)
		}
	}
	// Only the slugs, as the commands' help writes them.
	for _, s := range []string{"tricky", "", "very hard", "veryhard", "very_hard", "Hard", "HARD", "Very-Hard", " hard", "hard ", "none"} {
		if d, err := ParseDifficulty(s); err == nil {
			t.Errorf("ParseDifficulty(%q) = %v, want an error", s, d)
		}
	}
}

// TestDifficultyOfNil: a nil catalogue answers as one without labels.
func TestDifficultyOfNil(t *testing.T) {
	var c *Catalogue
	if _, _, ok := c.Labelled(); ok || c.Difficulty(5) != NoDifficulty || c.CountDifficulty(Hard) != 0 {
		t.Error("a nil catalogue has labels")
	}
	if _, ok := c.PickDifficulty(Hard, 1); ok {
		t.Error("a nil catalogue picked a deal")
	}
	if _, ok := c.NextDifficulty(1, Hard); ok {
		t.Error("a nil catalogue found a deal")
	}
}

// TestParseLabelsCountOverflow: a difficulty section that says 2^64-1
// labels in no bytes is refused, not taken for (2^64-1+1)/2 = 0 bytes,
// even for a range (which Parse never reads) as long as that.
func TestParseLabelsCountOverflow(t *testing.T) {
	c := &Catalogue{Game: rules.RussianCell, First: 1, Last: math.MaxUint64, listed: Unwinnable, list: []uint64{}, unknown: []uint64{}}
	if _, err := parseLabels(c, section{Name: difficultySection, Count: math.MaxUint64}, nil); err == nil || !strings.Contains(err.Error(), "in 0 bytes") {
		t.Errorf("parseLabels of 2^64-1 labels in 0 bytes: error %v, want one saying so", err)
	}
}
