package web_test

// Tests of the page for every player, in one browser and one tab: the
// face-down cards stay in the worker until the player asks to see them; a
// deal is played by keyboard alone; and axe-core (web/testdata/axe, never
// part of the page) finds no serious or critical violation of WCAG 2.2 AA
// in the dealt, solved, playing and won states, in the light and dark
// colour schemes.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/rules"
)

// workerTap records, in every document, each message the page receives
// from its workers, as JSON.
const workerTap = `window.__fromWorker = []; (() => {
  const W = window.Worker;
  window.Worker = function (url, opts) {
    const w = new W(url, opts);
    w.addEventListener('message', (e) => { try { window.__fromWorker.push(JSON.stringify(e.data)); } catch (err) { window.__fromWorker.push('unrecordable: ' + err); } });
    return w;
  };
})();`

func (p *page) tapWorkers() { p.onNewDocument("the worker tap", workerTap) }

// cardForms are the ways the page could name c: "7D", "7♦", "7 of
// diamonds".
func cardForms(c rules.Card) []*regexp.Regexp {
	s := c.String()
	rank := map[byte]string{'A': "Ace", 'T': "10", 'J': "Jack", 'Q': "Queen", 'K': "King"}[s[0]]
	if rank == "" {
		rank = s[:1]
	}
	suit := map[byte]string{'C': "clubs", 'S': "spades", 'H': "hearts", 'D': "diamonds"}[s[1]]
	b := `(?:^|[^A-Za-z0-9])`
	e := `(?:$|[^A-Za-z0-9])`
	return []*regexp.Regexp{
		regexp.MustCompile(b + regexp.QuoteMeta(s) + e),
		regexp.MustCompile(b + regexp.QuoteMeta(strings.ReplaceAll(c.Symbol(), "T", "10")) + e),
		regexp.MustCompile(b + regexp.QuoteMeta(c.Symbol()) + e),
		regexp.MustCompile(b + rank + " of " + suit + e),
	}
}

// named lists the cards of cs that text names.
func named(text string, cs []rules.Card) []string {
	var out []string
	for _, c := range cs {
		for _, re := range cardForms(c) {
			if loc := re.FindStringIndex(text); loc != nil {
				out = append(out, fmt.Sprintf("%v in …%s…", c, text[max(0, loc[0]-80):min(len(text), loc[1]+40)]))
				break
			}
		}
	}
	return out
}

func downCards(q *rules.Position) []rules.Card {
	var cs []rules.Card
	for _, pl := range q.Tableau {
		cs = append(cs, pl.Down...)
	}
	return cs
}

// keyTo moves the board's focus with the arrow keys alone to the button
// sel names, from the one that has the focus.
func (p *page) keyTo(sel string) {
	p.t.Helper()
	where := func(s string) (int, int) {
		var v [2]int
		js := fmt.Sprintf(`JSON.stringify((() => { const el = %s; if (!el) return [-1, -1]; const s = el.closest('.slot'); return [[...document.getElementById('board').querySelectorAll('.slot')].indexOf(s), [...s.querySelectorAll('[role="button"]')].indexOf(el)]; })())`, s)
		if err := json.Unmarshal([]byte(p.eval(js)), &v); err != nil {
			p.t.Fatalf("where is %s: %v", s, err)
		}
		return v[0], v[1]
	}
	ti, tj := where(fmt.Sprintf("document.querySelector(%q)", sel))
	if ti < 0 {
		p.t.Fatalf("no %s on the board", sel)
	}
	for range 40 {
		fi, fj := where("document.activeElement")
		if fi < 0 {
			p.t.Fatalf("the focus left the board on the way to %s", sel)
		}
		var k string
		switch {
		case fi < ti:
			k = kb.ArrowRight
		case fi > ti:
			k = kb.ArrowLeft
		case fj > tj:
			k = kb.ArrowUp
		case fj < tj:
			k = kb.ArrowDown
		default:
			return
		}
		p.do("key "+k, chromedp.KeyEvent(k))
	}
	p.t.Fatalf("the arrow keys did not reach %s", sel)
}

// destSel is the board's button for a move's destination.
func destSel(to rules.Loc) string {
	switch to.Kind {
	case rules.Tableau:
		return fmt.Sprintf(`[data-pile="%s"] .place`, to)
	case rules.Cell:
		return fmt.Sprintf(`[data-cell="%s"] .place`, to)
	}
	return `[data-foundation] .place`
}

// axeViolations injects axe-core and returns its serious and critical
// violations, with the colour scheme emulated; with every, its violations
// of any impact.
func (p *page) axeViolations(scheme string, axe string, every ...bool) []string {
	p.t.Helper()
	p.do("colour scheme "+scheme, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	}))
	if p.eval(`typeof axe`) == "undefined" {
		if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[chromedp.Void](axe)); err != nil {
			p.t.Fatalf("injecting axe-core: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}, resultTypes: ['violations']}).then((r) =>
  JSON.stringify(r.violations.filter((v) => `+strconv.FormatBool(len(every) > 0 && every[0])+` || v.impact === 'serious' || v.impact === 'critical').map((v) => v.impact + ' ' + v.id + ': ' + v.help + ' at ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' (' + (n.failureSummary || '').replace(/\s+/g, ' ') + ')').join('; '))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("running axe-core: %v", err)
	}
	var vs []string
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		p.t.Fatalf("axe-core's answer %s: %v", out, err)
	}
	return vs
}

// axeClean fails the test for each violation axe-core finds in the light
// and the dark colour schemes (every impact, or serious and critical
// ones), naming the state where.
func (p *page) axeClean(where, axe string, every bool) {
	p.t.Helper()
	for _, scheme := range []string{"light", "dark"} {
		for _, v := range p.axeViolations(scheme, axe, every) {
			p.t.Errorf("%s, %s scheme: %s", where, scheme, v)
		}
	}
}

func TestBrowserAccess(t *testing.T) {
	axeJS, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	p := openGame(t)
	p.tapWorkers()
	t.Cleanup(p.noCSP)
	deal, _ := cli(t, "deal", "russian-cell", "617", "--format", "json")
	start, _, err := rules.ReadPosition(strings.NewReader(deal))
	if err != nil {
		t.Fatal(err)
	}
	moves := solution(t, "russian-cell", "617")
	axe := func(state string) { p.axeClean(state, string(axeJS), false) }

	// Your games: the Russian Cell row, "played won with-hints won% streak best".
	stats := func() string {
		return p.eval(`[...document.querySelectorAll('#stats-body tr[data-key="russian-cell"] td')].map((td) => td.textContent).join(' ')`)
	}
	wantStats := func(when, want string) {
		t.Helper()
		p.waitFor(fmt.Sprintf("Your games %s: %s", when, want), fmt.Sprintf(`[...document.querySelectorAll('#stats-body tr[data-key="russian-cell"] td')].map((td) => td.textContent).join(' ') === %q`, want), time.Minute)
	}
	// known is what the page says of a deal before any search.
	known := func(g rules.Game, n uint64) string {
		c := catalogue.For(g, rules.DefaultOptions())
		switch c.LookupUint64(n) {
		case catalogue.Winnable:
			if d := c.Difficulty(n); d != catalogue.NoDifficulty {
				return "Winnable · " + d.String()
			}
			return "Winnable"
		case catalogue.Unwinnable:
			return "Cannot be won"
		}
		return ""
	}

	// Hidden means hidden: after a hint and five moves by hand, nothing
	// the page's main thread holds names a card still face down.
	p.load(1, "russian-cell/617")
	p.waitIdle("deal 617")
	if got, want := p.text("known"), known(rules.RussianCell, 617); got != want || want == "" {
		t.Errorf("deal 617 says %q, want %q from the catalogue", got, want)
	}
	if got := stats(); got != "0 0 0 – 0 0" {
		t.Errorf("Your games in a new browser: %q", got)
	}
	p.eval(`document.getElementById('stats-box').open = true, ''`)
	axe("dealt")
	p.do("fewer samples, no automatic moves, no check",
		chromedp.SetValue(chromedp.CSS("#samples"), "50"),
		chromedp.Click(chromedp.CSS("#auto-moves")),
		chromedp.Click(chromedp.CSS("#auto-check")))
	// A search is announced twice: when it starts and with its result
	// (the live regions' changes are counted), not at each step of the
	// status line.
	p.eval(`window.__said = [], ['live', 'message'].forEach((id) => new MutationObserver(() => window.__said.push(id + ': ' + document.getElementById(id).textContent)).observe(document.getElementById(id), {childList: true, characterData: true, subtree: true})), ''`)
	p.click("#hint-btn")
	p.waitFor("the hint", `!document.body.dataset.busy && (document.getElementById('hint').dataset.move || '') !== ''`, 4*time.Minute)
	p.waitLive("the hint's answer", func(live string) bool {
		return strings.HasPrefix(live, "Hint: ") && !strings.HasPrefix(live, "Hint: searching")
	})
	if said := p.eval(`JSON.stringify(window.__said)`); strings.Count(said, `"live: `) != 2 || !strings.Contains(said, "Hint: searching") || !strings.Contains(said, "live: Hint: ") || strings.Contains(said, `"message: `) {
		t.Errorf("a hint is announced as %s, want its start and its result", said)
	}
	q := start.Clone()
	for i, m := range moves[:5] {
		p.eval(fmt.Sprintf(`document.querySelector('.card[data-card="%s"]').click(), ''`, m.Card))
		p.waitFor("the selection of "+m.String(), `!!document.querySelector('#board .card.selected') && !!document.querySelector('#board .target')`, time.Minute)
		p.eval(fmt.Sprintf(`document.querySelector(%q).click(), ''`, destSel(m.To)))
		p.waitFor("move "+m.String(), fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d'`, i+1, i+1), time.Minute)
		q.Apply(m)
	}
	wantStats("after five moves by hand", "1 0 0 0% 0 0")
	// What the page holds: its document, its address, and every message
	// from its worker, from which the page's state (a module's, out of
	// reach here) is made.
	held := p.eval(`document.documentElement.outerHTML + '\n' + location.href + '\n' + window.__fromWorker.join('\n')`)
	if n := p.eval(`String(window.__fromWorker.length)`); n == "0" {
		t.Fatal("no message from the worker was recorded")
	}
	down := downCards(q)
	if len(down) == 0 {
		t.Fatal("no face-down card left after five moves")
	}
	if leak := named(held, down); len(leak) > 0 {
		t.Errorf("the main thread holds face-down cards: %v", leak)
	}
	// The check can fail: the deal's JSON names them.
	if len(named(deal, down)) != len(down) {
		t.Fatalf("the check does not find the face-down cards in the deal itself")
	}
	p.sameBoard("after five moves", boardOf(t, rules.MarshalPosition(q, "")))
	p.click("#show-down")
	p.waitFor("the face-down cards", `!document.querySelector('.card[data-down]:not([data-card])')`, time.Minute)
	p.sameBoard("the face-down cards shown", boardOf(t, rules.MarshalPosition(q, "")))
	if got := named(p.eval(`document.getElementById('board').outerHTML`), down); len(got) != len(down) {
		t.Errorf("shown, the board names %d of the %d face-down cards", len(got), len(down))
	}
	p.click("#show-down")
	p.waitFor("the face-down cards hidden again", `!!document.querySelector('.card[data-down]:not([data-card])')`, time.Minute)
	axe("playing")
	p.click("#solve-btn")
	p.waitFor("the verdict", `!document.body.dataset.busy && document.getElementById('verdict').textContent !== ''`, 4*time.Minute)
	axe("solved")
	p.eval(`document.getElementById('auto-moves').checked || document.getElementById('auto-moves').click(), ''`)

	// Deal 617 by keyboard alone, to its first automatic move: Tab into
	// the board (one stop), arrows to the card, Enter, arrows to where it
	// goes, Enter. Focus follows the card that moved, and the live region
	// says each move.
	p.load(2, "russian-cell/617")
	p.waitIdle("deal 617 again")
	if n := p.eval(`String(document.querySelectorAll('#board [tabindex="0"]').length)`); n != "1" {
		t.Errorf("%s tab stops on the board, want 1", n)
	}
	if n := p.eval(`String(document.querySelectorAll('#board [role="button"] [role="button"], #board [role="button"] button').length)`); n != "0" {
		t.Errorf("%s interactive elements inside others on the board", n)
	}
	if got := p.eval(`document.querySelector('[data-pile="t7"]').getAttribute('aria-label')`); !strings.Contains(got, fmt.Sprintf("%d face-down cards", len(start.Tableau[6].Down))) {
		t.Errorf("column 7 is labelled %q, without its %d face-down cards", got, len(start.Tableau[6].Down))
	}
	for range 12 {
		if p.eval(`String(!!document.activeElement.closest('#board'))`) == "true" {
			break
		}
		p.do("Tab", chromedp.KeyEvent(kb.Tab))
	}
	q = start.Clone()
	autoAt := -1
	for i, m := range moves {
		p.keyTo(fmt.Sprintf(`.card[data-card="%s"]`, m.Card))
		p.do("Enter on "+m.Card.String(), chromedp.KeyEvent(kb.Enter))
		p.waitFor("the selection of "+m.String(), `!!document.querySelector('#board .card.selected') && !!document.querySelector('#board .target') && document.activeElement.getAttribute('aria-pressed') === 'true'`, time.Minute)
		p.waitLive("the selection", func(live string) bool { return strings.Contains(live, "selected") })
		p.keyTo(destSel(m.To))
		p.do("Enter on "+m.To.String(), chromedp.KeyEvent(kb.Enter))
		q.Apply(m)
		auto := rules.SafeAutoMoves(q)
		n := i + 1 + len(auto)
		p.waitFor("move "+m.String(), fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d' && !document.body.dataset.busy`, n, n), time.Minute)
		p.focusShown("after " + m.String())
		if got := p.eval(`document.activeElement.dataset.card || document.activeElement.outerHTML`); got != m.Card.String() {
			t.Errorf("after %v the focus is on %s", m, got)
		}
		p.waitLive(fmt.Sprintf("move %d", i+1), func(live string) bool { return strings.Contains(live, fmt.Sprintf("Move %d:", i+1)) })
		if len(auto) > 0 {
			if live := p.text("live"); !strings.Contains(live, "by itself") {
				t.Errorf("the automatic moves are not announced: %q", live)
			}
			autoAt = i
			break
		}
	}
	if autoAt < 0 {
		t.Fatal("no automatic move in deal 617's solution")
	}
	t.Logf("the first automatic move came after move %d", autoAt+1)
	// Ctrl+Z takes back the last move and the automatic moves after it,
	// and says so; the focus stays on the board.
	p.do("Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.waitFor("the undo", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d'`, autoAt, autoAt+1+len(rules.SafeAutoMoves(q))), time.Minute)
	p.waitLive("the undo", func(live string) bool { return strings.HasPrefix(live, fmt.Sprintf("Undone. Move %d of ", autoAt)) })
	p.focusShown("after Ctrl+Z")

	// Ripple Fan by keyboard: a move, then Finish, reached with Tab.
	rf, rfLine, _ := rippleFanStuck(t)
	p.load(10, fmt.Sprintf("ripple-fan/%d", rf))
	p.waitIdle(fmt.Sprintf("Ripple Fan %d", rf))
	for range 12 {
		if p.eval(`String(!!document.activeElement.closest('#board'))`) == "true" {
			break
		}
		p.do("Tab", chromedp.KeyEvent(kb.Tab))
	}
	first := rfLine[0]
	p.keyTo(fmt.Sprintf(`.card[data-card="%s"]`, first.Card))
	p.do("Enter on "+first.Card.String(), chromedp.KeyEvent(kb.Enter))
	p.keyTo(destSel(first.To))
	p.recordLive()
	p.do("Enter on "+first.To.String(), chromedp.KeyEvent(kb.Enter))
	p.waitFor("Finish", `!document.getElementById('finish-btn').hidden && !document.body.dataset.busy`, 2*time.Minute)
	// The move is said, and stays to be read before the search for the
	// finish is.
	p.waitLive("the search for the finish", func(live string) bool { return strings.HasPrefix(live, "Every card is face up") })
	p.saidLong("the move before the finish", "Move 1: ")
	p.focusShown("after the Ripple Fan move")
	for range 60 {
		if p.eval(`document.activeElement.id`) == "finish-btn" {
			break
		}
		p.do("Tab", chromedp.KeyEvent(kb.Tab))
	}
	if p.eval(`document.activeElement.id`) != "finish-btn" {
		t.Fatal("Tab never reached Finish")
	}
	p.do("Enter on Finish", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the game finished", `document.getElementById('title').textContent.endsWith('won!') && !document.body.dataset.busy`, 2*time.Minute)
	p.focusShown("after Finish")
	axe("won by Finish")
	wantStats("in the second game", "2 0 0 0% 0 0")

	// Won: the solution from a link, but the last move, played here. The
	// link's moves were not made in this game, so the win is assisted:
	// played, not won. The two games before ended unwon when another
	// game of the deal began (the first with Solve and the cards shown).
	n := len(moves)
	p.load(3, "russian-cell/617/moves/"+moveLink(moves[:n-1]))
	p.waitFor("the game a move from the win", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d' && !document.body.dataset.busy`, n-1, n-1), 2*time.Minute)
	last := moves[n-1]
	p.eval(fmt.Sprintf(`document.querySelector('.card[data-card="%s"]').click(), ''`, last.Card))
	p.waitFor("the selection of "+last.String(), `!!document.querySelector('#board .card.selected') && !!document.querySelector('#board .target')`, time.Minute)
	p.recordLive()
	p.eval(fmt.Sprintf(`document.querySelector(%q).click(), ''`, destSel(last.To)))
	p.waitFor("the won game", `document.getElementById('title').textContent.endsWith('won!') && !document.body.dataset.busy`, 2*time.Minute)
	// The winning move is said, and stays to be read before the search
	// for par (the shortest win) is.
	p.waitLive("par", func(live string) bool {
		return strings.Contains(live, "Par, ") || strings.Contains(live, "The shortest win")
	})
	p.saidLong("the winning move", fmt.Sprintf("Move %d: ", n))
	wantStats("after a win from a link", "3 0 0 0% 0 0")
	if got := p.eval(`document.getElementById('assisted').hidden ? '' : document.getElementById('assisted').textContent`); got != "Assisted · not counted as a win" {
		t.Errorf("a game won from a link says %q, not that it was assisted", got)
	}
	// The games of deal 617 count under its difficulty too.
	d617 := catalogue.For(rules.RussianCell, rules.DefaultOptions()).Difficulty(617)
	if row := p.eval(fmt.Sprintf(`[...document.querySelectorAll('#stats-body tr[data-key="russian-cell/%s"] > *')].map((td) => td.textContent).join(' ')`, d617.Slug())); row != "Russian Cell · "+d617.String()+" 3 0 0 0% 0 0" || d617 == catalogue.NoDifficulty {
		t.Errorf("Your games, the row of deal 617's difficulty (%v): %q", d617, row)
	}
	p.eval(`document.getElementById('stats-box').open = true, ''`)
	axe("won")
	p.click("#stats-clear")
	wantStats("cleared", "0 0 0 – 0 0")
	if got := p.eval(`localStorage.getItem('patience.stats') || ''`); got != "" {
		t.Errorf("cleared, the storage still holds %q", got)
	}
	p.waitLive("clearing Your games", func(live string) bool { return strings.Contains(live, "cleared") })

	// What the catalogue knows shows before any search: Ripple Fan 16015
	// cannot be won.
	p.load(4, "ripple-fan/16015")
	want := known(rules.RippleFan, 16015)
	if want != "Cannot be won" {
		t.Fatalf("the catalogue says Ripple Fan 16015 is %q", want)
	}
	p.waitFor("what the catalogue knows of 16015", fmt.Sprintf(`!!document.querySelector('[data-pile="t1"]') && document.getElementById('known').textContent === %q && !document.getElementById('known').hidden`, want), time.Minute)
	if got := p.eval(`String(window.__fromWorker.filter((m) => /"(searched|nodes)":/.test(m)).length)`); got != "0" {
		t.Errorf("%s answers of a search before the verdict was shown", got)
	}
	if v := p.text("verdict"); v != "" {
		t.Errorf("a verdict before any search: %q", v)
	}
	axe("a deal that cannot be won")

	// Random picks winnable deals, by default, and remembers Any deal.
	if got := p.eval(`document.getElementById('random-kind').value`); got != "winnable" {
		t.Errorf("Random picks %q deals by default", got)
	}
	p.eval(`(() => { const k = document.getElementById('random-kind'); k.value = 'any'; k.dispatchEvent(new Event('change')); return ''; })()`)
	p.load(5, "ripple-fan/16015")
	p.waitIdle("deal 16015 again")
	if got := p.eval(`document.getElementById('random-kind').value`); got != "any" {
		t.Errorf("Random picks %q deals after a reload, want any", got)
	}
	// A hard Russian Cell deal, with one click once chosen.
	p.eval(`(() => { document.getElementById('game').value = 'russian-cell'; const k = document.getElementById('random-kind'); k.value = 'hard'; k.dispatchEvent(new Event('change')); return ''; })()`)
	p.click("#random-btn")
	p.waitFor("a random deal", `document.getElementById('title').textContent.startsWith('Russian Cell') && !!document.querySelector('[data-pile="t1"]') && !document.body.dataset.busy`, time.Minute)
	if got := p.text("known"); got != "Winnable · hard" {
		t.Errorf("the random hard deal %s says %q", p.text("title"), got)
	}
	if num, err := strconv.ParseUint(p.eval(`location.hash.split('/')[1]`), 10, 64); err != nil || known(rules.RussianCell, num) != "Winnable · hard" {
		t.Errorf("the random hard deal %q is %q in the catalogue (%v)", p.eval(`location.hash.split('/')[1]`), known(rules.RussianCell, num), err)
	}
	p.click("#solve-btn")
	p.waitFor("the verdict of the random deal", `!document.body.dataset.busy && document.getElementById('verdict').textContent !== ''`, 4*time.Minute)
	if got := p.eval(`document.getElementById('verdict').className`); !strings.Contains(got, "solvable") || strings.Contains(got, "unsolvable") {
		t.Errorf("the random winnable deal %s solves as %q: %s", p.text("title"), got, p.text("verdict"))
	}
}

// saidLong fails the test unless the live region (recordLive) said a text
// that begins with prefix and showed it long enough to be read (900 ms)
// before the next.
func (p *page) saidLong(what, prefix string) {
	p.t.Helper()
	said, found := p.liveSaid(), false
	for i, x := range said {
		if strings.HasPrefix(x.Text, prefix) {
			found = true
			if i+1 < len(said) && said[i+1].At-x.At < 900 {
				p.t.Errorf("%s was said for %.0f ms only, then %q", what, said[i+1].At-x.At, said[i+1].Text)
			}
		}
	}
	if !found {
		p.t.Errorf("%s was not said: %v", what, said)
	}
}

// said is what the live region said, each text with when (ms since the
// page was opened).
type said struct {
	Text string
	At   float64
}

// recordLive has the page note each text the live region is given, and
// when, from now on (window.__live): its textContent's setter notes it
// as it is set (a MutationObserver would note it later, once the script
// that set it is done).
func (p *page) recordLive() {
	p.t.Helper()
	p.eval(`(() => {
		window.__live = [];
		const d = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
		Object.defineProperty(document.getElementById('live'), 'textContent', { configurable: true,
			get() { return d.get.call(this); },
			set(v) { window.__live.push({Text: String(v), At: performance.now()}); d.set.call(this, v); } });
		return '';
	})()`)
}

// liveSaid is what the live region said since recordLive.
func (p *page) liveSaid() []said {
	p.t.Helper()
	var s []said
	if err := json.Unmarshal([]byte(p.eval(`JSON.stringify(window.__live)`)), &s); err != nil {
		p.t.Fatalf("the live region's record: %v", err)
	}
	return s
}

// waitLive waits until the live region's text passes ok: the region may
// hold a text back while the one before it is read.
func (p *page) waitLive(what string, ok func(string) bool) {
	p.t.Helper()
	var live string
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if live = p.text("live"); ok(live) {
			return
		}
	}
	p.t.Errorf("%s: the live region says %q", what, live)
}

// focusOn fails the test unless the element the focus is on passes the
// JavaScript test is (of a, the active element), naming the element.
func (p *page) focusOn(when, is, want string) {
	p.t.Helper()
	if got := p.eval(fmt.Sprintf(`(() => { const a = document.activeElement; return (%s) ? '' : !a || a === document.body ? 'the body' : a.id || a.outerHTML.slice(0, 80); })()`, is)); got != "" {
		p.t.Errorf("%s the focus is on %s, not %s", when, got, want)
	}
}

// focusShown fails the test unless the focus is on an element of the page
// that is shown: never the page's body.
func (p *page) focusShown(when string) {
	p.t.Helper()
	if got := p.eval(`(() => { const a = document.activeElement; return !a || a === document.body ? 'the body' : a.getClientRects().length === 0 ? 'a hidden ' + a.tagName + ' ' + a.id : ''; })()`); got != "" {
		p.t.Errorf("%s the focus is on %s", when, got)
	}
}
