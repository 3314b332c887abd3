package dealgen

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/patience-solver/patience/rules"
)

// vectorBlock is one layout from the PySolFC vector file.
type vectorBlock struct {
	line   int // line of the header, for messages
	game   rules.Game
	number string
	rng    string
	pos    *rules.Position
}

// readVectors parses the PySolFC deal vectors: a header line such as
// "# Russian Cell game 617 rng=LCRandom31", then one line per pile, bottom
// card first, with [XX] for a card dealt face down.
func readVectors(t *testing.T, path string) []vectorBlock {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open vectors: %v", err)
	}
	defer f.Close()
	var blocks []vectorBlock
	var cur *vectorBlock
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			cur = nil
			var g rules.Game
			var rest string
			switch {
			case strings.HasPrefix(line, "# Russian Cell game "):
				g, rest = rules.RussianCell, strings.TrimPrefix(line, "# Russian Cell game ")
			case strings.HasPrefix(line, "# Ripple Fan game "):
				g, rest = rules.RippleFan, strings.TrimPrefix(line, "# Ripple Fan game ")
			default:
				if strings.Contains(line, " game ") && strings.Contains(line, "rng=") {
					t.Fatalf("line %d: unrecognised header %q", ln, line)
				}
				continue // a comment
			}
			num, rng, ok := strings.Cut(rest, " rng=")
			if !ok {
				t.Fatalf("line %d: header without rng: %q", ln, line)
			}
			p := rules.NewPosition(g)
			p.Tableau = p.Tableau[:0]
			blocks = append(blocks, vectorBlock{line: ln, game: g, number: num, rng: rng, pos: p})
			cur = &blocks[len(blocks)-1]
			continue
		}
		if cur == nil {
			t.Fatalf("line %d: pile outside a block: %q", ln, line)
		}
		var pile rules.Pile
		for _, f := range strings.Fields(line) {
			down := strings.HasPrefix(f, "[") && strings.HasSuffix(f, "]")
			c, err := rules.ParseCard(strings.Trim(f, "[]"))
			if err != nil {
				t.Fatalf("line %d: %v", ln, err)
			}
			if down {
				if len(pile.Up) > 0 {
					t.Fatalf("line %d: face-down card above a face-up one", ln)
				}
				pile.Down = append(pile.Down, c)
			} else {
				pile.Up = append(pile.Up, c)
			}
		}
		cur.pos.Tableau = append(cur.pos.Tableau, pile)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return blocks
}

// TestPySolFCVectors checks that every layout PySolFC itself produced is
// dealt exactly, card by card and face-down status included (docs/design.md §2).
func TestPySolFCVectors(t *testing.T) {
	blocks := readVectors(t, "../testdata/pysol-deal-vectors.txt")
	if len(blocks) != 16 {
		t.Fatalf("found %d vector blocks, want 16", len(blocks))
	}
	var d Dealer
	reused := rules.NewPosition(rules.RippleFan)
	for _, b := range blocks {
		n, err := ParseNumber(b.number)
		if err != nil {
			t.Errorf("line %d: %v", b.line, err)
			continue
		}
		if n.String() != b.number {
			t.Errorf("line %d: %q canonicalises to %q", b.line, b.number, n.String())
		}
		wantRNG := map[bool]string{true: "LCRandom31", false: "MTRandom"}[n.usesLCG()]
		if b.rng != wantRNG {
			t.Errorf("line %d: deal %s uses %s, we chose %s", b.line, b.number, b.rng, wantRNG)
		}
		if len(b.pos.Tableau) != b.game.Piles() {
			t.Fatalf("line %d: %d piles, want %d", b.line, len(b.pos.Tableau), b.game.Piles())
		}
		got := Deal(b.game, n)
		if !got.Equal(b.pos) {
			t.Errorf("line %d: %s deal %s differs:\n got:\n%s\nwant:\n%s", b.line, b.game.Title(), b.number, layout(got), layout(b.pos))
		}
		d.DealInto(b.game, n, reused)
		if !reused.Equal(b.pos) {
			t.Errorf("line %d: %s deal %s differs through DealInto:\n got:\n%s", b.line, b.game.Title(), b.number, layout(reused))
		}
	}
}

// layout prints piles like the vector file.
func layout(p *rules.Position) string {
	var sb strings.Builder
	for _, pl := range p.Tableau {
		var f []string
		for _, c := range pl.Down {
			f = append(f, "["+c.String()+"]")
		}
		for _, c := range pl.Up {
			f = append(f, c.String())
		}
		sb.WriteString(strings.Join(f, " ") + "\n")
	}
	return sb.String()
}

// Deal 1 of both games, literal, so that a change to the vector file cannot
// hide a change to dealing.
func TestGoldenDeal1(t *testing.T) {
	rc := "3D\n[JD] AS QH TD 7D 8C\n[2D] [7C] AH 4H 4S 6D TC\n[9H] [5H] [5S] 3C AC TH 8S 6S\n" +
		"[JC] [KD] [AD] [3H] 4C 4D 8H 8D 9C\n[5D] [KC] [QC] [2S] [9D] 5C 7S 2C QS 2H\n" +
		"[7H] [9S] [KH] [KS] [QD] [JS] TS 3S JH 6C 6H\n"
	rf := "JD QC TS 7D\n2D KH QH 6D\n9H 3H 4H 8S\nJC 2S AC 8D\n5D KS 4D QS\n7H 9D 7S 6C\n" +
		"7C QD 3S 3D\n5H JS TD 8C\nKD AS 4S TC\nKC AH TH 6S\n9S 3C 8H 9C\n5S 4C 2C 2H\nAD 5C JH 6H\n"
	if got := layout(Deal(rules.RussianCell, FromUint64(1))); got != rc {
		t.Errorf("Russian Cell deal 1:\n%s\nwant:\n%s", got, rc)
	}
	if got := layout(Deal(rules.RippleFan, FromUint64(1))); got != rf {
		t.Errorf("Ripple Fan deal 1:\n%s\nwant:\n%s", got, rf)
	}
}

// Different spellings of one deal must deal the same layout, and the
// canonical numbers must be equal values.
func TestSpellingsDealAlike(t *testing.T) {
	groups := [][]string{
		{"617", "ms617", "00000000000000000617", "#617", "-617", "617L", "6_1_7", "ms0617"},
		{"12345", "#12,345", "12.345", "ms12345", " 12 345 "},
		{"31999", "ms31999"},
		{"99999999999999999999", "99,999,999,999,999,999,999", "0099999999999999999999L"},
	}
	for _, g := range groups {
		first, err := ParseNumber(g[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range g[1:] {
			n, err := ParseNumber(s)
			if err != nil {
				t.Errorf("%q: %v", s, err)
				continue
			}
			if n != first {
				t.Errorf("%q = %v, want the same Number as %q", s, n, g[0])
			}
			for _, game := range rules.Games() {
				if !Deal(game, n).Equal(Deal(game, first)) {
					t.Errorf("%s: %q deals differently from %q", game, s, g[0])
				}
			}
		}
	}
	// ms32000 is not 32000: one is the LCG, the other MT19937.
	a, b := mustParse(t, "ms32000"), mustParse(t, "32000")
	if Deck(a) == Deck(b) {
		t.Error("ms32000 and 32000 deal the same deck")
	}
}

func mustParse(t *testing.T, s string) Number {
	t.Helper()
	n, err := ParseNumber(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkShape checks a starting position: the right pile sizes and
// face-down counts, and each card exactly once.
func checkShape(t *testing.T, what string, p *rules.Position) {
	t.Helper()
	if len(p.Tableau) != p.Game.Piles() || len(p.Cells) != p.Game.Cells() || p.Foundations != [4]int{} {
		t.Fatalf("%s: bad shape: %d piles, %d cells, foundations %v", what, len(p.Tableau), len(p.Cells), p.Foundations)
	}
	for _, c := range p.Cells {
		if c != rules.NoCard {
			t.Fatalf("%s: a cell holds %v", what, c)
		}
	}
	var seen [rules.NumCards]bool
	for i, pl := range p.Tableau {
		down, up := 0, 4
		if p.Game == rules.RussianCell {
			down, up = i, 5
			if i == 0 {
				up = 1
			}
		}
		if len(pl.Down) != down || len(pl.Up) != up {
			t.Fatalf("%s: pile %d has %d down, %d up; want %d, %d", what, i, len(pl.Down), len(pl.Up), down, up)
		}
		for _, c := range append(append([]rules.Card(nil), pl.Down...), pl.Up...) {
			if !c.Valid() || seen[c] {
				t.Fatalf("%s: card %v invalid or twice", what, c)
			}
			seen[c] = true
		}
	}
}

// Every number deals a proper layout, through every entry point, and
// DealInto gives the same as Deal while reusing one position across games.
func TestDealShapesAndDealInto(t *testing.T) {
	var nums []Number
	for i := uint64(1); i <= 400; i++ {
		nums = append(nums, FromUint64(i), FromUint64(31800+i), FromUint64(i*1e15+7))
	}
	for _, s := range []string{"ms2147483647", "ms2147483648", "ms4294967295", "ms4294967296",
		"ms8589934591", "18446744073709551615", "18446744073709551616", strings.Repeat("9", 300)} {
		nums = append(nums, mustParse(t, s))
	}
	var d Dealer
	p := rules.NewPosition(rules.RussianCell)
	for i, n := range nums {
		for _, g := range rules.Games() {
			want := Deal(g, n)
			what := fmt.Sprintf("%s deal %s", g, n)
			checkShape(t, what, want)
			if i%2 == 0 {
				d.DealInto(g, n, p)
			} else {
				DealInto(g, n, p)
			}
			if !p.Equal(want) {
				t.Fatalf("%s: DealInto differs from Deal", what)
			}
			if !DealDeck(g, Deck(n)).Equal(want) {
				t.Fatalf("%s: DealDeck(Deck) differs from Deal", what)
			}
		}
	}
}

// The dealing order itself, on a talon whose cards are in order: the top
// (last) card goes first.
func TestDealDeckOrder(t *testing.T) {
	var talon [rules.NumCards]rules.Card
	for i := range talon {
		talon[i] = rules.Card(i)
	}
	rc := DealDeck(rules.RussianCell, talon)
	// Column 1 gets the first face-down card, column 2 the second and the
	// seventh (the first of the second row).
	if rc.Tableau[1].Down[0] != 51 || rc.Tableau[2].Down[0] != 50 || rc.Tableau[2].Down[1] != 45 {
		t.Errorf("face-down order wrong: %v %v", rc.Tableau[1].Down, rc.Tableau[2].Down)
	}
	// After 21 face-down cards, four face-up rows on columns 1..6, then
	// one card on every column: column 0's only card is the 46th dealt.
	if rc.Tableau[1].Up[0] != 51-21 || rc.Tableau[0].Up[0] != 51-21-24 || rc.Tableau[6].Up[4] != 0 {
		t.Errorf("face-up order wrong: %v %v %v", rc.Tableau[0].Up, rc.Tableau[1].Up, rc.Tableau[6].Up)
	}
	rf := DealDeck(rules.RippleFan, talon)
	if rf.Tableau[0].Up[0] != 51 || rf.Tableau[12].Up[0] != 39 || rf.Tableau[0].Up[1] != 38 || rf.Tableau[12].Up[3] != 0 {
		t.Errorf("ripple fan order wrong: %v %v", rf.Tableau[0].Up, rf.Tableau[12].Up)
	}
	for _, pl := range rf.Tableau {
		if len(pl.Down) != 0 {
			t.Error("ripple fan card dealt face down")
		}
	}
}

// Piles of a fresh Deal share one array; appending to one pile must not
// change its neighbour.
func TestDealPilesDoNotAlias(t *testing.T) {
	p := Deal(rules.RussianCell, FromUint64(617))
	before := p.Clone()
	for i := range p.Tableau {
		p.Tableau[i].Down = append(p.Tableau[i].Down, rules.NoCard)
		p.Tableau[i].Up = append(p.Tableau[i].Up, rules.NoCard)
	}
	for i := range p.Tableau {
		p.Tableau[i].Down = p.Tableau[i].Down[:len(p.Tableau[i].Down)-1]
		p.Tableau[i].Up = p.Tableau[i].Up[:len(p.Tableau[i].Up)-1]
	}
	if !p.Equal(before) {
		t.Error("appending to a pile changed another pile")
	}
}

// Numbers beyond 2^64 deal without panic, deterministically, and
// differently from each other.
func TestHugeNumbers(t *testing.T) {
	seen := map[[rules.NumCards]rules.Card]string{}
	for _, s := range []string{"18446744073709551616", "18446744073709551617", "340282366920938463463374607431768211456",
		strings.Repeat("123456789", 40), "9" + strings.Repeat("0", 1000)} {
		n := mustParse(t, s)
		if _, ok := n.Uint64(); ok {
			t.Errorf("%s: Uint64 ok beyond 2^64", s)
		}
		a, b := Deck(n), Deck(n)
		if a != b {
			t.Errorf("%s: two decks differ", s)
		}
		if prev, ok := seen[a]; ok {
			t.Errorf("%s deals like %s", s, prev)
		}
		seen[a] = s
		for _, g := range rules.Games() {
			checkShape(t, g.String()+" "+s[:10], Deal(g, n))
		}
	}
}

func TestZeroNumberPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Deck of the zero Number did not panic")
		}
	}()
	Deck(Number{})
}

func TestDealIntoAllocatesNothing(t *testing.T) {
	var d Dealer
	p := rules.NewPosition(rules.RussianCell)
	for _, g := range rules.Games() {
		for _, n := range []Number{FromUint64(617), FromUint64(123456789)} {
			d.DealInto(g, n, p) // grow p once
			if a := testing.AllocsPerRun(20, func() { d.DealInto(g, n, p) }); a != 0 {
				t.Errorf("%s %v: Dealer.DealInto: %v allocs per deal", g, n, a)
			}
			if a := testing.AllocsPerRun(20, func() { DealInto(g, n, p) }); a != 0 {
				t.Errorf("%s %v: DealInto: %v allocs per deal", g, n, a)
			}
		}
	}
}

func benchDeal(b *testing.B, g rules.Game, first uint64) {
	var d Dealer
	p := rules.NewPosition(g)
	b.ReportAllocs()
	n := first
	for b.Loop() {
		d.DealInto(g, FromUint64(n), p)
		n++
		if first == 1 && n == lcgLimit {
			n = 1
		}
	}
}

// BenchmarkDealRussianCell measures the batch fast path: LCG deals (below
// 32000) and MT19937 deals.
func BenchmarkDealRussianCell(b *testing.B) {
	b.Run("lcg", func(b *testing.B) { benchDeal(b, rules.RussianCell, 1) })
	b.Run("mt", func(b *testing.B) { benchDeal(b, rules.RussianCell, 1_000_000) })
}

// BenchmarkDealRippleFan measures the batch fast path for Ripple Fan,
// whose win rate needs tens of millions of deals.
func BenchmarkDealRippleFan(b *testing.B) {
	b.Run("lcg", func(b *testing.B) { benchDeal(b, rules.RippleFan, 1) })
	b.Run("mt", func(b *testing.B) { benchDeal(b, rules.RippleFan, 1_000_000) })
}

// BenchmarkDealAllocating is the convenient path, for comparison.
func BenchmarkDealAllocating(b *testing.B) {
	b.ReportAllocs()
	n := uint64(1_000_000)
	for b.Loop() {
		Deal(rules.RussianCell, FromUint64(n))
		n++
	}
}
