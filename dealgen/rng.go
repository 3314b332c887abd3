package dealgen

// The two generators PySolFC deals with, written from their published
// definitions (docs/design.md §2). Each offers randint(n), a number in
// [0, n], which is all the shuffle needs.

// lcg is the Microsoft-compatible linear congruential generator that PySolFC
// calls LCRandom31. Its output depends on the range N falls in, which is how
// PySolFC extends the 32-bit Microsoft numbers to 33 bits.
type lcg struct {
	x    uint64 // state, < 2^33
	mode uint8  // lcg31, lcg32 or lcg33
}

const (
	lcg31 = iota // N < 2^31: the original 15-bit Microsoft outputs
	lcg32        // 2^31 <= N < 2^32: the same with bit 15 set
	lcg33        // N >= 2^32: 16 bits, plus one
)

func newLCG(n uint64) lcg {
	switch {
	case n < 1<<31:
		return lcg{x: n, mode: lcg31}
	case n < 1<<32:
		return lcg{x: n, mode: lcg32}
	}
	return lcg{x: n - 1<<32, mode: lcg33}
}

// randint returns a number in [0, n] as r mod (n+1), n >= 0.
func (g *lcg) randint(n int) int {
	// x < 2^33, so x*214013 < 2^51: no overflow before the mask.
	g.x = (g.x*214013 + 2531011) & (1<<33 - 1)
	var r uint64
	switch g.mode {
	case lcg31:
		r = (g.x >> 16) & 0x7fff
	case lcg32:
		r = (g.x>>16)&0x7fff | 0x8000
	default:
		r = (g.x>>16)&0xffff + 1
	}
	// r < 2^17 and n+1 <= 52: a 32-bit division is exact and much cheaper.
	return int(uint32(r) % uint32(n+1))
}

// MT19937 parameters.
const (
	mtN         = 624
	mtM         = 397
	mtMatrixA   = 0x9908b0df
	mtUpperMask = 0x80000000
	mtLowerMask = 0x7fffffff
)

// mt19937 is the Mersenne Twister as CPython's random module uses it.
//
// It lives in a plain struct (2.5 KB) so that a batch worker can keep one
// and reseed it for every deal without allocating.
//
// Unlike the reference code, it twists one state word at a time, just
// before that word is used. The classic twist walks the words in order,
// and each step reads only words the walk has already updated or not yet
// reached, so doing the steps lazily gives identical outputs. A deal needs
// 102 outputs, so this skips five sixths of the twisting.
type mt19937 struct {
	mt  [mtN]uint32
	idx int // next word to twist and output
}

// mtInitState is the reference init_genrand(19650218), the state that
// init_by_array starts from. It is the same for every seed, so it is made
// once instead of for every deal.
var mtInitState = func() (s [mtN]uint32) {
	s[0] = 19650218
	for i := 1; i < mtN; i++ {
		s[i] = 1812433253*(s[i-1]^(s[i-1]>>30)) + uint32(i)
	}
	return s
}()

// initByArray seeds the state from a key of 32-bit words (the reference
// init_by_array), as CPython's random.seed does for an integer. The key
// must not be empty.
//
// Seeding is most of the cost of an MT deal, so the reference loops are
// rearranged (the results are identical): the first pass reads the
// precomputed mtInitState instead of copying it, and the previous word is
// carried in a variable.
func (g *mt19937) initByArray(key []uint32) {
	mt := &g.mt
	n := len(key)
	prev := mtInitState[0]
	j := 0
	// The first mixing loop runs max(624, len(key)) steps over i = 1..623,
	// wrapping to 1 and setting mt[0] = mt[623] each time round. Its first
	// 623 steps read the initial state.
	for i := 1; i < mtN; i++ {
		v := (mtInitState[i] ^ ((prev ^ prev>>30) * 1664525)) + key[j] + uint32(j)
		mt[i], prev = v, v
		if j++; j >= n {
			j = 0
		}
	}
	mt[0] = prev
	i := 1
	for k := max(mtN, n) - (mtN - 1); k > 0; k-- {
		v := (mt[i] ^ ((prev ^ prev>>30) * 1664525)) + key[j] + uint32(j)
		mt[i], prev = v, v
		if i++; i >= mtN {
			mt[0] = prev
			i = 1
		}
		if j++; j >= n {
			j = 0
		}
	}
	// The second mixing loop: 623 more steps, carrying on from i.
	for k := mtN - 1; k > 0; {
		for ; i < mtN && k > 0; i, k = i+1, k-1 {
			v := (mt[i] ^ ((prev ^ prev>>30) * 1566083941)) - uint32(i)
			mt[i], prev = v, v
		}
		if i >= mtN {
			mt[0] = prev
			i = 1
		}
	}
	mt[0] = 0x80000000 // the most significant bit is 1: a non-zero state
	g.idx = 0
}

// seedUint64 seeds like CPython's random.Random(n): init_by_array with n
// split into 32-bit words, least significant first, at least one word.
func (g *mt19937) seedUint64(n uint64) {
	key := [2]uint32{uint32(n), uint32(n >> 32)}
	if n>>32 == 0 {
		g.initByArray(key[:1])
	} else {
		g.initByArray(key[:2])
	}
}

// uint32 returns the next 32-bit output.
func (g *mt19937) uint32() uint32 {
	i := g.idx
	next := i + 1
	if next == mtN {
		next = 0
	}
	far := i + mtM
	if far >= mtN {
		far -= mtN
	}
	y := g.mt[i]&mtUpperMask | g.mt[next]&mtLowerMask
	v := g.mt[far] ^ y>>1
	if y&1 != 0 {
		v ^= mtMatrixA
	}
	g.mt[i] = v
	g.idx = next

	v ^= v >> 11
	v ^= v << 7 & 0x9d2c5680
	v ^= v << 15 & 0xefc60000
	v ^= v >> 18
	return v
}

// random returns a float64 in [0, 1) from two outputs, as CPython's
// random() does: 27 bits of the first and 26 of the second.
func (g *mt19937) random() float64 {
	a := g.uint32() >> 5
	b := g.uint32() >> 6
	// Built as an integer, so the 53-bit value is exact, and no rounding
	// (or fused multiply-add) can differ from CPython's arithmetic.
	return float64(uint64(a)<<26|uint64(b)) / (1 << 53)
}

// randint returns int(random() * (n+1)), computed in float64 as PySolFC
// does: a number in [0, n].
func (g *mt19937) randint(n int) int {
	return int(g.random() * float64(n+1))
}
