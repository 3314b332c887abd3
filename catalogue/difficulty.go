package catalogue

import (
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
	"slices"
	"strings"

	"github.com/patience-solver/patience/rules"
)

// Difficulty is how hard a winnable deal is for a player who cannot see
// the face-down cards, as measured by the players of player (see
// DifficultyOf). Only winnable deals are labelled.
type Difficulty uint8

// The labels, from the easiest. NoDifficulty is a deal without a label: one
// that cannot be won, or outside the labelled range.
const (
	NoDifficulty Difficulty = iota
	Easy
	Medium
	Hard
	VeryHard
)

// Difficulties returns the labels, from the easiest: a new slice on each
// call.
func Difficulties() []Difficulty { return []Difficulty{Easy, Medium, Hard, VeryHard} }

// LabelSeeds returns the seeds of the sampled player's games that DifficultyOf
// counts (LabelSamples is its arrangements per decision): a new slice on
// each call.
func LabelSeeds() []uint64 { return []uint64{1, 2, 3} }

// LabelSamples is the sampled player's arrangements per decision in the
// games that DifficultyOf counts.
const LabelSamples = 10

// DifficultyOf is the definition of the labels. A winnable deal is
//   - Easy when the greedy player (a fixed rule, no search) wins it;
//   - otherwise, of the sampled player's games with LabelSamples samples
//     and each of the LabelSeeds: Medium when it wins at least two, Hard
//     when it wins one, and VeryHard when it wins none.
//
// sampledWins counts those games (0 to len(LabelSeeds())); it is not looked
// at when greedyWon.
func DifficultyOf(greedyWon bool, sampledWins int) Difficulty {
	switch {
	case greedyWon:
		return Easy
	case sampledWins >= 2:
		return Medium
	case sampledWins == 1:
		return Hard
	}
	return VeryHard
}

// String returns "easy", "medium", "hard", "very hard", or "" for
// NoDifficulty.
func (d Difficulty) String() string {
	switch d {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	case VeryHard:
		return "very hard"
	}
	return ""
}

// Slug returns the label as a command-line word: "easy", "medium", "hard"
// or "very-hard" ("" for NoDifficulty).
func (d Difficulty) Slug() string { return strings.ReplaceAll(d.String(), " ", "-") }

// ParseDifficulty reads a label as Slug writes it: easy, medium, hard or
// very-hard, and nothing else (not "" for no label, "very hard" or "Hard").
func ParseDifficulty(s string) (Difficulty, error) {
	for _, d := range Difficulties() {
		if s == d.Slug() {
			return d, nil
		}
	}
	return NoDifficulty, &rules.ParseError{What: "difficulty", Input: s, Err: fmt.Errorf("unknown difficulty %q: use easy, medium, hard or very-hard", s)}
}

// labels are a catalogue's difficulty labels: one a deal for the deals
// First..First+len(of)-1, and the deals of each label, sorted.
type labels struct {
	of    []Difficulty
	deals [VeryHard + 1][]uint64
}

// Labelled returns the range of deals that carry difficulty labels (those
// of them that can be won), with ok false when the catalogue has none (or
// is nil: the labels' methods answer for a nil catalogue as for one
// without labels).
func (c *Catalogue) Labelled() (first, last uint64, ok bool) {
	if c == nil || c.labels == nil || len(c.labels.of) == 0 {
		return 0, 0, false
	}
	return c.First, c.First + uint64(len(c.labels.of)) - 1, true
}

// Difficulty returns the label of deal n: NoDifficulty when n cannot be
// won or is outside the labelled range.
func (c *Catalogue) Difficulty(n uint64) Difficulty {
	if c == nil || c.labels == nil || n < c.First || n-c.First >= uint64(len(c.labels.of)) {
		return NoDifficulty
	}
	return c.labels.of[n-c.First]
}

// CountDifficulty returns how many deals carry label d.
func (c *Catalogue) CountDifficulty(d Difficulty) uint64 {
	if c == nil || c.labels == nil || d == NoDifficulty || d > VeryHard {
		return 0
	}
	return uint64(len(c.labels.deals[d]))
}

// NextDifficulty returns the first deal from from on with label d.
func (c *Catalogue) NextDifficulty(from uint64, d Difficulty) (uint64, bool) {
	if c.CountDifficulty(d) == 0 {
		return 0, false
	}
	l := c.labels.deals[d]
	i, _ := slices.BinarySearch(l, from)
	if i == len(l) {
		return 0, false
	}
	return l[i], true
}

// PickDifficulty returns a deal with label d drawn at random with seed, as
// Pick does; ok is false when no deal carries d.
func (c *Catalogue) PickDifficulty(d Difficulty, seed uint64) (uint64, bool) {
	count := c.CountDifficulty(d)
	if count == 0 {
		return 0, false
	}
	k, _ := bits.Mul64(mix(seed), count)
	return c.labels.deals[d][k], true
}

// WithDifficulty returns a copy of c whose deals First..First+len(of)-1
// carry the labels of (of[0] for deal First). Every winnable deal of that
// range must have a label, and no other deal may.
func (c *Catalogue) WithDifficulty(of []Difficulty) (*Catalogue, error) {
	if !c.covers() {
		return nil, errors.New("catalogue: labels for a catalogue that covers no deal")
	}
	if uint64(len(of)) > c.Len() {
		return nil, fmt.Errorf("catalogue: %d labels for %d deals", len(of), c.Len())
	}
	l, err := newLabels(c, of)
	if err != nil {
		return nil, err
	}
	d := *c
	d.labels = l
	return &d, nil
}

// newLabels checks the labels of the deals from c.First on against c's
// verdicts and lists the deals of each.
func newLabels(c *Catalogue, of []Difficulty) (*labels, error) {
	l := &labels{of: append([]Difficulty(nil), of...)}
	for i, d := range of {
		n := c.First + uint64(i)
		switch v := c.LookupUint64(n); {
		case d > VeryHard:
			return nil, fmt.Errorf("catalogue: deal %d has an unknown difficulty %d", n, d)
		case v == Winnable && d == NoDifficulty:
			return nil, fmt.Errorf("catalogue: deal %d can be won and has no difficulty", n)
		case v != Winnable && d != NoDifficulty:
			return nil, fmt.Errorf("catalogue: deal %d is %s and labelled %s: only winnable deals have a difficulty", n, v, d)
		}
		l.deals[d] = append(l.deals[d], n)
	}
	return l, nil
}

// difficultySection is the name of the labels' section: its count is the
// number of deals labelled from First on, and its bytes are their labels,
// two a byte (the first deal in the low four bits).
const difficultySection = "difficulty"

// encode returns the labels' section.
func (l *labels) encode() ([]byte, section) {
	b := make([]byte, (len(l.of)+1)/2)
	for i, d := range l.of {
		b[i/2] |= byte(d) << (4 * (i % 2))
	}
	return b, section{Name: difficultySection, Count: uint64(len(l.of)), Bytes: len(b), CRC32: crc32.ChecksumIEEE(b)}
}

// parseLabels reads the labels' section of c.
func parseLabels(c *Catalogue, s section, b []byte) (*labels, error) {
	if crc32.ChecksumIEEE(b) != s.CRC32 {
		return nil, errors.New("catalogue: section \"difficulty\" is damaged (checksum)")
	}
	// s.Count/2 + s.Count%2 is (s.Count+1)/2 without its overflow at 2^64-1.
	if s.Count > c.Len() || uint64(len(b)) != s.Count/2+s.Count%2 {
		return nil, fmt.Errorf("catalogue: section \"difficulty\" labels %d deals in %d bytes, of %d deals", s.Count, len(b), c.Len())
	}
	of := make([]Difficulty, s.Count)
	for i := range of {
		of[i] = Difficulty(b[i/2] >> (4 * (i % 2)) & 0xf)
	}
	if s.Count%2 == 1 && b[len(b)-1]>>4 != 0 {
		return nil, errors.New("catalogue: section \"difficulty\" has bits past its last deal")
	}
	return newLabels(c, of)
}

// mix is splitmix64's output function of seed.
func mix(seed uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// ErrNoDifficulty matches (with errors.Is) the error of WhyNoDifficulty,
// which game.RandomDeal returns for a difficulty it has no deal of.
var ErrNoDifficulty = errors.New("no deal of that difficulty")

// WhyNoDifficulty says why catalogue c (of game g, nil when none ships)
// has no deal labelled d: Ripple Fan deals have no difficulty, this
// catalogue has no labels, or no deal has that one. Its error matches
// ErrNoDifficulty.
func WhyNoDifficulty(g rules.Game, c *Catalogue, d Difficulty) error {
	msg := fmt.Sprintf("this build's %s catalogue has no difficulty labels (patience catalogue label adds them)", g.Title())
	if _, _, ok := c.Labelled(); ok {
		msg = fmt.Sprintf("no %s deal of the catalogue is labelled %s", g.Title(), d)
	} else if g == rules.RippleFan {
		msg = "a Ripple Fan deal has no difficulty: every card is face up, so a player who does not peek sees them all"
	}
	return noDifficultyError(msg)
}

// noDifficultyError is WhyNoDifficulty's error: its words, and
// ErrNoDifficulty for errors.Is.
type noDifficultyError string

func (e noDifficultyError) Error() string        { return string(e) }
func (e noDifficultyError) Is(target error) bool { return target == ErrNoDifficulty }
