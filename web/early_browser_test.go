package web_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/patience-solver/patience/internal/browser"
	"github.com/patience-solver/patience/internal/longtest"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/web"
)

// TestBrowserFirstBoardBeforeTheSolver: with patience.wasm held back by
// the server, the page shows the deal the address names, dealt by deal.js
// in the game worker, with its face-down cards hidden; once the
// WebAssembly comes, the catalogue's word is added and the game is the
// same one.
func TestBrowserFirstBoardBeforeTheSolver(t *testing.T) {
	longtest.Need(t)
	path, err := browser.Find()
	if err != nil {
		longtest.Missing(t, "browser test: "+err.Error())
	}
	release := make(chan struct{})
	released := false
	free := func() {
		if !released {
			released = true
			close(release)
		}
	}
	h := web.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/patience.wasm" {
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	p := firstBoard(t, path, srv, free)
	if p.eval(`String(!!document.body.dataset.ready)`) != "false" {
		t.Fatal("the solver was ready: the test shows nothing about the first board")
	}
	start := testgames.Deal(rules.RussianCell, 617)
	if leak := named(p.eval(`document.documentElement.outerHTML + location.href`), downCards(start)); len(leak) > 0 {
		t.Errorf("the first board shows face-down cards: %v", leak)
	}
	for i, pl := range start.Tableau {
		top := pl.Up[len(pl.Up)-1].String()
		if p.eval(`String(!!document.querySelector('.card[data-card="`+top+`"]'))`) != "true" {
			t.Errorf("t%d: the face-up %s is not on the first board", i+1, top)
		}
	}
	free()
	p.waitFor("the solver", `document.body.dataset.ready === '1' && !document.body.dataset.busy`, 2*time.Minute)
	p.waitFor("the catalogue's word", `/Winnable|Cannot be won/i.test(document.body.textContent)`, time.Minute)
	if got := p.text("title"); !strings.HasPrefix(got, "Russian Cell, deal 617") {
		t.Errorf("after the solver came, the title is %q", got)
	}
	p.noCSP()
}

// TestBrowserSolverLoading: with patience.wasm coming slowly (a third of
// it, then the rest once the test lets it), a card dragged on the first
// board goes back to its place, and the page says that the solver is
// loading, how far it has come, and that the move will be checked once it
// has loaded; Hint says so in the status line, and Cancel then keeps it
// from being sent. A second move, made meanwhile, waits for the first.
// Once the solver runs, both are played, in turn, and checked.
func TestBrowserSolverLoading(t *testing.T) {
	longtest.Need(t)
	path, err := browser.Find()
	if err != nil {
		longtest.Missing(t, "browser test: "+err.Error())
	}
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	h := web.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/patience.wasm" {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		maps.Copy(w.Header(), rec.Header())
		w.WriteHeader(rec.Code)
		body := rec.Body.Bytes()
		third := len(body) / 3
		w.Write(body[:third])
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Write(body[third:])
	}))
	p := firstBoard(t, path, srv, free)
	start := testgames.Deal(rules.RussianCell, 617)
	var m rules.Move
	for _, c := range rules.LegalMoves(start, rules.Options{}, nil) {
		if c.From.Kind == rules.Tableau && c.To.Kind == rules.Tableau {
			m = c
			break
		}
	}
	if m.IsZero() {
		t.Fatal("deal 617 has no move from a column to a column")
	}
	// m2, a second move from another column, to a column or a cell,
	// legal both from the start and after m and its automatic moves.
	after := start.Clone()
	after.Apply(m)
	for _, a := range rules.SafeAutoMoves(after) {
		after.Apply(a)
	}
	var m2 rules.Move
	for _, c := range rules.LegalMoves(start, rules.Options{}, nil) {
		if c.From.Kind != rules.Tableau || c.To.Kind == rules.Foundation || c.Card == m.Card || c.From == m.From || c.From == m.To || c.To == m.From || c.To == m.To {
			continue
		}
		for _, d := range rules.LegalMoves(after, rules.Options{}, nil) {
			if d == c {
				m2 = c
			}
		}
		if !m2.IsZero() {
			break
		}
	}
	if m2.IsZero() {
		t.Fatalf("deal 617 has no second move from a column that %v leaves alone", m)
	}
	p.drag(m, false)
	p.waitFor("the word that the solver is loading", `/^The solver is loading \(\d+%\): your move will be checked when it has loaded\.$/.test(document.getElementById('message').textContent)`, 30*time.Second)
	if p.eval(`String(!!document.body.dataset.ready)`) != "false" {
		t.Fatal("the solver was ready: the test shows nothing about its loading")
	}
	if pct := p.eval(`document.getElementById('message').textContent.match(/\d+/)[0]`); pct == "100" {
		t.Errorf("with a third of patience.wasm sent, the page says %s%%", pct)
	}
	back := fmt.Sprintf(`!!document.querySelector('[data-pile="%s"] .card[data-card="%s"]') && [...document.querySelectorAll('#board .card')].every((c) => !c.style.transform)`, m.From, m.Card)
	if p.eval(`String(`+back+`)`) != "true" {
		t.Errorf("while the solver loads, the dragged %s is not back in %s", m.Card, m.From)
	}
	// A second move, made while the first waits for the solver, is
	// checked after the first, against the position that leaves.
	p.drag(m2, false)
	p.click("#hint-btn")
	p.waitFor("Hint's word that the solver is loading", `/^The solver is loading \(\d+%\), then Hint: searching…/.test(document.getElementById('status-text').textContent)`, 30*time.Second)
	// Cancel, while the solver loads: the hint is not sent, and the
	// searches work once it runs (the check after the move).
	p.click("#cancel-btn")
	free()
	p.waitFor("the solver", `document.body.dataset.ready === '1'`, 2*time.Minute)
	p.waitFor("the move, checked and played", fmt.Sprintf(`!!document.querySelector('[data-pile="%s"] .card[data-card="%s"]')`, m.To, m.Card), time.Minute)
	p.waitFor("the second move, checked and played after the first", fmt.Sprintf(`document.getElementById('step').textContent === '2 / 2' && !!document.querySelector('[data-pile="%s"] .card[data-card="%s"]') && !!document.querySelector('[data-%s="%s"] .card[data-card="%s"]')`, m.To, m.Card, map[bool]string{true: "cell", false: "pile"}[m2.To.Kind == rules.Cell], m2.To, m2.Card), time.Minute)
	if got := p.text("message"); strings.Contains(got, "loading") {
		t.Errorf("once the solver runs, the message is %q", got)
	}
	p.waitFor("the check after the move", `!document.body.dataset.busy && document.querySelector('#hint .head') !== null`, 4*time.Minute)
	if got := p.eval(`document.querySelector('#hint .head').textContent`); !strings.HasPrefix(got, "Can I still win?") {
		t.Errorf("after the move, the hint cancelled while the solver loaded says %q", got)
	}
	p.noCSP()
}

// TestBrowserNumberReadAs: a link whose deal number is written otherwise
// than the number read from it ("6 17", which PySolFC reads as 617) deals
// that deal and says which number it read, on the first board and on a
// link followed later, with moves; a link that writes the number as it is
// read says nothing.
func TestBrowserNumberReadAs(t *testing.T) {
	p := openGame(t)
	t.Cleanup(p.noCSP)
	const said = "“6 17” in the link is read as deal 617."
	p.load(1, "russian-cell/6%2017")
	p.waitFor("deal 617", `document.getElementById('title').textContent.startsWith('Russian Cell, deal 617')`, time.Minute)
	p.waitFor("the number read", `document.getElementById('message').textContent !== ''`, time.Minute)
	if got := p.text("message"); got != said {
		t.Errorf("the first board: the message is %q, want %q", got, said)
	}
	p.waitIdle("the solver")
	p.eval(`location.hash = '#ripple-fan/2217', ''`)
	p.waitFor("the other deal", `document.getElementById('title').textContent.startsWith('Ripple Fan, deal 2217')`, time.Minute)
	if got := p.text("message"); got != "" {
		t.Errorf("a link with the number as it is read: the message is %q", got)
	}
	p.eval(`location.hash = '#russian-cell/6%2017/moves/JH.t2.t3', ''`)
	p.waitFor("the hand move", `document.getElementById('step').textContent === '1 / 1'`, time.Minute)
	p.waitFor("the number read", `document.getElementById('message').textContent !== ''`, time.Minute)
	if got := p.text("message"); got != said {
		t.Errorf("a link followed: the message is %q, want %q", got, said)
	}
}

// firstBoard opens deal 617 in a browser (path) from srv, which holds
// patience.wasm back until free, and waits for the first board. srv is
// closed, free called and the browser stopped when the test ends.
func firstBoard(t *testing.T, path string, srv *httptest.Server, free func()) *page {
	t.Helper()
	t.Cleanup(srv.Close)
	t.Cleanup(free)
	ctx, stop := browser.Start(context.Background(), path, t.TempDir(), 1280, 900)
	t.Cleanup(stop)
	p := &page{t: t, ctx: ctx, url: srv.URL + "/"}
	p.watchCSP()
	p.load(1, "russian-cell/617")
	p.waitFor("the first board", `document.getElementById('title').textContent === 'Russian Cell, deal 617' && document.querySelectorAll('[data-pile="t7"] .card').length === 11`, time.Minute)
	return p
}
