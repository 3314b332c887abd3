package batch

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// randomPrefix starts a --deals value that draws deals at random.
const randomPrefix = "random:"

// randomList is the list that "random:N@SEED" names: N distinct deal
// numbers drawn uniformly from 1..2^64-1, the same for the same seed. The
// k-th deal is perm(k+1), where perm is a permutation of 1..2^64-1 keyed by
// the seed: the first N values of a keyed pseudo-random permutation are N
// distinct numbers spread uniformly, and the list takes no memory, however
// long. perm is inverted to find a deal's place, so a results file of such
// a run resumes, shards and merges as any list's does.
//
// The permutation must never change: results files name the list by its
// seed alone. TestRandomDealsFixed holds its first values.
type randomList struct {
	n, seed uint64
	keys    [feistelRounds]uint64
}

const feistelRounds = 8

// parseRandom reads "random:N@SEED" (after the prefix).
func parseRandom(spec string) (*randomList, error) {
	body := strings.TrimPrefix(strings.TrimSpace(spec), randomPrefix)
	ns, ss, ok := strings.Cut(body, "@")
	bad := func(why string) error {
		return fmt.Errorf("bad random deals %s: %s; want random:N@SEED, such as random:100000@1 (N deals drawn from 1 to 2^64-1, the same for the same SEED)", clip(spec), why)
	}
	if !ok {
		return nil, bad("no @SEED")
	}
	n, err := strconv.ParseUint(strings.TrimSpace(ns), 10, 64)
	switch {
	case err != nil || !digitsOnly(strings.TrimSpace(ns)):
		return nil, bad("N is not a whole number")
	case n == 0:
		return nil, bad("N must be at least 1")
	case n > math.MaxInt64:
		return nil, bad(fmt.Sprintf("N is more than %d", int64(math.MaxInt64)))
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(ss), 10, 64)
	if err != nil || !digitsOnly(strings.TrimSpace(ss)) {
		return nil, bad("SEED is not a whole number from 0 to 2^64-1")
	}
	return newRandomList(n, seed), nil
}

func digitsOnly(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func newRandomList(n, seed uint64) *randomList {
	r := &randomList{n: n, seed: seed}
	x := seed
	for i := range r.keys {
		x += 0x9e3779b97f4a7c15
		r.keys[i] = mix64(x)
	}
	return r
}

// String returns the list's canonical form, "random:N@SEED".
func (r *randomList) String() string {
	return randomPrefix + strconv.FormatUint(r.n, 10) + "@" + strconv.FormatUint(r.seed, 10)
}

// mix64 is a 64-bit finaliser (xor-shift-multiply): every input bit
// changes about half of the output bits.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// round is the Feistel round function: 32 bits from a half and a key.
func round(half uint32, key uint64) uint32 {
	return uint32(mix64(uint64(half)^key) >> 32)
}

// permute is a balanced Feistel network over 64-bit values: a permutation
// of 0..2^64-1, keyed by r.keys.
func (r *randomList) permute(x uint64) uint64 {
	lo, hi := uint32(x), uint32(x>>32)
	for _, k := range r.keys {
		lo, hi = hi, lo^round(hi, k)
	}
	return uint64(hi)<<32 | uint64(lo)
}

// unpermute inverts permute.
func (r *randomList) unpermute(y uint64) uint64 {
	lo, hi := uint32(y), uint32(y>>32)
	for i := len(r.keys) - 1; i >= 0; i-- {
		lo, hi = hi^round(lo, r.keys[i]), lo
	}
	return uint64(hi)<<32 | uint64(lo)
}

// at returns the deal at index i: perm(i+1), where perm is permute
// restricted to 1..2^64-1 by walking the cycle past 0.
func (r *randomList) at(i uint64) uint64 {
	y := r.permute(i + 1)
	for y == 0 {
		y = r.permute(y)
	}
	return y
}

// index returns the index of deal u in the list, and whether it is there.
func (r *randomList) index(u uint64) (uint64, bool) {
	if u == 0 {
		return 0, false
	}
	x := r.unpermute(u)
	for x == 0 {
		x = r.unpermute(x)
	}
	if x-1 >= r.n {
		return 0, false
	}
	return x - 1, true
}
