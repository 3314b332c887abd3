package batch

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// FuzzParseRecord checks that no results line makes the parser panic, and
// that a line it accepts writes back as a line that parses to the same
// record.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{
		`{"number":"617","verdict":"solvable","moves":97,"nodes":1234,"seconds":0.0004}`,
		`{"number":"617","verdict":"solvable","moves":97,"forced":41,"nodes":1234,"seconds":0.0004}`,
		`{"run":"5e1f09c2","number":"617","verdict":"solvable","moves":97,"forced":41,"nodes":1234,"seconds":0.0004}`,
		`{"run":"123456789","number":"1","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}`,
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

// FuzzParseHeader checks that no first line makes the header parser panic,
// that its errors are one line, and that a header it accepts writes back as
// a line that parses to the same header.
func FuzzParseHeader(f *testing.F) {
	for _, s := range []string{
		`{"patience":"results","version":1,"game":"russian-cell","deals":"1-100000","shard":"0/1","rules":{"returns":true},"max_nodes":100000000}`,
		`{"patience":"results","version":1,"game":"ripple-fan","deals":"1,5,ms40000","shard":"3/8","rules":{"returns":false},"max_nodes":5,"timeout":"1m30s"}`,
		`{"patience":"results","version":2}`,
		`{"patience":"results","version":2,"solver":"v1.2.3+abc1234","run":"ece705be","game":"russian-cell","deals":"1-100000","shard":"0/1","rules":{"returns":true},"max_nodes":100000000}`,
		`{"patience":"results","version":2,"solver":"(devel)+abc1234-dirty, v1.0.0","run":"7f630e49","game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100,"player":"sampled","samples":10,"seed":"7"}`,
		`{"patience":"results","version":1,"solver":"v1","game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100}`,
		`{"patience":"results","version":1,"game":"rf","deals":"","shard":"0/0","rules":{},"max_nodes":0,"timeout":"-1s"}`,
		`{"number":"617","verdict":"solvable","moves":97,"nodes":1234,"seconds":0.0004}`,
		`not json`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		h, err := ParseHeader(line)
		if err != nil {
			testgames.OneLine(t, err.Error())
			return
		}
		out := h.AppendJSON(nil)
		again, err := ParseHeader(out)
		if err != nil {
			t.Fatalf("%q was accepted, but its rewrite %q is not: %v", line, out, err)
		}
		if again != h {
			t.Fatalf("%q parses to %+v, its rewrite %q to %+v", line, h, out, again)
		}
		if d := h.Diff(&again, true, true); len(d) != 0 {
			t.Fatalf("Diff of equal headers: %v", d)
		}
	})
}

// FuzzReadResults reads a whole results file as resume, merge and summary
// do: no input makes the reader panic, every error is a one-line
// *FileError, and a file it reads to the end writes back (header and
// records) as a file that reads to the same records.
func FuzzReadResults(f *testing.F) {
	const header = `{"patience":"results","version":1,"game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":100000000}`
	h2 := Header{Build: "v1.2.3+abc1234", Game: rules.RippleFan, Deals: "1-10", Shard: Whole, MaxNodes: 100000000}
	header2 := string(h2.AppendJSON(nil))
	tagged := `{"run":"` + h2.Tag() + `","number":"1","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}`
	for _, s := range []string{
		header2 + "\n" + tagged + "\n",
		header2 + "\n" + tagged + "\n" + `{"number":"2","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}` + "\n",
		header2 + "\n" + `{"run":"00000000","number":"2","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}`,
		header + "\n" + tagged + "\n",
		header + "\n" + `{"number":"1","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}` + "\n",
		header + "\n" + `{"number":"2","verdict":"unknown","reason":"time limit reached","moves":0,"nodes":5,"seconds":1.5}` + "\n" + `{"number":"3","verd`,
		header + "\n\n",
		header + "\n" + header + "\n",
		header,
		"",
		"\n",
		"{\"patience\":\"res",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := NewReader(bytes.NewReader(data), "r.jsonl")
		var recs []Record
		if err == nil {
			for {
				var rec Record
				err = rd.Next(&rec)
				if err != nil {
					break
				}
				recs = append(recs, rec)
				if rd.Good() > int64(len(data)) {
					t.Fatalf("offset %d past the end of %d bytes", rd.Good(), len(data))
				}
			}
		}
		if err != io.EOF {
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T: %v", err, err)
			}
			testgames.OneLine(t, err.Error())
			return
		}
		h := rd.Header()
		out := append(h.AppendJSON(nil), '\n')
		for i := range recs {
			out = append(recs[i].AppendJSON(out), '\n')
		}
		rd2, err := NewReader(bytes.NewReader(out), "again.jsonl")
		if err != nil {
			t.Fatalf("rewrite: %v\n%s", err, out)
		}
		if rd2.Header() != h {
			t.Fatalf("header %+v became %+v", h, rd2.Header())
		}
		for i := range recs {
			var rec Record
			if err := rd2.Next(&rec); err != nil || rec != recs[i] {
				t.Fatalf("record %d: %+v became %+v (%v)", i, recs[i], rec, err)
			}
		}
		var rec Record
		if err := rd2.Next(&rec); err != io.EOF {
			t.Fatalf("rewrite has more: %v", err)
		}
	})
}

// FuzzReadDeals checks that no deals file makes ReadDeals panic, that its
// errors are one line, and that an accepted list's canonical form parses
// to the same list.
func FuzzReadDeals(f *testing.F) {
	for _, s := range []string{
		"1-100\n617\n",
		"1-5,6\n\n10-20\r\n",
		`{"patience":"results","version":1,"game":"ripple-fan","deals":"1-10","shard":"0/1","rules":{"returns":false},"max_nodes":1}` + "\n" + `{"number":"7","verdict":"unsolvable","moves":0,"nodes":1,"seconds":0}` + "\n",
		"ms5\nms40000\n10000000000000000-10000000000000005",
		"5\n5\n",
		"{\"number\":\"0\"}",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadDeals(bytes.NewReader(data), "deals.txt")
		if err != nil {
			if l != nil {
				t.Fatalf("list with error %v", err)
			}
			testgames.OneLine(t, err.Error())
			return
		}
		again, err := ParseDeals(l.String())
		if err != nil {
			t.Fatalf("the canonical form %q of an accepted file is refused: %v", l.String(), err)
		}
		if again.Len() != l.Len() || again.String() != l.String() {
			t.Fatalf("%q: %d deals, its canonical form %d", l.String(), l.Len(), again.Len())
		}
		for i := range min(l.Len(), 50) {
			if l.At(i) != again.At(i) {
				t.Fatalf("deal %d: %v and %v", i, l.At(i), again.At(i))
			}
			if k, ok := l.Index(l.At(i)); !ok || k != i {
				t.Fatalf("Index(At(%d)) = %d, %v", i, k, ok)
			}
		}
	})
}
