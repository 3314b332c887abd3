package batch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/jsonkeys"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// FormatVersion is the version of the results file format this package
// writes. It reads version 1 too (see Header.Version).
const FormatVersion = 2

// Header is the first line of a results file: what the run was. Resume
// refuses a file whose header differs from the run's, and merge uses the
// headers to know the declared list of deals.
type Header struct {
	// Version is the format version of the file: FormatVersion for a new
	// file, 1 for a file written before version 2 (0 is taken as
	// FormatVersion). Version 1 has no Solver, Player, Samples or Seed,
	// and its result lines carry no run tag (see Tag).
	Version int
	// Build is the build of patience that wrote the results (the
	// module version, "+" and the first digits of the commit, as in
	// "v1.2.3+abc1234" or "(devel)"), or the builds, separated by ", ",
	// when a run was resumed by another build or the files of several
	// builds were merged. Version 2 only, and never empty there.
	Build string
	Game  rules.Game
	// Deals is the requested list of deals in canonical form
	// (DealList.String), before sharding.
	Deals    string
	Shard    Shard
	Options  rules.Options
	MaxNodes int64
	// Timeout is the time budget per deal; 0 means none, and is not
	// written.
	Timeout time.Duration
	// Player names the player whose games the results are, for the runs
	// that play deals rather than solve them; "" (not written) for the
	// solver's verdicts. Version 2 only.
	Player string
	// Samples is the number of arrangements of the unseen cards the
	// player draws for each decision; written when above 0. Version 2
	// only.
	Samples int
	// Seed is the seed of the player's draws, written when Samples is
	// above 0. Version 2 only.
	Seed uint64
}

// AppendJSON appends the header as one line of JSON, without the newline:
//
//	{"patience":"results","version":2,"solver":"v1.2.3+abc1234","run":"5e1f09c2",
//	 "game":"russian-cell","deals":"1-100000","shard":"0/1","rules":{"returns":true},
//	 "max_nodes":100000000}
//
// A "timeout" field (such as "30s") follows when there is a time budget,
// then "player" when there is a player, then "samples" and "seed" (a
// string of digits) when Samples is above 0. "run" is the run's tag (see
// Tag). A version-1 header has neither "solver" nor "run", nor the
// player's fields.
func (h *Header) AppendJSON(b []byte) []byte {
	v2 := h.Version != 1
	b = append(b, `{"patience":"results","version":`...)
	if v2 {
		b = strconv.AppendInt(b, FormatVersion, 10)
		b = append(b, `,"solver":`...)
		b = appendJSONString(b, h.Build)
		b = append(b, `,"run":"`...)
		b = append(b, h.Tag()...)
		b = append(b, '"')
	} else {
		b = append(b, '1')
	}
	b = append(b, `,"game":`...)
	b = appendJSONString(b, h.Game.String())
	b = append(b, `,"deals":`...)
	b = appendJSONString(b, h.Deals)
	b = append(b, `,"shard":`...)
	b = appendJSONString(b, h.Shard.String())
	b = append(b, `,"rules":{"returns":`...)
	b = strconv.AppendBool(b, h.Options.Returns(h.Game))
	b = append(b, `},"max_nodes":`...)
	b = strconv.AppendInt(b, h.MaxNodes, 10)
	if h.Timeout > 0 {
		b = append(b, `,"timeout":`...)
		b = appendJSONString(b, h.Timeout.String())
	}
	if v2 && h.Player != "" {
		b = append(b, `,"player":`...)
		b = appendJSONString(b, h.Player)
	}
	if v2 && h.Samples > 0 {
		b = append(b, `,"samples":`...)
		b = strconv.AppendInt(b, int64(h.Samples), 10)
		b = append(b, `,"seed":"`...)
		b = strconv.AppendUint(b, h.Seed, 10)
		b = append(b, '"')
	}
	return append(b, '}')
}

// headerDoc is the JSON form of Header, for reading.
type headerDoc struct {
	Patience *string `json:"patience"`
	Version  *int    `json:"version"`
	Build    *string `json:"solver"`
	Run      *string `json:"run"`
	Game     *string `json:"game"`
	Deals    *string `json:"deals"`
	Shard    *string `json:"shard"`
	Rules    *struct {
		Returns *bool `json:"returns"`
	} `json:"rules"`
	MaxNodes *int64  `json:"max_nodes"`
	Timeout  string  `json:"timeout"`
	Player   *string `json:"player"`
	Samples  *int    `json:"samples"`
	Seed     *string `json:"seed"`
}

// isHeaderLine reports whether a line looks like a results header (it
// names "patience", and no other kind of document than "results"), as
// opposed to a result line.
func isHeaderLine(line []byte) bool {
	return bytes.Contains(line, []byte(`"patience"`)) && otherDocument(line) == 0
}

// otherDocument returns the kind of document that line says it is, when
// that is another of patience's documents than a results file (a
// solution, say), and 0 otherwise.
func otherDocument(line []byte) rules.Document {
	if !bytes.Contains(line, []byte(`"patience"`)) {
		return 0
	}
	if d, _ := rules.KindOf(line); d != rules.ResultsDocument {
		return d
	}
	return 0
}

// decodeHeader reads a results header line into its JSON form: a line
// of another document, one that is no header, a field of the wrong type,
// a key given twice or spelt in another case than its field's are
// refused.
func decodeHeader(line []byte) (headerDoc, error) {
	var d headerDoc
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	derr := errors.New("no line")
	if len(line) > 0 && line[0] == '{' {
		derr = dec.Decode(&d)
	}
	var te *json.UnmarshalTypeError
	if errors.As(derr, &te) && d.Patience != nil && *d.Patience == "results" && te.Field != "" {
		return d, fmt.Errorf("bad results header: %q is a %s, want a %s", te.Field, te.Value, jsonKind(te.Type))
	}
	if got := otherDocument(line); got != 0 {
		return d, &rules.WrongDocumentError{Got: got, Want: rules.ResultsDocument}
	}
	if derr != nil || dec.More() || d.Patience == nil {
		if len(line) > 0 && line[0] == '{' && !isHeaderLine(line) {
			return d, errors.New("it has no header line: a results file starts with {\"patience\":\"results\",...}")
		}
		return d, errors.New("not a patience results file: its first line is not a results header")
	}
	// encoding/json keeps the last of two equal keys, and takes a key for
	// a field whatever its case ("DEALS" for "deals"): refuse both.
	if err := jsonkeys.Check(line, &d); err != nil {
		return d, fmt.Errorf("bad results header: %w", err)
	}
	return d, nil
}

// ParseHeader reads a results header line, of version 1 or 2. A version-2
// header must carry "solver" and the "run" tag that its fields give (see
// Tag); a version-1 header must not carry the fields version 2 added.
// Its error is a *rules.ParseError, as every ParseX's is.
func ParseHeader(line []byte) (Header, error) {
	h, err := parseHeader(line)
	if err != nil {
		return h, &rules.ParseError{What: "results header", Input: string(line), Err: err}
	}
	return h, nil
}

// parseHeader is ParseHeader, for a Reader, which puts its error in a
// *FileError.
func parseHeader(line []byte) (Header, error) {
	d, err := decodeHeader(bytes.TrimSpace(line))
	if err != nil {
		return Header{}, err
	}
	var h Header
	missing := func(f string) error { return fmt.Errorf("bad results header: no %q", f) }
	switch {
	case *d.Patience != "results":
		return h, fmt.Errorf("bad results header: \"patience\" is %q, want \"results\"", *d.Patience)
	case d.Version == nil:
		return h, missing("version")
	case *d.Version != 1 && *d.Version != FormatVersion:
		return h, fmt.Errorf("results file version %d: this patience reads versions 1 and %d", *d.Version, FormatVersion)
	case d.Game == nil:
		return h, missing("game")
	case d.Deals == nil:
		return h, missing("deals")
	case d.Shard == nil:
		return h, missing("shard")
	case d.Rules == nil || d.Rules.Returns == nil:
		return h, missing("rules")
	case d.MaxNodes == nil:
		return h, missing("max_nodes")
	}
	g, err := rules.ParseGame(*d.Game)
	if err != nil {
		return h, fmt.Errorf("bad results header: %w", err)
	}
	sh, err := ParseShard(*d.Shard)
	if err != nil {
		return h, fmt.Errorf("bad results header: %w", err)
	}
	if *d.MaxNodes < 1 {
		return h, fmt.Errorf("bad results header: max_nodes %d", *d.MaxNodes)
	}
	v, err := rules.VariantOf(g, *d.Rules.Returns)
	if err != nil {
		return h, fmt.Errorf("bad results header: %w", err)
	}
	h = Header{Version: *d.Version, Game: g, Deals: *d.Deals, Shard: sh, Options: v.Options, MaxNodes: *d.MaxNodes}
	if d.Timeout != "" {
		t, err := time.ParseDuration(d.Timeout)
		if err != nil || t <= 0 {
			return h, fmt.Errorf("bad results header: timeout %q", d.Timeout)
		}
		h.Timeout = t
	}
	if h.Version == 1 {
		for _, f := range []struct {
			name string
			set  bool
		}{{"solver", d.Build != nil}, {"run", d.Run != nil}, {"player", d.Player != nil}, {"samples", d.Samples != nil}, {"seed", d.Seed != nil}} {
			if f.set {
				return h, fmt.Errorf("bad results header: %q in a version-1 header (version 2 added it)", f.name)
			}
		}
		return h, nil
	}
	if err := h.parseVersion2(&d); err != nil {
		return h, fmt.Errorf("bad results header: %v", err)
	}
	return h, nil
}

// HeaderDiff is one field in which two headers differ.
type HeaderDiff struct {
	Field      string // as in the file: game, deals, shard, rules, max_nodes, timeout, player, samples, seed
	Have, Want string // the values, quoted where they are strings
}

// Diff lists the fields in which h differs from want. The shard is
// compared only when shard is true, and the budget (max_nodes and
// timeout) only when budget is true. The version and the build (Solver)
// are not compared: a version-1 file and a version-2 file can hold the
// results of one run, and so can the files of two builds. A nil want is
// the zero Header.
func (h *Header) Diff(want *Header, shard, budget bool) []HeaderDiff {
	if want == nil {
		want = &Header{}
	}
	var d []HeaderDiff
	add := func(field string, have, want any) {
		d = append(d, HeaderDiff{field, fmt.Sprint(have), fmt.Sprint(want)})
	}
	if h.Game != want.Game {
		add("game", h.Game, want.Game)
	}
	if h.Deals != want.Deals {
		add("deals", clip(h.Deals), clip(want.Deals))
	}
	if shard && h.Shard != want.Shard {
		add("shard", h.Shard, want.Shard)
	}
	if h.Options.Returns(h.Game) != want.Options.Returns(want.Game) {
		add("rules", fmt.Sprintf("returns %v", h.Options.Returns(h.Game)), fmt.Sprintf("returns %v", want.Options.Returns(want.Game)))
	}
	if budget && h.MaxNodes != want.MaxNodes {
		add("max_nodes", h.MaxNodes, want.MaxNodes)
	}
	if budget && h.Timeout != want.Timeout {
		add("timeout", timeoutString(h.Timeout), timeoutString(want.Timeout))
	}
	// Samples and seed are the sampled player's: beside another player's
	// run, the player says it all.
	if h.Player != want.Player {
		add("player", playerString(h.Player), playerString(want.Player))
	} else {
		if h.Samples != want.Samples {
			add("samples", h.Samples, want.Samples)
		}
		if h.Seed != want.Seed {
			add("seed", h.Seed, want.Seed)
		}
	}
	return d
}

func timeoutString(t time.Duration) string {
	if t == 0 {
		return "none"
	}
	return t.String()
}

// clip shortens a long deal list for a message.
func clip(s string) string {
	if len(s) > 60 {
		return strconv.Quote(s[:57] + "...")
	}
	return strconv.Quote(s)
}

// Record is one line of a results file: the outcome of one deal.
type Record struct {
	// Run is the tag of the run the line belongs to (Header.Tag), written
	// first as "run"; "" in a version-1 file, whose lines have none.
	Run     string
	Number  dealgen.Number
	Verdict solver.Verdict
	// Reason says which budget ended an unknown search; it is empty for
	// the other verdicts. It is the text of a solver.StopReason, kept as
	// the file holds it (solver.ParseStopReason reads it back).
	Reason string
	// Moves is the solution length, 0 when not solvable.
	Moves int
	// Forced is how many moves of the solution were forced (the only move
	// the solver considered: see solver.Result.Forced), 0 when not
	// solvable. It is NoForced for a win read from a line without
	// "forced", as files written before it was recorded have.
	Forced int
	// Nodes is the number of positions expanded.
	Nodes int64
	// Elapsed is the search time, written in seconds to the microsecond.
	Elapsed time.Duration
	// Outcome is the player's game in a run with a player (Header.Player),
	// else NotPlayed. GameMoves is the number of moves of that game and
	// GameElapsed its time; Moves, Nodes and Elapsed stay the solver's.
	// Lines written before the game's moves and time were recorded have
	// GameMoves -1.
	Outcome     Outcome
	GameMoves   int
	GameElapsed time.Duration
}

// Outcome is a player's result on a deal: a loss is an outcome of play,
// never a verdict.
type Outcome uint8

// The outcomes.
const (
	NotPlayed Outcome = iota
	Won
	Lost
)

// String returns "won", "lost" or "".
func (o Outcome) String() string {
	switch o {
	case Won:
		return "won"
	case Lost:
		return "lost"
	}
	return ""
}

// NoForced is Record.Forced for a win whose line does not say how many of
// its moves were forced.
const NoForced = -1

// AppendJSON appends the record as one line of JSON, without the newline:
//
//	{"run":"5e1f09c2","number":"617","verdict":"solvable","moves":97,"forced":41,"nodes":1234,"seconds":0.0004}
//
// "run" is left out when Run is "" (a version-1 line). An unknown carries
// "reason" after "verdict"; only a win carries "forced" (and not when
// Forced is NoForced). It does not allocate.
func (r *Record) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if r.Run != "" {
		b = append(b, `"run":`...)
		b = appendJSONString(b, r.Run)
		b = append(b, ',')
	}
	b = append(b, `"number":"`...)
	if u, ok := r.Number.Uint64(); ok {
		if r.Number.IsMS() {
			b = append(b, "ms"...)
		}
		b = strconv.AppendUint(b, u, 10)
	} else {
		b = append(b, r.Number.String()...)
	}
	b = append(b, `","verdict":"`...)
	b = append(b, r.Verdict.String()...)
	b = append(b, '"')
	if r.Verdict == solver.Unknown {
		b = append(b, `,"reason":`...)
		b = appendJSONString(b, r.Reason)
	}
	if r.Outcome != NotPlayed {
		b = append(b, `,"outcome":"`...)
		b = append(b, r.Outcome.String()...)
		b = append(b, '"')
		if r.GameMoves >= 0 {
			b = append(b, `,"game_moves":`...)
			b = strconv.AppendInt(b, int64(r.GameMoves), 10)
			b = append(b, `,"game_seconds":`...)
			b = appendSeconds(b, r.GameElapsed)
		}
	}
	b = append(b, `,"moves":`...)
	b = strconv.AppendInt(b, int64(r.Moves), 10)
	if r.Verdict == solver.Solvable && r.Forced >= 0 {
		b = append(b, `,"forced":`...)
		b = strconv.AppendInt(b, int64(r.Forced), 10)
	}
	b = append(b, `,"nodes":`...)
	b = strconv.AppendInt(b, r.Nodes, 10)
	b = append(b, `,"seconds":`...)
	b = appendSeconds(b, r.Elapsed)
	return append(b, '}')
}

// appendSeconds writes d in seconds, rounded to the microsecond, in the
// shortest decimal form: 0.000412, 1.5, 0.
func appendSeconds(b []byte, d time.Duration) []byte {
	us := d.Round(time.Microsecond).Microseconds()
	if us < 0 {
		us = 0
	}
	b = strconv.AppendInt(b, us/1e6, 10)
	frac := us % 1e6
	if frac == 0 {
		return b
	}
	var digits [6]byte
	for i := 5; i >= 0; i-- {
		digits[i] = byte('0' + frac%10)
		frac /= 10
	}
	n := 6
	for digits[n-1] == '0' {
		n--
	}
	b = append(b, '.')
	return append(b, digits[:n]...)
}

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		i++
	}
	return append(b, '"')
}

// ParseRecord reads one result line. It is strict: the line must be one
// flat JSON object with exactly the fields a results file has (number,
// verdict, moves, nodes, seconds, reason for an unknown, and forced for a
// win), so that a damaged line is found, not half read. "forced" is
// optional, as files written before it was recorded lack it: a win
// without it has Forced set to NoForced. "run" is optional here too (a
// version-1 line has none); Reader checks it against the file's header.
// A player's line adds "outcome", and "game_moves" with "game_seconds" (a
// line without them, written before they were recorded, has GameMoves -1).
// Its error is a *rules.ParseError, as every ParseX's is.
func ParseRecord(line []byte) (Record, error) {
	r, err := parseRecord(line, "")
	if err != nil {
		return r, &rules.ParseError{What: "result line", Input: string(line), Err: err}
	}
	return r, nil
}

// maxTagLen is the longest run tag a line may carry.
const maxTagLen = 8

// The fields of a result line, in recordFields' order.
const (
	fNumber = iota
	fVerdict
	fReason
	fMoves
	fForced
	fNodes
	fSeconds
	fRun
	fOutcome
	fGameMoves
	fGameSeconds
	nFields
)

// recordFields names the fields of a result line.
var recordFields = [nFields]string{"number", "verdict", "reason", "moves", "forced", "nodes", "seconds", "run", "outcome", "game_moves", "game_seconds"}

// parseRecord is ParseRecord; a "run" equal to tag is set to tag itself,
// so that reading a file's lines does not allocate a copy of it for each.
func parseRecord(line []byte, tag string) (Record, error) {
	var r Record
	p := lineParser{b: bytes.TrimSpace(line)}
	if !p.eat('{') {
		return r, errors.New("not a result line: want a JSON object such as {\"number\":\"617\",\"verdict\":\"solvable\",...}")
	}
	var seen [nFields]bool
	first := true
	for !p.eat('}') {
		if !first && !p.eat(',') {
			return r, p.fail("want , or } after a field")
		}
		first = false
		key, ok := p.str()
		if !ok {
			return r, p.fail("want a field name in quotes")
		}
		if !p.eat(':') {
			return r, p.fail("want : after a field name")
		}
		f := -1
		for i, n := range recordFields {
			if string(key) == n {
				f = i
			}
		}
		if f < 0 {
			return r, fmt.Errorf("unknown field %q in a result line", key)
		}
		if seen[f] {
			return r, fmt.Errorf("field %q twice in a result line", key)
		}
		seen[f] = true
		var err error
		switch f {
		case fNumber, fVerdict, fReason, fRun, fOutcome:
			err = p.textField(f, &r, tag)
		default:
			err = p.numberField(f, &r)
		}
		if err != nil {
			return r, err
		}
	}
	if p.i != len(p.b) {
		return r, p.fail("text after the closing }")
	}
	return r, completeRecord(&r, &seen)
}

// textField reads the value of field f, one of the strings, into r.
func (p *lineParser) textField(f int, r *Record, tag string) error {
	s, ok := p.str()
	switch f {
	case fRun:
		if !ok || len(s) == 0 || len(s) > maxTagLen {
			return fmt.Errorf("bad \"run\": want the run's tag of 1 to %d characters", maxTagLen)
		}
		if string(s) == tag {
			r.Run = tag
		} else {
			r.Run = string(s)
		}
	case fNumber:
		if !ok {
			return p.fail("\"number\" must be a string such as \"617\"")
		}
		n, err := dealgen.ParseNumber(string(s))
		if err != nil {
			return err
		}
		r.Number = n
	case fVerdict:
		if !ok {
			return p.fail("\"verdict\" must be a string")
		}
		switch string(s) {
		case "solvable":
			r.Verdict = solver.Solvable
		case "unsolvable":
			r.Verdict = solver.Unsolvable
		case "unknown":
			r.Verdict = solver.Unknown
		default:
			return fmt.Errorf("bad verdict %q: want solvable, unsolvable or unknown", s)
		}
	case fReason:
		if !ok {
			return p.fail("\"reason\" must be a string")
		}
		r.Reason = string(s)
	case fOutcome:
		switch {
		case ok && string(s) == "won":
			r.Outcome = Won
		case ok && string(s) == "lost":
			r.Outcome = Lost
		default:
			return fmt.Errorf("bad \"outcome\" %q: want won or lost", s)
		}
	}
	return nil
}

// numberField reads the value of field f, one of the numbers, into r.
func (p *lineParser) numberField(f int, r *Record) error {
	num := p.number()
	if f == fSeconds || f == fGameSeconds {
		v, err := strconv.ParseFloat(string(num), 64)
		if err != nil || v < 0 || v > 1e9 {
			return fmt.Errorf("bad %q %q: want a number of seconds, 0 or more", recordFields[f], num)
		}
		if f == fSeconds {
			r.Elapsed = time.Duration(math.Round(v * 1e9))
		} else {
			r.GameElapsed = time.Duration(math.Round(v * 1e9))
		}
		return nil
	}
	v, err := strconv.ParseInt(string(num), 10, 64)
	if err != nil || v < 0 {
		return fmt.Errorf("bad %q %q: want a whole number, 0 or more", recordFields[f], num)
	}
	switch {
	case f == fNodes:
		r.Nodes = v
	case v > math.MaxInt32:
		return fmt.Errorf("bad %q %d", recordFields[f], v)
	case f == fMoves:
		r.Moves = int(v)
	case f == fGameMoves:
		r.GameMoves = int(v)
	default:
		r.Forced = int(v)
	}
	return nil
}

// completeRecord checks that a line read into r has the fields it must
// have and no field its verdict forbids, and marks what an older line
// left out: Forced NoForced for a win without "forced", GameMoves -1 for a
// player's game without "game_moves".
func completeRecord(r *Record, seen *[nFields]bool) error {
	for _, f := range []int{fNumber, fVerdict, fMoves, fNodes, fSeconds} {
		if !seen[f] {
			return fmt.Errorf("no %q in a result line", recordFields[f])
		}
	}
	switch {
	case r.Verdict == solver.Unknown && !seen[fReason]:
		return errors.New("an unknown verdict without a \"reason\"")
	case r.Verdict != solver.Unknown && seen[fReason]:
		return fmt.Errorf("a %q with a \"reason\": only unknown verdicts carry one", r.Verdict)
	case r.Verdict != solver.Solvable && r.Moves != 0:
		return fmt.Errorf("%s with %d moves: only solvable deals have moves", r.Verdict, r.Moves)
	case r.Verdict == solver.Solvable && r.Moves == 0:
		return errors.New("solvable with 0 moves: a deal is won in one move at least")
	case r.Verdict != solver.Solvable && seen[fForced]:
		return fmt.Errorf("a %q with \"forced\": only solvable deals have forced moves", r.Verdict)
	case r.Outcome == Won && r.Verdict != solver.Solvable:
		return fmt.Errorf("a game won on a %q deal: a won deal is solvable", r.Verdict)
	case seen[fGameMoves] != seen[fGameSeconds]:
		return errors.New("\"game_moves\" and \"game_seconds\" come together: the moves and time of the player's game")
	case seen[fGameMoves] && !seen[fOutcome]:
		return errors.New("\"game_moves\" without an \"outcome\": only a player's game has moves played")
	case r.Forced > r.Moves:
		return fmt.Errorf("%d forced of %d moves: a solution has no more forced moves than moves", r.Forced, r.Moves)
	}
	if r.Verdict == solver.Solvable && !seen[fForced] {
		r.Forced = NoForced
	}
	if seen[fOutcome] && !seen[fGameMoves] {
		r.GameMoves = -1
	}
	return nil
}

// lineParser reads the flat JSON objects of result lines.
type lineParser struct {
	b   []byte
	i   int
	buf []byte
}

func (p *lineParser) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t') {
		p.i++
	}
}

func (p *lineParser) eat(c byte) bool {
	p.space()
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *lineParser) fail(msg string) error {
	if p.i >= len(p.b) {
		return fmt.Errorf("the line ends early: %s", msg)
	}
	return fmt.Errorf("at column %d: %s", p.i+1, msg)
}

// str reads a JSON string. The result is valid until the next call.
func (p *lineParser) str() ([]byte, bool) {
	p.space()
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return nil, false
	}
	p.i++
	start := p.i
	for p.i < len(p.b) {
		switch c := p.b[p.i]; {
		case c == '"':
			s := p.b[start:p.i]
			if !utf8.Valid(s) {
				// As encoding/json reads it (and AppendJSON writes it):
				// each invalid byte is U+FFFD.
				return p.escaped(start)
			}
			p.i++
			return s, true
		case c == '\\':
			return p.escaped(start)
		case c < 0x20:
			return nil, false
		}
		p.i++
	}
	return nil, false
}

// escaped reads the rest of a string that has escapes, from start.
func (p *lineParser) escaped(start int) ([]byte, bool) {
	end := start
	for end < len(p.b) {
		if p.b[end] == '\\' {
			end += 2
			continue
		}
		if p.b[end] == '"' {
			break
		}
		end++
	}
	if end >= len(p.b) {
		return nil, false
	}
	var s string
	if err := json.Unmarshal(p.b[start-1:end+1], &s); err != nil {
		return nil, false
	}
	p.i = end + 1
	p.buf = append(p.buf[:0], s...)
	return p.buf, true
}

// number reads the characters of a JSON number (checked by the caller).
func (p *lineParser) number() []byte {
	p.space()
	start := p.i
	for p.i < len(p.b) && strings.IndexByte("+-.0123456789eE", p.b[p.i]) >= 0 {
		p.i++
	}
	return p.b[start:p.i]
}

// ErrSecondHeader is the problem of a results file with a header line after
// its first line: two results files joined end to end, which Merge does
// instead.
var ErrSecondHeader = errors.New("a second header: results files cannot be joined with cat")

// FileError is an error in a results file, or a deals file (ReadDeals),
// with the file's name and line.
type FileError struct {
	Name string // the file's name, as given, or "standard input"
	Line int    // the line, from 1; 0 for a problem with the whole file
	// Truncated is set for a last line that ends without a newline and
	// does not parse: what a run killed mid-write leaves. Resuming the
	// run repairs it.
	Truncated bool
	Err       error // the problem, without the file and line
}

// Error names the file and line, then the problem, on one line.
func (e *FileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	if e.Truncated {
		return fmt.Sprintf("%s line %d: the last line is cut short (a run was killed while writing it); resume the run with the same results file to repair it", e.Name, e.Line)
	}
	return fmt.Sprintf("%s line %d: %v", e.Name, e.Line, e.Err)
}

// Unwrap returns the problem without the file and line.
func (e *FileError) Unwrap() error { return e.Err }

// Reader reads a results file: the header, then one record a line.
type Reader struct {
	name   string
	br     *bufio.Reader
	header Header
	tag    string // the header's run tag, "" for version 1
	line   int    // number of the last line read
	raw    []byte // the last line read, with its newline
	off    int64  // offset just past the last line read
	good   int64  // offset just past the last line that parsed
	goodNL bool   // whether the last line that parsed ended with a newline
}

// errNoReader is the error of a reader given a nil io.Reader.
var errNoReader = errors.New("no input: a nil io.Reader")

// errNotOpened is the error of a Reader's reads that NewReader did not
// make (the zero Reader), which has no file.
var errNotOpened = errors.New("a Reader that NewReader did not make has no file to read")

// utf8BOM is the UTF-8 byte order mark, which an editor may put at the
// start of a text file: the readers of results and deals files skip it.
var utf8BOM = []byte("\xef\xbb\xbf")

// NewReader reads the header of a results file, after a UTF-8 byte order
// mark if the file starts with one. name is used in error messages.
func NewReader(r io.Reader, name string) (*Reader, error) {
	if r == nil {
		return nil, &FileError{Name: name, Line: 1, Err: errNoReader}
	}
	rd := &Reader{name: name, br: bufio.NewReaderSize(r, 256<<10)}
	line, err := rd.readLine()
	if err == io.EOF && len(line) == 0 {
		return nil, &FileError{Name: name, Line: 1, Err: errors.New("the file is empty: no results header")}
	}
	if err != nil && err != io.EOF {
		return nil, &FileError{Name: name, Line: 1, Err: err}
	}
	text := bytes.TrimPrefix(line, utf8BOM)
	h, herr := parseHeader(text)
	if herr != nil {
		if err == io.EOF && line[len(line)-1] != '\n' && bytes.HasPrefix(text, []byte(`{"patience"`)) {
			return nil, &FileError{Name: name, Line: 1, Truncated: true, Err: herr}
		}
		return nil, &FileError{Name: name, Line: 1, Err: herr}
	}
	rd.header = h
	rd.tag = h.Tag()
	rd.good = rd.off
	rd.goodNL = line[len(line)-1] == '\n'
	return rd, nil
}

// Header returns the file's header.
func (r *Reader) Header() Header { return r.header }

// Line returns the number of the last line read (the header is line 1).
func (r *Reader) Line() int { return r.line }

// Raw returns the last line read, with its newline if it had one. It is
// valid until the next call of Next.
func (r *Reader) Raw() []byte { return r.raw }

// Good returns the offset just past the last line that parsed: where a
// truncated last line starts.
func (r *Reader) Good() int64 { return r.good }

func (r *Reader) readLine() ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		line, err = readRest(r.br, line)
	}
	r.line++
	r.raw = line
	r.off += int64(len(line))
	return line, err
}

// Next reads the next record into rec. It returns io.EOF after the last
// one, and a *FileError for a line that does not parse (Truncated set when
// that is the last line and has no newline), or for a Reader that
// NewReader did not make. Blank lines are errors too:
// the format has none. So is a line of another run: in a version-2 file,
// a line whose "run" is not the header's tag, or that has none; in a
// version-1 file, a line that has one.
func (r *Reader) Next(rec *Record) error {
	if r.br == nil {
		return &FileError{Name: r.name, Err: errNotOpened}
	}
	line, err := r.readLine()
	if err == io.EOF && len(line) == 0 {
		r.line--
		return io.EOF
	}
	if err != nil && err != io.EOF {
		return &FileError{Name: r.name, Line: r.line, Err: err}
	}
	got, perr := parseRecord(line, r.tag)
	if perr != nil {
		if err == io.EOF { // the last line, and no newline
			return &FileError{Name: r.name, Line: r.line, Truncated: true, Err: perr}
		}
		if len(bytes.TrimSpace(line)) == 0 {
			perr = errors.New("a blank line")
		} else if isHeaderLine(line) {
			perr = ErrSecondHeader
		}
		return &FileError{Name: r.name, Line: r.line, Err: perr}
	}
	if err := r.checkRun(&got); err != nil {
		return &FileError{Name: r.name, Line: r.line, Err: err}
	}
	*rec = got
	r.good = r.off
	r.goodNL = line[len(line)-1] == '\n'
	return nil
}

// Each calls f for each record that r reads, to the end of the file, and
// returns the first error of reading (Next's) or of f. f is given the same
// Record each time, read anew: it keeps a copy of what it needs. A nil f
// is refused.
func (r *Reader) Each(f func(*Record) error) error {
	if f == nil {
		return errors.New("batch: Each needs a function to call, not nil")
	}
	var rec Record
	for {
		err := r.Next(&rec)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := f(&rec); err != nil {
			return err
		}
	}
}

// checkRun refuses a line that does not carry the run tag of the file's
// header: a line of another run, appended to the file.
func (r *Reader) checkRun(rec *Record) error {
	switch {
	case rec.Run == r.tag:
		return nil
	case r.tag == "":
		return fmt.Errorf("a line of another run: it carries a run tag (%q), which the lines of a version-1 results file do not; remove the line", rec.Run)
	case rec.Run == "":
		return fmt.Errorf("a line of another run: it carries no run tag, and every line of this file carries its header's (%q); remove the line", r.tag)
	}
	return fmt.Errorf("a line of another run: its run tag is %q, this file's header's is %q (another game, deals, rules or player); remove the line", rec.Run, r.tag)
}

// GoodEndsWithNewline reports whether the last line that parsed (header
// included) ended with a newline. Only a file's last line can lack one.
func (r *Reader) GoodEndsWithNewline() bool { return r.goodNL }
