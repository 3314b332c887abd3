package game

// The JSON documents of hint (docs/formats.md, "Hint JSON").

import (
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// HintDoc is the JSON that hint --format json writes for a position with
// every card known (docs/formats.md, "Hint JSON"), of kind "hint".
type HintDoc struct {
	// The fields are those of docs/formats.md, "Hint JSON": the game and
	// deal, the position, its rules, the verdict (with its reason when
	// unknown), the moves to go and the next ones, the cause of a loss.
	rules.DocHeader
	Game     string             `json:"game"`
	Number   string             `json:"number,omitempty"`
	Position *rules.PositionDoc `json:"position,omitempty"`
	Rules    DocRules           `json:"rules"`
	Verdict  string             `json:"verdict"`
	Reason   string             `json:"reason,omitempty"`
	ToGo     *int               `json:"to_go,omitempty"`
	Next     []string           `json:"next,omitempty"`
	Why      string             `json:"why,omitempty"`
	// Detour: the win found goes back to a position of the game (--moves);
	// Next is then a move to a new position after which a win still
	// exists (none when every such move loses).
	Detour bool `json:"detour,omitempty"`
	// The search: its node budget, the positions searched, its time.
	MaxNodes int64   `json:"max_nodes"`
	Nodes    int64   `json:"nodes"`
	Seconds  float64 `json:"seconds"`
}

// Doc is the document of the answer h for a position with every card
// known: the first count moves of a win, or the cause of a loss where one
// is found. num is the deal's number ("" for none); withPosition puts the
// position in the document. An answer about no position (the zero Hint)
// leaves the game and the position out.
func (h *Hint) Doc(num string, count int, withPosition bool) HintDoc {
	p, res, cfg := h.Position, h.Result, h.Config
	d := HintDoc{DocHeader: HintDocument.Header(), Number: num,
		Verdict: res.Verdict.String(), Reason: res.Reason.String(), MaxNodes: cfg.MaxNodes, Nodes: res.Nodes,
		Seconds: res.Elapsed.Seconds()}
	if p != nil {
		d.Game, d.Rules = p.Game.String(), DocRules{Returns: cfg.Options.Returns(p.Game)}
	}
	if p != nil && withPosition {
		pd := rules.NewPositionDoc(p, num)
		d.Position = &pd
	}
	switch res.Verdict {
	case solver.Solvable:
		togo := len(res.Moves)
		d.ToGo = &togo
		if h.Detour {
			d.Detour = true
			if m, ok := h.Move(); ok {
				d.Next = []string{m.String()}
			}
			break
		}
		for _, m := range res.Moves[:min(max(count, 0), togo)] {
			d.Next = append(d.Next, m.String())
		}
	case solver.Unsolvable:
		d.Why = h.Why()
	}
	return d
}

// AdviceDoc is the JSON of hint --format json for a position with unknown
// cards: the position's share, as solve writes it, and the moves ranked.
// Its kind is "hint", as for a position with every card known.
type AdviceDoc struct {
	// ShareDoc is the share of the position, as solve writes it.
	ShareDoc
	// History says the game's moves were given (--moves): moves back to
	// one of its positions are marked seen and never advised.
	History bool `json:"history,omitempty"`
	// Best is the move advised; Moves, the moves ranked, best first;
	// Searches, the searches after moves besides the position's own.
	Best     string         `json:"best,omitempty"`
	Moves    []MoveShareDoc `json:"moves"`
	Searches int            `json:"searches"`
}

// MoveShareDoc is a move of a hint or a review over arrangements: how many
// of them can be won after it, and the share with its range (TallyRange).
type MoveShareDoc struct {
	// The move; the arrangements with a win after it, without one, and
	// undecided; the share of the decided with its range (TallyRange);
	// TurnsUnknown, the move turns up a card that is not known.
	Move         string  `json:"move"`
	Winnable     int     `json:"winnable"`
	Unwinnable   int     `json:"unwinnable"`
	Unknown      int     `json:"unknown"`
	Share        float64 `json:"share"`
	Low          float64 `json:"low"`
	High         float64 `json:"high"`
	TurnsUnknown bool    `json:"turns_unknown,omitempty"`
	// OrTo lists the other empty cells or columns the move could go to,
	// to the same effect (the move itself stays one valid move).
	OrTo []string `json:"or_to,omitempty"`
	// Undoable: the next move can undo it. RankedBy, for such a move other
	// than a cell card to a column: the arrangements whose win begins with
	// it, which it is ranked by. Seen: it goes back to a position of the
	// game (never advised).
	Undoable bool `json:"undoable,omitempty"`
	RankedBy *int `json:"ranked_by,omitempty"`
	Seen     bool `json:"seen,omitempty"`
}

// ViewDoc is the document of the answer h for a position with unknown
// cards (the player's view): its share, and at most show moves, the most winnable first. A run that was stopped lists
// no move.
func (h *Hint) ViewDoc(num string, show int) AdviceDoc {
	p, adv, cfg, stopped := h.Position, h.Rating, h.Config, h.stopped
	d := AdviceDoc{ShareDoc: newShareDoc(p, num, cfg, adv.Share), History: adv.History, Moves: []MoveShareDoc{}, Searches: adv.Searches}
	d.DocHeader = HintDocument.Header()
	if stopped {
		return d
	}
	if b, ok := adv.Best(); ok {
		d.Best = b.Move.String()
	}
	for _, m := range adv.Ranked[:min(max(show, 0), len(adv.Ranked))] {
		share, low, high := TallyRange(m.Tally, adv.Exhaustive)
		md := MoveShareDoc{Move: m.Move.String(), Winnable: m.Winnable, Unwinnable: m.Unwinnable,
			Unknown: m.Unknown, Share: share, Low: low, High: high, TurnsUnknown: m.TurnsUnknown,
			Undoable: m.Undoable, Seen: m.Seen}
		if m.Discounted {
			by := m.Score
			md.RankedBy = &by
		}
		for _, l := range m.Twins {
			md.OrTo = append(md.OrTo, l.String())
		}
		d.Moves = append(d.Moves, md)
	}
	return d
}
