package batch

import (
	"testing"
)

// FuzzParseRecord checks that no results line makes the parser panic, and
// that a line it accepts writes back as a line that parses to the same
// record.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{
		`{"number":"617","verdict":"solvable","moves":97,"nodes":1234,"seconds":0.0004}`,
		`{"number":"617","verdict":"solvable","moves":97,"forced":41,"nodes":1234,"seconds":0.0004}`,
		`{"number":"ms40000","verdict":"unknown","reason":"node budget of 10 reached","moves":0,"nodes":10,"seconds":0.000001}`,
		`{"number":"12345678901234567890123","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}`,
		`{"number":"617","verdict":"solvable","moves":97,"nodes":1234,"seconds":0.0004`,
		`{"number":617}`,
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r, err := ParseRecord(line)
		if err != nil {
			return
		}
		out := r.AppendJSON(nil)
		again, err := ParseRecord(out)
		if err != nil {
			t.Fatalf("%q was accepted, but its rewrite %q is not: %v", line, out, err)
		}
		if again != r {
			t.Fatalf("%q parses to %+v, its rewrite %q to %+v", line, r, out, again)
		}
	})
}

// FuzzParseDeals checks that no deal list makes the parser panic, and that
// an accepted list's canonical form parses to the same list.
func FuzzParseDeals(f *testing.F) {
	for _, s := range []string{"1-100", "617", "1-5,6,10-20", "10000000000000000-10000000001000000", "ms5", "5-1", "1,1", "", "-", "99999999999999999999999-99999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		l, err := ParseDeals(spec)
		if err != nil {
			return
		}
		again, err := ParseDeals(l.String())
		if err != nil {
			t.Fatalf("%q was accepted, but its canonical form %q is not: %v", spec, l.String(), err)
		}
		if again.Len() != l.Len() || again.String() != l.String() {
			t.Fatalf("%q and its canonical form %q differ: %d and %d deals", spec, l.String(), l.Len(), again.Len())
		}
		if n := l.Len(); n > 0 && (l.At(0) != again.At(0) || l.At(n-1) != again.At(n-1)) {
			t.Fatalf("%q: first or last deal differs after a round trip", spec)
		}
	})
}

// FuzzParseShard checks that no shard text makes the parser panic, and that
// an accepted shard writes back as itself.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/1", "3/8", "8/8", "x/y", "1/0", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.Index >= sh.Count {
			t.Fatalf("%q accepted as shard %d of %d", s, sh.Index, sh.Count)
		}
		again, err := ParseShard(sh.String())
		if err != nil || again != sh {
			t.Fatalf("%q: %v does not round-trip (%v, %v)", s, sh, again, err)
		}
	})
}
