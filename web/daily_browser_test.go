package web_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/rules"
)

// TestBrowserDailyDeal: a deal of the day's link, #russian-cell/daily/2026-12-07,
// deals game.DailyDeal's deal of that date, says the catalogue calls it
// winnable, and keeps the date in the address as moves are made; a move
// by hand counts the game in Your games under the game's deal of the day
// too. Random, with Deal of the day chosen beside it, deals today's (UTC)
// deal of the game chosen.
func TestBrowserDailyDeal(t *testing.T) {
	const date = "2026-12-07"
	d, _ := time.Parse(time.DateOnly, date)
	want, err := game.DailyDeal(rules.RussianCell, d)
	if err != nil {
		t.Fatal(err)
	}
	p := openPage(t, "russian-cell/daily/"+date)
	if got := p.text("title"); got != "Russian Cell, deal "+want.String() {
		t.Errorf("the link of the deal of the day of %s deals %q, want deal %v", date, got, want)
	}
	if got := p.text("known"); got != "Winnable" {
		t.Errorf("the deal of the day %v says %q, want Winnable", want, got)
	}
	if got := p.eval(`location.hash`); got != "#russian-cell/daily/"+date {
		t.Errorf("the address is %s", got)
	}
	if got := p.text("message"); got != "The deal of the day of "+date+" (UTC): a winnable deal, the same for everyone." {
		t.Errorf("the page says %q", got)
	}
	start := dealgen.Deal(rules.RussianCell, want)
	p.sameBoard("the deal of the day", boardOf(t, rules.MarshalPosition(start, "")))

	m := rules.LegalMoves(start, rules.DefaultOptions(), nil)[0]
	p.playByHand([]rules.Move{m})
	p.wantRow("after a move by hand", "russian-cell/daily", "1 0 0 0% 0 0")
	if got := p.eval(`document.querySelector('#stats-body tr[data-key="russian-cell/daily"] th').textContent`); got != "Russian Cell · deal of the day" {
		t.Errorf("the row of the deals of the day is named %q", got)
	}
	wantHash := fmt.Sprintf("#russian-cell/daily/%s/moves/%s.%s.%s", date, m.Card, m.From, m.To)
	if got := p.eval(`location.hash`); got != wantHash {
		t.Errorf("after %v the address is %s, want %s", m, got, wantHash)
	}

	// Today's, with Random and Deal of the day chosen, for the game
	// chosen.
	before := time.Now().UTC()
	p.eval(`(() => { document.getElementById('game').value = 'ripple-fan'; const k = document.getElementById('random-kind'); k.value = 'daily'; k.dispatchEvent(new Event('change')); return ''; })()`)
	p.click("#random-btn")
	// The game under way is left only once the player says so.
	p.waitFor("the question before leaving the game", `document.getElementById('leave').open`, 10*time.Second)
	p.click("#leave-go")
	p.waitFor("today's deal", `location.hash.startsWith('#ripple-fan/daily/') && !document.body.dataset.busy`, time.Minute)
	after := time.Now().UTC()
	hash := p.eval(`location.hash`)
	ok := false
	for _, day := range []time.Time{before, after} {
		n, err := game.DailyDeal(rules.RippleFan, day)
		if err == nil && hash == "#ripple-fan/daily/"+day.Format(time.DateOnly) && p.text("title") == "Ripple Fan, deal "+n.String() {
			ok = true
		}
	}
	if !ok {
		t.Errorf("Deal of the day on %s deals %q at %s", before.Format(time.DateOnly), p.text("title"), hash)
	}
}
