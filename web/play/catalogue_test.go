package play

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
)

// solveVerdict solves the position of a deal or read answer.
func solveVerdict(t *testing.T, d PositionAnswer) string {
	t.Helper()
	pos, _ := json.Marshal(d.Position)
	var s SolveAnswer
	if e := ask(t, `{"op":"solve","position":`+string(pos)+`}`, &s); e != "" {
		t.Fatalf("solve deal %s: %s", d.Number, e)
	}
	return s.Verdict
}

// TestDealSaysWhatTheCatalogueKnows: deal and read carry the catalogue's
// verdict on a deal as dealt, the solver's own; none for a deal outside
// the catalogue or a position after a move.
func TestDealSaysWhatTheCatalogueKnows(t *testing.T) {
	rf := catalogue.For(rules.RippleFan, rules.DefaultOptions())
	var d PositionAnswer
	if e := ask(t, `{"op":"deal","game":"ripple-fan","number":"16015"}`, &d); e != "" {
		t.Fatal(e)
	}
	if d.Known == nil || d.Known.Verdict != rf.LookupUint64(16015).String() || d.Known.From != rf.Describe() {
		t.Fatalf("Ripple Fan 16015: known %+v, want %s from %s", d.Known, rf.LookupUint64(16015), rf.Describe())
	}
	if got := solveVerdict(t, d); got != d.Known.Verdict {
		t.Errorf("Ripple Fan 16015: the catalogue says %s, the solver %s", d.Known.Verdict, got)
	}
	rc := catalogue.For(rules.RussianCell, rules.DefaultOptions())
	for _, c := range []struct{ game, number string }{
		{"ripple-fan", strconv.FormatUint(rf.Last+1, 10)},
		{"russian-cell", strconv.FormatUint(rc.Last+1, 10)},
		{"russian-cell", "ms3000000000"},
	} {
		d = PositionAnswer{}
		if e := ask(t, `{"op":"deal","game":"`+c.game+`","number":"`+c.number+`"}`, &d); e != "" {
			t.Fatal(e)
		}
		if d.Known != nil {
			t.Errorf("%s deal %s, outside the catalogue: known %+v", c.game, c.number, d.Known)
		}
	}

	// A pasted start of a deal is known; the same deal after a move is not.
	p := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	text, _ := json.Marshal(string(rules.MarshalPosition(p, "617")))
	if e := ask(t, `{"op":"read","text":`+string(text)+`}`, &d); e != "" {
		t.Fatal(e)
	}
	if d.Known == nil || d.Known.Verdict != rc.LookupUint64(617).String() {
		t.Errorf("read the start of 617: known %+v, want %s", d.Known, rc.LookupUint64(617))
	}
	q := p.Clone()
	q.Apply(rules.LegalMoves(q, rules.DefaultOptions(), nil)[0])
	text, _ = json.Marshal(string(rules.MarshalPosition(q, "617")))
	d = PositionAnswer{}
	if e := ask(t, `{"op":"read","text":`+string(text)+`}`, &d); e != "" {
		t.Fatal(e)
	}
	if d.Known != nil {
		t.Errorf("read 617 after a move: known %+v, want none", d.Known)
	}
}

// TestRandomWinnableDealsSolve: the page's Random with winnable picks,
// for ten seeds, deals that the catalogue and the solver both call
// winnable; a seed repeats its pick; without winnable it picks any deal
// of the catalogue.
func TestRandomWinnableDealsSolve(t *testing.T) {
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		seen := map[string]bool{}
		for seed := 1; seed <= 10; seed++ {
			req := `{"op":"random","game":"` + g.String() + `","winnable":true,"seed":` + strconv.Itoa(seed) + `}`
			var a, b PositionAnswer
			if e := ask(t, req, &a); e != "" {
				t.Fatal(e)
			}
			if e := ask(t, req, &b); e != "" || b.Number != a.Number {
				t.Errorf("%s: seed %d picked %s, then %s (%s)", g, seed, a.Number, b.Number, e)
			}
			seen[a.Number] = true
			if a.Known == nil || a.Known.Verdict != "solvable" {
				t.Errorf("%s random winnable deal %s (seed %d): known %+v", g, a.Number, seed, a.Known)
			}
			if v := solveVerdict(t, a); v != "solvable" {
				t.Errorf("%s random winnable deal %s (seed %d): the solver says %s", g, a.Number, seed, v)
			}
		}
		if len(seen) < 3 {
			t.Errorf("%s: the seeds picked only %v", g, seen)
		}
	}
	// Any deal: within the catalogue, and not only winnable ones (of 20
	// Ripple Fan deals, at most 0.1% of which can be won).
	rf := catalogue.For(rules.RippleFan, rules.DefaultOptions())
	unsolvable := 0
	for seed := 1; seed <= 20; seed++ {
		var a PositionAnswer
		if e := ask(t, `{"op":"random","game":"ripple-fan","seed":`+strconv.Itoa(seed)+`}`, &a); e != "" {
			t.Fatal(e)
		}
		n, err := strconv.ParseUint(a.Number, 10, 64)
		if err != nil || n < rf.First || n > rf.Last {
			t.Fatalf("random Ripple Fan deal %q is outside the catalogue %s", a.Number, rf.Describe())
		}
		if a.Known != nil && a.Known.Verdict == "unsolvable" {
			unsolvable++
		}
	}
	if unsolvable == 0 {
		t.Errorf("20 random Ripple Fan deals, none known to be unwinnable")
	}
	var a PositionAnswer
	if e := ask(t, `{"op":"random","game":"klondike","winnable":true}`, &a); e == "" {
		t.Errorf("random klondike: no error")
	}
}

// TestRandomDifficulty: Random with a difficulty picks winnable Russian
// Cell deals of that label, and says the label; a deal as dealt carries
// its label; Ripple Fan has none to pick from.
func TestRandomDifficulty(t *testing.T) {
	rc := catalogue.For(rules.RussianCell, rules.DefaultOptions())
	if _, _, ok := rc.Labelled(); !ok {
		t.Fatal("the shipped Russian Cell catalogue has no difficulty labels")
	}
	for _, d := range catalogue.Difficulties() {
		for seed := 1; seed <= 3; seed++ {
			var a PositionAnswer
			req := `{"op":"random","game":"russian-cell","winnable":true,"difficulty":"` + d.Slug() + `","seed":` + strconv.Itoa(seed) + `}`
			if e := ask(t, req, &a); e != "" {
				t.Fatal(e)
			}
			n, _ := strconv.ParseUint(a.Number, 10, 64)
			if got := rc.Difficulty(n); got != d || a.Known == nil || a.Known.Verdict != "solvable" || a.Known.Difficulty != d.String() {
				t.Errorf("random %s deal (seed %d): %s, labelled %v, known %+v", d, seed, a.Number, got, a.Known)
			}
		}
	}
	var d PositionAnswer
	if e := ask(t, `{"op":"deal","game":"russian-cell","number":"617"}`, &d); e != "" {
		t.Fatal(e)
	}
	if want := rc.Difficulty(617).String(); d.Known == nil || d.Known.Difficulty != want || want == "" {
		t.Errorf("deal 617: known %+v, want difficulty %q", d.Known, want)
	}
	if e := ask(t, `{"op":"random","game":"ripple-fan","winnable":true,"difficulty":"hard","seed":1}`, &d); e == "" {
		t.Error("a hard Ripple Fan deal: no error")
	}
	if e := ask(t, `{"op":"random","game":"russian-cell","difficulty":"tricky","seed":1}`, &d); e == "" {
		t.Error("a tricky Russian Cell deal: no error")
	}
}

// TestDailyDeal: the page's daily op deals game.DailyDeal's deal of the
// date sent, which the catalogue knows as winnable; a date that is not
// one, or out of range, and an unknown game are refused.
func TestDailyDeal(t *testing.T) {
	for _, g := range []rules.Game{rules.RussianCell, rules.RippleFan} {
		for _, date := range []string{"2026-12-07", "2024-02-29", "1969-07-20"} {
			d, _ := time.Parse(time.DateOnly, date)
			want, err := game.DailyDeal(g, d)
			if err != nil {
				t.Fatal(err)
			}
			var a PositionAnswer
			if e := ask(t, `{"op":"daily","game":"`+g.String()+`","date":"`+date+`"}`, &a); e != "" {
				t.Fatalf("%v %s: %s", g, date, e)
			}
			if a.Number != want.String() || a.Position.Number != want.String() {
				t.Errorf("%v %s: deal %s, want %v", g, date, a.Number, want)
			}
			if a.Known == nil || a.Known.Verdict != "solvable" {
				t.Errorf("%v %s: deal %s: known %+v", g, date, a.Number, a.Known)
			}
		}
	}
	for _, c := range []struct{ req, words string }{
		{`{"op":"daily","game":"russian-cell","date":"2026-02-29"}`, `date "2026-02-29": want a date as YYYY-MM-DD`},
		{`{"op":"daily","game":"russian-cell"}`, `date "": want a date`},
		{`{"op":"daily","game":"russian-cell","date":"0000-01-01"}`, "the years 1 to 9999"},
		{`{"op":"daily","game":"klondike","date":"2026-12-07"}`, "klondike"},
	} {
		var a PositionAnswer
		if e := ask(t, c.req, &a); !strings.Contains(e, c.words) {
			t.Errorf("%s: error %q, want one with %q", c.req, e, c.words)
		}
	}
}
