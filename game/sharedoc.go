package game

// The JSON documents of solve and hint for a position with unknown cards (docs/formats.md, "Share JSON").

import (
	"math"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/sample"
	"github.com/patience-solver/patience/solver"
)

// ShareDoc is the JSON that solve --format json writes for a position with
// unknown cards (docs/formats.md, "Share JSON"), of kind "share".
type ShareDoc struct {
	// The fields are those of docs/formats.md, "Share JSON": the game,
	// the position, its rules, the hidden cards and the unseen ones, the
	// arrangements drawn (all of them, or a sample with its seed), the
	// count of each verdict, the share with its range, and the search.
	rules.DocHeader
	Game         string            `json:"game"`
	Position     rules.PositionDoc `json:"position"`
	Rules        DocRules          `json:"rules"`
	Hidden       int               `json:"hidden"`
	Unseen       []string          `json:"unseen"`
	Arrangements int               `json:"arrangements"`
	Exhaustive   bool              `json:"exhaustive"`
	Seed         *uint64           `json:"seed,omitempty,string"`
	Winnable     int               `json:"winnable"`
	Unwinnable   int               `json:"unwinnable"`
	Unknown      int               `json:"unknown"`
	Reason       string            `json:"reason,omitempty"`
	Share        float64           `json:"share"`
	Low          float64           `json:"low"`
	High         float64           `json:"high"`
	MaxNodes     int64             `json:"max_nodes"`
	Nodes        int64             `json:"nodes"`
	Seconds      float64           `json:"seconds"`
	// Interrupted says SIGINT or SIGTERM ended the run; CutShort
	// arrangements were left undecided and are counted in Unknown.
	Interrupted bool `json:"interrupted,omitempty"`
	CutShort    int  `json:"stopped,omitempty"`
}

// DocRules are the rules a document's answer was found under.
type DocRules struct {
	// Returns says that a card may come back from a foundation.
	Returns bool `json:"returns"`
}

// Doc is the document of the share of c, for a position with unknown
// cards; num is the number of the deal the position came from ("" for
// none). An answer about no position (the zero Chance) leaves the game
// and the position out.
func (c *Chance) Doc(num string) ShareDoc {
	return newShareDoc(c.Position, num, c.Config, c.Share)
}

// newShareDoc fills the share JSON of sh; a nil p leaves the game and the
// position out.
func newShareDoc(p *rules.Position, num string, cfg solver.Config, sh sample.Share) ShareDoc {
	share, low, high := ShareRange(sh)
	d := ShareDoc{
		DocHeader:    ShareDocument.Header(),
		Hidden:       sh.Hidden,
		Unseen:       make([]string, len(sh.Unseen)),
		Arrangements: sh.Total(),
		Exhaustive:   sh.Exhaustive,
		Winnable:     sh.Winnable,
		Unwinnable:   sh.Unwinnable,
		Unknown:      sh.Unknown,
		Reason:       sh.Reason.String(),
		Share:        share,
		Low:          low,
		High:         high,
		MaxNodes:     cfg.MaxNodes,
		Nodes:        sh.Nodes,
		Seconds:      sh.Elapsed.Seconds(),
		Interrupted:  sh.CutShort > 0,
		CutShort:     sh.CutShort,
	}
	if p != nil {
		d.Game, d.Position, d.Rules = p.Game.String(), rules.NewPositionDoc(p, num), DocRules{Returns: cfg.Options.Returns(p.Game)}
	}
	if !sh.Exhaustive {
		seed := sh.Seed
		d.Seed = &seed
	}
	for i, c := range sh.Unseen {
		d.Unseen[i] = c.String()
	}
	if math.IsNaN(d.Seconds) || math.IsInf(d.Seconds, 0) {
		d.Seconds = 0
	}
	return d
}
