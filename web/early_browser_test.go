package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
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
	t.Cleanup(srv.Close)
	t.Cleanup(free)
	ctx, stop := browser.Start(context.Background(), path, t.TempDir(), 1280, 900)
	t.Cleanup(stop)
	p := &page{t: t, ctx: ctx, url: srv.URL + "/"}
	p.watchCSP()
	p.load(1, "russian-cell/617")
	p.waitFor("the first board", `document.getElementById('title').textContent === 'Russian Cell, deal 617' && document.querySelectorAll('[data-pile="t7"] .card').length === 11`, time.Minute)
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
