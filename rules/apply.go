package rules

import "fmt"

// Apply plays the move m on p, in place. The move must be legal: Apply does
// not check it (use Check, or Replay). It panics if the moved card is not
// where the move says.
//
// A face-down card left on top of a column is turned face up, as the rules
// say; the turn is not a move. Apply never makes a foundation move of its
// own.
//
// A group moved between columns is copied, so the two columns never share
// cards. Apply assumes that no two piles of p share a backing array, as is
// true of positions made by NewPosition and Clone.
func (p *Position) Apply(m Move) {
	c := m.Card
	switch m.From.Kind {
	case Tableau:
		src := &p.Tableau[m.From.Index]
		k := upIndex(src.Up, c)
		if k < 0 {
			panic(fmt.Sprintf("rules: Apply(%v): %v is not face up in %v", m, c, m.From))
		}
		if m.To.Kind == Tableau {
			// The group is c and everything above it. append copies
			// it into the destination's own array.
			dst := &p.Tableau[m.To.Index]
			dst.Up = append(dst.Up, src.Up[k:]...)
			src.Up = src.Up[:k]
			src.turnUp()
			return
		}
		src.Up = src.Up[:k]
		src.turnUp()
	case Cell:
		if p.Cells[m.From.Index] != c {
			panic(fmt.Sprintf("rules: Apply(%v): %v is not in %v", m, c, m.From))
		}
		p.Cells[m.From.Index] = NoCard
	case Foundation:
		p.Foundations[c.Suit()]--
	default:
		panic(fmt.Sprintf("rules: Apply(%v): bad location", m))
	}
	switch m.To.Kind {
	case Tableau:
		dst := &p.Tableau[m.To.Index]
		dst.Up = append(dst.Up, c)
	case Cell:
		p.Cells[m.To.Index] = c
	case Foundation:
		p.Foundations[c.Suit()]++
	default:
		panic(fmt.Sprintf("rules: Apply(%v): bad location", m))
	}
}

// turnUp turns the top face-down card face up once no face-up card covers
// it.
func (pl *Pile) turnUp() {
	if len(pl.Up) == 0 && len(pl.Down) > 0 {
		n := len(pl.Down) - 1
		pl.Up = append(pl.Up, pl.Down[n])
		pl.Down = pl.Down[:n]
	}
}

// upIndex returns the index of c in up, searching from the top, or -1.
func upIndex(up []Card, c Card) int {
	for i := len(up) - 1; i >= 0; i-- {
		if up[i] == c {
			return i
		}
	}
	return -1
}
