package web_test

// Tests of the pace of what the page plays by itself (the Speed setting)
// and of the progress it shows while a search runs.

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// stepWatch records, from now on, each change of the step on screen
// ("4 / 12") with the time it came, in window.__steps.
const stepWatch = `(() => {
  window.__steps = [];
  const el = document.getElementById('step');
  new MutationObserver(() => window.__steps.push([performance.now(), el.textContent]))
    .observe(el, { childList: true, characterData: true, subtree: true });
  return '';
})()`

// lastHandMove is the index in sol, a win from start, of its last move
// that is not a safe automatic move of the position before it: the page
// plays the moves after it by itself.
func lastHandMove(t *testing.T, start *rules.Position, sol []rules.Move) int {
	t.Helper()
	q := start.Clone()
	last := -1
	for i, m := range sol {
		if !slices.Contains(rules.SafeAutoMoves(q), m) {
			last = i
		}
		q.Apply(m)
	}
	if last < 0 {
		t.Fatal("no move by hand in the solution")
	}
	return last
}

// wonDeal solves a Russian Cell deal and returns its start and its win.
func wonDeal(t *testing.T, number uint64) (*rules.Position, []rules.Move) {
	t.Helper()
	start := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(number))
	cfg := solver.DefaultConfig()
	cfg.Workers = 1
	res, err := solver.Solve(context.Background(), start, cfg)
	if err != nil || res.Verdict != solver.Solvable {
		t.Fatalf("deal %d: %v %v", number, res.Verdict, err)
	}
	return start, res.Moves
}

// playLast opens deal number's win but its last move by hand, and plays
// that move by clicks: the page then plays the automatic moves after it,
// to the win. before runs on the page once it is ready, before the move.
func (p *page) playLast(n int, number uint64, sol []rules.Move, last int, before string) {
	p.t.Helper()
	p.load(n, fmt.Sprintf("russian-cell/%d/moves/%s", number, moveLink(sol[:last])))
	p.waitFor("the game a move from its last cascade", fmt.Sprintf(`document.getElementById('step').textContent === '%d / %d' && document.body.dataset.loaded === '1' && !document.body.dataset.busy`, last, last), 2*time.Minute)
	p.eval(before)
	m := sol[last]
	p.eval(fmt.Sprintf(`document.querySelector('.card[data-card="%s"]').click(), ''`, m.Card))
	p.waitFor("the selection of "+m.String(), `!!document.querySelector('#board .card.selected') && !!document.querySelector('#board .target')`, time.Minute)
	p.eval(fmt.Sprintf(`document.querySelector(%q).click(), ''`, destSel(m.To)))
	p.waitFor("the won game", `document.getElementById('title').textContent.endsWith('won!')`, 2*time.Minute)
}

// TestBrowserSpeedPacesAutomaticMoves plays the last move by hand of deal
// 617's win, whose automatic moves (a long cascade to the foundations)
// the page then plays one by one, at two settings of Speed: the cascade
// takes several times longer at the slow one. The margins are wide (the
// steps are 442 ms against 20 ms, asked only 2 times apart): on a slow
// machine, drawing the board takes up to 100 ms a step.
func TestBrowserSpeedPacesAutomaticMoves(t *testing.T) {
	p := openGame(t)
	start, sol := wonDeal(t, 617)
	last := lastHandMove(t, start, sol)
	if steps := len(sol) - last - 1; steps < 6 {
		t.Fatalf("deal 617's last cascade has %d moves; the test wants a long one", steps)
	}
	// cascade plays it at speed and returns how long the automatic moves
	// took to come on screen, from the move by hand to the last, and how
	// many there were.
	cascade := func(n int, speed string) (time.Duration, int) {
		p.playLast(n, 617, sol, last, fmt.Sprintf(`document.getElementById('speed').value = %q, %s`, speed, stepWatch))
		var first, end float64
		autos := -1
		for _, s := range strings.Split(p.eval(`window.__steps.map(([t, s]) => t + '|' + s).join('\n')`), "\n") {
			at, text, _ := strings.Cut(s, "|")
			ms, _ := strconv.ParseFloat(at, 64)
			var k, of int
			if _, err := fmt.Sscanf(text, "%d / %d", &k, &of); err != nil {
				continue
			}
			if k == last+1 && first == 0 {
				first, autos = ms, of-k
			}
			if k == of && k > last+1 {
				end = ms
			}
		}
		if first == 0 || end == 0 || autos < 1 {
			t.Fatalf("speed %s: the steps seen do not go from the move by hand to the win: %q", speed, p.eval(`JSON.stringify(window.__steps)`))
		}
		return time.Duration((end - first) * float64(time.Millisecond)), autos
	}
	fast, n := cascade(1, "10")
	slow, _ := cascade(2, "1")
	t.Logf("%d automatic moves: %v at Speed 10, %v at Speed 1", n, fast, slow)
	if slow < 2*fast {
		t.Errorf("the %d automatic moves took %v at Speed 10 and %v at Speed 1: Speed does not pace them", n, fast, slow)
	}
	if slow < time.Duration(n)*300*time.Millisecond {
		t.Errorf("the %d automatic moves took %v at Speed 1: quicker than a step of 300 ms", n, slow)
	}
}

// statusWatch records, from now on, each text of the status line and of
// the live region (what a screen reader is told), in window.__status and
// window.__live, and whether the par line was on the page by then.
const statusWatch = `(() => {
  window.__status = [];
  window.__live = [];
  const watch = (id, into) => new MutationObserver(() => into.push([document.getElementById(id).textContent, !!document.getElementById('par')]))
    .observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
  watch('status-text', window.__status);
  watch('live', window.__live);
  return '';
})()`

// TestBrowserParShowsProgress wins deal 617 with its last move by hand:
// the page then searches for par, the shortest win, and its status line
// says how far the search has come while it runs, before the par line
// comes; the live region says none of it.
func TestBrowserParShowsProgress(t *testing.T) {
	p := openGame(t)
	start, sol := wonDeal(t, 617)
	last := lastHandMove(t, start, sol)
	p.playLast(1, 617, sol, last, `document.getElementById('speed').value = '10', `+statusWatch)
	p.waitFor("par", `!!document.getElementById('par') && !document.body.dataset.busy`, 3*time.Minute)
	var status, live []struct {
		Text string
		Par  bool
	}
	for _, w := range []struct {
		name string
		into *[]struct {
			Text string
			Par  bool
		}
	}{{"__status", &status}, {"__live", &live}} {
		raw := p.eval(fmt.Sprintf(`JSON.stringify(window.%s.map(([text, par]) => ({ text, par })))`, w.name))
		if err := json.Unmarshal([]byte(raw), w.into); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
	}
	progress := regexp.MustCompile(`^Par: the shortest win of this deal… [0-9.,]+( million)? positions searched, (\d+%|under 1%) of the budget, \d+\.\d s$`)
	shown := 0
	for _, s := range status {
		if progress.MatchString(s.Text) {
			shown++
			if s.Par {
				t.Errorf("the status line says %q after par came", s.Text)
			}
		}
	}
	if shown == 0 {
		t.Errorf("the status line never said how far par's search had come: %+v", status)
	}
	for _, s := range live {
		if strings.Contains(s.Text, "positions searched") {
			t.Errorf("the live region says %q", s.Text)
		}
	}
}

// TestBrowserParCancels wins deal 618, whose par (some 2 million
// positions) takes seconds, and cancels its search once the status line
// says how far it has come: the page then answers at once, the next deal
// on screen within seconds, since the search ran in the searching worker
// that Cancel ends, not in the game worker that deals.
func TestBrowserParCancels(t *testing.T) {
	p := openGame(t)
	start, sol := wonDeal(t, 618)
	last := lastHandMove(t, start, sol)
	p.playLast(1, 618, sol, last, `document.getElementById('speed').value = '10', ''`)
	p.waitFor("par's progress", `document.getElementById('status-text').textContent.includes('positions searched')`, 2*time.Minute)
	if p.eval(`document.getElementById('par') ? 'par' : ''`) != "" {
		t.Skip("par came before Cancel: this browser is too fast for this test")
	}
	p.click("#cancel-btn")
	p.waitFor("the cancel", `!document.body.dataset.busy && document.getElementById('status-text').textContent === 'Cancelled.'`, 5*time.Second)
	t0 := time.Now()
	p.eval(`location.hash = '#russian-cell/617', ''`)
	p.waitFor("deal 617", `document.getElementById('title').textContent.startsWith('Russian Cell, deal 617') && !!document.querySelector('[data-pile="t1"]')`, 5*time.Second)
	t.Logf("deal 617 came %v after Cancel", time.Since(t0))
	if p.eval(`document.getElementById('par') ? 'par' : ''`) != "" {
		t.Error("par came after Cancel")
	}
}
