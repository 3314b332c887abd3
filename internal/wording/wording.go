// Package wording puts a search's outcome in the words that the command
// line and the web page both show, so that a player reads the same verdict
// in either place.
package wording

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
	"github.com/patience-solver/patience/stat"
)

// Verdict returns the lines that say what a search of one position found:
// the verdict, with the number of moves and of forced moves for a win;
// with shortest, what is proven about the length; for an unknown verdict,
// the reason, and a note when a full table forgot positions.
func Verdict(res solver.Result, shortest bool) []string {
	var lines []string
	switch res.Verdict {
	case solver.Solvable:
		lines = append(lines, fmt.Sprintf("Verdict: solvable (winnable with all cards known) in %s, %d of them forced", Moves(len(res.Moves)), res.Forced))
		switch {
		case !shortest:
		case res.Optimal:
			lines = append(lines, fmt.Sprintf("Shortest: proven, no solution has fewer than %s", Moves(len(res.Moves))))
		default:
			lines = append(lines, fmt.Sprintf("Shortest: best found %s; proven lower bound %d (%s; try a larger budget)", Moves(len(res.Moves)), res.LowerBound, res.Reason))
		}
		return lines
	case solver.Unsolvable:
		return append(lines, "Verdict: unsolvable (no sequence of moves wins)")
	default:
		if res.Reason.Kind == solver.Interrupted {
			lines = append(lines, "Verdict: unknown (interrupted before the search ended; this is not a loss)")
		} else {
			lines = append(lines, fmt.Sprintf("Verdict: unknown (%s; this is not a loss: try a larger budget)", res.Reason))
			if res.Evicted > 0 {
				// A full table forgets positions and searches them again:
				// more memory may decide the deal in far fewer positions.
				lines = append(lines, fmt.Sprintf("The position table was full and forgot %s positions, which were searched again: a larger --memory may decide it sooner.", Thousands(res.Evicted)))
			}
		}
	}
	if shortest {
		lines = append(lines, fmt.Sprintf("Shortest: no solution found yet; proven lower bound %d, if it can be won", res.LowerBound))
	}
	return lines
}

// CanBeWon says that a position can be won in n moves: "This position can
// be won (89 moves to go)." or, for one, "(1 move to go)".
func CanBeWon(n int) string {
	return "This position can be won (" + Moves(n) + " to go)."
}

// Moves counts moves in words: "1 move", "89 moves".
func Moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// Size says how much better one move did than another, a difference of
// two shares (0.027 is 2.7 points) with its interval: "about 2.7 points
// (0.5–5.0)"; "about 1 point (0.5–1.8)" for one; "exactly 1.2 points"
// when every arrangement was solved (exact), where there is no interval.
// An interval end below 0 is written with a minus sign, and the ends
// joined by "to": "(-0.3 to 1.8)". A note goes in the parentheses after
// the interval: "(0.5–5.0, 95% interval)".
func Size(diff, low, high float64, exact bool, note string) string {
	pts := strings.TrimSuffix(strconv.FormatFloat(diff*100, 'f', 1, 64), ".0")
	unit := " points"
	if pts == "1" {
		unit = " point"
	}
	if exact {
		return "exactly " + pts + unit
	}
	end := func(x float64) string { return strconv.FormatFloat(x*100, 'f', 1, 64) }
	sep := "–"
	if low < 0 {
		sep = " to "
	}
	if note != "" {
		note = ", " + note
	}
	return "about " + pts + unit + " (" + end(low) + sep + end(high) + note + ")"
}

// Searched says how much was searched and for how long: "Searched 212
// positions in 757 µs."
func Searched(nodes int64, d time.Duration) string {
	return fmt.Sprintf("Searched %s positions in %s.", Thousands(nodes), Seconds(d))
}

// Thousands writes n with commas between groups of three digits.
func Thousands(n int64) string {
	s := fmt.Sprint(n)
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Seconds writes a duration for people: in µs, ms or s.
func Seconds(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// Describe says in words what move m does in position p (before it): "5C
// and the 2 cards on it onto 6C; turns up 9D". With symbols, cards are
// named with suit symbols (5♣).
func Describe(p *rules.Position, m rules.Move, symbols bool) string {
	name := func(c rules.Card) string {
		if symbols {
			return c.Symbol()
		}
		return c.String()
	}
	var b strings.Builder
	b.WriteString(name(m.Card))
	if m.From.Kind == rules.Tableau && int(m.From.Index) < len(p.Tableau) {
		up := p.Tableau[m.From.Index].Up
		for k, c := range up {
			if c == m.Card {
				if n := len(up) - k - 1; n == 1 {
					b.WriteString(" and the card on it")
				} else if n > 1 {
					fmt.Fprintf(&b, " and the %d cards on it", n)
				}
			}
		}
	}
	switch m.From.Kind {
	case rules.Cell:
		fmt.Fprintf(&b, " from cell %d", m.From.Index+1)
	case rules.Foundation:
		b.WriteString(" back from the foundation")
	}
	switch m.To.Kind {
	case rules.Foundation:
		b.WriteString(" to the foundation")
	case rules.Cell:
		fmt.Fprintf(&b, " to cell %d", m.To.Index+1)
	case rules.Tableau:
		if int(m.To.Index) >= len(p.Tableau) {
			break
		}
		if t := p.Tableau[m.To.Index].Top(); t == rules.NoCard {
			fmt.Fprintf(&b, " to the empty column %d", m.To.Index+1)
		} else {
			fmt.Fprintf(&b, " onto %s", name(t))
		}
	}
	switch c := p.Reveals(m); c {
	case rules.NoCard:
	case rules.UnknownCard:
		b.WriteString("; turns up an unknown card")
	default:
		fmt.Fprintf(&b, "; turns up %s", name(c))
	}
	return b.String()
}

// Percent writes x as a percentage, with two significant digits of the
// uncertainty half (at least one decimal, at most eight).
func Percent(x, half float64) string {
	d := 1
	if half > 0 {
		d = int(math.Ceil(-math.Log10(half*100))) + 1
	}
	d = min(max(d, 1), 8)
	if x > 0 && x < 0.01 && half == 0 {
		d = 4
	}
	return fmt.Sprintf("%.*f%%", d, x*100)
}

// OneDecimal, as Percent's uncertainty, writes a percentage with one
// decimal.
const OneDecimal = 0.05

// RateText writes a rate with its interval, with as many decimals as the
// interval's width calls for: "41.2% (95% Wilson interval 38.1% to 44.3%;
// 412 of 1,000)".
func RateText(r stat.Rate) string {
	if r.Of == 0 {
		return "no deals"
	}
	half := (r.High - r.Low) / 2
	return fmt.Sprintf("%s (95%% Wilson interval %s to %s; %s of %s)",
		Percent(r.Value, half), Percent(r.Low, half), Percent(r.High, half),
		Thousands(int64(r.Wins)), Thousands(int64(r.Of)))
}
