package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserKeysAndAnnouncements checks the focus and the live region by
// keyboard: the deal field does not take the focus on load; Escape closes
// Paste; a control that disables or hides itself once used (Restart, ⇤
// ←, → ⇥, Give up) hands the focus on rather than drop it on the page's
// body; the live region shows each text long enough to be read before
// the next replaces it, says nothing stale after an undo, and says a new
// deal.
func TestBrowserKeysAndAnnouncements(t *testing.T) {
	t0 := time.Now()
	p := openPage(t, "russian-cell/617")
	t.Logf("the page opened in %v", time.Since(t0).Round(time.Millisecond))
	p.focusOn("on load", `a !== document.getElementById('number')`, "the deal field")
	p.waitLive("on load", func(s string) bool { return strings.HasPrefix(s, "New game: Russian Cell, deal 617") })

	// Paste opens on its field; Escape closes it, back to its button.
	p.click("#paste-btn")
	p.focusOn("Paste open", `a.id === 'paste-text'`, "its field")
	p.do("Escape in Paste", chromedp.KeyEvent(kb.Escape))
	if got := p.eval(`String(document.getElementById('paste').hidden) + ' ' + document.getElementById('paste-btn').getAttribute('aria-expanded')`); got != "true false" {
		t.Errorf("after Escape, Paste is hidden and expanded: %s", got)
	}
	p.focusOn("after Escape in Paste", `a.id === 'paste-btn'`, "the Paste button")

	// A move by hand, and its check (Can I still win?), undone while the
	// check runs (Ctrl+Z as the check starts): the check's answer, for a
	// position no longer on screen, is neither shown nor said.
	p.eval(`document.getElementById('auto-check').checked || document.getElementById('auto-check').click(), ''`)
	p.eval(`new MutationObserver((_, o) => { if (/Can I still win/.test(document.getElementById('status-text').textContent)) { o.disconnect(); window.__undoneAt = performance.now(); document.dispatchEvent(new KeyboardEvent('keydown', {key: 'z', ctrlKey: true, bubbles: true})); } }).observe(document.getElementById('status-text'), {childList: true, characterData: true, subtree: true}), ''`)
	p.recordLive()
	p.eval(`document.querySelector('.card[data-card="JH"]').click(), ''`)
	p.waitFor("the selection of JH", `!!document.querySelector('#board .target')`, time.Minute)
	p.eval(`document.querySelector('[data-pile="t3"] .place').click(), ''`)
	p.waitFor("the check undone", `!!window.__undoneAt && document.getElementById('step').textContent === '0 / 1'`, time.Minute)
	p.waitFor("the check's end", `!document.body.dataset.busy`, 4*time.Minute)
	p.waitLive("the undo", func(s string) bool { return s == "Undone. The start of the game." })
	time.Sleep(1500 * time.Millisecond) // longer than the region holds a text
	t.Logf("the move undone while checked, at %v", time.Since(t0).Round(time.Millisecond))
	if h := p.text("hint"); h != "" {
		t.Errorf("after the undo, the check of the move undone shows: %q", h)
	}
	s := p.liveSaid()
	var texts []string
	for i, x := range s {
		texts = append(texts, x.Text)
		if i > 0 && x.At-s[i-1].At < 900 {
			t.Errorf("the live region said %q %.0f ms after %q, before it could be read", x.Text, x.At-s[i-1].At, s[i-1].Text)
		}
	}
	if len(s) < 2 || !strings.HasPrefix(s[len(s)-2].Text, "Move 1: ") || s[len(s)-1].Text != "Undone. The start of the game." {
		t.Errorf("the move and its undo were said as %q", texts)
	}

	// The step buttons by keyboard: each, once it disables itself, hands
	// the focus to the one that goes the other way.
	steps := []struct{ btn, step, then string }{
		{"next-btn", "1 / 1", "prev-btn"},
		{"prev-btn", "0 / 1", "next-btn"},
		{"last-btn", "1 / 1", "prev-btn"},
		{"first-btn", "0 / 1", "next-btn"},
		{"last-btn", "1 / 1", "prev-btn"},
		{"restart-btn", "0 / 1", "next-btn"},
		{"last-btn", "1 / 1", "prev-btn"},
	}
	for _, st := range steps {
		p.do("Enter on "+st.btn, chromedp.Focus(chromedp.CSS("#"+st.btn)), chromedp.KeyEvent("\r"))
		p.waitFor("step "+st.step, fmt.Sprintf(`document.getElementById('step').textContent === %q`, st.step), time.Minute)
		p.focusOn("after "+st.btn, fmt.Sprintf(`a.id === %q`, st.then), st.then)
	}
	// Give up hides itself: the focus goes to what the page offers then.
	p.do("Enter on Give up", chromedp.Focus(chromedp.CSS("#giveup-btn")), chromedp.KeyEvent("\r"))
	p.waitFor("the game given up", `!document.getElementById('prompt').hidden && document.getElementById('giveup-btn').hidden`, time.Minute)
	p.focusOn("after Give up", `a === document.querySelector('#prompt-actions button')`, "the prompt's first button")

	// A new deal is said.
	p.do("deal 618", chromedp.SetValue(chromedp.CSS("#number"), "618"), chromedp.Click(chromedp.CSS("#deal-btn")))
	p.waitFor("deal 618", `document.getElementById('title').textContent.startsWith('Russian Cell, deal 618')`, time.Minute)
	p.waitLive("deal 618", func(s string) bool { return strings.HasPrefix(s, "New game: Russian Cell, deal 618") })
}
