package web_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// keptTally is what the page keeps of the game on screen, for a reload
// (stats.js keepGame): a few fields of its tally, as text.
func (p *page) keptTally() string {
	p.t.Helper()
	return p.eval(`(() => { const g = JSON.parse(localStorage.getItem('patience.games') || '[]')[0]; return g ? ['assisted', 'played', 'over', 'left'].map((k) => k + '=' + !!g.tally[k]).join(' ') : 'none'; })()`)
}

// clock is the time on the game's meter ("12 moves · 0:07": "0:07").
func (p *page) clock() string {
	p.t.Helper()
	m := p.text("meter")
	_, c, ok := strings.Cut(m, " · ")
	if !ok {
		p.t.Fatalf("the meter %q shows no clock", m)
	}
	return c
}

// TestBrowserKeptGames: the game on screen is counted and timed as one
// game, whatever the player does around it. A refused link leaves no mark
// on the game that follows; the move count is the one count
// (game.HandMoves), the same before and after a reload; Random asks
// before it leaves a game in progress (a modal dialog: Escape keeps
// playing), and Back brings a game left back as it was, its clock
// standing; and a given-up game, restarted and reloaded, is a new game,
// with its clock running and Give up offered. (The clock stands once no
// move is left: TestBrowserHonestGames.)
func TestBrowserKeptGames(t *testing.T) {
	axeJS, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	p := openGame(t)
	t.Cleanup(p.noCSP)

	// A link whose only move is refused, then the deal's plain address:
	// a game as dealt, not assisted.
	p.load(1, "russian-cell/617/moves/KS.t5.t1")
	p.waitIdle("the refused link")
	if got := p.text("message"); !strings.Contains(got, "refused") {
		t.Fatalf("the link with a refused move says %q", got)
	}
	// The automatic moves on (the default), no check after each move.
	p.eval(`document.getElementById('auto-check').checked && document.getElementById('auto-check').click(), ''`)
	p.load(2, "russian-cell/617")
	p.waitIdle("deal 617 after the refused link")
	if got := p.eval(`String(document.getElementById('assisted').hidden)`); got != "true" {
		t.Error("deal 617, opened after a refused link, says it is assisted")
	}
	if got := p.keptTally(); !strings.HasPrefix(got, "assisted=false") {
		t.Errorf("deal 617, opened after a refused link, is kept as %s", got)
	}

	// Moves by hand with the automatic moves on, up to the second
	// automatic move: the meter counts as game.HandMoves does, and the
	// same after a reload, where nothing says which moves were automatic.
	start := testgames.Deal(rules.RussianCell, 617)
	q := start.Clone()
	var hand, all []rules.Move
	for _, m := range solution(t, "russian-cell", "617") {
		if rules.Check(q, rules.DefaultOptions(), m) != nil {
			continue // played already, by itself
		}
		hand = append(hand, m)
		all = append(all, m)
		q.Apply(m)
		for _, a := range rules.SafeAutoMoves(q) {
			all = append(all, a)
			q.Apply(a)
		}
		if len(all)-len(hand) >= 2 {
			break
		}
	}
	count, err := game.HandMoves(start, all)
	if err != nil || len(all) == len(hand) {
		t.Fatalf("the game by hand: %d moves, %d by hand, %v", len(all), len(hand), err)
	}
	p.playByHand(hand)
	steps := fmt.Sprintf("%d / %d", len(all), len(all))
	p.waitFor("the automatic moves", fmt.Sprintf(`document.getElementById('step').textContent === %q && !document.body.dataset.busy`, steps), time.Minute)
	want := fmt.Sprintf("%d moves · ", count)
	if got := p.text("meter"); !strings.HasPrefix(got, want) {
		t.Errorf("after %d moves by hand and %d by themselves the meter says %q, want %q…", len(hand), len(all)-len(hand), got, want)
	}
	p.load(3, p.eval(`location.hash.slice(1)`))
	p.waitFor("the game reloaded", fmt.Sprintf(`document.body.dataset.loaded === '1' && !document.body.dataset.busy && document.getElementById('step').textContent === %q`, steps), 2*time.Minute)
	if got := p.text("meter"); !strings.HasPrefix(got, want) {
		t.Errorf("after a reload the meter says %q, want %q…", got, want)
	}
	if got := p.keptTally(); got != "assisted=false played=true over=false left=false" {
		t.Errorf("the game reloaded is kept as %s", got)
	}

	// Random, in the middle of the game: asked first. Escape keeps
	// playing; Leave it leaves the game, lost, and Back brings it back.
	stats := `[...document.querySelectorAll('#stats-body tr[data-key="russian-cell"] td')].map((td) => td.textContent).join(' ')`
	p.click("#random-btn")
	p.waitFor("the question", `document.getElementById('leave').open`, 10*time.Second)
	if got := p.eval(`document.activeElement.id + ' ' + document.getElementById('leave-title').textContent`); got != "leave-stay Leave this game?" {
		t.Errorf("the question opens with %q (the focus, the title)", got)
	}
	if got := p.text("leave-text"); !strings.Contains(got, "counts as played and lost") {
		t.Errorf("the question says %q", got)
	}
	p.axeClean("the question before leaving a game", string(axeJS), false)
	p.do("Escape", chromedp.KeyEvent(kb.Escape))
	p.waitFor("the question gone", `!document.getElementById('leave').open`, 10*time.Second)
	time.Sleep(300 * time.Millisecond) // a random deal would be on its way
	if got := p.text("step"); got != steps || p.eval(`document.activeElement.id`) != "random-btn" {
		t.Errorf("after Escape the page shows step %q, the focus on %q", got, p.eval(`document.activeElement.id`))
	}
	if got := p.keptTally(); got != "assisted=false played=true over=false left=false" {
		t.Errorf("the game kept after Escape is kept as %s", got)
	}
	p.click("#random-btn")
	p.waitFor("the question again", `document.getElementById('leave').open`, 10*time.Second)
	p.click("#leave-go")
	p.waitFor("the random deal", `document.getElementById('step').textContent === '0 / 0' && !document.body.dataset.busy && !location.hash.startsWith('#russian-cell/617/')`, time.Minute)
	left := p.eval(stats)
	p.eval(`history.back(), ''`)
	p.waitFor("the game left, back", fmt.Sprintf(`document.getElementById('step').textContent === %q && !document.body.dataset.busy`, steps), time.Minute)
	if got := p.eval(`String(document.getElementById('assisted').hidden)`); got != "true" {
		t.Error("the game left, back, says it is assisted")
	}
	if got := p.text("meter"); !strings.HasPrefix(got, want) {
		t.Errorf("the game left, back, has the meter %q, want %q…", got, want)
	}
	clock := p.clock()
	if got := p.keptTally(); got != "assisted=false played=true over=true left=true" {
		t.Errorf("the game left, back, is kept as %s", got)
	}
	if got := p.eval(stats); got != left {
		t.Errorf("Your games after going back to the game left: %q, was %q", got, left)
	}
	time.Sleep(1500 * time.Millisecond)
	if got := p.clock(); got != clock {
		t.Errorf("the clock of the game left runs: %s, then %s", clock, got)
	}

	// Restart of a game that has ended (left, as here, or given up) is a
	// new game of the deal. Played, given up, restarted and reloaded, it
	// is a new game again: not assisted, its clock running from its first
	// move, Give up offered.
	p.click("#restart-btn")
	p.waitFor("a new game", `document.getElementById('step').textContent === '0 / 0'`, 10*time.Second)
	p.playByHand(hand[:1])
	p.waitFor("Give up", `!document.getElementById('giveup-btn').hidden && !document.body.dataset.busy`, 10*time.Second)
	// Forward, to the random deal, asks too; Keep playing puts the
	// game's address back, with the game as it was.
	was := p.eval(`location.hash`)
	p.eval(`history.forward(), ''`)
	p.waitFor("the question on Forward", `document.getElementById('leave').open`, 10*time.Second)
	p.click("#leave-stay")
	p.waitFor("the game's address again", fmt.Sprintf(`!document.getElementById('leave').open && location.hash === %q`, was), 10*time.Second)
	if got := p.text("step"); got != "1 / "+p.eval(`String(document.querySelectorAll('#moves li').length)`) || !strings.HasPrefix(p.text("meter"), "1 move ") {
		t.Errorf("after Keep playing on Forward the page shows step %q, meter %q", got, p.text("meter"))
	}
	p.click("#giveup-btn")
	p.waitFor("given up", `document.getElementById('giveup-btn').hidden`, 10*time.Second)
	p.click("#restart-btn")
	p.waitFor("the deal from its start", `document.getElementById('step').textContent.startsWith('0 / ')`, 10*time.Second)
	p.load(4, p.eval(`location.hash.slice(1)`))
	p.waitIdle("the new game reloaded")
	p.playByHand(hand[:1])
	p.waitFor("Give up", `!document.getElementById('giveup-btn').hidden && !document.body.dataset.busy`, 10*time.Second)
	if got := p.eval(`String(document.getElementById('assisted').hidden)`); got != "true" {
		t.Error("the new game after giving up says it is assisted")
	}
	clock = p.clock()
	p.waitFor("the clock running", fmt.Sprintf(`!document.getElementById('meter').textContent.endsWith(' · %s')`, clock), 5*time.Second)
}
