package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/patience-solver/patience/internal/jsonkeys"
)

// ReadMoves reads a list of moves a player has made, in any of the forms
// ReadMoveFile reads, and returns the moves alone.
func ReadMoves(r io.Reader) ([]Move, error) {
	f, err := ReadMoveFile(r)
	return f.Moves, err
}

// MoveFile is what ReadMoveFile read: the moves, and the solution
// document they came from, if they came from one.
type MoveFile struct {
	// Moves are the moves in the order they are played; empty when the
	// input held none.
	Moves []Move
	// Solution is the solution the moves were read from (its game, deal or
	// starting position, verdict and moves), or nil for a list of moves.
	// A caller that plays the moves from a start checks that the solution
	// is for that start.
	Solution *Solution
	// Empty is set when the input held nothing but white space.
	Empty bool
}

// ReadMoveFile reads a list of moves a player has made, in any of the
// forms this program writes or a person would type:
//
//   - a JSON array of moves, [{"card":"5C","from":"t3","to":"t6"}, ...],
//     or of moves in short notation, ["5C t3>t6", "AH c1>f"];
//   - a solution document (solve --format json), whose "moves" are taken
//     (MoveFile.Solution is the solution);
//   - text, one move a line in short notation ("5C t3>t6", "5C t3 t6"),
//     where a leading move number ("12.") and anything after the move (such
//     as solve's description) are ignored, as are blank lines and lines
//     starting with #.
//
// Empty input gives no moves, with MoveFile.Empty set. Another of the
// project's documents (a position, a results file) is refused with an
// error that says what it is. It checks the form only; whether the moves
// are legal is the referee's call (Replay). It reads at most MaxInputSize
// bytes.
func ReadMoveFile(r io.Reader) (MoveFile, error) {
	data, err := readCapped(r, MoveListDocument)
	if err != nil {
		return MoveFile{}, err
	}
	t := bytes.TrimSpace(data)
	switch {
	case len(t) == 0:
		return MoveFile{Empty: true}, nil
	case t[0] == '[':
		var docs []moveDoc
		if err := json.Unmarshal(t, &docs); err == nil {
			if err := jsonkeys.Check(t, &docs); err != nil {
				return MoveFile{}, problemsOf("moves: %v", err)
			}
			moves, err := movesOf(docs)
			return MoveFile{Moves: moves}, err
		}
		var lines []string
		if err := json.Unmarshal(t, &lines); err == nil {
			moves := make([]Move, 0, len(lines))
			for i, l := range lines {
				m, err := ParseMove(l)
				if err != nil {
					return MoveFile{}, problemsOf("moves[%d]: %v", i, err)
				}
				moves = append(moves, m)
			}
			return MoveFile{Moves: moves}, nil
		}
		if err := json.Unmarshal(t, &docs); err != nil {
			return MoveFile{}, problemsOf(`moves: not a JSON list of moves, such as [{"card":"5C","from":"t3","to":"t6"}] or ["5C t3>t6"]: %v`, strings.TrimPrefix(err.Error(), "json: "))
		}
	case t[0] == '{':
		if documentOf(t) == SolutionDocument {
			sol, err := ReadSolution(bytes.NewReader(t))
			if err != nil {
				return MoveFile{}, err
			}
			return MoveFile{Moves: sol.Moves, Solution: sol}, nil
		}
		if err := wrongKind(t, "list of moves"); err != nil {
			return MoveFile{}, err
		}
		var doc struct {
			Moves []moveDoc `json:"moves"`
		}
		if err := json.Unmarshal(t, &doc); err != nil {
			return MoveFile{}, problemsOf("moves: not a solution document: %v", err)
		}
		if err := jsonkeys.Check(t, &doc); err != nil {
			return MoveFile{}, problemsOf("moves: %v", err)
		}
		moves, err := movesOf(doc.Moves)
		return MoveFile{Moves: moves}, err
	}
	var moves []Move
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m, err := parseMoveLine(line)
		if err != nil {
			return MoveFile{}, problemsOf("line %d: %v", i+1, err)
		}
		moves = append(moves, m)
	}
	return MoveFile{Moves: moves}, nil
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
