// Package stat is the interval arithmetic behind every win rate the
// project reports: a proportion k of n with its 95% Wilson score
// interval. It imports nothing of the project, so that the packages that
// report a rate (batch for a run of deals, sample for the
// arrangements of a position's face-down cards) share it without one
// depending on the other.
//
// # Errors
//
// None: no function of stat fails.
package stat

import "math"

// Z95 is the standard normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval for k successes in n trials at
// normal quantile z (Z95 for 95%):
//
//	centre = (p + z²/2n) / (1 + z²/n)
//	half   = z/(1 + z²/n) · sqrt(p(1-p)/n + z²/4n²),  p = k/n
//
// The interval is [centre-half, centre+half], clamped to [0, 1]. With no
// trials it is [0, 1], and so it is for more successes than trials (k >
// n), which are no proportion.
func Wilson(k, n uint64, z float64) (lo, hi float64) {
	if n == 0 || k > n {
		return 0, 1
	}
	N := float64(n)
	p := float64(k) / N
	z2 := z * z
	d := 1 + z2/N
	c := (p + z2/(2*N)) / d
	h := z / d * math.Sqrt(p*(1-p)/N+z2/(4*N*N))
	lo, hi = max(0, c-h), min(1, c+h)
	// At the extremes the interval ends exactly at 0 or 1.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return lo, hi
}

// Rate is a proportion with its 95% Wilson interval. Its JSON form is the
// one results summaries and hints print: wins, of, rate, low and high.
type Rate struct {
	Wins  uint64  `json:"wins"` // the successes counted
	Of    uint64  `json:"of"`   // the trials counted; 0 for no trial
	Value float64 `json:"rate"` // Wins/Of, from 0 to 1; 0 when Of is 0
	Low   float64 `json:"low"`  // the lower end of the 95% Wilson interval, from 0 to 1
	High  float64 `json:"high"` // the upper end of the 95% Wilson interval, from 0 to 1
}

// NewRate returns k of n with its 95% Wilson interval. The rate of 0 of 0
// is 0, with the interval [0, 1]. More wins than trials (k > n) are no
// proportion, and no count of the library makes them: NewRate returns for
// them the rate of no trial, NewRate(0, 0), rather than a Value above 1
// (an error to check at every rate the library reports, for counts that
// cannot disagree, would cost more than it tells).
func NewRate(k, n uint64) Rate {
	if k > n {
		k, n = 0, 0
	}
	r := Rate{Wins: k, Of: n}
	if n > 0 {
		r.Value = float64(k) / float64(n)
	}
	r.Low, r.High = Wilson(k, n, Z95)
	return r
}

// McNemarExact returns the two-sided p-value of McNemar's exact test for a
// paired comparison with b pairs that only the first member won and c that
// only the second won (the discordant pairs; the pairs that agree play no
// part): under the null hypothesis each discordant pair goes either way
// with probability 1/2, so
//
//	p = min(1, 2 · Σ_{i=0..min(b,c)} C(b+c, i) / 2^(b+c)).
//
// With no discordant pair it is 1.
func McNemarExact(b, c uint64) float64 {
	n := b + c
	k := min(b, c)
	if n == 0 {
		return 1
	}
	lgN, _ := math.Lgamma(float64(n) + 1)
	sum := 0.0
	for i := uint64(0); i <= k; i++ {
		lgI, _ := math.Lgamma(float64(i) + 1)
		lgR, _ := math.Lgamma(float64(n-i) + 1)
		sum += math.Exp(lgN - lgI - lgR - float64(n)*math.Ln2)
	}
	return min(1, 2*sum)
}
