package jsonkeys

import "testing"

func TestDuplicate(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"game":"a","game":"b"}`, `"game" twice`},
		{`{"foundations":{"C":1,"S":0,"C":2}}`, `"C" twice in "foundations"`},
		{`{"tableau":[{"up":[]},{"down":[],"up":[],"down":[]}]}`, `"down" twice in "tableau[1]"`},
		{`{"a":{"b":[1,{"c":1,"c":2}]}}`, `"c" twice in "a.b[1]"`},
		{`{"game":"a","g\u0061me":"b"}`, `"game" twice`},
		{`{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]}`, ""},
		{`{"a":1} {"a":1,"a":2}`, ""}, // only the first value is looked at
		{`{"a":1,"a"`, `"a" twice`},
		{`{"a":`, ""},
		{`not json`, ""},
		{`[{"x":1},{"x":1,"x":1}]`, `"x" twice in "[1]"`},
	} {
		err := Duplicate([]byte(c.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Duplicate(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}
