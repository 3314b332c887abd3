package catbuild

import (
	"slices"
	"strings"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// Labels are the difficulty labels of a range of Russian Cell deals, as
// ReadLabels reads them: Of[i] is the label of deal First+i,
// catalogue.NoDifficulty for a deal that cannot be won.
type Labels struct {
	First uint64                 // the first deal labelled
	Of    []catalogue.Difficulty // the labels, deal by deal from First
}

// ReadLabels labels the Russian Cell deals that the greedy player's
// games cover (greedy: a results file of one range A-B, a *RangeError
// otherwise) by catalogue.DifficultyOf, from those games and the sampled
// player's (sampled: the files of the seeds catalogue.LabelSeeds, one
// each, with catalogue.LabelSamples samples). Whether a deal can be won
// comes from c, a Russian Cell catalogue, which must decide every deal
// of the range and agree with the files; the deals that cannot be won get
// no label.
//
// The greedy file must hold every deal of its range (a *MissingError),
// and the sampled files every winnable one that greedy lost (an
// *UnsampledError). A file of another game is a *GameError, of other
// games than wanted a *PlayerError, of a seed not counted or given twice
// a *SeedError; a deal the catalogue has not decided is an
// *UndecidedError, and one whose verdict in a file is not the
// catalogue's a *VerdictError. A nil c is of no game: a *GameError.
func ReadLabels(c *catalogue.Catalogue, greedy Input, sampled []Input) (*Labels, error) {
	if c == nil {
		return nil, &GameError{Want: rules.RussianCell}
	}
	if c.Game != rules.RussianCell {
		return nil, &GameError{Got: c.Game, Want: rules.RussianCell}
	}
	var first, last uint64
	greedyGames, err := readGames(greedy, func(h batch.Header) error {
		if h.Player != player.Greedy.String() {
			return &PlayerError{Name: greedy.Name, Player: h.Player, Samples: h.Samples, Want: player.Greedy.String()}
		}
		var err error
		first, last, err = oneRange(greedy.Name, h.Deals)
		return err
	})
	if err != nil {
		return nil, err
	}
	files := []games{greedyGames}
	var seeds []uint64
	wins := map[uint64]int{}
	played := map[uint64]int{}
	for _, in := range sampled {
		g, err := readGames(in, func(h batch.Header) error {
			switch {
			case h.Player != player.Sampled.String() || h.Samples != catalogue.LabelSamples:
				return &PlayerError{Name: in.Name, Player: h.Player, Samples: h.Samples, Want: player.Sampled.String(), WantSamples: catalogue.LabelSamples}
			case !slices.Contains(catalogue.LabelSeeds(), h.Seed):
				return &SeedError{Name: in.Name, Seed: h.Seed}
			case slices.Contains(seeds, h.Seed):
				return &SeedError{Name: in.Name, Seed: h.Seed, Duplicate: true}
			}
			seeds = append(seeds, h.Seed)
			return nil
		})
		if err != nil {
			return nil, err
		}
		files = append(files, g)
		for n, d := range g.deals {
			played[n]++
			if d.won {
				wins[n]++
			}
		}
	}
	// The labels grow with the deals checked, each of them in the greedy
	// file: the range its header declares may be far larger than the
	// file (a run just begun, or a header edited), and is refused at its
	// first missing deal.
	of := make([]catalogue.Difficulty, 0, len(greedyGames.deals))
	for n := first; n <= last; n++ {
		v := c.LookupUint64(n)
		if v != catalogue.Winnable && v != catalogue.Unwinnable {
			return nil, &UndecidedError{Deal: n, Status: v}
		}
		for _, f := range files {
			if d, ok := f.deals[n]; ok && d.verdict.String() != v.String() {
				return nil, &VerdictError{Name: f.name, Deal: n, Catalogue: v, File: d.verdict}
			}
		}
		d, ok := greedyGames.deals[n]
		switch {
		case !ok:
			return nil, &MissingError{Name: greedy.Name, First: first, Last: last, Count: last - first + 1 - uint64(len(greedyGames.deals)), Deal: n}
		case v == catalogue.Winnable && !d.won && played[n] != len(catalogue.LabelSeeds()):
			return nil, &UnsampledError{Deal: n, Files: played[n]}
		}
		label := catalogue.NoDifficulty
		if v == catalogue.Winnable {
			label = catalogue.DifficultyOf(d.won, wins[n])
		}
		of = append(of, label)
	}
	return &Labels{First: first, Of: of}, nil
}

// games are the games of a player's results file: its name, and each
// deal's outcome and verdict.
type games struct {
	name  string
	deals map[uint64]playedDeal
}

// playedDeal is one deal of a player's results file: the player's
// outcome and the solver's verdict.
type playedDeal struct {
	won     bool
	verdict solver.Verdict
}

// readGames reads a player's results file of Russian Cell; check vets
// its header. A deal the header does not declare is refused.
func readGames(in Input, check func(batch.Header) error) (games, error) {
	g := games{name: in.Name, deals: map[uint64]playedDeal{}}
	r, f, err := in.open()
	if err != nil {
		return g, err
	}
	defer f.Close()
	if h := r.Header(); h.Game != rules.RussianCell {
		return g, &GameError{Name: in.Name, Got: h.Game, Want: rules.RussianCell}
	}
	if err := check(r.Header()); err != nil {
		return g, err
	}
	declared, err := r.DeclaredDeals()
	if err != nil {
		return g, err
	}
	err = r.Each(func(rec *batch.Record) error {
		if _, err := r.InDeclared(declared, rec); err != nil {
			return err
		}
		if u, ok := rec.Number.Uint64(); ok && !rec.Number.IsMS() && rec.Outcome != batch.NotPlayed {
			g.deals[u] = playedDeal{won: rec.Outcome == batch.Won, verdict: rec.Verdict}
		}
		return nil
	})
	return g, err
}

// Apply returns a copy of c that carries the labels
// (catalogue.Catalogue.WithDifficulty), whose Builder names the build
// that wrote c's verdicts (the first of c.Builder) and then this build,
// which labelled them, in place of any that labelled c before
// (docs/formats.md). The labels must start where c does (a *StartError).
// A nil c is of no game, as for ReadLabels: a *GameError.
func (l *Labels) Apply(c *catalogue.Catalogue) (*catalogue.Catalogue, error) {
	if c == nil {
		return nil, &GameError{Want: rules.RussianCell}
	}
	if l.First != c.First {
		return nil, &StartError{Labels: l.First, Catalogue: c.First}
	}
	d, err := c.WithDifficulty(l.Of)
	if err != nil {
		return nil, err
	}
	verdicts, _, _ := strings.Cut(c.Builder, ", ")
	d.Builder = verdicts + ", " + buildinfo.String()
	return d, nil
}
