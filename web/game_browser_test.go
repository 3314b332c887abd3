package web_test

// Tests of the page as a game, in one browser and one tab: drag and drop
// with the mouse and a finger, automatic foundation moves and Finish, bad
// links, Back and Forward between deals, the phone layout, and "Where did I
// go wrong?". Every page load is checked for Content-Security-Policy
// violations.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/browser"
	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/web"
)

// cspWatch records, in every document the tab loads, the Content-Security-
// Policy violations the page reports.
const cspWatch = `window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));`

// openGame starts the server and the browser, with cspWatch installed, and
// opens no page yet (load does).
func openGame(t *testing.T) *page {
	t.Helper()
	longtest.Need(t)
	path, err := browser.Find()
	if err != nil {
		longtest.Missing(t, "browser test: "+err.Error())
	}
	srv := httptest.NewServer(web.Handler())
	t.Cleanup(srv.Close)
	ctx, stop := browser.Start(context.Background(), path, t.TempDir(), 1280, 900)
	t.Cleanup(stop)
	p := &page{t: t, ctx: ctx, url: srv.URL + "/"}
	p.watchCSP()
	return p
}

// watchCSP installs cspWatch in every document the tab opens from now on.
// The first action on the browser: with no timeout, which would end it.
func (p *page) watchCSP() { p.onNewDocument("the CSP watch", cspWatch) }

// onNewDocument has the tab run script in every document it opens from
// now on (what names the script in a failure).
func (p *page) onNewDocument(what, script string) {
	p.t.Helper()
	err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return err
	}))
	if err != nil {
		p.t.Fatalf("installing %s: %v", what, err)
	}
}

// load opens the page afresh (a new document) at the fragment, after
// checking the document before for CSP violations.
func (p *page) load(n int, fragment string) {
	p.t.Helper()
	p.noCSP()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(fmt.Sprintf("%s?load=%d#%s", p.url, n, fragment))); err != nil {
		p.t.Fatalf("opening the page at %s: %v", fragment, err)
	}
}

// noCSP fails the test if the page reported a CSP violation.
func (p *page) noCSP() {
	p.t.Helper()
	if v := p.eval(`JSON.stringify(window.__csp || [])`); v != "[]" && v != "" {
		p.t.Errorf("the page violated its Content-Security-Policy: %s", v)
	}
}

// rect is an element's place on screen.
type rect struct{ Left, Top, Right, Bottom, Width, Height float64 }

func (p *page) rect(sel string) rect {
	p.t.Helper()
	var r rect
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return 'null'; const r = e.getBoundingClientRect(); return JSON.stringify({Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom, Width: r.width, Height: r.height}); })()`, sel)
	s := p.eval(js)
	if s == "null" {
		p.t.Fatalf("no element %s on the page", sel)
	}
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		p.t.Fatal(err)
	}
	return r
}

// grab is where a finger or the mouse takes a card: the middle of its
// visible top strip (all of it, for a column's top card or a cell card).
func (p *page) grab(c rules.Card) (float64, float64) {
	r := p.rect(fmt.Sprintf(`.card[data-card="%s"]`, c))
	return (r.Left + r.Right) / 2, r.Top + 8
}

// dropAt is the middle of where a move's destination is drawn: the top
// card of a column, or the column, cell or foundation row itself.
func (p *page) dropAt(to rules.Loc) (float64, float64) {
	var sel string
	switch to.Kind {
	case rules.Tableau:
		sel = fmt.Sprintf(`[data-pile="%s"]`, to)
		if p.eval(fmt.Sprintf(`String(!!document.querySelector('%s .card:last-child'))`, sel)) == "true" {
			sel += " .card:last-child"
		}
	case rules.Cell:
		sel = fmt.Sprintf(`[data-cell="%s"]`, to)
	default:
		sel = ".foundations"
	}
	r := p.rect(sel)
	return (r.Left + r.Right) / 2, (r.Top + r.Bottom) / 2
}

// drag drags card c to the destination of m with the mouse, or with a
// finger (touch), in several steps, through the browser's input (the page
// gets pointer events).
func (p *page) drag(m rules.Move, touch bool) {
	p.t.Helper()
	x0, y0 := p.grab(m.Card)
	x1, y1 := p.dropAt(m.To)
	const steps = 8
	act := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		at := func(i int) (float64, float64) {
			return x0 + (x1-x0)*float64(i)/steps, y0 + (y1-y0)*float64(i)/steps
		}
		if touch {
			tp := func(x, y float64) []*input.TouchPoint { return []*input.TouchPoint{{X: x, Y: y}} }
			if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: tp(x0, y0)}); err != nil {
				return err
			}
			for i := 1; i <= steps; i++ {
				x, y := at(i)
				if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchMove, TouchPoints: tp(x, y)}); err != nil {
					return err
				}
			}
			_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
			return err
		}
		mouse := func(typ input.DispatchMouseEventType, x, y float64, buttons int64) error {
			_, err := cdp.Call(ctx, t, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1})
			return err
		}
		if err := mouse(chromedp.MousePressed, x0, y0, 1); err != nil {
			return err
		}
		for i := 1; i <= steps; i++ {
			x, y := at(i)
			if err := mouse(chromedp.MouseMoved, x, y, 1); err != nil {
				return err
			}
		}
		return mouse(chromedp.MouseReleased, x1, y1, 0)
	})
	p.do(fmt.Sprintf("dragging %v (touch %v)", m, touch), act)
}

// tens is the page's way of writing a ten.
var tensRE = regexp.MustCompile(`\bT([CSHD♣♠♥♦])`)

func tens(s string) string { return tensRE.ReplaceAllString(s, "10$1") }

// cardRE is a card code in a message: a rank (10 for T) and a suit letter.
var cardRE = regexp.MustCompile(`\b(10|[A2-9JQK])([CSHD])\b`)

// cardWords is a message as the page's message line shows it: card codes
// with the suit's symbol, as the moves list writes cards.
func cardWords(s string) string {
	return cardRE.ReplaceAllStringFunc(tens(s), func(c string) string {
		return c[:len(c)-1] + map[byte]string{'C': "♣", 'S': "♠", 'H': "♥", 'D': "♦"}[c[len(c)-1]]
	})
}

func moveLink(ms []rules.Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, strings.NewReplacer(" ", ".", ">", ".").Replace(m.String()))
	}
	return strings.Join(s, ",")
}

func allUp(p *rules.Position) bool {
	for _, pl := range p.Tableau {
		if len(pl.Down) > 0 {
			return false
		}
	}
	return true
}

// hopeless is a Russian Cell position with 21 face-down cards and no legal
// move: lost however the hidden cards lie.
const hopeless = `{"game":"russian-cell","tableau":[{"down":[],"up":["9C"]},{"down":["??"],"up":["9S"]},{"down":["??","??"],"up":["9H"]},{"down":["??","??","??"],"up":["9D"]},{"down":["??","??","??","??"],"up":["JC"]},{"down":["??","??","??","??","??"],"up":["JS"]},{"down":["??","??","??","??","??","??"],"up":["JH"]}],"cells":["KD","KH"],"foundations":{"C":6,"S":6,"H":5,"D":5}}`

func TestBrowserGame(t *testing.T) {
	p := openGame(t)
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	o := rules.DefaultOptions()
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	res, err := solver.Solve(context.Background(), start, cfg)
	if err != nil || res.Verdict != solver.Solvable {
		t.Fatalf("617: %v %v", res.Verdict, err)
	}
	sol := res.Moves
	loads := 0
	open := func(fragment string) {
		loads++
		p.load(loads, fragment)
		p.waitIdle("the board of " + fragment)
	}
	open("russian-cell/617")
	// The watch sees a violation: a style attribute set from a script.
	p.eval(`document.getElementById('title').setAttribute('style', 'outline: 1px solid red'), ''`)
	p.waitFor("the CSP watch to see a style attribute", `window.__csp.length > 0`, time.Minute)
	p.eval(`document.getElementById('title').removeAttribute('style'), window.__csp = [], ''`)
	// The checks after each move would keep the solver busy: off.
	p.click("#auto-check")

	t.Run("defaults", func(t *testing.T) {
		p.t = t
		// The settings start at game's defaults, which the worker gives
		// (and index.html selects: game's TestDefaultsFromGame).
		got := p.eval(`document.getElementById('samples').value + ' ' + document.getElementById('budget').value`)
		if want := fmt.Sprintf("%d %d", game.HintSamples, game.MaxNodes); got != want {
			t.Errorf("samples and budget %q, want the worker's %q", got, want)
		}
	})

	t.Run("drag", func(t *testing.T) {
		p.t = t
		// An illegal drag: a column's top card onto another column that
		// does not take it.
		var bad rules.Move
		var why error
		for a := 0; a < 7 && why == nil; a++ {
			for b := 0; b < 7 && why == nil; b++ {
				m := rules.Move{Card: start.Tableau[a].Top(), From: rules.T(a), To: rules.T(b)}
				if a != b {
					bad, why = m, rules.Check(start, o, m)
				}
			}
		}
		p.drag(bad, false)
		p.waitFor("the refusal", `document.getElementById('message').textContent !== ''`, time.Minute)
		want := bad.String() + " is not allowed: " + why.Error()
		if strings.HasPrefix(why.Error(), bad.Card.String()+" ") {
			want = why.Error()
		}
		if got, want := p.text("message"), cardWords(want); got != want {
			t.Errorf("illegal drag: %q, want %q", got, want)
		}
		p.sameBoard("after the illegal drag", boardOf(t, rules.MarshalPosition(start, "")))

		// Legal drags, by mouse then by finger, up to the solution's first
		// foundation move: the cards it turns up go home by themselves.
		var hand []rules.Move
		for _, m := range sol {
			if m.To.Kind == rules.Foundation {
				break
			}
			hand = append(hand, m)
		}
		if len(hand) < 2 {
			t.Fatalf("617's solution starts %v", sol[:3])
		}
		open("russian-cell/617/moves/" + moveLink(hand[:len(hand)-2]))
		p.do("touch on", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 1})
			return err
		}))
		p.drag(hand[len(hand)-2], true)
		p.waitFor("the touch drag", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d'`, len(hand)-1, len(hand)-1), time.Minute)
		p.drag(hand[len(hand)-1], false)
		end, _ := rules.Replay(start, o, hand)
		autos := rules.SafeAutoMoves(end)
		if len(autos) == 0 || autos[0].Card.Rank() != rules.Ace {
			t.Fatalf("after %v: automatic moves %v, want an Ace first", hand, autos)
		}
		n := len(hand) + len(autos)
		p.waitFor("the automatic moves", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d'`, n, n), time.Minute)
		for _, m := range autos {
			end.Apply(m)
		}
		p.sameBoard("after the drag and its automatic moves", boardOf(t, rules.MarshalPosition(end, "")))
		if got := p.eval(`String(document.querySelectorAll('#moves li.auto').length)`); got != fmt.Sprint(len(autos)) {
			t.Errorf("%s moves marked automatic, want %d", got, len(autos))
		}
		// Undo takes back the hand move and its automatic moves.
		p.click("#undo-btn")
		p.waitFor("undo", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d'`, len(hand)-1, n), time.Minute)
	})

	t.Run("finish", func(t *testing.T) {
		p.t = t
		// Deal 4: the first hand move of its solution after which every
		// card is face up, and the game is not won by the automatic moves
		// (in 617, the last card turned up sets off the whole win).
		start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(4))
		res, err := solver.Solve(context.Background(), start, cfg)
		if err != nil || res.Verdict != solver.Solvable {
			t.Fatalf("deal 4: %v %v", res.Verdict, err)
		}
		sol := res.Moves
		q := start.Clone()
		k := -1
		for i, m := range sol {
			q.Apply(m)
			if m.To.Kind != rules.Foundation && allUp(q) {
				k = i
				break
			}
		}
		if k < 0 {
			t.Fatal("no hand move turns up the last card in deal 4's solution")
		}
		for _, m := range rules.SafeAutoMoves(q) {
			q.Apply(m)
		}
		if q.Won() {
			t.Fatal("deal 4: the automatic moves win on their own")
		}
		open("russian-cell/4/moves/" + moveLink(sol[:k]))
		p.click("#auto-check") // a new document: the box is checked again
		p.drag(sol[k], false)
		p.waitFor("Finish", `!document.getElementById('finish-btn').hidden`, 2*time.Minute)
		p.click("#finish-btn")
		p.waitFor("the win", `document.getElementById('title').textContent.endsWith('won!')`, 2*time.Minute)
		if got := p.text("message"); !strings.Contains(got, "Won") {
			t.Errorf("after Finish the page says %q", got)
		}
	})
	t.Run("bad links", func(t *testing.T) {
		p.t = t
		_, badGame := rules.ParseGame("foo")
		_, badNumber := dealgen.ParseNumber("abc")
		_, badMove := rules.ParseMove("ZZ t9>t1")
		for _, c := range []struct{ fragment, says string }{
			{"russian-cell/617%", "the link cannot be read"},
			{"russian-cell/617/moves/ZZ.t9.t1", badMove.Error()},
			{"russian-cell/abc", badNumber.Error()},
			{"foo/617", badGame.Error()},
			{"russian-cell/617/moves/JH.t2.t3,<b>8D.t2.t1", "<b>8♦ t2>t1"},
			// Not base64url: a plain error, never the browser's own words.
			{"russian-cell/p/a", "the position in the link cannot be read"},
			{"russian-cell/-1", "“-1” is not a deal number"},
			{"russian-cell/617/moves-that-are-garbage", "“moves-that-are-garbage”, which is not part of a link"},
			{"russian-cell/617/moves/JH.t2.t3,ZZ.t9.t1", badMove.Error()},
		} {
			// Opened afresh, and followed as a link on the page.
			for _, fresh := range []bool{true, false} {
				if fresh {
					open(c.fragment)
				} else {
					p.eval(`document.getElementById('message').textContent = '', location.hash = 'russian-cell/4', ''`)
					p.waitFor("deal 4", `document.getElementById('title').textContent === 'Russian Cell, deal 4'`, time.Minute)
					p.eval(fmt.Sprintf(`location.hash = %q, ''`, c.fragment))
				}
				p.waitFor("the error of "+c.fragment, `document.getElementById('message').className === 'error' && !!document.querySelector('[data-pile="t7"] .card') && !document.querySelector('#board .loading')`, time.Minute)
				if got := p.text("message"); !strings.Contains(got, c.says) || strings.Contains(got, "Failed to execute") {
					t.Errorf("%s (fresh %v): the page says %q, want %q in it", c.fragment, fresh, got, c.says)
				}
				if p.eval(`String(document.querySelector('#message').children.length)`) != "0" {
					t.Errorf("%s: the message holds markup", c.fragment)
				}
			}
		}
		// A move that cannot be read keeps the moves before it, as an
		// illegal move does.
		open("russian-cell/617/moves/JH.t2.t3,ZZ.t9.t1")
		p.waitFor("the kept move", `document.getElementById('message').className === 'error' && document.getElementById('step').textContent === '1 / 1'`, time.Minute)
		// The board is usable: a move clears the old error.
		open("russian-cell/617%")
		p.waitFor("the error", `document.getElementById('message').className === 'error'`, time.Minute)
		p.drag(rules.MustMove("JH t2>t3"), false)
		p.waitFor("the move", `document.getElementById('step').textContent === '1 / 1' && document.getElementById('message').textContent === ''`, time.Minute)
	})

	t.Run("back and forward", func(t *testing.T) {
		p.t = t
		open("russian-cell/617")
		// leave: a game is in progress, which the page asks before it
		// leaves (Leave it).
		deal := func(game, number string, leave bool) {
			p.do("dealing "+number,
				chromedp.SetValue(chromedp.CSS("#game"), game),
				chromedp.SetValue(chromedp.CSS("#number"), number),
				chromedp.Click(chromedp.CSS("#deal-btn")))
			if leave {
				p.waitFor("the question before leaving the game", `document.getElementById('leave').open`, 10*time.Second)
				p.click("#leave-go")
			}
			p.waitFor("deal "+number, fmt.Sprintf(`document.title.includes('deal %s')`, number), time.Minute)
		}
		deal("russian-cell", "385", false)
		p.drag(rules.Move{Card: dealgen.Deal(rules.RussianCell, dealgen.FromUint64(385)).Tableau[0].Top(), From: rules.T(0), To: rules.C(0)}, false)
		p.waitFor("a move in 385", `document.getElementById('step').textContent.startsWith('1 /')`, time.Minute)
		deal("ripple-fan", "2217", true)
		for _, s := range []struct{ js, title string }{
			{"history.back()", "Russian Cell, deal 385"},
			{"history.back()", "Russian Cell, deal 617"},
			{"history.forward()", "Russian Cell, deal 385"},
			{"history.forward()", "Ripple Fan, deal 2217"},
		} {
			p.eval(s.js + ", ''")
			p.waitFor(s.title, fmt.Sprintf(`document.getElementById('title').textContent === %q && document.title.startsWith(%q)`, s.title, s.title), time.Minute)
		}
		// A Ripple Fan card dragged home sets off the other Aces on top.
		rf := dealgen.Deal(rules.RippleFan, dealgen.FromUint64(2217))
		var ace rules.Move
		for i, pl := range rf.Tableau {
			if c := pl.Top(); c.Rank() == rules.Ace {
				ace = rules.Move{Card: c, From: rules.T(i), To: rules.F}
				break
			}
		}
		if ace.Card.Rank() != rules.Ace || ace.From.Kind != rules.Tableau {
			t.Fatal("no Ace on top in Ripple Fan 2217")
		}
		rf.Apply(ace)
		n := 1 + len(rules.SafeAutoMoves(rf))
		p.drag(ace, false)
		p.waitFor("the Ace and the automatic moves", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d'`, n, n), time.Minute)

		// The rules panel is the game's.
		p.click("#rules summary")
		if got := p.eval(`[...document.querySelectorAll('[data-rules]')].filter((e) => !e.hidden && e.offsetHeight > 0).map((e) => e.dataset.rules + ': ' + e.textContent.trim().slice(0, 20)).join()`); !strings.HasPrefix(got, "ripple-fan: Put all 52 cards") {
			t.Errorf("the rules shown for Ripple Fan: %q", got)
		}
	})
	t.Run("where did I go wrong", func(t *testing.T) {
		p.t = t
		// A game lost by hand: a win of 617 for five moves, then a move
		// after which it cannot be won.
		_, moves := testgames.Lost617(t)
		lost := moves[len(moves)-1]
		open("russian-cell/617/moves/" + moveLink(moves))
		p.do("fewer samples", chromedp.SetValue(chromedp.CSS("#samples"), "50"))
		// While a move to a new position remains, the game is not over:
		// "Can I still win?" is offered, "Where did I go wrong?" is not,
		// until the player gives up.
		if got := p.eval(`String(document.getElementById('review-btn').hidden) + ' ' + document.getElementById('canwin-btn').hidden`); got != "true false" {
			t.Errorf("before the game is over, review and can-I-win hidden: %s, want true false", got)
		}
		p.click("#giveup-btn")
		p.click("#review-btn")
		p.waitFor("the review", `!document.body.dataset.busy && document.getElementById('review').dataset.lostAt !== undefined`, 4*time.Minute)
		head := p.eval(`document.querySelector('#review .head').textContent`)
		if want := fmt.Sprintf("Lost at move %d: ", len(moves)); !strings.HasPrefix(head, want) {
			t.Fatalf("the review says %q, want %q first", head, want)
		}
		if !strings.Contains(p.text("review"), tens(lost.String())) {
			t.Errorf("the review does not name %v: %q", lost, p.text("review"))
		}
		p.noBadWords("the review")
		// The judgement in the page's words: a mistake with its size, bad
		// luck with the move played the best-rated one or within the
		// margin, or too close to call.
		if !regexp.MustCompile(`A mistake, of (about|exactly) [0-9.]+ points?|Bad luck: you played the move your view rated best|Bad luck: from what you could see, (no move was better|\S+ \S+ did a little better)[^.]*by enough to matter|Too close to call|nothing better to play`).MatchString(p.text("review")) {
			t.Errorf("the review's judgement: %q", p.text("review"))
		}
		// The face-down cards are not shown: no move is named that only
		// they tell (one that kept the game winnable).
		if strings.Contains(p.text("review"), "kept it winnable") {
			t.Errorf("the review names a move the hidden cards tell: %q", p.text("review"))
		}
		if got := p.eval(`document.querySelector('#moves li.lost .mv').textContent`); got != tens(lost.String()) {
			t.Errorf("the move list marks %q as lost, want %v", got, lost)
		}
		p.click("#review-back")
		p.waitFor("the step before the losing move", fmt.Sprintf(`document.getElementById('step').textContent.startsWith('%d /')`, len(moves)-1), time.Minute)
		if p.eval(fmt.Sprintf(`String(document.querySelector('.card[data-card="%s"]').classList.contains('lost'))`, lost.Card)) != "true" {
			t.Errorf("the losing move's card %v is not marked on the board", lost.Card)
		}
	})
	t.Run("words", func(t *testing.T) {
		p.t = t
		// The setting for automatic moves is remembered.
		p.click("#auto-moves")
		open("russian-cell/617")
		if p.eval(`String(document.getElementById('auto-moves').checked)`) != "false" {
			t.Error("automatic moves turned off, then on again after a reload")
		}
		p.click("#auto-moves")
		open("russian-cell/617")
		if p.eval(`String(document.getElementById('auto-moves').checked)`) != "true" {
			t.Error("automatic moves turned on, then off after a reload")
		}
		p.do("fewer samples", chromedp.SetValue(chromedp.CSS("#samples"), "50"))
		p.click("#canwin-btn")
		p.waitFor("the answer", `!document.body.dataset.busy && document.getElementById('hint').textContent !== ''`, 4*time.Minute)
		first := p.eval(`document.querySelector('#hint .head + p').textContent`)
		if !regexp.MustCompile(`^Can still be won in \d+ of 50 ways the hidden cards could lie\.$`).MatchString(first) {
			t.Errorf("the answer starts %q", first)
		}
		all := p.text("hint")
		if !strings.Contains(all, "upper bound") || !strings.Contains(all, "every card would be known from now on") {
			t.Errorf("no caveat in %q", all)
		}
		if p.eval(`String(!!document.querySelector('#hint details') && !document.querySelector('#hint details').open && document.querySelector('#hint details').textContent.includes('Wilson'))`) != "true" {
			t.Errorf("the interval is not behind a closed details toggle: %q", all)
		}
		p.noBadWords("Can I still win?")
	})

	t.Run("hopeless", func(t *testing.T) {
		p.t = t
		// A pasted position with 21 face-down cards and no legal move:
		// none of the ways the hidden cards could lie wins, none ran out
		// of budget, and not every way was tried. The answer's counts
		// that are 0 are worded as 0.
		p.click("#paste-btn")
		p.do("pasting", chromedp.SetValue(chromedp.CSS("#paste-text"), hopeless), chromedp.Click(chromedp.CSS(`#paste button[type="submit"]`)))
		p.waitFor("the position", `document.getElementById('title').textContent === 'Russian Cell, a position'`, time.Minute)
		p.do("fewer samples", chromedp.SetValue(chromedp.CSS("#samples"), "50"))
		for _, c := range []struct{ btn, says string }{
			{"#canwin-btn", "None of the 50 ways the hidden cards could lie that were tried can be won."},
			{"#hint-btn", "There is no legal move"},
		} {
			p.eval(`document.getElementById('hint').textContent = '', ''`)
			p.click(c.btn)
			p.waitFor("the answer", `!document.body.dataset.busy && document.getElementById('hint').textContent !== ''`, 2*time.Minute)
			if got := p.text("hint"); !strings.Contains(got, c.says) {
				t.Errorf("%s: the page says %q, want %q in it", c.btn, got, c.says)
			}
			p.noBadWords("a hopeless " + c.btn)
		}
	})

	t.Run("phone", func(t *testing.T) {
		p.t = t
		p.do("a phone's screen", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 3, Mobile: true})
			return err
		}))
		defer p.do("the desktop again", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.ClearDeviceMetricsOverride, struct{}{})
			return err
		}))
		open("russian-cell/617")
		p.click("#solve-btn")
		p.waitFor("the verdict", `!document.body.dataset.busy && document.getElementById('verdict').textContent.startsWith('Solvable')`, 2*time.Minute)
		p.noBadWords("the solution")
		if w := p.eval(`String(window.innerWidth) + 'x' + String(window.innerHeight) + ' scrolled ' + String(window.scrollY)`); w != "390x844 scrolled 0" {
			t.Fatalf("the window is %s", w)
		}
		for _, sel := range []string{"#board", `[data-pile="t7"] .card:last-child`, "#verdict .head", "#solve-btn", "#hint-btn", "#undo-btn",
			"#first-btn", "#prev-btn", "#play-btn", "#next-btn", "#last-btn"} {
			r := p.rect(sel)
			if r.Left < 0 || r.Top < 0 || r.Right > 390 || r.Bottom > 844 || r.Width == 0 {
				t.Errorf("%s lies at %+v, not within 390 x 844", sel, r)
			}
		}
		// Tens read 10 in the move list, as on the cards.
		if got := p.eval(`(() => { const m = [...document.querySelectorAll('#moves .mv')].map((e) => e.textContent); return m.some((s) => s.startsWith('10')) + ' ' + m.some((s) => /^T/.test(s)); })()`); got != "true false" {
			t.Errorf("tens in the move list (some 10, some T): %s", got)
		}
		if w := p.eval(`String(document.documentElement.scrollWidth)`); w != "390" {
			t.Errorf("the page is %s px wide", w)
		}
		// The tap target of every face-up card that another covers: the
		// strip of it left in view.
		strips := p.eval(`JSON.stringify([...document.querySelectorAll('.stack')].flatMap((s) => {
		  const cs = [...s.children];
		  return cs.slice(0, -1).filter((c) => !c.dataset.down).map((c, i) => [c.dataset.card, cs[cs.indexOf(c) + 1].getBoundingClientRect().top - c.getBoundingClientRect().top]);
		}))`)
		var got [][2]any
		if err := json.Unmarshal([]byte(strips), &got); err != nil {
			t.Fatal(err)
		}
		if len(got) < 20 {
			t.Fatalf("only %d overlapped face-up cards: %s", len(got), strips)
		}
		for _, c := range got {
			if h, _ := c[1].(float64); h < 24 {
				t.Errorf("%v shows a strip of %.1f px, under 24", c[0], h)
			}
		}

		// A step slides the cards (Element.animate, counted), except
		// with prefers-reduced-motion.
		p.eval(`window.__anims = 0, ((a) => { Element.prototype.animate = function (...x) { window.__anims++; return a.apply(this, x); }; })(Element.prototype.animate), ''`)
		p.click("#next-btn")
		p.waitFor("a slide", `window.__anims > 0 && document.getElementById('step').textContent.startsWith('1 /')`, time.Minute)
		reduced := func(on bool) chromedp.Action[chromedp.Void] {
			v := ""
			if on {
				v = "reduce"
			}
			return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: v}}})
				return err
			})
		}
		p.do("reduced motion", reduced(true))
		defer p.do("motion again", reduced(false))
		p.eval(`window.__anims = 0, ''`)
		p.click("#next-btn")
		p.waitFor("the step", `document.getElementById('step').textContent.startsWith('2 /')`, time.Minute)
		if n := p.eval(`String(window.__anims)`); n != "0" {
			t.Errorf("with reduced motion, %s animations", n)
		}
	})
	p.t = t
	p.noCSP()
}
