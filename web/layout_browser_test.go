package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// deal1After51 is deal 1 of Russian Cell after 51 moves, one column of
// 33 cards (the 33-card column of issue 50), as a link a player would
// follow: kept as it is, not recomputed.
const deal1After51 = "russian-cell/1/moves/9C.t5.t3,AH.t3.t6,7D.t2.t5,7C.t3.t5,2D.t3.t1,6C.t7.t5,JH.t7.c1,3S.t7.c2,8C.t5.t6,6D.t6.t5,3S.c2.t6,TS.t7.c2,TS.c2.t7,6H.t5.c2,5C.t6.t5,9D.t6.t2,2S.t6.t5,AS.t2.t5,TD.t5.t2,JH.c1.t5,8D.t5.t2,TH.t4.t2,AC.t4.f,6S.t2.c1,2C.t2.t4,6S.c1.t2,7S.t2.t4,4C.t5.t2,2H.t4.t5,JS.t7.t4,JD.t2.t7,QC.t6.c1,QC.c1.t6,KC.t6.t2,4D.t7.t6,3C.t4.t7,5S.t4.t5,4H.t5.t4,AH.t5.f,2H.t5.f,3H.t5.f,AD.t5.f,2D.t1.f,3D.t1.f,QD.t7.t5,KS.t7.t1,KH.t7.t3,9S.t7.t5,6H.c2.t7,8S.t4.t5,4S.t4.t5"

// TestBrowserLayout: at the window sizes players use (and 320 px wide),
// with long columns (deal 617 after the first 18 moves of its solution,
// deal 1 after 44, deal 1 after 51 with a column of 33 cards), with a
// lost game's review shown, and a deal of Ripple Fan (13 piles), every
// card is readable: the corner of each face-up card (its rank and suit)
// is in a font of at least 12 px in a window 1280 px wide or more, 10 px
// at 960x540 and 390x844, 9 px at 320x700, and no card of a column covers
// the corner of the card under it. No card lies right of the window or
// under the side panel. Every card lies within the window, unscrolled,
// unless the cards are as narrow as they may be (their corners at the
// least font above) and the window still too short (never at 1920x1080);
// no button on screen is covered by another element: the one the browser
// finds at its centre is the button or inside it. The verdict (of the
// check, or of the review: the newest, when there are two), the message
// line and the main controls (the actions and the step buttons) are on
// screen too, within the panel's scrolled view, and no two names of
// places (c1, t1) meet. At 1366x757 a review that comes after a check's
// answer is in view, all of it, when it comes (issue 50). The Cards
// setting, by keyboard, makes the cards larger or smaller at 1920x1080,
// and is kept after a reload. PATIENCE_LAYOUT_SHOTS names a folder for a
// screenshot of each case, to look at.
func TestBrowserLayout(t *testing.T) {
	p := openGame(t)
	line := func(n uint64, k int) string {
		start := testgames.Deal(rules.RussianCell, n)
		res, err := solver.Solve(context.Background(), start, solver.Config{Workers: 1})
		if err != nil || res.Verdict != solver.Solvable || len(res.Moves) < k {
			t.Fatalf("deal %d: %v, %d moves, %v", n, res.Verdict, len(res.Moves), err)
		}
		return fmt.Sprintf("russian-cell/%d/moves/%s", n, moveLink(res.Moves[:k]))
	}
	_, lost := testgames.Lost617(t)
	// A move the referee refuses after the first 18 moves of 617: a
	// column's top card onto another column.
	var bad rules.Move
	{
		start := testgames.Deal(rules.RussianCell, 617)
		res, err := solver.Solve(context.Background(), start, solver.Config{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		q, err := rules.Replay(start, rules.DefaultOptions(), res.Moves[:18])
		if err != nil {
			t.Fatal(err)
		}
		for a := 0; a < 7 && bad.IsZero(); a++ {
			for b := 0; b < 7 && bad.IsZero(); b++ {
				m := rules.Move{Card: q.Tableau[a].Top(), From: rules.T(a), To: rules.T(b)}
				if a != b && m.Card.Valid() && q.Tableau[b].Top().Valid() && rules.Check(q, rules.DefaultOptions(), m) != nil {
					bad = m
				}
			}
		}
		if bad.IsZero() {
			t.Fatal("no refused move after 18 moves of 617")
		}
	}
	// then: what is done once the link is loaded: "check" (Can I still
	// win?), "review" (give up and review) or "" (nothing: the board as
	// the link shows it).
	links := []struct{ name, link, then string }{{"617 after 18 moves", line(617, 18), "check"}, {"1 after 44 moves", line(1, 44), "check"},
		{"a lost game, reviewed", "russian-cell/617/moves/" + moveLink(lost), "review"},
		{"1 after 51 moves", deal1After51, ""}, {"Ripple Fan 1", "ripple-fan/1", ""}}
	// A 1920x1080 window at 200% zoom is 960x540 CSS pixels, two device
	// pixels each.
	// rank: the least font size of a card's corner, in CSS pixels.
	sizes := []struct {
		w, h   int64
		scale  float64
		mobile bool
		rank   float64
	}{{1280, 800, 1, false, 12}, {1366, 757, 1, false, 12}, {1920, 1080, 1, false, 12}, {960, 540, 2, false, 10}, {390, 844, 3, true, 10}, {320, 700, 3, true, 9}}
	for k, l := range links {
		name := l.name
		// Each game is loaded once and looked at in every window, as a
		// player turning a phone or zooming would.
		p.load(k+1, l.link)
		p.waitIdle(name)
		if l.link == deal1After51 {
			// The link alone, no move played after it: 51 moves, one
			// column of 33 cards.
			if got := p.text("step"); got != "51 / 51" {
				t.Fatalf("%s: the page shows step %q", name, got)
			}
			if got := p.eval(`String(Math.max(...[...document.querySelectorAll('#board .stack')].map((s) => s.children.length)))`); got != "33" {
				t.Fatalf("%s: the longest column has %s cards, not 33", name, got)
			}
		}
		switch l.then {
		case "review":
			// At 1366x757, the check's answer first, then the review's
			// below the prompt of the game given up (issue 50): the
			// review's answer, all of it, is in the window and in the
			// panel's view when it comes.
			windowSize(p, 1366, 757, 1, false)
			p.click("#canwin-btn")
			p.waitFor("the check", `!document.body.dataset.busy && document.querySelector('#hint .head + p') !== null`, 4*time.Minute)
			p.click("#giveup-btn")
			p.click("#review-btn")
			p.waitFor("the review", `!document.body.dataset.busy && document.getElementById('review').dataset.lostAt !== undefined`, 4*time.Minute)
			if got := p.eval(`(() => {
  const r = document.getElementById('review').getBoundingClientRect(), s = document.getElementById('side').getBoundingClientRect();
  const box = (q) => [q.left, q.top, q.right, q.bottom].map(Math.round).join(',');
  return r.top >= 0 && r.bottom <= innerHeight && r.top >= s.top && r.bottom <= s.bottom ? '' : 'at ' + box(r) + ', the panel at ' + box(s) + ', the window ' + innerHeight + ' tall';
})()`); got != "" {
				t.Errorf("1366x757, %s: the review's answer is out of sight: %s", name, got)
			}
		case "check":
			p.click("#canwin-btn")
			p.waitFor("the check", `!document.body.dataset.busy && document.querySelector('#hint .head + p') !== null`, 4*time.Minute)
		}
		for _, size := range sizes {
			windowSize(p, size.w, size.h, size.scale, size.mobile)
			// The board is looked at from the top, once it has been
			// fitted to the window (a frame for the resize, one for the
			// panel's new height).
			p.evalAwait(`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => { window.scrollTo(0, 0); ok(''); }))))`)
			if k == 0 && size.w == 390 {
				// A refused move on a phone: its message shows, and the
				// board stays where it was.
				before := p.rect("#board")
				p.eval(fmt.Sprintf(`document.querySelector('.card[data-card="%s"]').click(), document.querySelector('[data-pile="%s"]').click(), ''`, bad.Card, bad.To))
				p.waitFor("the refusal", `document.getElementById('message').textContent !== ''`, time.Minute)
				if after := p.rect("#board"); after.Top != before.Top {
					t.Errorf("390x844: the refusal %q moved the board from %g to %g", p.text("message"), before.Top, after.Top)
				}
			}
			var out struct {
				W, H, ScrollY float64
				Off, Below    []string
				Covered       []string
				Unseen        []string
				Verdict       string
				Rank          float64
				RankOf        string
				Hidden        []string
				Labels        []string
			}
			js := `(() => {
  const W = innerWidth, H = innerHeight, off = [], below = [], covered = [], unseen = [], hidden = [];
  // The corners of the face-up cards: their font, and whether the card
  // on each covers it.
  let rank = Infinity, rankOf = '';
  for (const c of document.querySelectorAll('#board .card[data-card]:not([data-down]) .corner:not(.br)')) {
    const f = parseFloat(getComputedStyle(c).fontSize), card = c.closest('.card');
    if (f < rank) { rank = f; rankOf = card.dataset.card; }
    const next = card.nextElementSibling;
    if (next && c.getBoundingClientRect().bottom > next.getBoundingClientRect().top + 0.5) hidden.push(card.dataset.card);
  }
  const side = document.getElementById('side').getBoundingClientRect(), board = document.getElementById('board').getBoundingClientRect();
  // seen: the box lies in the window and in every box that clips it (the
  // panel, the list of moves).
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5) return false;
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowY === 'visible') continue;
      const q = a.getBoundingClientRect();
      if (r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5) return false;
    }
    return true;
  };
  for (const c of document.querySelectorAll('#board .card')) {
    const r = c.getBoundingClientRect();
    const at = (c.dataset.card || 'down') + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
    // Under the panel, when the panel is beside the board.
    const under = side.left > board.left && r.right > side.left + 0.5 && r.bottom > side.top && r.top < side.bottom;
    if (r.left < 0 || r.top < 0 || r.right > W + 0.5 || under) off.push(at);
    else if (r.bottom > H + 0.5) below.push(at);
  }
  // The verdicts (of Solve, of the check, of the review); the newest (the
  // first, the page puts it above the others), the message line and the
  // main controls are seen, Speed among them (it paces the automatic
  // moves too).
  const v = [...document.querySelectorAll('#verdict .head, #hint .head + p, #review .head')];
  for (const el of [...v.slice(0, 1), document.getElementById('message'), ...document.querySelectorAll('#actions button:not([hidden]), #watch button, #speed')]) {
    if (el && !seen(el)) unseen.push(el.id || el.className || el.tagName);
  }
  for (const b of document.querySelectorAll('button')) {
    const r = b.getBoundingClientRect();
    if (!r.width || !r.height || b.closest('[hidden]')) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > W || y > H) continue;
    // A button scrolled out of its list or panel is not on screen.
    let shown = true;
    for (let a = b.parentElement; a && shown; a = a.parentElement) {
      if (getComputedStyle(a).overflowY === 'visible') continue;
      const q = a.getBoundingClientRect();
      shown = x >= q.left && x <= q.right && y >= q.top && y <= q.bottom;
    }
    if (!shown) continue;
    const e = document.elementFromPoint(x, y);
    if (e && e !== b && !b.contains(e)) covered.push((b.id || b.textContent.trim().slice(0, 20)) + ' under ' + (e.id || e.tagName + '.' + e.className));
  }
  // The places' names (c1, C, t1) whose boxes meet.
  const labels = [], ls = [...document.querySelectorAll('#board .slot > .label')].map((e) => [e.textContent, e.getBoundingClientRect()]);
  ls.forEach(([a, p], i) => ls.slice(i + 1).forEach(([b, q]) => {
    if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) labels.push(a + '/' + b);
  }));
  return JSON.stringify({W, H, ScrollY: scrollY, Off: off, Below: below, Covered: covered, Unseen: unseen, Verdict: v.map((e) => e.textContent).join(' | '), Rank: rank, RankOf: rankOf, Hidden: hidden, Labels: labels});
})()`
			if err := json.Unmarshal([]byte(p.eval(js)), &out); err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%dx%d, %s", size.w, size.h, name)
			if out.W != float64(size.w) || out.ScrollY != 0 {
				t.Fatalf("%s: the window is %gx%g, scrolled %g", where, out.W, out.H, out.ScrollY)
			}
			t.Logf("%s: the least corner of a card, %g px (%s)", where, out.Rank, out.RankOf)
			if out.Rank < size.rank {
				t.Errorf("%s: the corner of %s is in a font of %g px, under %g px", where, out.RankOf, out.Rank, size.rank)
			}
			if len(out.Labels) > 0 {
				t.Errorf("%s: the names of places overlap: %v", where, out.Labels)
			}
			if len(out.Hidden) > 0 {
				t.Errorf("%s: the corners of %d cards are covered by the card on them: %v", where, len(out.Hidden), out.Hidden)
			}
			if len(out.Off) > 0 {
				t.Errorf("%s: %d cards lie outside the window or under the panel: %v", where, len(out.Off), out.Off)
			}
			// The page scrolls only when the cards are as narrow as they may
			// be, their corners at the least font, and never at 1920x1080.
			tight := out.Rank <= size.rank+0.01
			if len(out.Below) > 0 && (!tight || size.w == 1920) {
				t.Errorf("%s: %d cards lie below the window, corners at %g px: %v", where, len(out.Below), out.Rank, out.Below)
			}
			if len(out.Covered) > 0 {
				t.Errorf("%s: buttons covered: %v", where, out.Covered)
			}
			if out.Verdict == "" && l.then != "" {
				t.Errorf("%s: no verdict shown", where)
			}
			// On a phone the panel follows the board: a board too tall for
			// the window with readable cards puts the controls below it.
			if len(out.Unseen) > 0 && (!tight || !size.mobile) {
				t.Errorf("%s: not on screen: %v", where, out.Unseen)
			}
			if dir := os.Getenv("PATIENCE_LAYOUT_SHOTS"); dir != "" {
				p.shot(filepath.Join(dir, fmt.Sprintf("%dx%d-%s.png", size.w, size.h, strings.ReplaceAll(name, " ", "-"))))
			}
		}
	}
	// The cards' size, chosen by keyboard in its setting: at 1920x1080
	// Large makes the cards wider than Medium, and Small narrower; the
	// choice outlasts a reload.
	windowSize(p, 1920, 1080, 1, false)
	p.load(len(links)+1, "russian-cell/617")
	p.waitIdle("617 at 1920x1080")
	width := func() float64 {
		w, err := strconv.ParseFloat(p.eval(`String(document.querySelector('#board .tableau .card').getBoundingClientRect().width)`), 64)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	medium := width()
	p.do("Large, by keyboard", chromedp.Focus(chromedp.CSS("#cards")), chromedp.KeyEvent(kb.ArrowDown))
	large := width()
	p.do("Small, by keyboard", chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp))
	small := width()
	t.Logf("1920x1080: cards %g px wide (Small), %g (Medium), %g (Large)", small, medium, large)
	if got := p.eval(`document.getElementById('cards').value`); got != "small" || !(small < medium && medium < large) {
		t.Errorf("1920x1080: the setting says %q; cards %g px wide (Small), %g (Medium), %g (Large)", got, small, medium, large)
	}
	p.do("reload", chromedp.Reload())
	p.waitIdle("617 reloaded")
	if got, w := p.eval(`document.getElementById('cards').value`), width(); got != "small" || w != small {
		t.Errorf("after a reload, the setting says %q and the cards are %g px wide, not Small's %g", got, w, small)
	}
	p.do("the desktop again", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.ClearDeviceMetricsOverride, struct{}{})
		return err
	}))
}

// windowSize makes the window w x h CSS pixels, of scale device pixels
// each, on a phone (mobile) or not.
func windowSize(p *page, w, h int64, scale float64, mobile bool) {
	p.t.Helper()
	p.do(fmt.Sprintf("a %dx%d window", w, h), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: h, DeviceScaleFactor: scale, Mobile: mobile})
		return err
	}))
}

// TestBrowserRippleFanFinish: Ripple Fan at 1366x757, at the step of a
// won game's line where its two rows of piles are the tallest, the last
// move by hand, with Finish offered and its message (two lines) shown:
// every card of the board lies within the window. The message goes with Finish:
// a step back hides both, a step forward shows both again. Ripple Fan has
// no face-down cards and no cells, so neither "Show face-down cards" nor
// the cells' keys are offered; Russian Cell offers both.
func TestBrowserRippleFanFinish(t *testing.T) {
	p := openGame(t)
	rf, line, _ := rippleFanStuck(t)
	p.do("a 1366x757 window", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1366, Height: 757, DeviceScaleFactor: 1})
		return err
	}))
	// k: the step at which the tallest pile of the first row and that of
	// the second (t8 to t13) are the tallest together.
	k, most := 1, 0
	start := testgames.Deal(rules.RippleFan, rf)
	for i := 1; i <= len(line); i++ {
		q, err := rules.Replay(start, rules.DefaultOptions(), line[:i])
		if err != nil {
			t.Fatal(err)
		}
		var rows [2]int
		for j, pl := range q.Tableau {
			rows[j/7] = max(rows[j/7], len(pl.Up))
		}
		if rows[0]+rows[1] > most {
			k, most = i, rows[0]+rows[1]
		}
	}
	t.Logf("Ripple Fan %d, step %d: rows %d cards tall together", rf, k, most)
	p.load(1, fmt.Sprintf("ripple-fan/%d/moves/%s", rf, moveLink(line[:k-1])))
	p.waitIdle(fmt.Sprintf("Ripple Fan %d after %d moves", rf, k-1))
	p.playByHand(line[k-1 : k])
	p.waitFor("Finish", `!document.getElementById('finish-btn').hidden && !document.body.dataset.busy`, 2*time.Minute)
	finishMsg := p.text("message")
	if finishMsg == "" {
		t.Fatal("Finish is offered with no message")
	}
	// The board is fitted again once the message has its height.
	p.evalAwait(`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => { window.scrollTo(0, 0); ok(''); }))))`)
	if got := p.eval(`String(document.getElementById('message').getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(document.getElementById('message')).lineHeight))`); got != "true" {
		t.Logf("the message %q takes one line only", finishMsg)
	}
	below := p.eval(`[...document.querySelectorAll('#board .card')].filter((c) => c.getBoundingClientRect().bottom > innerHeight + 0.5).map((c) => c.dataset.card + ' to ' + Math.round(c.getBoundingClientRect().bottom)).join(' ')`)
	if below != "" {
		t.Errorf("with the message %q, cards lie below the 757 px window: %s", finishMsg, below)
	}
	// shown: whether the element the selector names is rendered.
	shown := func(sel string) bool {
		return p.eval(`String(document.querySelector('`+sel+`').getClientRects().length > 0)`) == "true"
	}
	keys := func() string { return p.eval(`document.getElementById('keys').innerText`) }
	if shown("#show-down") {
		t.Error("Ripple Fan offers Show face-down cards")
	}
	if k := keys(); strings.Contains(k, "cell") {
		t.Errorf("Ripple Fan's keys speak of cells: %q", k)
	}
	p.click("#prev-btn")
	p.waitFor("the step back", `document.getElementById('finish-btn').hidden`, time.Minute)
	if got := p.text("message"); got != "" {
		t.Errorf("a step back hides Finish but keeps its message %q", got)
	}
	p.click("#next-btn")
	p.waitFor("the step forward", `!document.getElementById('finish-btn').hidden`, time.Minute)
	if got := p.text("message"); got != finishMsg {
		t.Errorf("a step forward shows Finish with the message %q, not %q", got, finishMsg)
	}
	p.load(2, "russian-cell/617")
	p.waitIdle("Russian Cell 617")
	if !shown("#show-down") {
		t.Error("Russian Cell does not offer Show face-down cards")
	}
	if k := keys(); !strings.Contains(k, "c1 c2 the cells") {
		t.Errorf("Russian Cell's keys do not name its cells: %q", k)
	}
}

// TestBrowserAxeEveryState: axe-core finds no violation of any impact in
// each state a player reaches (a deal as dealt, a card selected, a game
// under way with a hint, the game given up, its review, the menus and the
// paste form open, a game won, its story), at 1366x757 and on a 390x844
// phone, light and dark.
func TestBrowserAxeEveryState(t *testing.T) {
	axeJS, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	p := openGame(t)
	_, lost := testgames.Lost617(t)
	moves := solution(t, "russian-cell", "617")
	for i, size := range []struct {
		w, h   int64
		mobile bool
	}{{1366, 757, false}, {390, 844, true}} {
		p.do(fmt.Sprintf("a %dx%d window", size.w, size.h), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: size.w, Height: size.h, DeviceScaleFactor: 1, Mobile: size.mobile})
			return err
		}))
		axe := func(state string) { p.axeClean(fmt.Sprintf("%dx%d, %s", size.w, size.h, state), string(axeJS), true) }
		p.load(3*i+1, "russian-cell/617")
		p.waitIdle("deal 617")
		axe("dealt")
		p.eval(`document.querySelector('.card[data-card="JH"]').click(), ''`)
		p.waitFor("the selection", `!!document.querySelector('#board .card.selected') && !!document.querySelector('#board .target')`, time.Minute)
		axe("a card selected")

		p.load(3*i+2, "russian-cell/617/moves/"+moveLink(lost))
		p.waitIdle("the lost game")
		p.click("#hint-btn")
		p.waitFor("the hint", `!document.body.dataset.busy && document.getElementById('hint').textContent !== ''`, 2*time.Minute)
		axe("a hint")
		p.click("#giveup-btn")
		p.waitFor("the game over", `!document.getElementById('review-btn').hidden`, time.Minute)
		axe("the game given up")
		p.click("#review-btn")
		p.waitFor("the review", `!document.body.dataset.busy && document.getElementById('review').dataset.lostAt !== undefined && document.getElementById('hint').textContent !== ''`, 4*time.Minute)
		axe("the review")
		p.eval(`document.querySelectorAll('details').forEach((d) => { d.open = true; }), document.getElementById('paste-btn').click(), ''`)
		p.waitFor("the paste form", `!document.getElementById('paste').hidden`, time.Minute)
		axe("the menus and the paste form open")

		p.load(3*i+3, "russian-cell/617/moves/"+moveLink(moves[:len(moves)-1]))
		p.waitIdle("a move from the win")
		last := moves[len(moves)-1]
		p.eval(fmt.Sprintf(`document.querySelector('.card[data-card="%s"]').click(), ''`, last.Card))
		p.waitFor("the selection of "+last.String(), `!!document.querySelector('#board .card.selected') && !!document.querySelector('#board .target')`, time.Minute)
		p.eval(fmt.Sprintf(`document.querySelector(%q).click(), ''`, destSel(last.To)))
		p.waitFor("the won game", `document.getElementById('title').textContent.endsWith('won!') && !document.body.dataset.busy && !document.getElementById('prompt').hidden`, 2*time.Minute)
		axe("won")
		p.eval(`[...document.querySelectorAll('#prompt-actions button')].find((b) => b.textContent === "The game's story").click(), ''`)
		p.waitFor("the game's story", `document.getElementById('story-chart').dataset.done === '1' && !document.body.dataset.busy`, 4*time.Minute)
		axe("the game's story")
	}
}

// TestBrowserDragOffScreen: on a window too short for the board, a card
// dragged from the bottom of a long column to a place above the window
// scrolls the page as the pointer nears the window's top, and lands.
func TestBrowserDragOffScreen(t *testing.T) {
	p := openGame(t)
	start := testgames.Deal(rules.RussianCell, 1)
	res, err := solver.Solve(context.Background(), start, solver.Config{Workers: 1})
	if err != nil || len(res.Moves) < 44 {
		t.Fatalf("deal 1: %v, %v", res.Verdict, err)
	}
	q, err := rules.Replay(start, rules.DefaultOptions(), res.Moves[:44])
	if err != nil {
		t.Fatal(err)
	}
	// The top card of the longest column, to a cell or a foundation.
	var m rules.Move
	longest := -1
	for _, c := range rules.LegalMoves(q, rules.DefaultOptions(), nil) {
		if c.From.Kind != rules.Tableau || c.To.Kind == rules.Tableau {
			continue
		}
		if n := len(q.Tableau[c.From.Index].Up); n > longest {
			m, longest = c, n
		}
	}
	if longest < 0 {
		t.Fatal("no move from a column to a cell or a foundation after 44 moves of deal 1")
	}
	p.do("a short window", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 400, DeviceScaleFactor: 1})
		return err
	}))
	p.load(1, "russian-cell/1/moves/"+moveLink(res.Moves[:44]))
	p.waitIdle("deal 1 after 44 moves")
	p.eval(`window.scrollTo(0, document.documentElement.scrollHeight), ''`)
	p.waitFor("the page scrolled down", `window.scrollY > 0`, time.Minute)
	x0, y0 := p.grab(m.Card)
	dest := map[rules.LocKind]string{rules.Cell: fmt.Sprintf(`[data-cell="%s"]`, m.To), rules.Foundation: ".foundations"}[m.To.Kind]
	if r := p.rect(dest); r.Bottom > 0 {
		t.Fatalf("%v: the place starts on screen (%+v): the test drags nothing off screen", m, r)
	}
	if y0 < 0 || y0 > 400 {
		t.Fatalf("%v: the card is not on screen (y %g)", m, y0)
	}
	mouse := func(typ input.DispatchMouseEventType, x, y float64, buttons int64) {
		p.do(fmt.Sprintf("mouse %s at %g,%g", typ, x, y), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1})
			return err
		}))
	}
	mouse(chromedp.MousePressed, x0, y0, 1)
	mouse(chromedp.MouseMoved, x0, y0-20, 1)
	// Held near the top: the page scrolls until the place is on screen.
	deadline := time.Now().Add(30 * time.Second)
	for p.rect(dest).Top < 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the page did not scroll up during the drag (scrollY %s)", p.eval(`String(scrollY)`))
		}
		mouse(chromedp.MouseMoved, x0, 8, 1)
		time.Sleep(50 * time.Millisecond)
	}
	// Over a column the card may not go to, the place is marked as one it
	// may not (bad); over the place it may, as one it may.
	var no string
	for i := range q.Tableau {
		if to := rules.T(i); to != m.From && rules.Check(q, rules.DefaultOptions(), rules.Move{Card: m.Card, From: m.From, To: to}) != nil {
			no = fmt.Sprintf(`[data-pile="%s"]`, to)
			break
		}
	}
	if no == "" {
		t.Fatalf("%v: no column refuses the card", m)
	}
	// hover moves the card over the element sel, measured afresh each time
	// (the page may still be scrolling), until cond holds; it returns the
	// point it moved to last.
	hover := func(what, sel, cond string) (x, y float64) {
		deadline := time.Now().Add(time.Minute)
		for {
			r := p.rect(sel)
			// A point of sel, clear of the window's edges (where the
			// page would scroll) as far as sel allows.
			x, y = (r.Left+r.Right)/2, (r.Top+r.Bottom)/2
			y = math.Min(math.Max(y, math.Min(60, r.Bottom-5)), math.Max(340, r.Top+5))
			mouse(chromedp.MouseMoved, x, y, 1)
			if p.eval(`String(`+cond+`)`) == "true" {
				return x, y
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: not so after a minute over %s (%+v)", what, sel, r)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	hover("the refusing column marked", no, `document.querySelector('`+no+`').matches('.over.bad')`)
	x, y := hover("the place marked", dest, `!!document.querySelector('.over:not(.bad)')`)
	mouse(chromedp.MouseReleased, x, y, 0)
	p.waitFor("the move "+m.String(), `/^4[5-9] \/|^[5-9]\d \//.test(document.getElementById('step').textContent)`, time.Minute)
	if got := p.eval(fmt.Sprintf(`String(!!document.querySelector('%s .card[data-card="%s"]'))`, map[rules.LocKind]string{rules.Cell: fmt.Sprintf(`[data-cell="%s"]`, m.To), rules.Foundation: ".foundations"}[m.To.Kind], m.Card)); got != "true" {
		t.Errorf("%v: the card is not at %v after the drag", m, m.To)
	}
}

// shot saves a screenshot of the window to file.
func (p *page) shot(file string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("a screenshot: %v", err)
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}
