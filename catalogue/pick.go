package catalogue

import "math/bits"

// Pick returns a deal of c drawn at random with seed: one of its winnable
// deals when winnable, else any deal it covers. The same seed gives the
// same deal for the same catalogue. `patience deal --random` and the web
// page's Random both pick with it.
func (c *Catalogue) Pick(winnable bool, seed uint64) uint64 {
	// splitmix64, then the high half of the product with the count:
	// uniform up to a bias below count/2^64.
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	if !winnable {
		k, _ := bits.Mul64(z, c.Len())
		return c.First + k
	}
	k, _ := bits.Mul64(z, c.Count(Solvable))
	n, _ := c.Nth(Solvable, k)
	return n
}
