package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solver/patience/player"
)

// playDoc is the part of play's JSON record the tests read.
type playDoc struct {
	Number    string            `json:"number"`
	Verdict   string            `json:"verdict"`
	Moves     []json.RawMessage `json:"moves"`
	Player    string            `json:"player"`
	Samples   int               `json:"samples"`
	Seed      string            `json:"seed"`
	Outcome   string            `json:"outcome"`
	LostAfter *int              `json:"lost_after"`
	Shares    []json.RawMessage `json:"shares"`
}

func playJSON(t *testing.T, args ...string) (string, playDoc) {
	t.Helper()
	out := cliOK(t, "", append([]string{"play"}, append(args, "--format", "json", "--workers", "1")...)...)
	var d playDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("play's JSON: %v\n%s", err, out)
	}
	if len(d.Shares) != len(d.Moves) {
		t.Fatalf("%d shares for %d moves", len(d.Shares), len(d.Moves))
	}
	return out, d
}

func TestCLIPlayRecords(t *testing.T) {
	// Greedy wins deal 1 (a fixed rule: the same game every time).
	won, d := playJSON(t, "russian-cell", "1", "--player", "greedy")
	if d.Outcome != "won" || d.Verdict != "solvable" || d.Player != "greedy" || d.Samples != 0 || d.LostAfter != nil {
		t.Fatalf("greedy on deal 1: %+v", d)
	}
	if r := cliCheck(t, won); r.code != exitOK || !strings.HasPrefix(r.stdout, "valid: wins in ") {
		t.Fatalf("check of a won game: %v", r)
	}
	// Greedy loses deal 2, which is solvable: the record says where.
	lost, d := playJSON(t, "russian-cell", "2", "--player", "greedy")
	if d.Outcome != "lost" || d.Verdict != "solvable" || d.LostAfter == nil || *d.LostAfter < 1 || *d.LostAfter > len(d.Moves) {
		t.Fatalf("greedy on deal 2: %+v", d)
	}
	if r := cliCheck(t, lost); r.code != exitCheck || !strings.Contains(r.stdout, "a lost game") {
		t.Fatalf("check of a lost game: %v", r)
	}
	// The review of the same moves finds the same losing move.
	rv := cliOK(t, "", "review", "russian-cell", "2", "--moves", cliWriteFile(t, "g.json", lost), "--format", "json", "--samples", "10", "--judge-samples", "60", "--workers", "1")
	var rd struct {
		Version   int    `json:"version"`
		LostAt    *int   `json:"lost_at"`
		Judgement string `json:"judgement"`
		Test      *struct {
			Arrangements int      `json:"arrangements"`
			Both         int      `json:"both"`
			BestOnly     int      `json:"best_only"`
			PlayedOnly   int      `json:"played_only"`
			Neither      int      `json:"neither"`
			PValue       *float64 `json:"p_value"`
			High         float64  `json:"high"`
			Margin       float64  `json:"margin"`
			Exact        bool     `json:"exact"`
		} `json:"test"`
		Moves []struct {
			After string `json:"after"`
			Rank  int    `json:"rank"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(rv), &rd); err != nil {
		t.Fatal(err)
	}
	if rd.LostAt == nil || *rd.LostAt != *d.LostAfter || len(rd.Moves) != len(d.Moves) {
		t.Fatalf("review: lost at %v, %d moves; play: lost after %d, %d moves", rd.LostAt, len(rd.Moves), *d.LostAfter, len(d.Moves))
	}
	if rd.Judgement != "mistake" && rd.Judgement != "bad luck" && rd.Judgement != "too close to call" {
		t.Fatalf("review judgement %q", rd.Judgement)
	}
	if rd.Version != 3 || rd.Test == nil {
		t.Fatalf("review JSON: version %d, test %v; want version 3 with the test", rd.Version, rd.Test)
	}
	if j := rd.Test; j.Both+j.BestOnly+j.PlayedOnly+j.Neither != j.Arrangements || j.Arrangements != 60 && !j.Exact || (j.PValue == nil) != j.Exact {
		t.Fatalf("review test: %+v", *j)
	}
	if j := rd.Test; !j.Exact && (rd.Judgement == "mistake") != (*j.PValue < 0.05 && j.BestOnly > j.PlayedOnly && j.High >= j.Margin) {
		t.Fatalf("review: %q with p = %v on a %d-%d split", rd.Judgement, *j.PValue, j.BestOnly, j.PlayedOnly)
	}
	if rd.Moves[*rd.LostAt-1].After != "unsolvable" || (*rd.LostAt > 1 && rd.Moves[*rd.LostAt-2].After != "solvable") {
		t.Fatalf("review: verdicts around the losing move: %+v", rd.Moves)
	}
	// Deal 7 cannot be won: lost as dealt.
	_, d = playJSON(t, "russian-cell", "7", "--player", "greedy")
	if d.Outcome != "lost" || d.Verdict != "unsolvable" || d.LostAfter == nil || *d.LostAfter != 0 {
		t.Fatalf("greedy on deal 7: %+v", d)
	}
	text := cliOK(t, "", "play", "russian-cell", "7", "--player", "greedy", "--ascii")
	if !strings.Contains(text, "Lost as dealt") || !strings.Contains(text, "Outcome: lost") {
		t.Fatalf("play's text for deal 7:\n%s", text)
	}
}

func TestCLIPlaySampled(t *testing.T) {
	out, d := playJSON(t, "russian-cell", "617", "--player", "sampled", "--samples", "10", "--seed", "4")
	if d.Player != "sampled" || d.Samples != 10 || d.Seed != "4" || (d.Outcome != "won" && d.Outcome != "lost") {
		t.Fatalf("sampled on deal 617: %+v", d)
	}
	again, _ := playJSON(t, "russian-cell", "617", "--player", "sampled", "--samples", "10", "--seed", "4")
	cut := func(s string) string { return s[:strings.Index(s, `"nodes"`)] + s[strings.Index(s, `"player"`):] }
	if cut(out) != cut(again) {
		t.Fatal("the same seed played two games")
	}
	rated := 0
	for _, s := range d.Shares {
		if string(s) != "null" {
			rated++
		}
	}
	if rated == 0 {
		t.Fatal("no move of the sampled player was rated")
	}
	if d.Outcome == "lost" && d.Verdict == "solvable" && d.LostAfter == nil {
		t.Fatal("a lost game of a solvable deal without lost_after")
	}
	text := cliOK(t, "", "play", "russian-cell", "617", "--player", "sampled", "--samples", "10", "--seed", "4", "--ascii", "--workers", "1")
	for _, w := range []string{"[??]", "Played by the sampled player (10 arrangements", "Outcome: "} {
		if !strings.Contains(text, w) {
			t.Fatalf("play's text lacks %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "unsolvable") && d.Verdict == "solvable" {
		t.Fatalf("a game of a solvable deal written as unsolvable:\n%s", text)
	}
}

// TestCLIPlayDefault: play without --player plays with the default
// player, and says why a lost game was lost, as review judges it.
func TestCLIPlayDefault(t *testing.T) {
	out := cliOK(t, "", "play", "russian-cell", "617", "--ascii")
	named := cliOK(t, "", "play", "russian-cell", "617", "--ascii", "--player", player.Default.String())
	if out != named || !strings.Contains(out, "Played by the "+player.Default.String()+" player") {
		t.Errorf("play 617 without --player differs from --player %s:\n%s", player.Default, out)
	}
	if !strings.Contains(out, "It could no longer be won after move") || !strings.Contains(out, ", as review judges it: ") {
		t.Errorf("play 617 does not say why the game was lost:\n%s", out)
	}
}

func TestCLIPlayAndReviewErrors(t *testing.T) {
	illegal := cliWriteFile(t, "bad.txt", "KC t1>t2\n")
	rf := cliOK(t, "", "deal", "ripple-fan", "1", "--format", "json")
	rfFile := cliWriteFile(t, "rf.json", rf)
	hidden := cliWriteFile(t, "hidden.json", cliOK(t, "", "deal", "russian-cell", "5", "--hide", "--format", "json"))
	for _, c := range []struct {
		args  []string
		words []string
	}{
		{[]string{"play", "russian-cell", "5", "--player", "clever"}, []string{"unknown player", "sampled or greedy"}},
		{[]string{"play", "russian-cell", "5", "--player", "greedy", "--samples", "10"}, []string{"--samples", "only to the sampled player"}},
		{[]string{"play", "russian-cell", "5", "--player", "greedy", "--seed", "3"}, []string{"--seed", "only to the sampled player"}},
		{[]string{"stats", "russian-cell", "--deals", "1-4", "--player", "greedy", "--seed", "3"}, []string{"--seed", "only to the sampled player"}},
		{[]string{"stats", "russian-cell", "--deals", "1-4", "--seed", "3"}, []string{"--samples and --seed are the sampled player's", "--player sampled"}},
		{[]string{"play", "russian-cell", "5", "--player", "sampled", "--samples", "0"}, []string{"--samples"}},
		{[]string{"play", "russian-cell", "5", "--player", "greedy", "--moves", illegal}, []string{"bad.txt", "move 1"}},
		{[]string{"play", "russian-cell", "--position", rfFile, "--player", "greedy"}, []string{"ripple-fan", "not russian-cell"}},
		{[]string{"play", "russian-cell", "--position", hidden, "--player", "sampled"}, []string{"unknown", "true position"}},
		{[]string{"play", "chess", "5", "--player", "greedy"}, []string{"unknown game"}},
		{[]string{"review", "russian-cell", "5"}, []string{"--moves"}},
		{[]string{"review", "russian-cell", "5", "--moves", illegal}, []string{"bad.txt", "move 1"}},
		{[]string{"review", "russian-cell", "--position", rfFile, "--moves", illegal}, []string{"ripple-fan", "not russian-cell"}},
		{[]string{"review", "russian-cell", "--position", hidden, "--moves", illegal}, []string{"unknown"}},
		{[]string{"review", "russian-cell", "5", "--moves", illegal, "--samples", "-1"}, []string{"--samples"}},
	} {
		cliWantUsage(t, cliRun(t, "", c.args...), 1, c.words...)
	}
}

func TestCLIReviewText(t *testing.T) {
	// The first move of deal 1's game by greedy, then the review.
	_, d := playJSON(t, "russian-cell", "2", "--player", "greedy")
	lost, _ := playJSON(t, "russian-cell", "2", "--player", "greedy")
	text := cliOK(t, "", "review", "russian-cell", "2", "--moves", cliWriteFile(t, "g.json", lost), "--samples", "10", "--ascii", "--workers", "1")
	for _, w := range []string{"The game was lost at move", "A move that kept it winnable", "The move your view rated best"} {
		if !strings.Contains(text, w) {
			t.Fatalf("review's text lacks %q:\n%s", w, text)
		}
	}
	if !strings.Contains(text, "A mistake, of about ") && !strings.Contains(text, "Bad luck:") {
		t.Fatalf("review says neither mistake nor bad luck:\n%s", text)
	}
	if strings.Count(text, "\n") < len(d.Moves)+5 {
		t.Fatalf("review's text is too short for %d moves:\n%s", len(d.Moves), text)
	}
}

func TestCLIStatsPlayer(t *testing.T) {
	out := cliWriteFile(t, "g.jsonl", "")
	os.Remove(out)
	args := []string{"stats", "russian-cell", "--deals", "1-8", "--player", "greedy", "--out", out, "--quiet", "--workers", "1", "--format", "json"}
	first := cliOK(t, "", args...)
	var rep struct {
		Solvable uint64 `json:"solvable"`
		Player   *struct {
			Played  uint64 `json:"played"`
			WinRate struct {
				Wins, Of uint64
			} `json:"win_rate"`
			WinnableWon struct {
				Wins, Of uint64
			} `json:"winnable_won"`
			Name         string   `json:"name"`
			Timed        uint64   `json:"timed"`
			MovesPerGame *float64 `json:"moves_per_game"`
		} `json:"player"`
	}
	if err := json.Unmarshal([]byte(first), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Player == nil || rep.Player.Name != "greedy" || rep.Player.Played != 8 || rep.Player.WinRate.Of != 8 || rep.Player.WinnableWon.Of != rep.Solvable {
		t.Fatalf("stats --player: %s", first)
	}
	// Each game is the one play gives: its outcome, and its length on
	// the deal's line ("game_moves"; "moves" is the solver's solution).
	lines := strings.Split(strings.TrimSpace(cliReadFile(t, out)), "\n")
	if len(lines) != 9 || !strings.Contains(lines[0], `"player":"greedy"`) {
		t.Fatalf("results file:\n%s", strings.Join(lines, "\n"))
	}
	played := map[string]int{}
	for _, l := range lines[1:] {
		var rec struct {
			Number, Outcome string
			GameMoves       *int     `json:"game_moves"`
			GameSeconds     *float64 `json:"game_seconds"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil || rec.Outcome == "" || rec.GameMoves == nil || rec.GameSeconds == nil {
			t.Fatalf("a player's line without its outcome, moves or time (%v): %s", err, l)
		}
		played[rec.Number+" "+rec.Outcome] = *rec.GameMoves
	}
	won, sum := 0, 0
	for n := 1; n <= 8; n++ {
		_, d := playJSON(t, "russian-cell", strconv.Itoa(n), "--player", "greedy")
		if d.Outcome == "won" {
			won++
		}
		k := strconv.Itoa(n) + " " + d.Outcome
		if m, ok := played[k]; !ok || m != len(d.Moves) {
			t.Fatalf("deal %d: play says %s in %d moves; the results file says %v", n, d.Outcome, len(d.Moves), played)
		}
		sum += len(d.Moves)
	}
	if uint64(won) != rep.Player.WinRate.Wins {
		t.Fatalf("stats says greedy won %d of deals 1-8, play says %d", rep.Player.WinRate.Wins, won)
	}
	if rep.Player.Timed != 8 || rep.Player.MovesPerGame == nil || math.Abs(*rep.Player.MovesPerGame-float64(sum)/8) > 1e-9 {
		t.Fatalf("stats says %d games timed, %v moves a game; play's games have %.3f", rep.Player.Timed, rep.Player.MovesPerGame, float64(sum)/8)
	}
	// The CSV exports carry the player's figures and each game.
	header, rows := cliCSV(t, cliOK(t, "", "stats", "--summary", out, "--format", "csv"))
	col := func(name string) string { return rows[0][slices.Index(header, name)] }
	if col("player") != "greedy" || col("player_games") != "8" || col("player_win_rate") != strconv.FormatFloat(float64(won)/8, 'g', -1, 64) ||
		col("game_moves_mean") != strconv.FormatFloat(float64(sum)/8, 'g', -1, 64) {
		t.Fatalf("the summary's CSV lacks the player's figures: %v\n%v", header, rows)
	}
	header, rows = cliCSV(t, cliOK(t, "", "stats", "--summary", out, "--records", "--format", "csv"))
	if len(rows) != 8 {
		t.Fatalf("records CSV: %d rows", len(rows))
	}
	for _, row := range rows {
		k := row[slices.Index(header, "number")] + " " + row[slices.Index(header, "outcome")]
		if m, ok := played[k]; !ok || strconv.Itoa(m) != row[slices.Index(header, "game_moves")] {
			t.Fatalf("records CSV row %v differs from the results file %v", row, played)
		}
	}
	// Resuming plays nothing again and gives the same report.
	if again := cliOK(t, "", args...); again != first {
		t.Fatalf("resumed report differs:\n%s\n%s", first, again)
	}
	// Shards of the run merge into the same figures.
	dir := t.TempDir()
	for _, sh := range []string{"0/2", "1/2"} {
		cliOK(t, "", "stats", "russian-cell", "--deals", "1-8", "--player", "greedy", "--shard", sh, "--out", dir+"/s"+sh[:1]+".jsonl", "--quiet", "--workers", "1")
	}
	merged := cliOK(t, "", "merge", dir+"/s0.jsonl", dir+"/s1.jsonl", "--out", dir+"/m.jsonl", "--format", "json")
	if !strings.Contains(merged, fmt.Sprintf(`"played":8,"win_rate":{"wins":%d,"of":8`, won)) {
		t.Fatalf("merged shards: %s", merged)
	}
	// Another player is another run.
	r := cliRun(t, "", "stats", "russian-cell", "--deals", "1-8", "--player", "sampled", "--out", out, "--quiet")
	if r.code != exitUsage || !strings.Contains(r.stderr, "player") || strings.Contains(r.stderr, "samples") || strings.Contains(r.stderr, "seed") {
		t.Fatalf("resume with another player (the samples and seed go with the player): %v", r)
	}
	cliWantUsage(t, cliRun(t, "", "stats", "russian-cell", "--deals", "1-8", "--samples", "5"), 1, "give --player sampled")
	// Ripple Fan: the sampled player's rate is the rate with all cards known.
	r = cliRun(t, "", "stats", "ripple-fan", "--deals", "1-50", "--player", "sampled", "--quiet")
	if r.code != exitOK || !strings.Contains(r.stderr, "no game is played") || strings.Contains(r.stdout, "Player sampled") {
		t.Fatalf("stats ripple-fan --player sampled: %v", r)
	}
	text := cliOK(t, "", "stats", "ripple-fan", "--deals", "1-50", "--player", "greedy", "--quiet")
	if !strings.Contains(text, "Player greedy") {
		t.Fatalf("stats ripple-fan --player greedy:\n%s", text)
	}
	cliWantUsage(t, cliRun(t, "", "stats", "russian-cell", "--deals", "1-8", "--player", "lucky"), 1, "unknown player")
}

// TestCLIReviewMoveFiles checks that review takes its move file as play
// and solve take theirs: a record of another deal or game, or a file with
// no moves, is refused in one line; a record that starts from a position
// is reviewed from it with no deal number; and a won game says so.
func TestCLIReviewMoveFiles(t *testing.T) {
	won, _ := playJSON(t, "russian-cell", "1", "--player", "greedy")
	wonFile := cliWriteFile(t, "won.json", won)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"russian-cell", "617", "--moves", wonFile}, "is a solution for deal 1, not deal 617"},
		{[]string{"ripple-fan", "1", "--moves", wonFile}, "is a solution for russian-cell, not ripple-fan"},
		{[]string{"russian-cell", "617", "--moves", cliWriteFile(t, "empty.txt", "\n")}, "is empty"},
		{[]string{"russian-cell", "617", "--moves", cliWriteFile(t, "none.json", "[]")}, "holds no moves"},
		{[]string{"russian-cell", "--moves", cliWriteFile(t, "list.txt", "JH t2>t3\n")}, "give a deal NUMBER or --position FILE"},
	} {
		r := cliRun(t, "", append([]string{"review"}, c.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("review %v: exit %d, %q; want exit %d and %q in one line", c.args, r.code, r.stderr, exitUsage, c.want)
		}
	}
	if out := cliOK(t, "", "review", "russian-cell", "1", "--moves", wonFile, "--samples", "5", "--workers", "1"); !strings.Contains(out, "The game was won: no move lost it.") {
		t.Errorf("review of a won game:\n%s", out)
	}
	// The review's own JSON is not a game.
	rv := cliWriteFile(t, "rv.json", cliOK(t, "", "review", "russian-cell", "1", "--moves", wonFile, "--samples", "5", "--workers", "1", "--format", "json"))
	cliWantUsage(t, cliRun(t, "", "review", "russian-cell", "1", "--moves", rv), 1, "this is the review of a played game")
	// A game played after --moves is recorded from its position; review
	// finds the start there.
	first := cliWriteFile(t, "first.txt", "JH t2>t3\nQS t2>t5\n")
	rec, d := playJSON(t, "russian-cell", "617", "--moves", first, "--player", "greedy")
	if d.Number != "" {
		t.Fatalf("a game after --moves records deal %q, want a position", d.Number)
	}
	out := cliOK(t, "", "review", "russian-cell", "--moves", cliWriteFile(t, "rec.json", rec), "--samples", "5", "--workers", "1", "--ascii", "--format", "json")
	var doc struct {
		Number   string
		Position *json.RawMessage
		Moves    []struct{ Move string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Position == nil || doc.Number != "" || len(doc.Moves) != len(d.Moves) {
		t.Fatalf("review of a game from a position (%v): %.300s", err, out)
	}
}

// TestCLIReviewRules: review's JSON records the rules the review ran
// under, --no-returns included (it once said returns on for every Russian
// Cell review), and no returns for Ripple Fan.
func TestCLIReviewRules(t *testing.T) {
	won, _ := playJSON(t, "russian-cell", "1", "--player", "greedy")
	wonFile := cliWriteFile(t, "won.json", won)
	for _, c := range []struct {
		extra []string
		want  bool
	}{{nil, true}, {[]string{"--no-returns"}, false}} {
		args := append([]string{"review", "russian-cell", "1", "--moves", wonFile, "--samples", "5", "--workers", "1", "--format", "json"}, c.extra...)
		var d struct {
			Rules struct {
				Returns *bool `json:"returns"`
			} `json:"rules"`
		}
		if err := json.Unmarshal([]byte(cliOK(t, "", args...)), &d); err != nil {
			t.Fatal(err)
		}
		if d.Rules.Returns == nil || *d.Rules.Returns != c.want {
			t.Errorf("review %v: rules.returns %v, want %v", c.extra, d.Rules.Returns, c.want)
		}
	}
	rfWon, _ := playJSON(t, "ripple-fan", "1", "--player", "greedy")
	var d struct {
		Rules struct {
			Returns *bool `json:"returns"`
		} `json:"rules"`
	}
	out := cliOK(t, "", "review", "ripple-fan", "1", "--moves", cliWriteFile(t, "rf.json", rfWon), "--samples", "5", "--workers", "1", "--format", "json")
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.Rules.Returns == nil || *d.Rules.Returns {
		t.Errorf("ripple-fan review: rules.returns %v, want false", d.Rules.Returns)
	}
}

// TestCLIRemovedPlayers: a player that was measured and removed is refused
// by name, saying so, by play and stats; a results file of its games, as an
// earlier build wrote it, still summarises and merges, and resuming it says
// why it cannot be.
func TestCLIRemovedPlayers(t *testing.T) {
	for _, name := range []string{"reveal", "adaptive", "rollout", "conditioned"} {
		for _, cmd := range [][]string{{"play", "russian-cell", "617"}, {"stats", "russian-cell", "--deals", "1-4"}} {
			cliWantUsage(t, cliRun(t, "", append(cmd, "--player", name)...), 1, "the "+name+" player", "was removed", "use sampled or greedy", "benchmarks/BENCHMARKS.md")
		}
	}
	// Shards of deals 1..4 played by "rollout", as the build of 11c6cc2
	// wrote them (patience stats russian-cell --deals 1-4 --shard i/2
	// --player rollout --workers 1), copied so that nothing writes to
	// testdata.
	dir := t.TempDir()
	var shards []string
	for i := range 2 {
		b, err := os.ReadFile(fmt.Sprintf("testdata/rollout-11c6cc2-%d.jsonl", i))
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, fmt.Sprintf("rollout-%d.jsonl", i))
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, out)
	}
	sum := cliRun(t, "", append([]string{"stats", "--summary"}, shards...)...)
	if sum.code != 0 || !strings.Contains(sum.stdout, "rollout") || !strings.Contains(sum.stdout, "Player rollout (50 samples, seed 1)") || !strings.Contains(sum.stdout, "2 of 4)") {
		t.Errorf("stats --summary of the rollout player's shards: %v", sum)
	}
	merged := filepath.Join(dir, "rollout.jsonl")
	if r := cliRun(t, "", append([]string{"merge", "--out", merged}, shards...)...); r.code != 0 {
		t.Fatalf("merge of the rollout player's shards: %v", r)
	}
	if b, err := os.ReadFile(merged); err != nil || strings.Count(string(b), "\n") != 5 || !strings.Contains(string(b), `"player":"rollout"`) {
		t.Errorf("the merged file: %q, %v", b, err)
	}
	cliWantUsage(t, cliRun(t, "", "stats", "russian-cell", "--deals", "1-4", "--player", "sampled", "--out", merged), 3,
		"holds results of a different run", `its player is "rollout"`, "was removed from patience", "cannot resume its run", "commit 11c6cc2", "stats --summary and merge")
	// Another player that patience still has: no word of a removal.
	greedy := filepath.Join(dir, "greedy.jsonl")
	cliOK(t, "", "stats", "russian-cell", "--deals", "1-4", "--player", "greedy", "--workers", "1", "--quiet", "--out", greedy)
	r := cliRun(t, "", "stats", "russian-cell", "--deals", "1-4", "--player", "sampled", "--out", greedy)
	cliWantUsage(t, r, 2, "holds results of a different run", "or the same flags as that run", `its player is "greedy"`)
	if strings.Contains(r.stderr, "removed") {
		t.Errorf("resuming greedy's results with sampled: %q", r.stderr)
	}
}
