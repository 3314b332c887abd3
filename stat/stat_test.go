package stat

import (
	"math"
	"testing"
)

// The expected intervals are published values, to the 4 decimals given:
// the first seven are computed by hand from the Wilson formula (and agree
// with statsmodels' proportion_confint(method="wilson")); the last four are
// Newcombe (1998), "Two-sided confidence intervals for the single
// proportion: comparison of seven methods", Statistics in Medicine 17,
// 857-872, Table II, method 3 (score interval without continuity
// correction). Each is also checked, to 1e-12, against the roots of the
// quadratic that defines the Wilson interval, solved here independently
// of Wilson's closed form:
//
//	(k/n - π)² = z² π(1-π)/n  ⇔  (n+z²)π² - (2k+z²)π + k²/n = 0.
func TestWilsonKnownValues(t *testing.T) {
	cases := []struct {
		k, n   uint64
		lo, hi float64
	}{
		{0, 10, 0.0000, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{50, 100, 0.4038, 0.5962},
		{10, 10, 0.7225, 1.0000},
		{0, 1, 0.0000, 0.7935},
		{1, 1000, 0.0002, 0.0056},
		{500, 1000, 0.4691, 0.5309},
		{81, 263, 0.2553, 0.3662}, // Newcombe 1998
		{15, 148, 0.0624, 0.1605}, // Newcombe 1998
		{0, 20, 0.0000, 0.1611},   // Newcombe 1998
		{1, 29, 0.0061, 0.1718},   // Newcombe 1998
	}
	for _, c := range cases {
		lo, hi := Wilson(c.k, c.n, Z95)
		if math.Abs(lo-c.lo) > 0.00005 || math.Abs(hi-c.hi) > 0.00005 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
		qlo, qhi := quadraticRoots(c.k, c.n, Z95)
		if math.Abs(lo-qlo) > 1e-12 || math.Abs(hi-qhi) > 1e-12 {
			t.Errorf("Wilson(%d, %d) = [%.15f, %.15f], quadratic roots [%.15f, %.15f]", c.k, c.n, lo, hi, qlo, qhi)
		}
	}
	if lo, hi := Wilson(0, 0, Z95); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = [%v, %v], want [0, 1]", lo, hi)
	}
}

func quadraticRoots(k, n uint64, z float64) (float64, float64) {
	N, K := float64(n), float64(k)
	a := N + z*z
	b := -(2*K + z*z)
	c := K * K / N
	d := math.Sqrt(b*b - 4*a*c)
	return max(0, (-b-d)/(2*a)), min(1, (-b+d)/(2*a))
}

func TestNewRate(t *testing.T) {
	r := NewRate(5, 10)
	lo, hi := Wilson(5, 10, Z95)
	if r != (Rate{Wins: 5, Of: 10, Value: 0.5, Low: lo, High: hi}) {
		t.Errorf("NewRate(5, 10) = %+v", r)
	}
	if r := NewRate(0, 0); r != (Rate{Low: 0, High: 1}) {
		t.Errorf("NewRate(0, 0) = %+v, want 0 of 0, rate 0, in [0, 1]", r)
	}
	// More wins than trials: no proportion, the rate of no trial.
	if r := NewRate(5, 3); r != NewRate(0, 0) {
		t.Errorf("NewRate(5, 3) = %+v, want NewRate(0, 0)", r)
	}
	if lo, hi := Wilson(5, 3, Z95); lo != 0 || hi != 1 {
		t.Errorf("Wilson(5, 3) = [%v, %v], want [0, 1]", lo, hi)
	}
}

// TestMcNemarExact checks the exact test against sums worked by hand.
func TestMcNemarExact(t *testing.T) {
	for _, c := range []struct {
		b, c uint64
		want float64
	}{
		{0, 0, 1},
		{0, 6, 2.0 / 64},              // 2 · 1/2^6
		{9, 1, 2 * 11.0 / 1024},       // 2 · (1 + 10)/2^10
		{3, 12, 2 * 576.0 / 32768},    // 2 · (1 + 15 + 105 + 455)/2^15
		{5, 5, 1},                     // capped at 1
		{20, 40, 0.01348929373119186}, // 2 · P(X ≤ 20), X ~ Bin(60, 1/2), summed exactly
	} {
		got := McNemarExact(c.b, c.c)
		if math.Abs(got-c.want) > 1e-9*max(1, c.want) {
			t.Errorf("McNemarExact(%d, %d) = %.12g, want %.12g", c.b, c.c, got, c.want)
		}
	}
}
