package sample

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// deal returns Russian Cell deal n with all cards known.
func deal(n uint64) *rules.Position {
	return dealgen.Deal(rules.RussianCell, dealgen.FromUint64(n))
}

// hideTops returns p with the top face-down card of each column listed
// (1-based) made unknown.
func hideTops(p *rules.Position, cols ...int) *rules.Position {
	q := p.Clone()
	for _, c := range cols {
		d := q.Tableau[c-1].Down
		d[len(d)-1] = rules.UnknownCard
	}
	return q
}

// exact decides p with the plain one-core solver.
func exact(t *testing.T, p *rules.Position) solver.Verdict {
	t.Helper()
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	res, err := solver.Solve(context.Background(), p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict == solver.Unknown {
		t.Fatalf("the exact search ran out of budget: %s", res.Reason)
	}
	return res.Verdict
}

func config(samples int, seed uint64, workers int) Config {
	return Config{Solver: solver.Config{Workers: workers}, Samples: samples, Seed: seed}
}

func isPermutation(a, of []rules.Card) bool {
	s := slices.Clone(a)
	slices.Sort(s)
	return slices.Equal(s, of)
}

func TestArrangementsExhaustive(t *testing.T) {
	p := hideTops(deal(1), 3, 5, 7)
	unseen := p.Unseen()
	if len(unseen) != 3 {
		t.Fatalf("%d unseen cards, want 3", len(unseen))
	}
	arr, exhaustive := Arrangements(p, 6, 1)
	if !exhaustive || len(arr) != 6 {
		t.Fatalf("6 samples of 3 cards: exhaustive %v, %d arrangements; want every one of the 6", exhaustive, len(arr))
	}
	if !slices.Equal(arr[0], unseen) {
		t.Errorf("the first arrangement is %v, want the cards in deck order %v", arr[0], unseen)
	}
	seen := map[string]bool{}
	for i, a := range arr {
		if !isPermutation(a, unseen) {
			t.Errorf("arrangement %d, %v, is not an order of %v", i, a, unseen)
		}
		if i > 0 && slices.Compare(arr[i-1], a) >= 0 {
			t.Errorf("arrangements %d and %d are not in lexicographic order", i-1, i)
		}
		seen[rules.FormatBoard(p.Fill(a), "", rules.BoardStyle{})] = true
	}
	if len(seen) != 6 {
		t.Errorf("%d distinct positions, want 6", len(seen))
	}
	arr, exhaustive = Arrangements(p, 5, 1)
	if exhaustive || len(arr) != 5 {
		t.Fatalf("5 samples of 3 cards: exhaustive %v, %d arrangements; want 5 drawn", exhaustive, len(arr))
	}
	for i, a := range arr {
		if !isPermutation(a, unseen) {
			t.Errorf("drawn arrangement %d, %v, is not an order of %v", i, a, unseen)
		}
	}
	// No unknown card: one arrangement, the position itself.
	arr, exhaustive = Arrangements(deal(1), 200, 1)
	if !exhaustive || len(arr) != 1 || len(arr[0]) != 0 {
		t.Errorf("a full position: %v %v, want one empty arrangement", exhaustive, arr)
	}
}

// TestArrangementsSeeded: a seed always draws the same arrangements;
// arrangement i does not depend on how many are drawn; another seed draws
// others.
func TestArrangementsSeeded(t *testing.T) {
	p := deal(617).Hide()
	a, _ := Arrangements(p, 50, 7)
	b, _ := Arrangements(p, 50, 7)
	c, _ := Arrangements(p, 20, 7)
	d, _ := Arrangements(p, 50, 8)
	same := func(x, y [][]rules.Card) bool {
		return slices.EqualFunc(x, y, func(u, v []rules.Card) bool { return slices.Equal(u, v) })
	}
	if !same(a, b) {
		t.Error("the same seed drew different arrangements")
	}
	if !same(a[:20], c) {
		t.Error("the first 20 of 50 arrangements differ from 20 drawn alone")
	}
	for i := range a {
		if slices.Equal(a[i], d[i]) {
			t.Errorf("seeds 7 and 8 drew the same arrangement %d", i)
		}
		if i > 0 && slices.Equal(a[i], a[i-1]) {
			t.Errorf("arrangements %d and %d are the same", i-1, i)
		}
	}
}

// TestArrangementsUniform: over 5,000 draws of 7 cards, each card lands in
// the first and the last slot about equally often (a chi-square test at
// the 0.1% level: with six degrees of freedom the statistic stays under
// 22.46 but for one draw in a thousand).
func TestArrangementsUniform(t *testing.T) {
	p := hideTops(deal(3), 2, 3, 4, 5, 6, 7)
	p.Tableau[6].Down[len(p.Tableau[6].Down)-2] = rules.UnknownCard
	unseen := p.Unseen()
	if len(unseen) != 7 {
		t.Fatalf("%d unseen cards, want 7", len(unseen))
	}
	const n = 5000 // fewer than 7! = 5040, so they are drawn
	arr, exhaustive := Arrangements(p, n, 1)
	if exhaustive {
		t.Fatal("5,000 of 5,040 arrangements should be drawn, not listed")
	}
	for _, slot := range []int{0, 6} {
		count := map[rules.Card]int{}
		for _, a := range arr {
			count[a[slot]]++
		}
		want := float64(n) / 7
		chi := 0.0
		for _, c := range unseen {
			d := float64(count[c]) - want
			chi += d * d / want
		}
		if chi > 22.46 {
			t.Errorf("slot %d: chi-square %.1f over 22.46: %v", slot, chi, count)
		}
	}
}

// TestEstimateOneUnknown: with one unknown card there is one arrangement,
// and the answer is 0% or 100%, as the exact solver says of the full
// position.
func TestEstimateOneUnknown(t *testing.T) {
	var won, lost int
	for n := uint64(1); n <= 10; n++ {
		full := deal(n)
		want := exact(t, full)
		sh, err := Estimate(context.Background(), hideTops(full, 7), config(200, 1, 2))
		if err != nil {
			t.Fatal(err)
		}
		if !sh.Exhaustive || sh.Total() != 1 || sh.Hidden != 1 {
			t.Fatalf("deal %d: %+v, want one arrangement, exhaustive", n, sh.Tally)
		}
		if got := sh.Winnable == 1; got != (want == solver.Solvable) || sh.Unknown != 0 {
			t.Errorf("deal %d: %+v, the exact solver says %v", n, sh.Tally, want)
		}
		if want == solver.Solvable {
			won++
		} else {
			lost++
		}
	}
	if won == 0 || lost == 0 {
		t.Fatalf("deals 1..10 should include wins and losses: %d won, %d lost", won, lost)
	}
}

// TestEstimateTwoUnknown: two unknown cards have two arrangements, built
// here by hand and solved exactly; Estimate must count the same. Deal 7
// (lost as dealt) with the top face-down cards of t2 and t5 unknown is won
// in the other order of those two cards.
func TestEstimateTwoUnknown(t *testing.T) {
	full := deal(7)
	p := hideTops(full, 2, 5)
	x := full.Tableau[1].Down[len(full.Tableau[1].Down)-1]
	y := full.Tableau[4].Down[len(full.Tableau[4].Down)-1]
	other := full.Clone()
	other.Tableau[1].Down[len(other.Tableau[1].Down)-1] = y
	other.Tableau[4].Down[len(other.Tableau[4].Down)-1] = x
	wins := 0
	for _, q := range []*rules.Position{full, other} {
		if exact(t, q) == solver.Solvable {
			wins++
		}
	}
	if wins != 1 {
		t.Fatalf("the test position should be won in exactly one of its two arrangements, is in %d", wins)
	}
	for _, workers := range []int{1, 2} {
		sh, err := Estimate(context.Background(), p, config(200, 1, workers))
		if err != nil {
			t.Fatal(err)
		}
		if !sh.Exhaustive || sh.Total() != 2 || sh.Winnable != wins || sh.Unwinnable != 2-wins {
			t.Errorf("workers %d: %+v exhaustive %v, want %d of 2 winnable", workers, sh.Tally, sh.Exhaustive, wins)
		}
		if r := sh.Rate(); r.Value != 0.5 {
			t.Errorf("workers %d: rate %v, want 0.5", workers, r.Value)
		}
	}
}

// TestEstimateReproducible: a seed gives the same answer whatever the
// number of workers; the answer agrees with solving the drawn
// arrangements one by one.
func TestEstimateReproducible(t *testing.T) {
	p := deal(617).Hide()
	const samples, seed = 16, 5
	var tallies []Tally
	for _, w := range []int{1, 3} {
		sh, err := Estimate(context.Background(), p, config(samples, seed, w))
		if err != nil {
			t.Fatal(err)
		}
		if sh.Exhaustive || sh.Total() != samples || sh.Seed != seed || sh.Hidden != 21 || len(sh.Unseen) != 21 {
			t.Fatalf("workers %d: %+v", w, sh)
		}
		tallies = append(tallies, sh.Tally)
	}
	if tallies[0] != tallies[1] {
		t.Errorf("1 worker: %+v, 3 workers: %+v", tallies[0], tallies[1])
	}
	arr, _ := Arrangements(p, samples, seed)
	var want Tally
	for _, a := range arr {
		want.add(exact(t, p.Fill(a)))
	}
	if tallies[0] != want {
		t.Errorf("Estimate: %+v; one by one: %+v", tallies[0], want)
	}
}

// TestEstimateBudget: arrangements whose search runs out of budget are
// counted apart, with the reason, and left out of the rate.
func TestEstimateBudget(t *testing.T) {
	cfg := config(4, 1, 2)
	cfg.Solver.MaxNodes = 1
	sh, err := Estimate(context.Background(), deal(617).Hide(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sh.Unknown != 4 || sh.Decided() != 0 || sh.Reason != (solver.StopReason{Kind: solver.NodeBudget, Limit: 1}) {
		t.Fatalf("%+v reason %q, want 4 unknown for the node budget", sh.Tally, sh.Reason)
	}
	if r := sh.Rate(); r.Of != 0 || r.Low != 0 || r.High != 1 {
		t.Errorf("rate of nothing decided: %+v", r)
	}
}

func TestRefusals(t *testing.T) {
	if _, err := solver.Solve(context.Background(), deal(1).Hide(), solver.DefaultConfig()); !errors.Is(err, rules.ErrUnknownCards) ||
		err.Error() != "an exact search needs every card known, but 21 face-down cards are unknown (??)" {
		t.Errorf("solver.Solve on a hidden position: %v", err)
	}
	bad := deal(1).Hide()
	bad.Tableau[0].Up = nil
	if _, err := Estimate(context.Background(), bad, config(2, 1, 1)); err == nil || !strings.Contains(err.Error(), "22 cards are not visible") {
		t.Errorf("Estimate on an invalid position: %v", err)
	}
	if _, err := MoveShares(context.Background(), bad, config(2, 1, 1)); err == nil {
		t.Error("MoveShares on an invalid position: no error")
	}
}

// bruteHint counts, for every legal move and every arrangement, whether
// the position after the move can be won, by solving each one: no
// shortcut.
func bruteHint(t *testing.T, p *rules.Position, arr [][]rules.Card) map[rules.Move]Tally {
	out := map[rules.Move]Tally{}
	for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
		var tl Tally
		for _, a := range arr {
			q := p.Fill(a)
			q.Apply(m)
			tl.add(exact(t, q))
		}
		out[m] = tl
	}
	return out
}

// TestHintBruteForce: MoveShares's count for every move equals a search of
// every (move, arrangement) pair, its moves are ranked by that count, and
// the best has the largest. Run on one position where every arrangement
// is solved and one where a few are drawn, and with 1 and 3 workers.
func TestHintBruteForce(t *testing.T) {
	cases := []struct {
		name    string
		p       *rules.Position
		samples int
	}{
		{"deal 7, two unknown", hideTops(deal(7), 2, 5), 200},
		{"deal 617, all unknown", deal(617).Hide(), 6},
	}
	if testing.Short() {
		cases[1].samples = 3
	}
	for _, tc := range cases {
		arr, _ := Arrangements(tc.p, tc.samples, 1)
		want := bruteHint(t, tc.p, arr)
		counts := map[int]bool{}
		best := 0
		for _, tl := range want {
			counts[tl.Winnable] = true
			best = max(best, tl.Winnable)
		}
		if len(counts) < 2 {
			t.Fatalf("%s: every move has the same count, so the test shows little: %v", tc.name, want)
		}
		sh, err := Estimate(context.Background(), tc.p, config(tc.samples, 1, 2))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 3} {
			adv, err := MoveShares(context.Background(), tc.p, config(tc.samples, 1, w))
			if err != nil {
				t.Fatal(err)
			}
			if adv.Tally != sh.Tally {
				t.Errorf("%s, %d workers: the position's tally %+v, Estimate's %+v", tc.name, w, adv.Tally, sh.Tally)
			}
			listed := map[rules.Move]bool{}
			for _, m := range adv.Moves {
				listed[m.Move] = true
				for _, to := range m.Twins {
					twin := rules.Move{Card: m.Move.Card, From: m.Move.From, To: to}
					listed[twin] = true
					if want[twin] != want[m.Move] {
						t.Errorf("%s: %v is listed as a twin of %v, but by brute force %+v and %+v", tc.name, twin, m.Move, want[twin], want[m.Move])
					}
				}
			}
			if len(listed) != len(want) {
				t.Fatalf("%s: %d moves listed, twins included, want %d", tc.name, len(listed), len(want))
			}
			for i, m := range adv.Moves {
				if m.Tally != want[m.Move] {
					t.Errorf("%s, %d workers: %v: %+v, by brute force %+v", tc.name, w, m.Move, m.Tally, want[m.Move])
				}
				if i > 0 && m.Winnable > adv.Moves[i-1].Winnable {
					t.Errorf("%s: moves not ranked: %v (%d) after %v (%d)", tc.name, m.Move, m.Winnable, adv.Moves[i-1].Move, adv.Moves[i-1].Winnable)
				}
				if m.TurnsUnknown != (tc.p.Reveals(m.Move) == rules.UnknownCard) {
					t.Errorf("%s: %v: TurnsUnknown %v", tc.name, m.Move, m.TurnsUnknown)
				}
			}
			if adv.Moves[0].Winnable != best {
				t.Errorf("%s: best move %v wins in %d, the most is %d", tc.name, adv.Moves[0].Move, adv.Moves[0].Winnable, best)
			}
			if w == 1 {
				t.Logf("%s: %d moves x %d arrangements, %d searches", tc.name, len(want), len(arr), adv.Searches)
			}
		}
	}
}

// TestHintTwins: moves that differ only in which empty cell they go to are
// listed once, with the other cell as a twin; every legal move is listed
// once, as a move or a twin.
func TestHintTwins(t *testing.T) {
	p := deal(617).Hide()
	adv, err := MoveShares(context.Background(), p, config(3, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	legal := rules.LegalMoves(p, rules.DefaultOptions(), nil)
	seen := map[rules.Move]int{}
	twins := 0
	for _, m := range adv.Moves {
		seen[m.Move]++
		for _, to := range m.Twins {
			seen[rules.Move{Card: m.Move.Card, From: m.Move.From, To: to}]++
			twins++
			if m.Move.To.Kind != rules.Cell || to.Kind != rules.Cell {
				t.Errorf("%v has the twin %v: deal 617 has no empty column, only empty cells", m.Move, to)
			}
		}
		for _, o := range adv.Moves {
			if o.Move != m.Move && o.Move.Card == m.Move.Card && o.Move.From == m.Move.From && o.Move.To.Kind == rules.Cell && m.Move.To.Kind == rules.Cell {
				t.Errorf("%v and %v are both listed: one cell is as good as the other", m.Move, o.Move)
			}
		}
	}
	if twins < 5 {
		t.Errorf("only %d twins in deal 617, whose every top card can go to c1 or c2", twins)
	}
	if len(seen) != len(legal) {
		t.Errorf("%d moves listed with their twins, %d legal", len(seen), len(legal))
	}
	for _, m := range legal {
		if seen[m] != 1 {
			t.Errorf("%v listed %d times", m, seen[m])
		}
	}
}

// TestEstimateAllShown: with every card shown there is one arrangement, the
// position itself, and the answer is the exact verdict.
func TestEstimateAllShown(t *testing.T) {
	seen := map[solver.Verdict]bool{}
	for n := uint64(1); n <= 8; n++ {
		p := deal(n)
		want := exact(t, p)
		sh, err := Estimate(context.Background(), p, config(200, 1, 2))
		if err != nil {
			t.Fatal(err)
		}
		if sh.Hidden != 0 || sh.Total() != 1 || (sh.Winnable == 1) != (want == solver.Solvable) {
			t.Errorf("deal %d: %+v, the exact solver says %v", n, sh.Tally, want)
		}
		seen[want] = true
	}
	if !seen[solver.Solvable] || !seen[solver.Unsolvable] {
		t.Fatalf("deals 1..8 should include both verdicts: %v", seen)
	}
}

// TestEstimateEveryArrangementWins: a constructed ending whose answer is
// known. Only the Queens and Kings of clubs and spades are left; the Kings
// lie face up on the two Queens, which are face down and unknown. Whatever
// Queen lies under whatever King, both Kings go to the cells, the Queens
// turn up and go home, then the Kings: every arrangement wins.
func TestEstimateEveryArrangementWins(t *testing.T) {
	p := rules.NewPosition(rules.RussianCell)
	p.Foundations = [4]int{11, 11, 13, 13}
	p.Tableau[1] = rules.Pile{Down: []rules.Card{rules.UnknownCard}, Up: rules.MustCards("KC")}
	p.Tableau[2] = rules.Pile{Down: []rules.Card{rules.UnknownCard}, Up: rules.MustCards("KS")}
	sh, err := Estimate(context.Background(), p, config(200, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !sh.Exhaustive || sh.Total() != 2 || sh.Winnable != 2 {
		t.Fatalf("%+v, want both arrangements winnable", sh.Tally)
	}
	if r := sh.Rate(); r.Value != 1 {
		t.Fatalf("rate %v, want 1", r.Value)
	}
}

// TestCancel cancels the context during a run: the searches in progress
// end, no more start, and every arrangement left undecided counts as
// unknown with the reason "interrupted"; MoveShares refuses to rank moves then.
func TestCancel(t *testing.T) {
	p := deal(385).Hide() // every arrangement is a whole deal to search
	const n = 2000        // about two seconds of searching
	cfg := config(n, 1, 2)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	sh, err := Estimate(ctx, p, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if sh.Total() != n {
		t.Fatalf("%d arrangements counted, want %d", sh.Total(), n)
	}
	if sh.Unknown == 0 || sh.CutShort == 0 || sh.Reason.Kind != solver.Interrupted || sh.Reason.String() != "interrupted" {
		t.Fatalf("%d unknown, %d stopped (reason %q), want some, interrupted", sh.Unknown, sh.CutShort, sh.Reason)
	}
	// Cancelled, the run ends soon.
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("the cancelled run took %v", d)
	}

	if _, err := MoveShares(ctx, p, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("MoveShares with its context cancelled: %v, want context.Canceled", err)
	}
	// A deadline: the reason says so, not "interrupted".
	dctx, dcancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer dcancel()
	sh, err = Estimate(dctx, p, cfg)
	if !errors.Is(err, context.DeadlineExceeded) || sh.CutShort == 0 || sh.Reason.Kind != solver.TimeLimit {
		t.Fatalf("with a deadline: %v, %d stopped, reason %q", err, sh.CutShort, sh.Reason)
	}
	cfg.Samples = 2
	if sh, err := Estimate(context.Background(), deal(617).Hide(), cfg); err != nil || sh.CutShort != 0 || sh.Unknown != 0 {
		t.Fatalf("with a live context: %v, %d stopped, %d unknown", err, sh.CutShort, sh.Unknown)
	}
}
