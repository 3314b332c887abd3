package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// ReadMoves reads a list of moves a player has made, in any of the forms
// this program writes or a person would type:
//
//   - a JSON array of moves, [{"card":"5C","from":"t3","to":"t6"}, ...];
//   - a solution document (solve --format json), whose "moves" are taken;
//   - text, one move a line in short notation ("5C t3>t6", "5C t3 t6"),
//     where a leading move number ("12.") and anything after the move (such
//     as solve's description) are ignored, as are blank lines and lines
//     starting with #.
//
// It checks the form only; whether the moves are legal is the referee's
// call (Replay). It reads at most MaxInputSize bytes.
func ReadMoves(r io.Reader) ([]Move, error) {
	data, err := readCapped(r)
	if err != nil {
		return nil, err
	}
	t := bytes.TrimSpace(data)
	switch {
	case len(t) > 0 && t[0] == '[':
		var docs []moveDoc
		if err := json.Unmarshal(t, &docs); err != nil {
			return nil, problemsOf("moves: not a JSON list of moves: %v", err)
		}
		return movesOf(docs)
	case len(t) > 0 && t[0] == '{':
		var doc struct {
			Moves []moveDoc `json:"moves"`
		}
		if err := json.Unmarshal(t, &doc); err != nil {
			return nil, problemsOf("moves: not a solution document: %v", err)
		}
		return movesOf(doc.Moves)
	}
	var moves []Move
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m, err := parseMoveLine(line)
		if err != nil {
			return nil, problemsOf("line %d: %v", i+1, err)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

var moveNumber = regexp.MustCompile(`^\d+[.)]$`)

// parseMoveLine reads one move from a line of text: an optional move
// number, then CARD FROM>TO or CARD FROM TO, then anything.
func parseMoveLine(line string) (Move, error) {
	f := strings.Fields(line)
	if len(f) > 0 && moveNumber.MatchString(f[0]) {
		f = f[1:]
	}
	if len(f) >= 2 && strings.Contains(f[1], ">") {
		return ParseMove(f[0] + " " + f[1])
	}
	if len(f) >= 3 {
		return ParseMove(f[0] + " " + f[1] + " " + f[2])
	}
	return Move{}, fmt.Errorf("bad move %q: want CARD FROM>TO, as in \"5C t3>t6\"", line)
}

func movesOf(docs []moveDoc) ([]Move, error) {
	moves := make([]Move, 0, len(docs))
	for i, d := range docs {
		m, err := d.move()
		if err != nil {
			return nil, problemsOf("moves[%d]: %v", i, err)
		}
		moves = append(moves, m)
	}
	return moves, nil
}
