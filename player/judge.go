package player

import (
	"math"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// DefaultJudgeSamples is the number of arrangements drawn at the losing
// move to judge it, when Judging gives none. One fixed draw, decided
// once: adding arrangements and testing again until a difference shows
// would make false "mistake" calls more likely than the stated 5%. With
// 400 arrangements, two moves whose shares are equal and that disagree in
// up to about a third of them are shown equivalent within 5 points.
const DefaultJudgeSamples = 400

// DefaultMargin is the equivalence margin of a bad-luck call, when Judging
// gives none: 5 percentage points.
const DefaultMargin = 0.05

// Judging says how a review judges its losing move.
type Judging struct {
	// Samples is the number of arrangements of the unseen cards drawn at
	// the losing move (0: DefaultJudgeSamples), with a seed of their own,
	// so the best-rated move is tested on arrangements other than the
	// ones it was picked on.
	Samples int
	// Margin is the equivalence margin of a bad-luck call, a share
	// (0: DefaultMargin), at most 1.
	Margin float64
}

// check refuses, with a *rules.ConfigError, a negative Samples and a
// Margin that is no share (below 0, above 1, or NaN).
func (j Judging) check() error {
	switch {
	case j.Samples < 0:
		return &rules.ConfigError{Field: "player.Judging.Samples", Value: j.Samples, Want: "0 (DefaultJudgeSamples) or more"}
	case !(j.Margin >= 0 && j.Margin <= 1):
		return &rules.ConfigError{Field: "player.Judging.Margin", Value: j.Margin, Want: "a share, 0 (DefaultMargin) to 1"}
	}
	return nil
}

func (j Judging) withDefaults() Judging {
	if j.Samples <= 0 {
		j.Samples = DefaultJudgeSamples
	}
	if j.Margin <= 0 {
		j.Margin = DefaultMargin
	}
	return j
}

// Call is the answer of a judgement.
type Call uint8

// The answers. Two tests are made on the same pairs, and both can pass:
// the best-rated move keeps significantly more arrangements winnable, yet
// by less than the margin (with 400 arrangements, a 16-5 split: p = 0.027,
// and a 90% interval of 0.8 to 4.7 points). Then the answer is BadLuck:
// the margin is what "as good" means, so a difference shown to lie within
// it is no mistake, however surely it is there. Otherwise the answer would
// depend on the number of arrangements drawn more than on the move: with
// enough of them, any difference at all, however small, would be called a
// mistake. So Mistake means the best-rated move is significantly better
// and not shown to be better by less than the margin.
const (
	// Mistake: on the same arrangements, the best-rated move keeps
	// significantly more of them winnable than the move played (McNemar's
	// exact test, two-sided, at 5%), and the 90% interval of the paired
	// difference does not lie below the margin (see BadLuck). Every
	// arrangement solved, the difference is known: a mistake when it is
	// the margin or more.
	Mistake Call = iota + 1
	// BadLuck: the move played is shown as good as the best-rated one
	// within the margin: the upper end of the 90% interval of the paired
	// difference (best-rated minus played) is below the margin (the upper
	// one-sided test of an equivalence test at 5%; or, every arrangement
	// solved, the difference is below the margin). This stands when
	// McNemar's test also finds the best-rated move better (Significant).
	// The unseen cards decided.
	BadLuck
	// TooClose: neither shown: too few arrangements tell them apart.
	TooClose
	// NoAlternative: every other move goes back to a position already
	// seen in the game, so there is no move to compare with.
	NoAlternative
)

// String says the answer in words: "mistake", "bad luck", "too close to
// call", "no alternative".
func (c Call) String() string {
	switch c {
	case Mistake:
		return "mistake"
	case BadLuck:
		return "bad luck"
	case TooClose:
		return "too close to call"
	case NoAlternative:
		return "no alternative"
	}
	return "?"
}

// Judgement compares two moves of one position on the same arrangements.
type Judgement struct {
	Call Call // the answer: Mistake, BadLuck, TooClose or NoAlternative
	// Pairs is the number of arrangements decided after both moves: in
	// Both a win exists after either move, in BestOnly only after the
	// best-rated move, in PlayedOnly only after the move played, in
	// Neither after neither.
	Pairs                               int
	Both, BestOnly, PlayedOnly, Neither int
	// P is the two-sided exact p-value of McNemar's test (a sign test on
	// the BestOnly+PlayedOnly discordant pairs), 1 when there are none.
	P float64
	// Diff is the paired difference of the shares, best-rated minus
	// played, (BestOnly-PlayedOnly)/Pairs; Low and High its 90% interval
	// (Agresti and Min's, with half an arrangement added to each of the
	// four counts), or Diff itself when Exhaustive: the interval of the
	// equivalence test (BadLuck).
	Diff, Low, High float64
	// SizeLow and SizeHigh are the 95% interval of Diff, by the same
	// method (Diff itself when Exhaustive): the size of a mistake, said with
	// it. Being the two-sided interval at the test's level, it excludes 0
	// whenever McNemar's exact test, which is the more cautious of the
	// two, finds the best-rated move better (TestSizeAgreesWithTest
	// checks every split of up to 400 pairs).
	SizeLow, SizeHigh float64
	// Margin is the equivalence margin of the BadLuck test, a share
	// (Judging.Margin).
	Margin float64
	// Exhaustive says every arrangement of the unseen cards was solved: the
	// difference is known, with no sampling error.
	Exhaustive bool
	// Same says that the move played is the best-rated move (or a twin of
	// it): the call is BadLuck by definition, with nothing to test; the
	// counts then compare the move with itself, and only Pairs and
	// PlayedWon (the move's own tally) mean anything.
	Same bool
}

// Significant says that McNemar's exact test finds the best-rated move
// better than the move played, at 5% (two-sided): the call is Mistake, or
// BadLuck when the difference is also shown below the margin. Never with
// Exhaustive or Same, where nothing is tested.
func (j Judgement) Significant() bool {
	return !j.Exhaustive && !j.Same && j.Pairs > 0 && j.P < 0.05 && j.BestOnly > j.PlayedOnly
}

// judgePairs judges two moves by their verdicts on the same arrangements
// (best: the best-rated move's; played: the played move's), with the
// equivalence margin. Arrangements undecided after either move are left
// out. exact says the arrangements are all there are.
func judgePairs(best, played []solver.Verdict, exact bool, margin float64) Judgement {
	j := Judgement{Margin: margin, Exhaustive: exact}
	for a := range best {
		b, p := best[a], played[a]
		if b == solver.Unknown || p == solver.Unknown {
			continue
		}
		j.Pairs++
		switch {
		case b == solver.Solvable && p == solver.Solvable:
			j.Both++
		case b == solver.Solvable:
			j.BestOnly++
		case p == solver.Solvable:
			j.PlayedOnly++
		default:
			j.Neither++
		}
	}
	if j.Pairs == 0 {
		j.Call, j.P = TooClose, 1
		return j
	}
	j.P = signTest(j.BestOnly, j.PlayedOnly)
	n := float64(j.Pairs)
	j.Diff = float64(j.BestOnly-j.PlayedOnly) / n
	if exact {
		j.Low, j.High, j.SizeLow, j.SizeHigh = j.Diff, j.Diff, j.Diff, j.Diff
		j.Call = BadLuck
		if j.Diff >= margin {
			j.Call = Mistake
		}
		return j
	}
	j.Low, j.High = agrestiMin(j.BestOnly, j.PlayedOnly, j.Pairs, 1.6448536269514722)
	j.SizeLow, j.SizeHigh = agrestiMin(j.BestOnly, j.PlayedOnly, j.Pairs, 1.959963984540054)
	// The equivalence test first: a difference shown within the margin is
	// bad luck, even when McNemar's test also shows it (see Call).
	switch {
	case j.High < margin:
		j.Call = BadLuck
	case j.P < 0.05 && j.BestOnly > j.PlayedOnly:
		j.Call = Mistake
	default:
		j.Call = TooClose
	}
	return j
}

// signTest returns the two-sided exact p-value of the sign test of b
// successes against c failures (McNemar's exact test on b and c
// discordant pairs): twice the chance, with n = b+c fair coin tosses, of
// a split at least as uneven as the larger count, at most 1.
func signTest(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	k := max(b, c)
	// P(X >= k) for X ~ Binomial(n, 1/2), summed from the far tail so the
	// small terms add up first.
	tail := 0.0
	for i := n; i >= k; i-- {
		tail += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*tail)
}

// logChoose is the natural logarithm of the binomial coefficient C(n, k).
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// agrestiMin returns the interval of the paired difference of two shares,
// (b-c)/n, with b and c the discordant pairs of n: Agresti and Min's
// (2005, "Simple improved confidence intervals for comparing matched
// proportions", Statistics in Medicine 24:729-740) Wald interval with half
// a pair added to each of the four cells, for the normal quantile z. It
// takes the pairing into account (the variance is that of b-c, not of two
// independent shares), and stays within -1..1. Adding the half pairs keeps the interval wide
// enough when b and c are small: 0 of 20 pairs discordant does not show
// two moves equal within 5 points, as it would with the plain interval.
func agrestiMin(b, c, n int, z float64) (low, high float64) {
	m := float64(n) + 2
	pb, pc := (float64(b)+0.5)/m, (float64(c)+0.5)/m
	d := pb - pc
	se := math.Sqrt(math.Max(pb+pc-d*d, 0) / m)
	return math.Max(d-z*se, -1), math.Min(d+z*se, 1)
}

// BestWon is the number of pairs won after the best-rated move.
func (j Judgement) BestWon() int { return j.Both + j.BestOnly }

// PlayedWon is the number of pairs won after the move played.
func (j Judgement) PlayedWon() int { return j.Both + j.PlayedOnly }
