package main

// CLI tests of what a player sees: deal --hide, and solve and hint on
// positions with unknown face-down cards ("??").

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/stat"
)

// cliShare is the JSON that solve writes for a position with unknown
// cards; decoding it strictly checks that it has no other keys.
type cliShare struct {
	cliKind
	Game         string                  `json:"game"`
	Position     json.RawMessage         `json:"position"`
	Rules        struct{ Returns *bool } `json:"rules"`
	Hidden       int                     `json:"hidden"`
	Unseen       []string                `json:"unseen"`
	Arrangements int                     `json:"arrangements"`
	Exhaustive   bool                    `json:"exhaustive"`
	Seed         *string                 `json:"seed"`
	Winnable     int                     `json:"winnable"`
	Unwinnable   int                     `json:"unwinnable"`
	Unknown      int                     `json:"unknown"`
	Reason       string                  `json:"reason"`
	Share        float64                 `json:"share"`
	Low          float64                 `json:"low"`
	High         float64                 `json:"high"`
	MaxNodes     int64                   `json:"max_nodes"`
	Nodes        int64                   `json:"nodes"`
	Seconds      float64                 `json:"seconds"`
}

// cliHiddenDeal7 is deal 7 with the top face-down cards of t2 and t5
// unknown: two arrangements, one won and one lost.
func cliHiddenDeal7(t *testing.T) (hidden, full *rules.Position) {
	t.Helper()
	full = dealgen.Deal(rules.RussianCell, dealgen.FromUint64(7))
	hidden = full.Clone()
	for _, c := range []int{1, 4} {
		d := hidden.Tableau[c].Down
		d[len(d)-1] = rules.UnknownCard
	}
	return hidden, full
}

func TestCLIDealHide(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	full := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	text := cliOK(t, "", "deal", "russian-cell", "617", "--hide", "--ascii")
	if want := rules.FormatBoard(full.Hide(), "617", rules.BoardStyle{}); text != want {
		t.Fatalf("deal --hide:\n%s\nwant\n%s", text, want)
	}
	if strings.Count(text, "[??]") != 21 || strings.Contains(text, "[7D]") {
		t.Errorf("want the 21 face-down cards as [??]:\n%s", text)
	}
	js := cliOK(t, "", "deal", "russian-cell", "617", "--hide", "--format", "json")
	p, num, err := rules.ReadPosition(strings.NewReader(js))
	if err != nil || num != "617" || !p.Equal(full.Hide()) {
		t.Fatalf("deal --hide --format json reads back as another position (%v):\n%s", err, js)
	}
	if !strings.Contains(js, `{"down":["??"],"up":["8D","3C","QS","2S","JH"]}`) {
		t.Errorf("t2 not written with \"??\": %s", js)
	}
	// The board text reads back too, with or without Unicode.
	for _, board := range []string{text, cliOK(t, "", "deal", "russian-cell", "617", "--hide")} {
		back := cliOK(t, board, "deal", "russian-cell", "--position", "-", "--ascii")
		if back != text {
			t.Errorf("the board read back differs:\n%s\nwant\n%s", back, text)
		}
	}
	cliWantUsage(t, cliRun(t, "", "deal", "russian-cell", "617", "--hide", "--format", "solvitaire"), 1,
		"Solvitaire", "needs every card known", "21 face-down cards are unknown (??)")
}

// TestCLISolveHiddenExhaustive: two unknown cards have two arrangements;
// solve counts every one, and its count agrees with solving the two full
// positions one by one.
func TestCLISolveHiddenExhaustive(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	hidden, full := cliHiddenDeal7(t)
	file := cliWriteFile(t, "d7.txt", rules.FormatBoard(hidden, "7", rules.BoardStyle{}))
	x, y := full.Tableau[1].Down[len(full.Tableau[1].Down)-1], full.Tableau[4].Down[len(full.Tableau[4].Down)-1]
	wins := 0
	for _, a := range [][]rules.Card{{x, y}, {y, x}} {
		f := cliWriteFile(t, "a.json", string(rules.MarshalPosition(hidden.Fill(a), "")))
		if _, s := cliSolveJSON(t, "", "russian-cell", "--position", f); s.Verdict == "solvable" {
			wins++
		}
	}

	text := cliOK(t, "", "solve", "russian-cell", "--position", file, "--ascii", "--workers", "1")
	for _, w := range []string{
		"Russian Cell, deal 7\n",
		"t2:  [??] KS",
		"2 face-down cards are unknown (??)",
		"Solved all 2 arrangements of the unseen cards, each with every card known:",
		"  winnable    " + strconv.Itoa(wins) + "\n",
		"  unwinnable  " + strconv.Itoa(2-wins) + "\n",
		"Winnable: " + strconv.Itoa(wins) + " of 2 (",
		"exact: every arrangement was solved",
		"an upper bound on what play that cannot see the face-down cards can\nwin",
	} {
		if !strings.Contains(text, w) {
			t.Errorf("want %q in:\n%s", w, text)
		}
	}

	out := cliOK(t, "", "solve", "russian-cell", "--position", file, "--format", "json", "--workers", "2")
	var sh cliShare
	cliDecodeStrict(t, out, &sh)
	unseen := []string{x.String(), y.String()}
	if x > y {
		unseen[0], unseen[1] = unseen[1], unseen[0]
	}
	if sh.Game != "russian-cell" || sh.Hidden != 2 || strings.Join(sh.Unseen, " ") != strings.Join(unseen, " ") ||
		sh.Arrangements != 2 || !sh.Exhaustive || sh.Seed != nil || sh.Winnable != wins || sh.Unwinnable != 2-wins ||
		sh.Unknown != 0 || sh.Share != float64(wins)/2 || sh.Low != sh.Share || sh.High != sh.Share ||
		sh.Rules.Returns == nil || !*sh.Rules.Returns || sh.MaxNodes != 100_000_000 || sh.Nodes <= 0 {
		t.Errorf("JSON: %s", out)
	}
	p, num, err := rules.ReadPosition(strings.NewReader(string(sh.Position)))
	if err != nil || num != "7" || !p.Equal(hidden) {
		t.Errorf("the JSON's position is not the one solved (%v): %s", err, sh.Position)
	}
}

// TestCLISolveHiddenSampled: a sample with a seed gives the same answer
// with 1 and 2 workers, with the Wilson interval of the count.
func TestCLISolveHiddenSampled(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	args := []string{"solve", "russian-cell", "617", "--hide", "--samples", "8", "--seed", "3", "--format", "json"}
	var shares []cliShare
	for _, w := range []string{"1", "2"} {
		var sh cliShare
		cliDecodeStrict(t, cliOK(t, "", append(args, "--workers", w)...), &sh)
		shares = append(shares, sh)
	}
	a, b := shares[0], shares[1]
	if a.Winnable != b.Winnable || a.Unwinnable != b.Unwinnable || a.Unknown != 0 || b.Unknown != 0 {
		t.Errorf("1 worker: %d won, %d lost; 2 workers: %d won, %d lost", a.Winnable, a.Unwinnable, b.Winnable, b.Unwinnable)
	}
	r := stat.NewRate(uint64(a.Winnable), 8)
	if a.Arrangements != 8 || a.Exhaustive || a.Seed == nil || *a.Seed != "3" || a.Hidden != 21 || len(a.Unseen) != 21 ||
		a.Share != r.Value || a.Low != r.Low || a.High != r.High || a.Winnable+a.Unwinnable != 8 {
		t.Errorf("JSON: %+v, want the rate %+v", a, r)
	}

	text := cliOK(t, "", "solve", "russian-cell", "617", "--hide", "--samples", "8", "--seed", "3", "--ascii")
	for _, w := range []string{
		"Solved 8 arrangements of the unseen cards, drawn at random (seed 3), each with every card known:",
		"Winnable: ", "95% Wilson interval", "of 8)",
	} {
		if !strings.Contains(text, w) {
			t.Errorf("want %q in:\n%s", w, text)
		}
	}

	// A budget that runs out: the arrangements are unknown, said so.
	var sh cliShare
	cliDecodeStrict(t, cliOK(t, "", "solve", "russian-cell", "617", "--hide", "--samples", "3", "--max-nodes", "1", "--format", "json"), &sh)
	if sh.Unknown != 3 || !strings.Contains(sh.Reason, "node budget") || sh.Low != 0 || sh.High != 1 {
		t.Errorf("with no budget: %+v", sh)
	}
	text = cliOK(t, "", "solve", "russian-cell", "617", "--hide", "--samples", "3", "--max-nodes", "1")
	if !strings.Contains(text, "  unknown     3  (node budget of 1 reached; left out of the share: try a larger budget)") {
		t.Errorf("unknown arrangements not explained:\n%s", text)
	}
}

// TestCLIHintHidden: hint ranks every legal move by its count of winnable
// arrangements, best first, and the best move is legal.
func TestCLIHintHidden(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	hidden, _ := cliHiddenDeal7(t)
	file := cliWriteFile(t, "d7.json", string(rules.MarshalPosition(hidden, "7")))
	out := cliOK(t, "", "hint", "russian-cell", "--position", file, "--ascii", "--workers", "2")
	legal := rules.LegalMoves(hidden, rules.DefaultOptions(), nil)
	row := regexp.MustCompile(`^ *(\d+)\. (\S+ \S+)(?: \(or ([^)]*)\))? +(\d+) of 2 `)
	var counts []int
	var best string
	twins := 0
	for _, l := range strings.Split(out, "\n") {
		if m := row.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[4])
			counts = append(counts, n)
			if m[1] == "1" {
				best = m[2]
			}
			if m[3] != "" {
				twins += len(strings.Split(m[3], ", "))
			}
		}
	}
	if len(counts)+twins != len(legal) || twins == 0 {
		t.Fatalf("want a line for each of the %d legal moves, a move to either cell once, got %d lines and %d twins:\n%s", len(legal), len(counts), twins, out)
	}
	for i := 1; i < len(counts); i++ {
		if counts[i] > counts[i-1] {
			t.Errorf("moves not ranked: %v", counts)
		}
	}
	m, err := rules.ParseMove(best)
	if err != nil || rules.Check(hidden, rules.DefaultOptions(), m) != nil {
		t.Fatalf("best move %q: %v", best, err)
	}
	for _, w := range []string{
		"2 face-down cards are unknown (??).\nSolved all 2 arrangements of the unseen cards, each with every card known.\n",
		"Best move: " + best + "   ",
		"A win still exists after it in " + strconv.Itoa(counts[0]) + " of 2",
		"Every legal move, best first",
		"with every card known from then on: an upper bound",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("want %q in:\n%s", w, out)
		}
	}
	out = cliOK(t, "", "hint", "russian-cell", "--position", file, "--ascii", "-n", "3")
	if !strings.Contains(out, "The 3 best of the "+strconv.Itoa(len(legal)-twins)+" legal moves") || len(row.FindAllString(out, -1)) > 3 {
		t.Errorf("-n 3:\n%s", out)
	}
}

// TestCLIHiddenMoves: --moves replays what was played, --hide then hides
// what is still face down; a move that would turn up an unknown card is
// refused.
func TestCLIHiddenMoves(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	_, sol := cliSolveJSON(t, "", "russian-cell", "617")
	full := dealgen.Deal(rules.RussianCell, dealgen.FromUint64(617))
	// The first move of the solution that turns up a face-down card.
	p := full.Clone()
	turn := -1
	var lines []string
	for i, cm := range sol.Moves {
		m := rules.MustMove(cm.String())
		lines = append(lines, cm.String())
		if p.Reveals(m) != rules.NoCard {
			turn = i
			break
		}
		p.Apply(m)
	}
	if turn < 1 {
		t.Fatalf("the solution of 617 should turn up a card after its first move: %v", sol.Moves)
	}
	moves := cliWriteFile(t, "played.txt", strings.Join(lines, "\n")+"\n")
	hidden := cliWriteFile(t, "617.txt", cliOK(t, "", "deal", "russian-cell", "617", "--hide"))
	cliWantUsage(t, cliRun(t, "", "solve", "russian-cell", "--position", hidden, "--moves", moves), 1,
		"move "+strconv.Itoa(turn+1)+" ("+lines[turn]+")", "turns up a face-down card that is unknown (??)")

	before := cliWriteFile(t, "before.txt", strings.Join(lines[:turn], "\n")+"\n")
	out := cliOK(t, "", "hint", "russian-cell", "617", "--moves", moves, "--hide", "--samples", "4", "--ascii")
	if !strings.Contains(out, "20 face-down cards are unknown (??).") {
		t.Errorf("after the move that turns up a card, 20 stay face down:\n%s", out)
	}
	out = cliOK(t, "", "solve", "russian-cell", "--position", hidden, "--moves", before, "--samples", "4", "--ascii")
	if !strings.Contains(out, "After the "+strconv.Itoa(turn)+" moves of "+before) || !strings.Contains(out, "21 face-down cards are unknown (??).") {
		t.Errorf("solve after the moves:\n%s", out)
	}
}

func TestCLIHiddenErrors(t *testing.T) {
	cliEnv(t, "C.UTF-8", true)
	hidden := cliOK(t, "", "deal", "russian-cell", "617", "--hide", "--ascii")
	hiddenFile := cliWriteFile(t, "h.txt", hidden)
	sol := cliOK(t, "", "solve", "russian-cell", "617", "--workers", "1", "--format", "json")
	hiddenJSON := cliOK(t, "", "deal", "russian-cell", "617", "--hide", "--format", "json")
	solHidden := strings.Replace(sol, `"number":"617"`, `"position":`+strings.TrimSpace(hiddenJSON), 1)
	rfBoard := regexp.MustCompile(`t1: +\S+`).ReplaceAllString(cliOK(t, "", "deal", "ripple-fan", "1", "--ascii"), "t1:   [??]")

	cases := []struct {
		name  string
		stdin string
		args  []string
		lines int
		words []string
	}{
		{"samples 0", "", []string{"solve", "russian-cell", "617", "--hide", "--samples", "0"}, 1, []string{"--samples must be 1 to 1,000,000"}},
		{"samples too many", "", []string{"hint", "russian-cell", "617", "--hide", "--samples", "1000001"}, 1, []string{"--samples must be 1 to 1,000,000"}},
		{"samples without ??", "", []string{"solve", "russian-cell", "617", "--samples", "5"}, 1, []string{"--samples applies only", "add --hide"}},
		{"seed without ??", "", []string{"hint", "russian-cell", "617", "--seed", "5"}, 1, []string{"--seed applies only", "add --hide"}},
		{"judge samples 0", "", []string{"review", "russian-cell", "617", "--moves", "played.txt", "--judge-samples", "0"}, 1, []string{"--judge-samples must be 1 to 1,000,000"}},
		{"seed 0 hint", "", []string{"hint", "russian-cell", "617", "--hide", "--seed", "0"}, 1, []string{"--seed 0 draws as the default seed 1 does"}},
		{"seed 0 play", "", []string{"play", "russian-cell", "617", "--player", "sampled", "--seed", "0"}, 1, []string{"--seed 0 draws as the default seed 1 does"}},
		{"seed 0 review", "", []string{"review", "russian-cell", "617", "--moves", "played.txt", "--seed", "0"}, 1, []string{"--seed 0 draws as the default seed 1 does"}},
		{"nothing to hide", "", []string{"solve", "ripple-fan", "1", "--hide", "--samples", "5"}, 1, []string{"no face-down card to hide"}},
		{"bad seed", "", []string{"solve", "russian-cell", "617", "--hide", "--seed", "-1"}, 1, []string{"--seed"}},
		{"steps", "", []string{"solve", "russian-cell", "--position", hiddenFile, "--steps"}, 1, []string{"--steps needs every card known", "21 face-down cards are unknown (??)"}},
		{"check", solHidden, []string{"check", "-"}, 1, []string{"position: a solution's starting position needs every card known"}},
		{"ripple fan ??", rfBoard, []string{"solve", "ripple-fan", "--position", "-"}, 3, []string{"t1: an unknown card (??), but Ripple Fan deals every card face up", "card", "is missing"}},
		{"?? in a cell", strings.Replace(hidden, "c1 --", "c1 ??", 1), []string{"hint", "russian-cell", "--position", "-"}, 1, []string{"line 3: c1: ?? in a cell"}},
		{"?? face up", strings.Replace(hidden, "t1:  6C", "t1:  ??", 1), []string{"solve", "russian-cell", "--position", "-"}, 1, []string{"line 4: t1: ?? face up", "written [??]"}},
		{"one ?? too many", strings.Replace(hidden, "t1:  6C", "t1:  --", 1), []string{"solve", "russian-cell", "--position", "-"}, 1,
			[]string{"21 face-down cards are unknown (??) but 22 cards are not visible:", "6C"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cliWantUsage(t, cliRun(t, tc.stdin, tc.args...), tc.lines, tc.words...)
		})
	}
}

// cliHint is the JSON of hint --format json with every card known; decoding
// it strictly checks that it has no other keys.
type cliHint struct {
	cliKind
	Game     string                  `json:"game"`
	Number   string                  `json:"number"`
	Position json.RawMessage         `json:"position"`
	Rules    struct{ Returns *bool } `json:"rules"`
	Verdict  string                  `json:"verdict"`
	Reason   string                  `json:"reason"`
	ToGo     *int                    `json:"to_go"`
	Next     []string                `json:"next"`
	Why      string                  `json:"why"`
	Detour   bool                    `json:"detour"`
	MaxNodes int64                   `json:"max_nodes"`
	Nodes    int64                   `json:"nodes"`
	Seconds  float64                 `json:"seconds"`
}

// cliAdvice is the JSON of hint --format json with unknown cards.
type cliAdvice struct {
	cliShare
	History bool   `json:"history"`
	Best    string `json:"best"`
	Moves   []struct {
		Move         string   `json:"move"`
		Winnable     int      `json:"winnable"`
		Unwinnable   int      `json:"unwinnable"`
		Unknown      int      `json:"unknown"`
		Share        float64  `json:"share"`
		Low          float64  `json:"low"`
		High         float64  `json:"high"`
		TurnsUnknown bool     `json:"turns_unknown"`
		OrTo         []string `json:"or_to"`
		Undoable     bool     `json:"undoable"`
		RankedBy     *int     `json:"ranked_by"`
		Seen         bool     `json:"seen"`
	} `json:"moves"`
	Searches int `json:"searches"`
}

// TestCLIHintJSON checks hint --format json against solve and against its
// own text: the next moves are the start of solve's winning line, a lost
// position carries its cause, a spent budget its reason, and with unknown
// cards every legal move is ranked as the text ranks it.
func TestCLIHintJSON(t *testing.T) {
	_, sol := cliSolveJSON(t, "", "russian-cell", "617")
	var h cliHint
	cliDecodeStrict(t, cliOK(t, "", "hint", "russian-cell", "617", "-n", "3", "--workers", "1", "--format", "json"), &h)
	if h.Verdict != "solvable" || h.Number != "617" || h.ToGo == nil || *h.ToGo != len(sol.Moves) || len(h.Next) != 3 || h.Position != nil {
		t.Fatalf("hint 617: %+v, want solvable with %d to go and 3 moves, no position", h, len(sol.Moves))
	}
	for i, m := range h.Next {
		if m != sol.Moves[i].String() {
			t.Errorf("next move %d: %s, solve has %s", i+1, m, sol.Moves[i])
		}
	}

	file := cliWriteFile(t, "rf5.txt", cliOK(t, "", "deal", "ripple-fan", "5", "--ascii"))
	h = cliHint{}
	cliDecodeStrict(t, cliOK(t, "", "hint", "ripple-fan", "--position", file, "--format", "json"), &h)
	if h.Verdict != "unsolvable" || !strings.Contains(h.Why, "KD is above 3D") || h.Position == nil || h.ToGo != nil || h.Next != nil {
		t.Fatalf("hint ripple-fan 5: %+v, want unsolvable, why KD above 3D, with the position", h)
	}

	h = cliHint{}
	cliDecodeStrict(t, cliOK(t, "", "hint", "russian-cell", "385", "--max-nodes", "10", "--format", "json"), &h)
	if h.Verdict != "unknown" || !strings.Contains(h.Reason, "node budget of 10") {
		t.Fatalf("hint with a spent budget: %+v", h)
	}

	args := []string{"hint", "russian-cell", "617", "--hide", "--samples", "12", "--workers", "2"}
	var a cliAdvice
	cliDecodeStrict(t, cliOK(t, "", append(args, "--format", "json")...), &a)
	var sh cliShare
	cliDecodeStrict(t, cliOK(t, "", "solve", "russian-cell", "617", "--hide", "--samples", "12", "--format", "json"), &sh)
	if a.Arrangements != 12 || a.Winnable != sh.Winnable || a.Unwinnable != sh.Unwinnable || len(a.Moves) == 0 || a.Searches == 0 {
		t.Fatalf("hint --hide: %d arrangements, %d won, %d moves, %d searches; solve says %d won",
			a.Arrangements, a.Winnable, len(a.Moves), a.Searches, sh.Winnable)
	}
	text := cliOK(t, "", append(args, "--ascii")...)
	if a.Best != a.Moves[0].Move || a.History {
		t.Errorf("best %q, history %v; want the first move, %s, and no history", a.Best, a.History, a.Moves[0].Move)
	}
	score := func(i int) int {
		if r := a.Moves[i].RankedBy; r != nil {
			return *r
		}
		return a.Moves[i].Winnable
	}
	for i, m := range a.Moves {
		if i > 0 && score(i) > score(i-1) {
			t.Errorf("move %d (%s) ranked below a move with a lower score", i+1, m.Move)
		}
		if m.Winnable+m.Unwinnable+m.Unknown != 12 {
			t.Errorf("move %s counts %d arrangements", m.Move, m.Winnable+m.Unwinnable+m.Unknown)
		}
		line := fmt.Sprintf("%d. %s", i+1, m.Move)
		if !strings.Contains(text, line) {
			t.Errorf("the text ranking has no %q", line)
		}
	}
	var top cliAdvice
	cliDecodeStrict(t, cliOK(t, "", append(args, "-n", "2", "--format", "json")...), &top)
	if len(top.Moves) != 2 || top.Moves[0].Move != a.Moves[0].Move {
		t.Fatalf("-n 2: %d moves", len(top.Moves))
	}
}

// TestCLIHintHistory: a game of deal 20003 whose last move, KS t1>c1, can
// be taken back. Without the game's moves hint advises taking it back;
// with them (--moves), it lists that move last, marked seen, and advises
// another.
func TestCLIHintHistory(t *testing.T) {
	game := "9D t2>t4, QC t5>t2, JD t5>t3, TD t4>t3, 8D t4>t3, 2D t7>t4, 3H t3>t5, AC t5>t6, 4H t5>t4, QD t6>t5, AC t6>f, 2C t6>f, TS t2>t7, AS t2>f, 6S t4>t2, KS t1>c1"
	moves := cliWriteFile(t, "played.txt", strings.ReplaceAll(game, ", ", "\n")+"\n")
	args := []string{"hint", "russian-cell", "20003", "--moves", moves, "--hide", "--samples", "20", "--workers", "1"}
	text := cliOK(t, "", append(args, "--ascii")...)
	var a cliAdvice
	cliDecodeStrict(t, cliOK(t, "", append(args, "--format", "json")...), &a)
	last := a.Moves[len(a.Moves)-1]
	if !a.History || a.Best == "" || a.Best == "KS c1>t1" || last.Move != "KS c1>t1" || !last.Seen {
		t.Fatalf("with the game's moves: best %q, last %+v, history %v; want the undo KS c1>t1 last and seen", a.Best, last, a.History)
	}
	for _, w := range []string{"Best move: " + a.Best + " ", "KS c1>t1", "[seen]", "goes back to a position already seen in the game"} {
		if !strings.Contains(text, w) {
			t.Errorf("want %q in:\n%s", w, text)
		}
	}
	// The same position without the game: the undo is advised.
	var played []rules.Move
	for _, f := range strings.Split(game, ", ") {
		played = append(played, rules.MustMove(f))
	}
	q, err := rules.Replay(dealgen.Deal(rules.RussianCell, dealgen.FromUint64(20003)), rules.DefaultOptions(), played)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(rules.NewPositionDoc(q.Hide(), ""))
	if err != nil {
		t.Fatal(err)
	}
	end := cliWriteFile(t, "end.json", string(doc))
	var bare cliAdvice
	cliDecodeStrict(t, cliOK(t, "", "hint", "russian-cell", "--position", end, "--samples", "20", "--workers", "1", "--format", "json"), &bare)
	if bare.History || bare.Best != "KS c1>t1" {
		t.Fatalf("the bare position: best %q, history %v; want KS c1>t1 and no history (the test needs it)", bare.Best, bare.History)
	}
}
