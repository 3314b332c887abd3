package game

import (
	"fmt"
	"math/bits"
	"time"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
)

// dailyRange is the fixed range of deal numbers that DailyDeal draws a
// game's deals from, and the number that tells the game apart in its
// seed. They are part of the rule: changing either changes past deals.
type dailyRange struct {
	tag         uint64
	first, last uint64
}

// dailyRanges are the ranges of DailyDeal: those of the catalogues that
// shipped when it was written, every deal of which they decide (checked
// by TestDailyRangeDecided). A later catalogue may cover more deals;
// these ranges stay as they are.
var dailyRanges = map[rules.Game]dailyRange{
	rules.RussianCell: {tag: 1, first: 1, last: 1_000_000},
	rules.RippleFan:   {tag: 2, first: 1, last: 10_000_000},
}

// splitmix64's constants (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", 2014): the increment of its state, and
// the finaliser's shifts and multipliers. They are written out here, and
// not shared, so that nothing else can change them.
const (
	dailyGamma = 0x9e3779b97f4a7c15
	dailyMul1  = 0xbf58476d1ce4e5b9
	dailyMul2  = 0x94d049bb133111eb
)

// splitmix64 returns the i-th output (from 0) of splitmix64 started at
// state seed: the finaliser applied to seed + (i+1)·0x9e3779b97f4a7c15.
func splitmix64(seed, i uint64) uint64 {
	z := seed + (i+1)*dailyGamma
	z = (z ^ (z >> 30)) * dailyMul1
	z = (z ^ (z >> 27)) * dailyMul2
	return z ^ (z >> 31)
}

// DailyDeal returns the deal of the day of game g on date's UTC date: the
// same deal for everyone, the world over, on that date, and a winnable
// one. The time zone of date does not count, nor its time of day: only
// the year, month and day of date.UTC().
//
// The deal a date gives never changes, with a new build or a new
// catalogue, because the rule below reads nothing but the date, fixed
// constants and verdicts, which are proofs:
//
//   - The range: Russian Cell deals 1..1,000,000, Ripple Fan deals
//     1..10,000,000, whatever a later catalogue covers. The catalogue
//     shipped decides every deal of these ranges (none is left unknown),
//     so no later catalogue can turn a deal of them from undecided to
//     winnable.
//   - The seed: tag·2^32 + year·10,000 + month·100 + day, where tag is 1
//     for Russian Cell and 2 for Ripple Fan (4315228503 for Russian Cell
//     on 7 December 2026, 8610195799 for Ripple Fan on that day).
//   - The candidates: the i-th (from 0) is first + ⌊z_i·N / 2^64⌋, where N
//     is the size of the range and z_i the i-th output of splitmix64 from
//     the seed: z = seed + (i+1)·0x9e3779b97f4a7c15, then z ^= z>>30,
//     z *= 0xbf58476d1ce4e5b9, z ^= z>>27, z *= 0x94d049bb133111eb, z ^=
//     z>>31, in 64-bit unsigned arithmetic.
//   - The day's class: the remainder of k divided by 7, from 0 to 6 (for
//     a negative k too), where k is the count of days from 1 January 1970
//     to the date, negative before it (Thursday 1 January 1970 is of class
//     0, and so is every Thursday).
//   - The deal: the first candidate whose verdict is winnable and whose
//     number, mod 7, is the day's class. So two dates less than a week
//     apart never give the same deal, as a draw among Ripple Fan's few
//     winnable deals otherwise would now and then (TestDailyRangeDecided
//     checks that every class of each range has winnable deals). The
//     outputs of splitmix64 take every 64-bit value once over its period
//     of 2^64, so the search ends; it looks at about 7.7 candidates for
//     Russian Cell, and about 23,000 for Ripple Fan, whose winnable deals
//     are rare.
//
// Dates of the years 1 to 9999 have a deal (before 1970 too); another is
// refused with a *rules.ConfigError. The zero game, or another that is no
// game, is refused with an error that matches rules.ErrNoGame; a build
// whose catalogue of g does not decide every deal of its range, with one
// that matches ErrNoCatalogue.
func DailyDeal(g rules.Game, date time.Time) (dealgen.Number, error) {
	if _, err := rules.NewVariant(g, rules.DefaultOptions()); err != nil {
		return dealgen.Number{}, err
	}
	r, ok := dailyRanges[g]
	c := catalogue.For(g, rules.DefaultOptions())
	if !ok || c == nil {
		return dealgen.Number{}, ErrNoCatalogue
	}
	if c.First > r.first || c.Last < r.last {
		return dealgen.Number{}, fmt.Errorf("%w: the deal of the day draws from %s deals %d..%d, and it covers %d..%d", ErrNoCatalogue, g.Title(), r.first, r.last, c.First, c.Last)
	}
	if u, _, found := c.Next(r.first, catalogue.Undecided); found && u <= r.last {
		return dealgen.Number{}, fmt.Errorf("%w: the deal of the day needs every %s deal of %d..%d decided, and deal %d is not", ErrNoCatalogue, g.Title(), r.first, r.last, u)
	}
	y, m, d := date.UTC().Date()
	if y < 1 || y > 9999 {
		return dealgen.Number{}, &rules.ConfigError{Field: "game.DailyDeal date", Value: date.UTC().Format(time.DateOnly), Want: "a date of the years 1 to 9999"}
	}
	seed := r.tag<<32 + uint64(y)*10_000 + uint64(m)*100 + uint64(d)
	class := uint64((time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix()/86400%7 + 7) % 7)
	size := r.last - r.first + 1
	for i := uint64(0); ; i++ {
		k, _ := bits.Mul64(splitmix64(seed, i), size)
		if n := r.first + k; n%7 == class && c.LookupUint64(n) == catalogue.Winnable {
			return dealgen.FromUint64(n), nil
		}
	}
}
