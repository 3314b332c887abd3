package rules

import (
	"errors"
	"strings"
)

// MarshalSolvitaire writes a position in Solvitaire's JSON deal format, so
// that researchers can cross-check verdicts with that solver:
//
//	{
//	  "tableau piles": [
//	    ["6C"],
//	    ["7d", "8D", "3C", "QS", "2S", "JH"]
//	  ]
//	}
//
// Piles run bottom to top; a face-down card has a lower-case suit letter;
// ten is written 10. The format's deal files hold only the tableau, so a
// position with cards in the cells or on the foundations is refused, and so
// is one with unknown face-down cards (UnknownCard). The errors for those
// match ErrNotSolvitaire and ErrUnknownCards (with errors.Is); a nil p
// is an *InvalidPositionError.
func MarshalSolvitaire(p *Position) ([]byte, error) {
	if p == nil {
		return nil, CheckPosition(nil)
	}
	if err := p.NeedKnown("the Solvitaire deal format"); err != nil {
		return nil, err
	}
	for _, c := range p.Cells {
		if c != NoCard {
			return nil, solvitaireError("the Solvitaire deal format has no cells: empty them first")
		}
	}
	if p.OnFoundations() > 0 {
		return nil, solvitaireError("the Solvitaire deal format has no foundations: use a position with none played")
	}
	var b strings.Builder
	b.WriteString("{\n  \"tableau piles\": [\n")
	for i, pl := range p.Tableau {
		b.WriteString("    [")
		n := 0
		for _, group := range [2][]Card{pl.Down, pl.Up} {
			for _, c := range group {
				if n > 0 {
					b.WriteString(", ")
				}
				b.WriteByte('"')
				b.WriteString(solvitaireCard(c, n < len(pl.Down)))
				b.WriteByte('"')
				n++
			}
		}
		b.WriteByte(']')
		if i < len(p.Tableau)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ]\n}\n")
	return []byte(b.String()), nil
}

// solvitaireCard writes a card as Solvitaire does: rank (10 for ten), then
// the suit letter, lower case when the card is face down.
func solvitaireCard(c Card, down bool) string {
	rank := string(c.Rank().Letter())
	if c.Rank() == 9 {
		rank = "10"
	}
	suit := c.Suit().Letter()
	if down {
		suit += 'a' - 'A'
	}
	return rank + string(suit)
}

// ErrNotSolvitaire matches (with errors.Is) the error of MarshalSolvitaire
// for a position with cards in the cells or on the foundations, which the
// Solvitaire deal format cannot hold.
var ErrNotSolvitaire = errors.New("the Solvitaire deal format cannot hold this position")

type solvitaireError string

func (e solvitaireError) Error() string        { return string(e) }
func (e solvitaireError) Is(target error) bool { return target == ErrNotSolvitaire }
