package game

// The JSON documents of review (docs/formats.md, "A review").

import (
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
)

// ReviewDoc is the JSON that review --format json writes, of kind
// "review" (docs/formats.md, "A review"). Version 3 has no "test" when the
// move played is the best-rated one, and "low_95" and "high_95" in the
// test, and calls bad luck when both tests pass; version 2 had "test" for
// that move too, compared with itself ("same"), and called such a split a
// mistake; version 1 had "difference".
type ReviewDoc struct {
	// The fields are those of docs/formats.md, "A review": the game and
	// deal, the start position, its rules, the arrangements each move is
	// rated over and their seed (Russian Cell), the verdict of the start,
	// the moves, whether the game was won or lost and at which move, a
	// move that kept it winnable, the best-rated and the played move at
	// the loss, the judgement and the test behind it.
	rules.DocHeader
	Game      string             `json:"game"`
	Number    string             `json:"number,omitempty"`
	Position  *rules.PositionDoc `json:"position,omitempty"`
	Rules     DocRules           `json:"rules"`
	Samples   int                `json:"samples,omitempty"`
	Seed      *uint64            `json:"seed,omitempty,string"`
	Verdict   string             `json:"verdict"`
	Moves     []ReviewMoveDoc    `json:"moves"`
	Won       bool               `json:"won"`
	Lost      bool               `json:"lost"`
	LostAt    *int               `json:"lost_at,omitempty"`
	Kept      string             `json:"kept,omitempty"`
	BestRated *MoveShareDoc      `json:"best_rated,omitempty"`
	Played    *MoveShareDoc      `json:"played,omitempty"`
	Judgement string             `json:"judgement,omitempty"`
	Test      *JudgementDoc      `json:"test,omitempty"`
}

// ReviewMoveDoc is a move of a review: the move, the verdict after it and,
// where it was rated, the player's view before it and its rank.
type ReviewMoveDoc struct {
	// The move and the verdict after it; where the move was rated, the
	// arrangements of the view before it with a win, of how many decided,
	// whether they were all of them, and the move's rank of Choices.
	Move       string `json:"move"`
	After      string `json:"after"`
	Winnable   *int   `json:"view_winnable,omitempty"`
	Of         *int   `json:"view_of,omitempty"`
	Exhaustive bool   `json:"view_exact,omitempty"`
	Rank       int    `json:"rank,omitempty"`
	Choices    int    `json:"choices,omitempty"`
}

// JudgementDoc is the test behind the judgement: the pairs of outcomes of
// the best-rated and the played move on the same arrangements. Low and
// High are the 90% interval of the difference (the equivalence test's),
// Low95 and High95 its 95% interval (the size said with a mistake).
type JudgementDoc struct {
	// The arrangements compared, and in how many both moves, only the
	// best-rated, only the played, or neither could be won; the p-value
	// (not for an exact count), the difference and its intervals, the
	// margin of the equivalence test, and whether every arrangement was
	// compared.
	Arrangements int      `json:"arrangements"`
	Both         int      `json:"both"`
	BestOnly     int      `json:"best_only"`
	PlayedOnly   int      `json:"played_only"`
	Neither      int      `json:"neither"`
	PValue       *float64 `json:"p_value,omitempty"`
	Difference   float64  `json:"difference"`
	Low          float64  `json:"low"`
	High         float64  `json:"high"`
	Low95        float64  `json:"low_95"`
	High95       float64  `json:"high_95"`
	Margin       float64  `json:"margin"`
	Exhaustive   bool     `json:"exact,omitempty"`
}

// ReviewDocOf is the document of the review rv of a game played under
// the options o; num is the deal's number ("" for none), and withPosition
// puts the start position in the document in its place. A review of no
// start (nil, or the zero Reviewed) has the zero ReviewDoc.
func ReviewDocOf(rv *player.Reviewed, o rules.Options, num string, withPosition bool) ReviewDoc {
	if rv == nil || rv.Start == nil {
		return ReviewDoc{}
	}
	p := rv.Start
	d := ReviewDoc{DocHeader: ReviewDocument.Header(), Game: p.Game.String(), Number: num, Rules: DocRules{Returns: o.Returns(p.Game)}, Verdict: rv.Before.String(),
		Moves: []ReviewMoveDoc{}, Won: rv.Won, Lost: rv.Lost}
	if withPosition {
		pd := rules.NewPositionDoc(p, num)
		d.Position, d.Number = &pd, ""
	}
	if p.Game == rules.RussianCell {
		seed := rv.Seed
		d.Samples, d.Seed = rv.Samples, &seed
	}
	for _, m := range rv.Moves {
		md := ReviewMoveDoc{Move: m.Move.String(), After: m.After.String()}
		if m.Rated {
			w, of := m.View.Winnable, m.View.Decided()
			md.Winnable, md.Of, md.Exhaustive, md.Rank, md.Choices = &w, &of, m.Exhaustive, m.Rank, m.Choices
		}
		d.Moves = append(d.Moves, md)
	}
	if rv.LostAt >= 0 {
		la := rv.LostAt
		d.LostAt = &la
	}
	if rv.LostAt > 0 {
		j := rv.Judgement
		if !rv.Kept.IsZero() {
			d.Kept = rv.Kept.String()
		}
		ms := func(m sample.MoveShare) *MoveShareDoc {
			share, low, high := TallyRange(m.Tally, j.Exhaustive)
			return &MoveShareDoc{Move: m.Move.String(), Winnable: m.Winnable, Unwinnable: m.Unwinnable, Unknown: m.Unknown, Share: share, Low: low, High: high}
		}
		if rv.BestRated.Verdicts != nil {
			d.BestRated = ms(rv.BestRated)
		}
		d.Played = ms(rv.Played)
		d.Judgement = j.Call.String()
		// The move played being the best-rated one, nothing was tested:
		// no test of the move against itself.
		if j.Pairs > 0 && !j.Same {
			t := &JudgementDoc{Arrangements: j.Pairs, Both: j.Both, BestOnly: j.BestOnly, PlayedOnly: j.PlayedOnly, Neither: j.Neither,
				Difference: j.Diff, Low: j.Low, High: j.High, Low95: j.SizeLow, High95: j.SizeHigh, Margin: j.Margin, Exhaustive: j.Exhaustive}
			if !j.Exhaustive {
				pv := j.P
				t.PValue = &pv
			}
			d.Test = t
		}
	}
	return d
}
