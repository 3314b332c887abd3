package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/patience-solver/patience/rules"
)

// The outcomes of a played game. A loss is an outcome of play, never a
// verdict: the deal may be solvable all the same.
//
// OutcomeStopped is the outcome of a game that a signal stopped before it
// ended (PlayRecord.Signal names the signal): neither won nor lost, its
// moves are the moves played so far.
const (
	OutcomeWon     = "won"
	OutcomeLost    = "lost"
	OutcomeStopped = "stopped"
)

// Record is a solution, or the record of a game played by a player that
// cannot see the face-down cards (patience play): a solution whose
// Verdict is the start's with all cards known and whose Moves are the
// moves played, which win only when Play.Outcome is OutcomeWon.
//
// A play record is written as a solution's JSON with the play's fields
// after "seconds" and before "solver", and "patience":"play":
//
//	{"patience":"play","version":1,"game":"russian-cell","number":"7","verdict":"unsolvable",...,
//	 "nodes":2219,"seconds":0.003,"player":"greedy","outcome":"lost","ended":"...","lost_after":0,"shares":[null]}
type Record struct {
	*rules.Solution
	// Play is what a play record adds to its solution; nil for a
	// solution.
	Play *PlayRecord
}

// PlayRecord is what the record of a played game adds to a solution.
type PlayRecord struct {
	Player  string  // the player's name (player.Kind's String), such as "sampled"
	Samples int     // arrangements per decision, for a player that draws them; else 0
	Seed    *uint64 // the seed of the draws, for a player that draws them; else nil
	Outcome string  // OutcomeWon, OutcomeLost or OutcomeStopped
	Ended   string  // why the game ended, in words
	// Signal names the signal that stopped an unfinished game, such as
	// "SIGINT", when Outcome is OutcomeStopped; else "".
	Signal string
	// LostAt is, for a lost game of a solvable deal, the number of the
	// first move after which the game could no longer be won with all
	// cards known; 0 means lost as dealt (the deal is unsolvable). It is
	// nil when the game was won or the verdict is unknown.
	LostAt *int
	// Shares gives, for each move, the share it was rated at (winnable of
	// decided arrangements), or nil for a move played unrated (automatic
	// foundation moves, the only new move, the greedy rule).
	Shares []*DecisionShare
}

// DecisionShare is the rating of one move of a played game: in how many of the
// arrangements drawn a win still existed after it, Exhaustive when every
// arrangement was solved.
type DecisionShare struct {
	Winnable   int  `json:"winnable"`        // the arrangements in which a win still existed after the move
	Of         int  `json:"of"`              // the arrangements decided; those whose search ran out of budget are left out
	Exhaustive bool `json:"exact,omitempty"` // every arrangement of the unseen cards was solved, not a sample of them
}

// playDoc is the JSON of a PlayRecord: the keys a play record adds to a
// solution, in the order written.
type playDoc struct {
	Player  string           `json:"player,omitempty"`
	Samples int              `json:"samples,omitempty"`
	Seed    *uint64          `json:"seed,omitempty,string"`
	Outcome string           `json:"outcome,omitempty"`
	Ended   string           `json:"ended,omitempty"`
	Signal  string           `json:"stopped,omitempty"`
	LostAt  *int             `json:"lost_after,omitempty"`
	Shares  []*DecisionShare `json:"shares,omitempty"`
	// given holds the play's keys the record gives, read or not.
	given map[string]bool
}

// solutionKeys are the top-level keys of rules' solution document
// (TestSolutionKeys checks them against rules.MarshalSolution, through
// SolutionKeys in export_test.go).
var solutionKeys = map[string]bool{"game": true, "number": true, "position": true, "verdict": true, "reason": true, "rules": true,
	"moves": true, "forced": true, "shortest": true, "lower_bound": true, "nodes": true, "seconds": true, "solver": true}

// playKeys are playDoc's keys, each with the JSON it takes, in words.
var playKeys = map[string]string{
	"player":     "a string",
	"samples":    "a whole number",
	"seed":       "a string",
	"outcome":    "a string",
	"ended":      "a string",
	"stopped":    "a string",
	"lost_after": "a whole number",
	"shares":     `a list with a share or null for each move, such as [{"winnable":3,"of":5},null]`,
}

// MarshalRecord returns the record as compact one-line JSON (no trailing
// newline): rules.MarshalSolution's, and for a play record, kind "play"
// and the play's fields after "seconds". A record without a solution (nil,
// or the zero Record) has no document: nil.
func MarshalRecord(rec *Record) []byte {
	if rec == nil || rec.Solution == nil {
		return nil
	}
	pl := rec.Play
	if pl == nil {
		return rules.MarshalSolution(rec.Solution)
	}
	d := recordOut{SolutionDoc: rules.NewSolutionDoc(rec.Solution), Build: rec.Build,
		playDoc: playDoc{Player: pl.Player, Samples: pl.Samples, Seed: pl.Seed, Outcome: pl.Outcome, Ended: pl.Ended,
			Signal: pl.Signal, LostAt: pl.LostAt, Shares: pl.Shares}}
	d.DocHeader = PlayDocument.Header()
	return marshal(d)
}

// recordOut is the JSON of a play record as written: the solution's
// members, the play's after "seconds", and "solver" last (this Build
// is written in place of the solution's own).
type recordOut struct {
	rules.SolutionDoc
	playDoc
	Build string `json:"solver,omitempty"`
}

// recordIn is the JSON of a play record as read, by one decoder: the
// solution's members and the play's, which are read on from their JSON
// in the record's own words (readPlayField).
type recordIn struct {
	rules.SolutionDoc
	// The header, read here in place of the solution's (readVersion).
	Patience json.RawMessage `json:"patience"`
	Version  json.RawMessage `json:"version"`
	// The play's members.
	Player  json.RawMessage `json:"player"`
	Samples json.RawMessage `json:"samples"`
	Seed    json.RawMessage `json:"seed"`
	Outcome json.RawMessage `json:"outcome"`
	Ended   json.RawMessage `json:"ended"`
	Signal  json.RawMessage `json:"stopped"`
	LostAt  json.RawMessage `json:"lost_after"`
	Shares  json.RawMessage `json:"shares"`
}

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("game: " + err.Error()) // cannot happen: the values are plain data
	}
	return b
}

// ReadRecord reads a solution or the record of a played game, at most
// rules.MaxInputSize bytes, with its kind or, as written before documents
// said their kind, without. rules.ReadSolution reads a solution; a
// play record is read by one decoder, the solution's members (checked by
// rules.SolutionDoc) and the play's together, and the play's are checked
// with the solution: a known outcome, a
// signal for a stopped game, a share for each move, a lost_after that is
// a move of the game. Errors are rules.Problems, one per line, or a
// *rules.WrongDocumentError for another document.
func ReadRecord(r io.Reader) (*Record, error) {
	data, err := readInput(r)
	if err != nil {
		return nil, err
	}
	kind, named := rules.KindName(data)
	if len(data) > rules.MaxInputSize || named && kind == "" {
		// Too large, or a kind that is not a string: rules says so.
		_, err := rules.ReadSolution(bytes.NewReader(data))
		return nil, err
	}
	if err := refuse(data, rules.SolutionDocument, true); err != nil {
		return nil, err
	}
	members, ok := objectMembers(data)
	first := ""
	for _, m := range members {
		if _, ok := playKeys[m.key]; ok && first == "" {
			first = m.key
		}
	}
	isPlay := kind == PlayDocument.Kind() || kind == "" && first != ""
	if !isPlay {
		if kind == rules.SolutionDocument.Kind() && first != "" {
			return nil, rules.Problems{fmt.Sprintf(`%q in a solution: the record of a played game is "patience": "play"`, first)}
		}
		sol, err := rules.ReadSolution(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		return &Record{Solution: sol}, nil
	}
	if err := unknownKeys(members); err != nil {
		return nil, err
	}
	var l rules.Problems
	d := readPlayMembers(members, kind, &l)
	// One decoder reads the solution's members and the play's; rules
	// checks the solution's, and the play's are checked here.
	var in recordIn
	var sol *rules.Solution
	err = rules.DecodeStrict(data, &in, "record of a played game")
	if err == nil {
		sol, err = in.Solution()
	}
	var rp rules.Problems
	switch {
	case err != nil && !errors.As(err, &rp):
		return nil, err
	case err != nil && !ok:
		// Not JSON, or not one object: the decoder says where (the
		// play's fields read so far say nothing more).
		return nil, err
	case err != nil:
		l = append(rp, l...)
	}
	pl := d.check(kind, sol, &l)
	if len(l) > 0 {
		return nil, l
	}
	return &Record{Solution: sol, Play: pl}, nil
}

// readPlayMembers reads the play's fields, and checks the header, of the
// play record whose top-level members are members, into a playDoc.
func readPlayMembers(members []member, kind string, l *rules.Problems) playDoc {
	var d playDoc
	version := false
	d.given = map[string]bool{}
	for _, m := range members {
		_, play := playKeys[m.key]
		switch {
		case d.given[m.key] || m.key == "version" && version:
			// Given twice: the decoder says so.
		case m.key == "version":
			version = true
			readVersion(m.raw, kind, l)
		case play:
			d.given[m.key] = true
			if msg := readPlayField(&d, m); msg != "" {
				*l = append(*l, msg)
			}
		}
	}
	if kind != "" && !version {
		*l = append(*l, fmt.Sprintf(`"patience": %q without "version": want "version":%d`, kind, PlayDocument.Version()))
	}
	return d
}

// unknownKeys says which top-level keys of a play record no record has,
// in the record's words, with the key meant where one is near; nil when
// none.
func unknownKeys(members []member) error {
	var l rules.Problems
	var known []string
	for k := range solutionKeys {
		known = append(known, k)
	}
	for k := range playKeys {
		known = append(known, k)
	}
	known = append(known, "patience", "version")
	slices.Sort(known)
	for _, m := range members {
		_, play := playKeys[m.key]
		if !play && !solutionKeys[m.key] && m.key != "patience" && m.key != "version" {
			msg := fmt.Sprintf("unknown field %q: the record of a played game has no such field", clip(m.key))
			if near := rules.Nearest(m.key, known); near != "" {
				msg = fmt.Sprintf("unknown field %q: did you mean %q?", clip(m.key), near)
			}
			l = append(l, msg)
		}
	}
	if len(l) == 0 {
		return nil
	}
	return l
}

// readVersion checks the "version" of a play record.
func readVersion(raw json.RawMessage, kind string, l *rules.Problems) {
	var v int
	if json.Unmarshal(raw, &v) != nil {
		*l = append(*l, "version: want a whole number, such as 1")
		return
	}
	want := PlayDocument.Version()
	switch {
	case kind == "":
		*l = append(*l, fmt.Sprintf(`"version" without "patience": a document that gives its format version names its kind, as in {"patience":%q,"version":%d,...}`, PlayDocument.Kind(), want))
	case v == 0:
		*l = append(*l, fmt.Sprintf(`"patience": %q without "version": want "version":%d`, kind, want))
	case v < 0 || v > want:
		*l = append(*l, fmt.Sprintf("format version %d of %s: this build of patience reads versions up to %d; use a newer build", v, PlayDocument, want))
	}
}

// readPlayField reads one of the play's members into d, and returns what
// is wrong with it, or "".
func readPlayField(d *playDoc, m member) string {
	switch m.key {
	case "shares":
		if err := readShares(m.raw, &d.Shares); err != nil {
			return err.Error()
		}
		return ""
	case "seed":
		return readSeed(m.raw, &d.Seed)
	}
	err := json.Unmarshal(m.raw, map[string]any{"player": &d.Player, "samples": &d.Samples, "outcome": &d.Outcome,
		"ended": &d.Ended, "stopped": &d.Signal, "lost_after": &d.LostAt}[m.key])
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		return fmt.Sprintf("%s: want %s, got a JSON %s", m.key, playKeys[m.key], te.Value)
	case err != nil:
		return fmt.Sprintf("%s: want %s", m.key, playKeys[m.key])
	}
	return ""
}

// readSeed reads a play record's seed, a whole number written as a
// string (null for none), into seed, and returns what is wrong with it,
// or "".
func readSeed(raw json.RawMessage, seed **uint64) string {
	var s *string
	var te *json.UnmarshalTypeError
	if err := json.Unmarshal(raw, &s); errors.As(err, &te) {
		return fmt.Sprintf("seed: want %s, got a JSON %s", playKeys["seed"], te.Value)
	} else if err != nil {
		return "seed: want " + playKeys["seed"]
	}
	if s == nil {
		return "" // null: no seed
	}
	n, err := strconv.ParseUint(*s, 10, 64)
	if err != nil || strconv.FormatUint(n, 10) != *s {
		return fmt.Sprintf("seed: %q is not a whole number, 0 to 2^64-1, written as a string", clip(*s))
	}
	*seed = &n
	return ""
}

// readShares reads a play record's shares: a list with, for each move,
// null or an object with "winnable", "of" and, when true, "exact", each
// once.
func readShares(raw json.RawMessage, shares *[]*DecisionShare) error {
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		return fmt.Errorf(`shares: want %s`, playKeys["shares"])
	}
	if entries == nil {
		return nil
	}
	*shares = make([]*DecisionShare, len(entries))
	for i, e := range entries {
		if string(e) == "null" {
			continue
		}
		members, ok := objectMembers(e)
		if !ok {
			return fmt.Errorf(`shares[%d]: want a share, such as {"winnable":3,"of":5}, or null`, i)
		}
		var s DecisionShare
		seen := map[string]bool{}
		for _, m := range members {
			var err error
			switch {
			case seen[m.key]:
				return fmt.Errorf("shares[%d]: %q twice; give each field once", i, m.key)
			case m.key == "winnable":
				err = json.Unmarshal(m.raw, &s.Winnable)
			case m.key == "of":
				err = json.Unmarshal(m.raw, &s.Of)
			case m.key == "exact":
				err = json.Unmarshal(m.raw, &s.Exhaustive)
			default:
				return fmt.Errorf(`shares[%d]: unknown field %q: a share has "winnable", "of" and "exact"`, i, clip(m.key))
			}
			if err != nil {
				return fmt.Errorf("shares[%d]: %s: want a whole number (exact: true or false)", i, m.key)
			}
			seen[m.key] = true
		}
		if !seen["winnable"] || !seen["of"] {
			return fmt.Errorf(`shares[%d]: a share gives "winnable" and "of"`, i)
		}
		(*shares)[i] = &s
	}
	return nil
}

// check checks the play's fields against each other and the solution sol
// (nil when it did not read), and returns the record's play.
func (d *playDoc) check(kind string, sol *rules.Solution, l *rules.Problems) *PlayRecord {
	add := func(format string, args ...any) { *l = append(*l, fmt.Sprintf(format, args...)) }
	switch d.Outcome {
	case OutcomeWon, OutcomeLost, OutcomeStopped:
	case "":
		if d.given["outcome"] {
			return nil // said above: not a string
		}
		if kind == PlayDocument.Kind() {
			add(`"patience": "play" without "outcome": the record of a played game says how it ended (won, lost or stopped)`)
		} else {
			add(`a played game's fields without "outcome": use won, lost or stopped`)
		}
		return nil
	default:
		add("unknown outcome %q: use won, lost or stopped", clip(d.Outcome))
		return nil
	}
	switch {
	case d.Outcome == OutcomeStopped && d.Signal == "":
		add(`outcome stopped without "stopped": name the signal that stopped the game, such as "SIGINT"`)
	case d.Outcome != OutcomeStopped && d.Signal != "":
		add(`"stopped": %q, but the outcome is %s: only a stopped game names a signal`, clip(d.Signal), d.Outcome)
	case len(d.Signal) > 20 || strings.ContainsFunc(d.Signal, func(r rune) bool { return r < ' ' || r == 0x7f }):
		add("stopped: %q is not the name of a signal, such as \"SIGINT\"", clip(d.Signal))
	case d.Outcome == OutcomeStopped && d.LostAt != nil:
		add("lost_after in a stopped game: only a lost game has one")
	}
	if d.Samples < 0 {
		add("samples: %d is negative", d.Samples)
	}
	if sol != nil {
		n := len(sol.Moves)
		if d.Shares != nil && len(d.Shares) != n {
			add("shares: %d entries for %d moves", len(d.Shares), n)
		}
		if d.LostAt != nil && (*d.LostAt < 0 || *d.LostAt > n) {
			add("lost_after: %d is not a move of the %d played", *d.LostAt, n)
		}
		if d.Outcome == OutcomeWon && sol.Verdict != rules.VerdictSolvable {
			add(`outcome won, but the verdict is %q: a won game's deal is solvable`, clip(sol.Verdict))
		}
	}
	return &PlayRecord{Player: d.Player, Samples: d.Samples, Seed: d.Seed, Outcome: d.Outcome, Ended: d.Ended,
		Signal: d.Signal, LostAt: d.LostAt, Shares: d.Shares}
}

// clip shortens s, from a document, to its first 40 characters for an
// error message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}

// member is one member of a JSON object: its key and its value.
type member struct {
	key string
	raw json.RawMessage
}

// objectMembers returns the members of data, a JSON object and nothing
// after it; ok is false when data is not one, and the members are then
// those read before what is wrong.
func objectMembers(data []byte) (ms []member, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	for dec.More() {
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			return ms, false
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return ms, false
		}
		ms = append(ms, member{key: key, raw: raw})
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return ms, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return ms, false
	}
	return ms, true
}
