package web_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
)

// playByHand plays moves on the page as a player clicks them, each card
// then where it goes, waiting for each move to be on screen.
func (p *page) playByHand(moves []rules.Move) {
	p.t.Helper()
	var pairs []string
	for _, m := range moves {
		pairs = append(pairs, fmt.Sprintf("[%q, %q]", m.Card.String(), destSel(m.To)))
	}
	js := `(async (ms) => {
  const until = async (what, f) => {
    for (let i = 0; i < 3000 && !f(); i++) await new Promise((ok) => setTimeout(ok, 10));
    if (!f()) throw new Error('waiting for ' + what);
  };
  for (const [card, dest] of ms) {
    const step = document.getElementById('step').textContent;
    await until('the card ' + card, () => !document.body.dataset.busy && document.querySelector('.card[data-card="' + card + '"]'));
    document.querySelector('.card[data-card="' + card + '"]').click();
    await until('the selection of ' + card, () => document.querySelector('#board .card.selected') && document.querySelector('#board .target'));
    document.querySelector(dest).click();
    await until('the move of ' + card + ' to ' + dest, () => document.getElementById('step').textContent !== step);
  }
  return 'ok';
})([` + strings.Join(pairs, ",") + `])`
	if got := p.evalAwait(js); got != "ok" {
		p.t.Fatalf("playing by hand: %s", got)
	}
}

// wantRow waits for the row of Your games for key to read want.
func (p *page) wantRow(when, key, want string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf("Your games %s: %s %s", when, key, want), fmt.Sprintf(`[...document.querySelectorAll('#stats-body tr[data-key="%s"] td')].map((td) => td.textContent).join(' ') === %q`, key, want), time.Minute)
}

// TestBrowserHonestGames: Your games counts a win only for a game whose
// every move the player made (or the safe automatic moves): a game won by
// hand counts, also with a reload in the middle; one after a hint counts
// apart, as won with hints, and ends the streak; one with the face-down
// cards shown, or with a move of the solver's, does not count; in Ripple
// Fan, "Where did I go wrong?" once the game was over, then a win after
// going back, does not count, nor does a win played out by Finish; once
// no move is left the clock stands, and "Can I still win?" says what the
// game-over prompt says.
func TestBrowserHonestGames(t *testing.T) {
	p := openGame(t)
	t.Cleanup(p.noCSP)
	moves := solution(t, "russian-cell", "617")
	n := len(moves)
	won := func(what string) {
		t.Helper()
		p.waitFor(what+" won", `document.getElementById('title').textContent.endsWith('won!') && !document.body.dataset.busy && !document.getElementById('prompt').hidden`, 2*time.Minute)
	}
	p.load(1, "russian-cell/617")
	p.waitIdle("deal 617")
	// Every move by hand: no automatic moves, no check after each move
	// (settings the page remembers for the loads below).
	p.eval(`['auto-moves', 'auto-check'].forEach((id) => document.getElementById(id).checked && document.getElementById(id).click()), ''`)

	// By hand, with a reload after 30 moves: the same game goes on.
	p.playByHand(moves[:30])
	hash := p.eval(`location.hash.slice(1)`)
	if !strings.Contains(hash, "/moves/") {
		t.Fatalf("the address after 30 moves by hand: %q", hash)
	}
	p.load(2, hash)
	p.waitFor("the game reloaded", `document.body.dataset.loaded === '1' && !document.body.dataset.busy && document.getElementById('step').textContent === '30 / 30'`, 2*time.Minute)
	if got := p.eval(`document.getElementById('auto-moves').checked + ' ' + document.getElementById('auto-check').checked`); got != "false false" {
		t.Errorf("the settings after a reload: automatic moves, check %s, want false false", got)
	}
	if got := p.eval(`String(document.getElementById('assisted').hidden)`); got != "true" {
		t.Error("the player's own game, reloaded, says it was assisted")
	}
	// The one count of moves (game.HandMoves: the safe foundation moves,
	// here made by hand, not counted), before and after the reload.
	start := testgames.Deal(rules.RussianCell, 617)
	count30, err := game.HandMoves(start, moves[:30])
	if err != nil || count30 == 30 {
		t.Fatalf("game.HandMoves of the first 30 moves: %d, %v; want a safe foundation move among them", count30, err)
	}
	if got := p.text("meter"); !strings.HasPrefix(got, fmt.Sprintf("%d moves · ", count30)) {
		t.Errorf("the move count and clock after 30 moves (%d counted) and a reload: %q", count30, got)
	}
	p.playByHand(moves[30:])
	won("the game by hand")
	p.wantRow("after a win by hand", "russian-cell", "1 1 0 100% 1 1")
	// Par: the game's moves by hand beside those of the shortest win that
	// solve --shortest finds, counted alike (game.HandMoves).
	out, _ := cli(t, "solve", "russian-cell", "617", "--shortest", "--workers", "1", "--format", "json")
	short, err := rules.ReadSolution(strings.NewReader(out))
	if err != nil || short.Shortest == nil || !short.Shortest.Proven {
		t.Fatalf("solve --shortest: %+v, %v", short, err)
	}
	played, err1 := game.HandMoves(start, moves)
	par, err2 := game.HandMoves(start, short.Moves)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	p.waitFor("par", `!!document.getElementById('par')`, 2*time.Minute)
	if got, want := p.text("par"), fmt.Sprintf("Your game: %d moves by hand. Par, the proven shortest win: %d moves by hand.", played, par); got != want {
		t.Errorf("par: %q, want %q", got, want)
	}
	if got, buttons := p.text("prompt-text"), p.eval(`[...document.querySelectorAll('#prompt-actions button')].map((b) => b.textContent).join()`); !strings.HasPrefix(got, fmt.Sprintf("Won in %d moves · ", played)) || buttons != "Deal 618,Random deal,The game's story" {
		t.Errorf("the prompt after the win: %q, buttons %q", got, buttons)
	}

	// The game's story: at each position, the ways the hidden cards could
	// lie in which it can still be won, of 50, as hint --hide counts them.
	storyStart := time.Now()
	p.eval(`[...document.querySelectorAll('#prompt-actions button')].find((b) => b.textContent === "The game's story").click(), ''`)
	p.waitFor("the game's story", `document.getElementById('story-chart').dataset.done === '1'`, 4*time.Minute)
	storyTook := time.Since(storyStart)
	var counts []string
	if err := json.Unmarshal([]byte(p.eval(`document.getElementById('story-chart').dataset.counts`)), &counts); err != nil || len(counts) != n+1 {
		t.Fatalf("the story's counts: %d, %v; want %d", len(counts), err, n+1)
	}
	for _, k := range []int{1, 10, 30} {
		file := filepath.Join(t.TempDir(), "moves.txt")
		var lines []string
		for _, m := range moves[:k] {
			lines = append(lines, m.String())
		}
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := cli(t, "hint", "russian-cell", "617", "--moves", file, "--hide", "--samples", fmt.Sprint(game.StorySamples), "--format", "json")
		var h struct{ Winnable, Arrangements int }
		if err := json.Unmarshal([]byte(out), &h); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%d/%d", h.Winnable, h.Arrangements); counts[k] != want {
			t.Errorf("the story after move %d: %s, hint --hide says %s", k, counts[k], want)
		}
	}
	t.Logf("the story of deal 617's win (%d positions, %v): %s", n+1, storyTook.Round(time.Millisecond), p.eval(`document.getElementById('story-chart').getAttribute('aria-label')`))

	// A hint shown, its move played and taken back, then every move by
	// hand: won with hints, counted apart, and the streak ends. The hint's
	// Play button, pressed, goes away with the hint: the focus goes to the
	// board, on the card that moved, not to the page's body.
	p.load(3, "russian-cell/617")
	p.waitIdle("deal 617 for a game with a hint")
	p.click("#hint-btn")
	p.waitFor("the hint", `!document.body.dataset.busy && !!document.getElementById('play-hint')`, 4*time.Minute)
	if got := p.text("meter"); !strings.HasSuffix(got, " · 1 hint") {
		t.Errorf("the meter after a hint: %q, want the hint counted", got)
	}
	p.click("#play-hint")
	p.waitFor("the hint's move", `document.getElementById('step').textContent.startsWith('1 / ') && !document.body.dataset.busy`, time.Minute)
	p.focusShown("after Play hint")
	if got := p.eval(`String(!!document.activeElement.closest('#board'))`); got != "true" {
		t.Errorf("after Play hint the focus is on %s, not the board", p.eval(`document.activeElement.outerHTML.slice(0, 80)`))
	}
	p.click("#undo-btn")
	p.waitFor("the deal again", `document.getElementById('step').textContent.startsWith('0 / ')`, time.Minute)
	// "Can I still win?" is free: still one hint.
	p.click("#canwin-btn")
	p.waitFor("the answer of Can I still win?", `!document.body.dataset.busy && document.getElementById('hint').textContent.startsWith('Can I still win?')`, 4*time.Minute)
	p.playByHand(moves)
	won("the game with a hint")
	p.wantRow("after a win with a hint", "russian-cell", "2 1 1 50% 0 1")
	if got := p.text("prompt-text"); !strings.Contains(got, fmt.Sprintf("Won in %d moves · ", played)) || !strings.Contains(got, " · 1 hint. Your games counts it as won with hints.") {
		t.Errorf("the prompt after a win with a hint: %q", got)
	}

	// The face-down cards shown, then hidden again: assisted.
	p.load(4, "russian-cell/617")
	p.waitIdle("deal 617 again")
	p.click("#show-down")
	p.waitFor("the face-down cards", `!document.querySelector('.card[data-down]:not([data-card])')`, time.Minute)
	p.click("#show-down")
	p.waitFor("the face-down cards hidden", `!!document.querySelector('.card[data-down]:not([data-card])')`, time.Minute)
	p.playByHand(moves)
	won("the game with the cards shown")
	p.wantRow("after a win with the cards shown", "russian-cell", "3 1 1 33% 0 1")
	if got := p.text("assisted"); got != "Assisted · not counted as a win" || p.eval(`String(document.getElementById('assisted').hidden)`) != "false" {
		t.Errorf("a game with the cards shown says %q", got)
	}

	// The solver's first move, then the rest by hand: assisted.
	p.load(5, "russian-cell/617")
	p.waitIdle("deal 617 a third time")
	p.click("#solve-btn")
	p.waitFor("the solution", `!document.body.dataset.busy && document.getElementById('verdict').textContent !== ''`, 2*time.Minute)
	p.click("#next-btn")
	p.waitFor("the solver's first move", `document.getElementById('step').textContent.startsWith('1 / ')`, time.Minute)
	p.playByHand(moves[1:])
	won("the game with a move of the solver's")
	p.wantRow("after a win with a move of the solver's", "russian-cell", "4 1 1 25% 0 1")

	// Ripple Fan: a winnable deal, and a game of it played until no move
	// is left.
	rf, line, stuck := rippleFanStuck(t)
	p.load(6, fmt.Sprintf("ripple-fan/%d", rf))
	p.waitIdle(fmt.Sprintf("Ripple Fan %d", rf))
	p.playByHand(stuck[:len(stuck)-1])
	if got := p.eval(`String(document.getElementById('review-btn').hidden)`); got != "true" {
		t.Errorf("Where did I go wrong? is offered with a move left")
	}
	p.playByHand(stuck[len(stuck)-1:])
	p.waitFor("the game over", `!document.getElementById('prompt').hidden && !document.getElementById('review-btn').hidden`, time.Minute)
	if got := p.text("prompt-text"); !strings.HasPrefix(got, "No move is left.") {
		t.Errorf("the prompt with no move left: %q", got)
	}
	// The clock stands there.
	clock := p.clock()
	time.Sleep(1500 * time.Millisecond)
	if got := p.clock(); got != clock {
		t.Errorf("with no move left the clock runs on: %s, then %s", clock, got)
	}
	// "Can I still win?" there says what the prompt says.
	p.click("#canwin-btn")
	p.waitFor("the answer of Can I still win? with no move left", `!document.body.dataset.busy && document.getElementById('hint').textContent.startsWith('Can I still win?')`, 4*time.Minute)
	if got, want := p.eval(`document.querySelector('#hint p:not(.head)').textContent`), p.text("prompt-text"); got != want {
		t.Errorf("with no move left, Can I still win? says %q, and the prompt %q", got, want)
	}
	p.click("#review-btn")
	p.waitFor("the review", `!document.body.dataset.busy && document.getElementById('review').dataset.lostAt !== undefined`, 4*time.Minute)
	p.click("#restart-btn")
	p.waitFor("the start", `document.getElementById('step').textContent.startsWith('0 / ')`, time.Minute)
	p.playByHand(line)
	won("the Ripple Fan game after its review")
	p.wantRow("after a win after the review", "ripple-fan", "1 0 0 0% 0 0")

	// Finish after the first move: it plays choices, so assisted.
	p.load(7, fmt.Sprintf("ripple-fan/%d", rf))
	p.waitIdle(fmt.Sprintf("Ripple Fan %d again", rf))
	p.playByHand(line[:1])
	p.waitFor("Finish", `!document.getElementById('finish-btn').hidden && !document.body.dataset.busy`, 2*time.Minute)
	if got := p.text("message"); !strings.Contains(got, "counts as assisted") {
		t.Errorf("Finish is offered with %q, not saying the game then counts as assisted", got)
	}
	p.click("#finish-btn")
	won("the Ripple Fan game finished by Finish")
	p.wantRow("after a win by Finish", "ripple-fan", "2 0 0 0% 0 0")
	if got := p.eval(`document.activeElement === document.body ? 'body' : document.activeElement.textContent`); got == "body" {
		t.Error("after Finish the focus is on the page's body")
	}
}

// rippleFanStuck returns a winnable Ripple Fan deal, a win of it, and a
// game of it that ends with no move left (random moves, none to a
// foundation).
func rippleFanStuck(t *testing.T) (uint64, []rules.Move, []rules.Move) {
	t.Helper()
	c := catalogue.For(rules.RippleFan, rules.DefaultOptions())
	r := rand.New(rand.NewPCG(1, 2))
	for n := uint64(1); n < 1_000_000; n++ {
		if c.LookupUint64(n) != catalogue.Winnable {
			continue
		}
		start := testgames.Deal(rules.RippleFan, n)
		for try := 0; try < 20; try++ {
			p := start.Clone()
			var game []rules.Move
			for {
				var ms []rules.Move
				for _, m := range rules.LegalMoves(p, rules.DefaultOptions(), nil) {
					if m.To.Kind != rules.Foundation {
						ms = append(ms, m)
					}
				}
				if len(ms) == 0 {
					break
				}
				m := ms[r.IntN(len(ms))]
				game = append(game, m)
				p.Apply(m)
			}
			if len(game) >= 2 && len(rules.LegalMoves(p, rules.DefaultOptions(), nil)) == 0 {
				return n, solution(t, "ripple-fan", fmt.Sprint(n)), game
			}
		}
	}
	t.Fatal("no winnable Ripple Fan deal with a game that ends with no move left")
	return 0, nil, nil
}
