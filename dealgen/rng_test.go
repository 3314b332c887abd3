package dealgen

import (
	"math/big"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// The reference MT19937 outputs for init_by_array({0x123, 0x234, 0x345,
// 0x456}), as in mt19937ar.out, and further ones from CPython's
// random.Random(0x456<<96 | 0x345<<64 | 0x234<<32 | 0x123).getrandbits(32),
// chosen around the points where the lazy twist changes what it reads.
func TestMT19937Reference(t *testing.T) {
	var g mt19937
	g.initByArray([]uint32{0x123, 0x234, 0x345, 0x456})
	want := map[int]uint32{
		0: 1067595299, 1: 955945823, 2: 477289528, 3: 4107218783, 4: 4228976476,
		226: 3276369011, 227: 2927737484, 622: 853571438, 623: 144400272,
		624: 3768408841, 625: 782634401, 1247: 918658114, 1248: 934864586,
		1999: 3099126062,
	}
	for i := range 2000 {
		v := g.uint32()
		if w, ok := want[i]; ok && v != w {
			t.Errorf("output %d = %d, want %d", i, v, w)
		}
	}
}

// Seeding from an integer must split it into 32-bit words as CPython does.
// Expected values from CPython 3.11: r = random.Random(n); three
// getrandbits(32), then random().
func TestMTSeedLikeCPython(t *testing.T) {
	big100, _ := new(big.Int).SetString("1267650600228229401496703217721", 10) // 2^100 + 12345
	tests := []struct {
		name   string
		seed   func(*mt19937)
		words  [3]uint32
		random float64
	}{
		{"0", func(g *mt19937) { g.seedUint64(0) }, [3]uint32{3626764237, 1654615998, 0}, -1},
		{"5489", func(g *mt19937) { g.seedUint64(5489) }, [3]uint32{3382763572, 956215839, 417760592}, 0.03867433200478232},
		{"2^32+1", func(g *mt19937) { g.seedUint64(1<<32 + 1) }, [3]uint32{991850117, 2151679444, 2200792185}, 0.841957683969905},
		{"2^100+12345", func(g *mt19937) {
			var d Dealer
			n, err := FromBig(big100)
			if err != nil {
				t.Fatal(err)
			}
			g.initByArray(d.bigKey(n))
		}, [3]uint32{1910715478, 278772827, 1297592944}, 0.5962987593883547},
	}
	for _, tc := range tests {
		var g mt19937
		tc.seed(&g)
		for i, w := range tc.words {
			if w == 0 {
				break
			}
			if v := g.uint32(); v != w {
				t.Errorf("seed %s: output %d = %d, want %d", tc.name, i, v, w)
			}
		}
		if tc.random >= 0 {
			if r := g.random(); r != tc.random {
				t.Errorf("seed %s: random() = %v, want %v", tc.name, r, tc.random)
			}
		}
	}
}

// The first outputs of Microsoft's rand() after srand(1) are well known.
func TestLCGMicrosoft(t *testing.T) {
	g := newLCG(1)
	for i, w := range []int{41, 18467, 6334, 26500, 19169} {
		if r := g.randint(1 << 20); r != w {
			t.Errorf("rand() %d = %d, want %d", i, r, w)
		}
	}
}

// Shuffled decks from a direct CPython computation: r = random.Random(n),
// then for k = 51..1: j = int(r.random()*(k+1)), swap. They check MT decks
// of one, two, three and more seed words, on both sides of 2^64.
func TestMTDecksLikeCPython(t *testing.T) {
	tests := []struct{ n, deck string }{
		{"32000", "AS KC 8H 7C 5C KH QC KS 5D 2D 2H 6C 8C 7H 3S TD JH 4S JD AH 4C TC QH AD QS 5H 7D 6H QD KD 9H TS 9S 8S 6S 4H 2S 9C AC 9D 5S 2C 3C JC TH 3D 3H 6D 8D JS 4D 7S"},
		{"4294967301", "4S 6S 7C 9H TH 6C 2C 7D 2D 3H 8D TS QC TD 4C 8S QH JC KD KH TC 3D 5D QD 5C 3C 6D KS AD QS JS 7S 2H AS 5S 8C 7H 9D AH KC 8H 6H 3S 9S 4H 4D JH JD AC 5H 2S 9C"},
		{"18446744073709551615", "8C 6C QH 5D 9H 2H TS KS KH 2S AD 4D AH KD 4S 6S 2D JS AS 9C 4H 8D AC TD QS 3C 3H 9D 7C 3S 5C TH 8S 3D JD QC 9S TC KC 4C JH 7S 6H 7H 7D 8H QD 6D 5H JC 5S 2C"},
		{"18446744073709551616", "JS 2D 8D KD 7C 2C 5S AD TD KH 8H QC 4C 9D AC 2S JH TS 6H KC 9H TC 8C 7D 5D 7H 9S 4S 9C 4D AH AS TH 3C 6D 3H 6C KS JD QH 3S JC 3D 7S 2H 8S 5C 4H 5H QS 6S QD"},
		{"1180591620717411303427", "7H AD KH TS 3H 7D 8D KD 8C 2S TH 3D 4D 6S 5C 4S AH 3S 8S 8H QC JS 9S TC 2D 4H 9D 2H QS 6H JC AC 7S 6C 7C TD 9H QH 4C 5H JD JH 5S 5D 6D KS 3C 2C AS KC QD 9C"},
		{"10000000000000000000000000000000000000007", "4S QC 8C 6S 5H 2D 6H 8D 9S 7H 7C 8S 2H JH JS 3H 2S 4C AH TC 2C KH 6D 9H 3S AC JC AD JD TS 5D 4D KS 5S 9C 4H 6C KD 8H 3C 7S 3D 9D QD 5C 7D QS TH KC TD AS QH"},
	}
	var d Dealer // reused across seeds of different key lengths
	for _, tc := range tests {
		n, err := ParseNumber(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		for _, deck := range [][rules.NumCards]rules.Card{Deck(n), d.Deck(n)} {
			if got := deckString(deck); got != tc.deck {
				t.Errorf("deck %s:\n got %s\nwant %s", tc.n, got, tc.deck)
			}
		}
	}
}

func deckString(d [rules.NumCards]rules.Card) string {
	s := make([]string, len(d))
	for i, c := range d {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}

// Keys of about 624 words change how init_by_array's first loop runs.
// Expected values from CPython 3.11: r = random.Random(2**(32*k-1) + 7);
// two getrandbits(32).
func TestMTLongKeys(t *testing.T) {
	for _, tc := range []struct {
		words int
		want  [2]uint32
	}{
		{3, [2]uint32{2206314759, 1193660017}},
		{623, [2]uint32{3583764349, 1374845944}},
		{624, [2]uint32{610099048, 1340064918}},
		{625, [2]uint32{1409734535, 3610017404}},
		{1300, [2]uint32{1964419570, 1060474889}},
	} {
		b := new(big.Int).Lsh(big.NewInt(1), uint(32*tc.words-1))
		n, err := FromBig(b.Add(b, big.NewInt(7)))
		if err != nil {
			t.Fatal(err)
		}
		var d Dealer
		key := d.bigKey(n)
		if len(key) != tc.words {
			t.Fatalf("%d words: key has %d", tc.words, len(key))
		}
		d.mt.initByArray(key)
		if got := [2]uint32{d.mt.uint32(), d.mt.uint32()}; got != tc.want {
			t.Errorf("%d words: outputs %v, want %v", tc.words, got, tc.want)
		}
	}
}
