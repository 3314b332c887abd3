package web_test

// Tests of the page in a real browser: headless Chromium driven by
// chromedp, the page served by web.Handler, the command line built from
// ../cmd/patience to say what the page must show. They run under
// PATIENCE_LONG=1, and skip (saying so) only when no Chromium is installed.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/patience-solver/patience/internal/browser"
	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/internal/wording"
	"github.com/patience-solver/patience/rules"
)

// page is one browser tab on the page, served by its own server.
type page struct {
	t   *testing.T
	ctx context.Context
	url string
}

// openPage starts the server and the browser and opens the page at the
// URL fragment.
func openPage(t *testing.T, fragment string) *page {
	t.Helper()
	p := openGame(t)
	t.Cleanup(p.noCSP)
	if err := chromedp.Do(p.ctx, chromedp.Navigate(p.url+"#"+fragment)); err != nil {
		t.Fatalf("opening the page: %v", err)
	}
	p.waitIdle("the first board")
	return p
}

// do runs actions, failing the test on an error.
func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression that returns a string.
func (p *page) eval(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

func (p *page) text(id string) string {
	p.t.Helper()
	return p.eval(fmt.Sprintf(`document.getElementById(%q).textContent`, id))
}

// waitIdle waits until the page shows a board and runs no search.
func (p *page) waitIdle(what string) {
	p.t.Helper()
	p.waitFor(what, `!!document.querySelector('[data-pile="t1"]') && document.body.dataset.loaded === '1' && !document.body.dataset.busy`, 4*time.Minute)
}

func (p *page) waitFor(what, cond string, d time.Duration) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d+10*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		p.t.Fatalf("waiting for %s (%s): %v; the page shows %q at step %q, message %q, address %s", what, cond, err,
			p.text("title"), p.text("step"), p.text("message"), p.eval(`location.hash`))
	}
}

// click clicks the element the CSS selector names.
func (p *page) click(sel string) {
	p.t.Helper()
	p.do("clicking "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// badWordsRE finds what a page that formats a missing or broken number
// writes: "undefined", "NaN", "null".
var badWordsRE = regexp.MustCompile(`\b(undefined|NaN|null)\b`)

// noBadWords fails the test if the text the page shows (what is rendered,
// not what is hidden) says "undefined", "NaN" or "null".
func (p *page) noBadWords(what string) {
	p.t.Helper()
	text := p.eval(`document.body.innerText`)
	if m := badWordsRE.FindStringIndex(text); m != nil {
		p.t.Errorf("%s: the page shows %q: …%s…", what, text[m[0]:m[1]], text[max(0, m[0]-120):min(len(text), m[1]+60)])
	}
}

// boardJS reads the board drawn on the page back into the position JSON's
// shape: the piles, face-down cards included, the cells, the foundations.
const boardJS = `JSON.stringify((() => {
  const b = document.getElementById('board');
  const pile = (el) => { const down = [], up = []; for (const c of el.querySelectorAll('.card')) (c.dataset.down ? down : up).push(c.dataset.card || '??'); return {down, up}; };
  return {
    tableau: [...b.querySelectorAll('[data-pile]')].map(pile),
    cells: [...b.querySelectorAll('[data-cell]')].map((c) => { const k = c.querySelector('.card'); return k ? k.dataset.card : null; }),
    foundations: Object.fromEntries([...b.querySelectorAll('[data-foundation]')].map((f) => [f.dataset.foundation, Number(f.dataset.height)])),
  };
})())`

// board is the part of a position JSON that the page draws.
type board struct {
	Tableau     []rules.PileDoc `json:"tableau"`
	Cells       []*string       `json:"cells"`
	Foundations map[string]int  `json:"foundations"`
}

func (b board) cards() int {
	n := 0
	for _, p := range b.Tableau {
		n += len(p.Down) + len(p.Up)
	}
	for _, c := range b.Cells {
		if c != nil {
			n++
		}
	}
	for _, h := range b.Foundations {
		n += h
	}
	return n
}

func (p *page) board() board {
	p.t.Helper()
	var b board
	if err := json.Unmarshal([]byte(p.eval(boardJS)), &b); err != nil {
		p.t.Fatalf("reading the board: %v", err)
	}
	return b
}

func boardOf(t *testing.T, js []byte) board {
	t.Helper()
	var b board
	if err := json.Unmarshal(js, &b); err != nil {
		t.Fatalf("reading %s: %v", js, err)
	}
	for i := range b.Tableau { // "down": [] and a missing one are the same
		if b.Tableau[i].Down == nil {
			b.Tableau[i].Down = []string{}
		}
	}
	return b
}

// sameBoard fails unless the page's board is want, card by card, with all
// 52 cards there.
func (p *page) sameBoard(what string, want board) {
	p.t.Helper()
	got := p.board()
	if hidden(got) {
		// The page holds no face-down card: it draws them unknown ("??").
		want = masked(want)
	}
	if got.cards() != 52 || want.cards() != 52 {
		p.t.Fatalf("%s: %d cards on the page, %d wanted, not 52", what, got.cards(), want.cards())
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		p.t.Fatalf("%s: the page shows\n%s\nwant\n%s", what, g, w)
	}
}

// hidden says the board has unknown face-down cards, as the page draws
// them until the player asks to see them.
func hidden(b board) bool {
	for _, p := range b.Tableau {
		if slices.Contains(p.Down, "??") {
			return true
		}
	}
	return false
}

// masked is b with its face-down cards unknown.
func masked(b board) board {
	m := b
	m.Tableau = make([]rules.PileDoc, len(b.Tableau))
	for i, p := range b.Tableau {
		down := make([]string, len(p.Down))
		for j := range down {
			down[j] = "??"
		}
		m.Tableau[i] = rules.PileDoc{Down: down, Up: p.Up}
	}
	return m
}

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
)

// cli runs the command line (built once from ../cmd/patience) and returns
// its standard output and standard error.
func cli(t *testing.T, args ...string) (string, string) {
	t.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "patience-cli-")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "patience")
		out, err := exec.Command("go", "build", "-o", cliPath, "../cmd/patience").CombinedOutput()
		if err != nil {
			cliErr = fmt.Errorf("building the command line: %v\n%s", err, out)
		}
	})
	if cliErr != nil {
		t.Fatal(cliErr)
	}
	var out, errb bytes.Buffer
	cmd := exec.Command(cliPath, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Run() // the exit code is the caller's to judge, from the output
	return out.String(), errb.String()
}

// verdictLine is the "Verdict: ..." line of solve's text output.
func verdictLine(t *testing.T, out string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Verdict: ") {
			return l
		}
	}
	t.Fatalf("no verdict in\n%s", out)
	return ""
}

// solution is the CLI's solution JSON: the moves.
func solution(t *testing.T, game, number string) []rules.Move {
	t.Helper()
	out, _ := cli(t, "solve", game, number, "--workers", "1", "--format", "json")
	sol, err := rules.ReadSolution(strings.NewReader(out))
	if err != nil {
		t.Fatalf("reading the CLI's solution: %v", err)
	}
	return sol.Moves
}

func dealBoard(t *testing.T, game, number string) board {
	t.Helper()
	out, _ := cli(t, "deal", game, number, "--format", "json")
	return boardOf(t, []byte(out))
}

// boardAfter is the board after the first n moves from the deal.
func boardAfter(t *testing.T, game, number string, moves []rules.Move) board {
	t.Helper()
	out, _ := cli(t, "deal", game, number, "--format", "json")
	start, _, err := rules.ReadPosition(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	end, err := rules.Replay(start, rules.DefaultOptions(), moves)
	if err != nil {
		t.Fatal(err)
	}
	return boardOf(t, rules.MarshalPosition(end, ""))
}

func TestBrowserBoardIsTheDeal(t *testing.T) {
	p := openPage(t, "russian-cell/617")
	p.sameBoard("Russian Cell 617", dealBoard(t, "russian-cell", "617"))
	if got := p.text("title"); got != "Russian Cell, deal 617" {
		t.Errorf("title %q", got)
	}
	// Face-down cards are drawn as backs until the switch shows them.
	if n := p.eval(`String(document.querySelectorAll('.card[data-down]').length)`); n != "21" {
		t.Errorf("%s face-down cards drawn, want 21", n)
	}
	if v := p.eval(`getComputedStyle(document.querySelector('.card[data-down] .face')).visibility`); v != "hidden" {
		t.Errorf("a face-down card's face is %s, want hidden", v)
	}
	// The page holds no face-down card until the player asks: they are
	// drawn unknown.
	if !hidden(p.board()) {
		t.Errorf("the page holds the face-down cards before the player asks to see them")
	}
	p.click("#show-down")
	p.waitFor("the face-down cards", `!document.querySelector('.card[data-down]:not([data-card])')`, time.Minute)
	if v := p.eval(`getComputedStyle(document.querySelector('.card[data-down] .face')).visibility`); v != "visible" {
		t.Errorf("with the switch on, a face-down card's face is %s, want visible", v)
	}
	p.sameBoard("the face-down cards shown", dealBoard(t, "russian-cell", "617"))
}

func TestBrowserSolveAndStep(t *testing.T) {
	p := openPage(t, "ripple-fan/1")
	want, _ := cli(t, "solve", "russian-cell", "617", "--workers", "1")
	p.do("typing 617",
		chromedp.SetValue(chromedp.CSS("#game"), "russian-cell"),
		chromedp.SetValue(chromedp.CSS("#number"), "617"),
		chromedp.Click(chromedp.CSS("#deal-btn")))
	p.waitFor("deal 617", `document.getElementById('title').textContent === 'Russian Cell, deal 617'`, time.Minute)
	start := dealBoard(t, "russian-cell", "617")
	p.sameBoard("after Deal", start)
	p.click("#solve-btn")
	p.waitFor("the verdict", `!document.body.dataset.busy && document.getElementById('verdict').textContent !== ''`, 2*time.Minute)
	v := p.text("verdict")
	if !strings.Contains(v, verdictLine(t, want)) || !strings.HasPrefix(v, "Solvable") {
		t.Fatalf("verdict %q, want the CLI's %q", v, verdictLine(t, want))
	}
	n := len(solution(t, "russian-cell", "617"))
	if got := p.text("step"); got != fmt.Sprintf("0 / %d", n) {
		t.Errorf("step %q, want 0 / %d", got, n)
	}
	if got := p.eval(`String(document.querySelectorAll('#moves li').length)`); got != fmt.Sprint(n) {
		t.Errorf("%s moves listed, want %d", got, n)
	}
	t.Logf("Russian Cell 617 in the browser: %s", p.eval(`[...document.querySelectorAll('#verdict p')].map(p => p.textContent).filter(s => s.startsWith('Searched')).join('')`))

	p.click("#next-btn")
	p.click("#next-btn")
	if got := p.text("step"); got != fmt.Sprintf("2 / %d", n) {
		t.Errorf("after two steps: %q", got)
	}
	if cur := p.eval(`document.querySelector('#moves li[aria-current]').querySelector('[data-step]').dataset.step`); cur != "2" {
		t.Errorf("the move list marks move %s, want 2", cur)
	}
	p.do("End", chromedp.KeyEvent(kb.End))
	if got := p.text("step"); got != fmt.Sprintf("%d / %d", n, n) {
		t.Errorf("after End: %q", got)
	}
	end := p.board()
	if end.cards() != 52 || len(end.Foundations) != 4 {
		t.Fatalf("the last board holds %d cards", end.cards())
	}
	for s, h := range end.Foundations {
		if h != 13 {
			t.Errorf("foundation %s at %d after the last move, want 13", s, h)
		}
	}
	if !strings.HasSuffix(p.text("title"), "won!") {
		t.Errorf("title %q does not say won", p.text("title"))
	}
	p.do("Home", chromedp.KeyEvent(kb.Home))
	p.sameBoard("back at the start", start)
	// A click in the move list jumps there.
	p.click(`#moves button[data-step="30"]`)
	p.sameBoard("at move 30", boardAfter(t, "russian-cell", "617", solution(t, "russian-cell", "617")[:30]))
	if !strings.Contains(p.eval(`location.hash`), "/step/30") {
		t.Errorf("the URL %s does not say step 30", p.eval(`location.hash`))
	}
}

func TestBrowserVerdicts(t *testing.T) {
	p := openPage(t, "ripple-fan/2217")
	for _, c := range []struct{ game, number, head string }{
		{"ripple-fan", "2217", "Solvable"},
		{"russian-cell", "385", "Unsolvable"},
	} {
		out, _ := cli(t, "solve", c.game, c.number, "--workers", "1")
		p.do("typing "+c.number,
			chromedp.SetValue(chromedp.CSS("#game"), c.game),
			chromedp.SetValue(chromedp.CSS("#number"), c.number),
			chromedp.Click(chromedp.CSS("#deal-btn")))
		p.waitFor("deal "+c.number, fmt.Sprintf(`document.getElementById('title').textContent.endsWith('deal %s')`, c.number), time.Minute)
		p.click("#solve-btn")
		p.waitFor("the verdict", `!document.body.dataset.busy && document.getElementById('verdict').textContent !== ''`, 4*time.Minute)
		v := p.text("verdict")
		if !strings.HasPrefix(v, c.head) || !strings.Contains(v, verdictLine(t, out)) {
			t.Errorf("%s %s: verdict %q, want %s and the CLI's %q", c.game, c.number, v, c.head, verdictLine(t, out))
		}
		t.Logf("%s %s in the browser: %s", c.game, c.number, p.eval(`[...document.querySelectorAll('#verdict p')].map(p => p.textContent).filter(s => s.startsWith('Searched')).join('')`))
	}
}

func TestBrowserHandMovesAndHints(t *testing.T) {
	p := openPage(t, "russian-cell/617")
	deal, _ := cli(t, "deal", "russian-cell", "617", "--format", "json")
	start, _, err := rules.ReadPosition(strings.NewReader(deal))
	if err != nil {
		t.Fatal(err)
	}
	o := rules.DefaultOptions()
	p.do("fewer samples", chromedp.SetValue(chromedp.CSS("#samples"), "50"))

	// An illegal move: 8D (t2) onto 6C (t1).
	bad := rules.MustMove("8D t2>t1")
	why := rules.Check(start, o, bad)
	if why == nil {
		t.Fatal("8D t2>t1 is legal")
	}
	// 8D lies under other cards: its middle, where a mouse click lands,
	// is covered, so the click is sent to it directly.
	p.eval(`document.querySelector('.card[data-card="8D"]').click(), ''`)
	p.click(`[data-pile="t1"]`)
	p.waitFor("the refusal", `document.getElementById('message').textContent !== ''`, time.Minute)
	if got, want := p.text("message"), "8♦ cannot go on 6♣, only on 9♦"; got != want {
		t.Errorf("refusal %q, want %q", got, want)
	}
	p.sameBoard("after a refused move", boardOf(t, []byte(deal)))

	// A legal move: JH (t2) onto QH (t3), by keyboard: Enter on the card,
	// Enter on the column.
	good := rules.MustMove("JH t2>t3")
	if err := rules.Check(start, o, good); err != nil {
		t.Fatal(err)
	}
	p.do("focusing JH", chromedp.Focus(chromedp.CSS(`.card[data-card="JH"]`)), chromedp.KeyEvent("\r"))
	p.do("focusing t3", chromedp.Focus(chromedp.CSS(`[data-pile="t3"] .place`)), chromedp.KeyEvent("\r"))
	p.waitFor("the move", `document.getElementById('step').textContent === '1 / 1'`, time.Minute)
	after := start.Clone()
	after.Apply(good)
	p.sameBoard("after JH t2>t3", boardOf(t, rules.MarshalPosition(after, "")))
	if !strings.Contains(p.eval(`location.hash`), "/moves/JH.t2.t3") {
		t.Errorf("the URL %s does not hold the hand move", p.eval(`location.hash`))
	}

	// Can I still win? runs by itself after a hand move; Hint then gives a
	// move the referee accepts, first with the face-down cards hidden (the
	// player's view), then shown (exact).
	for _, show := range []bool{false, true} {
		if show {
			p.click("#show-down")
		}
		p.click("#hint-btn")
		p.waitFor("the hint", `!document.body.dataset.busy && (document.getElementById('hint').dataset.move || '') !== ''`, 4*time.Minute)
		mv := p.eval(`document.getElementById('hint').dataset.move`)
		m, err := rules.ParseMove(mv)
		if err != nil {
			t.Fatalf("hint %q: %v", mv, err)
		}
		if err := rules.Check(after, o, m); err != nil {
			t.Errorf("hint %s (show %v) refused by the referee: %v", mv, show, err)
		}
		// Its button says the move in the page's words, as the list of
		// moves does: "Play J♥ onto Q♥", not the card codes.
		words, _, _ := strings.Cut(wording.Describe(after, m, true), ";")
		if got, want := p.text("play-hint"), "Play "+tens(words); got != want {
			t.Errorf("hint %s (show %v): the button says %q, want %q", mv, show, got, want)
		}
		exact := p.eval(`document.getElementById('hint').dataset.exact`) == "1"
		head := p.eval(`document.querySelector('#hint .head').textContent`)
		if exact != show || (show && !strings.Contains(head, "exact")) || (!show && !strings.Contains(head, "player's view")) {
			t.Errorf("show %v: hint says %q (exact %v)", show, head, exact)
		}
		p.noBadWords(fmt.Sprintf("the hint (show %v)", show))
	}
	// ← on a focused button (Hint) does nothing: a page-wide key there
	// would act by surprise. Ctrl+Z undoes, back to the deal, and says
	// so; redo plays the move again.
	p.do("← on the Hint button", chromedp.KeyEvent(kb.ArrowLeft))
	p.sameBoard("after ← on the Hint button", boardOf(t, rules.MarshalPosition(after, "")))
	p.do("undo", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.sameBoard("after undo", boardOf(t, []byte(deal)))
	p.waitLive("the undo", func(live string) bool { return live == "Undone. The start of the game." })
	p.click("#next-btn")
	p.sameBoard("after redo", boardOf(t, rules.MarshalPosition(after, "")))
}

func TestBrowserURLRestores(t *testing.T) {
	p := openPage(t, "russian-cell/617/step/12")
	moves := solution(t, "russian-cell", "617")
	want := boardAfter(t, "russian-cell", "617", moves[:12])
	check := func(when string) {
		t.Helper()
		if got := p.text("step"); got != fmt.Sprintf("12 / %d", len(moves)) {
			t.Errorf("%s: step %q", when, got)
		}
		p.sameBoard(when, want)
		if g := p.eval(`document.getElementById('game').value`); g != "russian-cell" {
			t.Errorf("%s: game %s", when, g)
		}
		if n := p.eval(`document.getElementById('number').value`); n != "617" {
			t.Errorf("%s: deal %s", when, n)
		}
	}
	check("opened at step 12")
	p.do("reload", chromedp.Reload())
	p.waitIdle("the board after reload")
	p.waitFor("the solution after reload", `document.getElementById('step').textContent.startsWith('12 /')`, time.Minute)
	check("after reload")

	// A hand move and a step in the URL.
	// A link followed on the page: the address changes, the page does not
	// load again.
	p.eval(`location.hash = '#ripple-fan/2217', ''`)
	p.waitFor("the other deal", `document.getElementById('title').textContent === 'Ripple Fan, deal 2217'`, time.Minute)
	p.eval(`location.hash = '#russian-cell/617/moves/JH.t2.t3', ''`)
	p.waitFor("the hand move", `document.getElementById('step').textContent === '1 / 1'`, time.Minute)
	p.sameBoard("with a hand move in the URL", boardAfter(t, "russian-cell", "617", []rules.Move{rules.MustMove("JH t2>t3")}))
}

func TestBrowserBadNumber(t *testing.T) {
	p := openPage(t, "russian-cell/617")
	for _, num := range []string{"abc", "0", "ms99999999999"} {
		_, stderr := cli(t, "deal", "russian-cell", num)
		want := strings.TrimPrefix(strings.TrimSpace(stderr), "patience: ")
		if want == "" || strings.Contains(want, "\n") {
			t.Fatalf("the CLI says %q for %s", stderr, num)
		}
		p.do("typing "+num,
			chromedp.SetValue(chromedp.CSS("#number"), num),
			chromedp.Click(chromedp.CSS("#deal-btn")))
		p.waitFor("the message", `document.getElementById('message').textContent !== ''`, time.Minute)
		if got := p.text("message"); got != cardWords(want) {
			t.Errorf("deal %q: the page says %q, the CLI %q", num, got, want)
		}
		p.sameBoard("the board stays", dealBoard(t, "russian-cell", "617"))
	}
}

func TestBrowserCancel(t *testing.T) {
	p := openPage(t, "russian-cell/617")
	// The player's view over 1000 arrangements takes long in a browser.
	p.do("a long search", chromedp.SetValue(chromedp.CSS("#samples"), "1000"))
	p.click("#hint-btn")
	p.waitFor("the search to start", `document.body.dataset.busy === '1' && !document.getElementById('cancel-btn').hidden`, 10*time.Second)
	p.do("wait", chromedp.Sleep(500*time.Millisecond))
	if p.eval(`document.body.dataset.busy || ''`) != "1" {
		t.Skip("the search ended before Cancel: this browser is too fast for this test")
	}
	t0 := time.Now()
	p.click("#cancel-btn")
	p.waitFor("the cancel", `!document.body.dataset.busy && document.getElementById('status-text').textContent === 'Cancelled.'`, 5*time.Second)
	t.Logf("cancelled in %v", time.Since(t0))
	// Cancel hides itself: the focus goes to the board.
	p.focusOn("after Cancel", `!!a.closest('#board')`, "the board")
	// The page answers at once: step keys, and a new deal and solve on the
	// new worker.
	p.do("typing 2217",
		chromedp.SetValue(chromedp.CSS("#game"), "ripple-fan"),
		chromedp.SetValue(chromedp.CSS("#number"), "2217"),
		chromedp.Click(chromedp.CSS("#deal-btn")))
	p.waitFor("deal 2217", `document.getElementById('title').textContent === 'Ripple Fan, deal 2217'`, 10*time.Second)
	p.click("#solve-btn")
	p.waitFor("the verdict", `!document.body.dataset.busy && document.getElementById('verdict').textContent.startsWith('Solvable')`, time.Minute)
}

func TestBrowserPastedPosition(t *testing.T) {
	p := openPage(t, "russian-cell/617")
	all := solution(t, "russian-cell", "617")
	moves := all[:20]
	deal, _ := cli(t, "deal", "russian-cell", "617", "--format", "json")
	start, _, err := rules.ReadPosition(strings.NewReader(deal))
	if err != nil {
		t.Fatal(err)
	}
	mid, err := rules.Replay(start, rules.DefaultOptions(), moves)
	if err != nil {
		t.Fatal(err)
	}
	// The text board, as patience deal --position prints it.
	text := rules.FormatBoard(mid, "", rules.BoardStyle{})
	p.click("#paste-btn")
	p.do("pasting", chromedp.SetValue(chromedp.CSS("#paste-text"), text), chromedp.Click(chromedp.CSS(`#paste button[type="submit"]`)))
	p.waitFor("the position", `document.getElementById('title').textContent === 'Russian Cell, a position'`, time.Minute)
	want := boardOf(t, rules.MarshalPosition(mid, ""))
	p.sameBoard("the pasted position", want)
	if h := p.eval(`location.hash`); !strings.HasPrefix(h, "#russian-cell/p/") {
		t.Errorf("URL %s does not carry the position", h)
	}
	p.do("reload", chromedp.Reload())
	p.waitFor("the position after reload", `document.getElementById('title').textContent === 'Russian Cell, a position'`, time.Minute)
	p.sameBoard("the pasted position after reload", want)

	// A position already won is won on screen, by the worker's word on
	// it (the page counts no foundations of its own); one not won is not.
	won, err := rules.Replay(start, rules.DefaultOptions(), all)
	if err != nil {
		t.Fatal(err)
	}
	p.click("#paste-btn")
	p.do("pasting", chromedp.SetValue(chromedp.CSS("#paste-text"), rules.FormatBoard(won, "", rules.BoardStyle{})), chromedp.Click(chromedp.CSS(`#paste button[type="submit"]`)))
	p.waitFor("the won position", `document.getElementById('title').textContent === 'Russian Cell, a position — won!' && document.getElementById('board').classList.contains('won')`, time.Minute)

	// A bad paste gets the reader's message.
	_, _, bad := rules.ReadPosition(strings.NewReader(`{"game":"russian-cell"}`))
	p.click("#paste-btn")
	p.do("pasting", chromedp.SetValue(chromedp.CSS("#paste-text"), `{"game":"russian-cell"}`), chromedp.Click(chromedp.CSS(`#paste button[type="submit"]`)))
	p.waitFor("the message", `document.getElementById('message').textContent !== ''`, time.Minute)
	if got := p.text("message"); bad == nil || got != cardWords(bad.Error()) {
		t.Errorf("bad paste: the page says %q, want %v", got, bad)
	}
}

// TestBrowserStaticFolder serves the folder that patience web --out
// writes with a plain static file server (no CSP, no code of the page's
// own) and solves 617 there.
func TestBrowserStaticFolder(t *testing.T) {
	longtest.Need(t)
	path, err := browser.Find()
	if err != nil {
		longtest.Missing(t, "browser test: "+err.Error())
	}
	dir := filepath.Join(t.TempDir(), "site")
	if out, _ := cli(t, "web", "--out", dir); !strings.Contains(out, "Wrote the web page") {
		t.Fatalf("web --out: %q", out)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	ctx, stop := browser.Start(context.Background(), path, t.TempDir(), 1280, 900)
	t.Cleanup(stop)
	p := &page{t: t, ctx: ctx, url: srv.URL + "/"}
	// The browser's first action: with no timeout, which would end the
	// browser with it.
	if err := chromedp.Do(ctx, chromedp.Navigate(p.url+"#russian-cell/617")); err != nil {
		t.Fatalf("opening the folder's page: %v", err)
	}
	p.waitIdle("the first board")
	p.sameBoard("617 from the folder", dealBoard(t, "russian-cell", "617"))
	p.click("#solve-btn")
	p.waitFor("the verdict", `!document.body.dataset.busy && document.getElementById('verdict').textContent.startsWith('Solvable')`, 2*time.Minute)
	out, _ := cli(t, "solve", "russian-cell", "617", "--workers", "1")
	if v := p.text("verdict"); !strings.Contains(v, verdictLine(t, out)) {
		t.Errorf("verdict %q, want the CLI's %q", v, verdictLine(t, out))
	}
}

// TestBrowserHintNeverLoops follows the page's Hint, pressing its "Play"
// button each time, on 3 deals for up to 40 moves each: the page sends its
// own moves with each Hint, so no position of the game may come twice.
func TestBrowserHintNeverLoops(t *testing.T) {
	start := time.Now()
	moves := 0
	for _, n := range []string{"5", "617", "20003"} {
		p := openPage(t, "russian-cell/"+n)
		// 20 arrangements a hint, to keep the test short: an option the
		// page does not offer, added here.
		p.eval(`(() => { const s = document.getElementById('samples'); s.add(new Option('20', '20')); s.value = '20'; return ''; })()`)
		// Neither the automatic check nor the automatic foundation moves:
		// each Hint's move is then one step.
		p.eval(`(() => { document.getElementById('auto-check').checked = false; document.getElementById('auto-moves').checked = false; return ''; })()`)
		seen := map[string]int{canonicalBoard(p.board()): 0}
		k := 0
		for ; k < 40; k++ {
			p.click("#hint-btn")
			p.waitFor("the hint", `!document.body.dataset.busy && document.querySelector('#hint .head') !== null`, 2*time.Minute)
			mv := p.eval(`document.getElementById('hint').dataset.move`)
			if mv == "" {
				break // no move advised
			}
			p.click("#play-hint")
			p.waitFor("the move", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d'`, k+1, k+1), time.Minute)
			b := canonicalBoard(p.board())
			if at, ok := seen[b]; ok {
				t.Fatalf("deal %s: move %d (%s) goes back to the position after move %d", n, k+1, mv, at)
			}
			seen[b] = k + 1
		}
		t.Logf("deal %s: %d moves", n, k)
		moves += k
	}
	t.Logf("%d moves on 3 deals in %v", moves, time.Since(start).Round(time.Second))
	// 55 moves when written; a Hint that never advised would check nothing.
	if moves < 30 {
		t.Fatalf("%d moves followed on 3 deals: too few for the test to mean anything", moves)
	}
}

// canonicalBoard writes b the same for boards that differ only in the
// order of the cells or of the piles: one position for play.
func canonicalBoard(b board) string {
	var piles, cells []string
	for _, pl := range b.Tableau {
		piles = append(piles, strings.Join(pl.Down, ",")+"|"+strings.Join(pl.Up, ","))
	}
	for _, c := range b.Cells {
		if c != nil {
			cells = append(cells, *c)
		} else {
			cells = append(cells, "-")
		}
	}
	slices.Sort(piles)
	slices.Sort(cells)
	return fmt.Sprint(piles, cells, b.Foundations)
}
