package catalogue

import "math/bits"

// Pick returns a deal of c drawn at random with seed: one of its winnable
// deals when winnable, else any deal it covers. The same seed gives the
// same deal for the same catalogue. `patience deal --random` and the web
// page's Random both pick with it. It returns 0, which is no deal, when c
// has none to pick from (a nil c has none).
func (c *Catalogue) Pick(winnable bool, seed uint64) uint64 {
	if !c.covers() {
		return 0
	}
	// splitmix64, then the high half of the product with the count:
	// uniform up to a bias below count/2^64.
	z := mix(seed)
	if !winnable {
		k, _ := bits.Mul64(z, c.Len())
		return c.First + k
	}
	k, _ := bits.Mul64(z, c.Count(Winnable))
	n, _ := c.Nth(Winnable, k)
	return n
}
