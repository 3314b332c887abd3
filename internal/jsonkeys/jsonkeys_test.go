package jsonkeys

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

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

type header struct {
	Patience string `json:"patience"`
}

type pile struct {
	Down []string `json:"down"`
	Up   []string `json:"up"`
}

type doc struct {
	header
	Game    string           `json:"game"`
	Tableau []pile           `json:"tableau"`
	Cells   []*string        `json:"cells"`
	Found   map[string]int   `json:"foundations"`
	Raw     json.RawMessage  `json:"raw"`
	Any     any              `json:"any"`
	Skip    string           `json:"-"`
	Plain   int              // named Plain
	Nested  *struct{ N int } `json:"nested,omitempty"`
	Rules   map[string]*pile `json:"rules"`
	hidden  int              //lint:ignore U1000 an unexported field is no JSON field
}

func TestCheck(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"patience":"p","game":"g","tableau":[{"down":[],"up":["AS"]}],"cells":[null],"foundations":{"C":1,"c":2},"Plain":1}`, ""},
		{`{"Game":"g"}`, `unknown field "Game": did you mean "game"? (keys are matched exactly)`},
		{`{"game":"a","GAME":"b"}`, `unknown field "GAME": did you mean "game"?`},
		{`{"PATIENCE":"p"}`, `unknown field "PATIENCE": did you mean "patience"?`},
		{`{"cells":[null,null],"Cells":["6C",null]}`, `unknown field "Cells": did you mean "cells"?`},
		{`{"tableau":[{"up":[]},{"Down":[]}]}`, `unknown field "Down" in "tableau[1]": did you mean "down"?`},
		{`{"rules":{"x":{"UP":[]}}}`, `unknown field "UP" in "rules.x": did you mean "up"?`},
		{`{"plain":1}`, `unknown field "plain": did you mean "Plain"?`},
		{`{"nested":{"n":1}}`, `unknown field "n" in "nested": did you mean "N"?`},
		{`{"game":"a","game":"b"}`, `"game" twice`},
		{`{"raw":{"Game":1},"any":{"Game":1},"skip":1,"hidden":1,"Hidden":1,"unknown":1}`, ""},
		{`{"foundations":{"C":1,"C":2}}`, `"C" twice in "foundations"`},
		{`{"Game":`, `unknown field "Game": did you mean "game"?`},
		{`not json`, ""},
	} {
		err := Check([]byte(c.in), &doc{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, c.want) || (c.want == "") != (got == "") {
			t.Errorf("Check(%s) = %q, want %q", c.in, got, c.want)
		}
	}
	var ce *CaseError
	if err := Check([]byte(`[{"Up":[]}]`), []pile{}); !errors.As(err, &ce) || ce.Key != "Up" || ce.Field != "up" || ce.Path != "[0]" {
		t.Errorf("a list of piles: %#v", err)
	}
	if err := Duplicate([]byte(`{"Game":"g"}`)); err != nil {
		t.Errorf("Duplicate, which knows no fields: %v", err)
	}
}
