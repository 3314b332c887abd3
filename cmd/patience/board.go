package main

import (
	"regexp"
	"strings"

	"github.com/patience-solver/patience/rules"
)

// boardStyle is how the command line draws a board: the board text's own
// style (suits as symbols or letters), and whether hearts and diamonds
// are shown in red, which is the terminal's business, not the text's.
type boardStyle struct {
	rules.BoardStyle
	color bool
}

// formatBoard draws p as rules.FormatBoard does, in st.
func formatBoard(p *rules.Position, number string, st boardStyle) string {
	text := rules.FormatBoard(p, number, st.BoardStyle)
	if st.color {
		text = reddenBoard(text)
	}
	return text
}

const (
	ansiRed   = "\x1b[31m"
	ansiReset = "\x1b[0m"
)

// token is a word of a board line: a card, a face-down card in brackets,
// a place's name, a suit's label.
var token = regexp.MustCompile(`[^ ]+`)

// reddenBoard wraps the red cards of board text (hearts and diamonds,
// also face down in brackets) and, on the foundations line, the red
// suits' labels in ANSI red.
func reddenBoard(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		labels := strings.HasPrefix(l, "Foundations:")
		lines[i] = token.ReplaceAllStringFunc(l, func(t string) string {
			inner := strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
			if !redCard(inner) && !(labels && redSuit(inner)) {
				return t
			}
			return strings.Replace(t, inner, ansiRed+inner+ansiReset, 1)
		})
	}
	return strings.Join(lines, "\n")
}

// redCard reports whether s is a heart or a diamond as the board text
// writes a card: its rank and suit, as letters or with the suit's symbol.
func redCard(s string) bool {
	if len(s) < 2 || !strings.ContainsRune("A23456789TJQK", rune(s[0])) {
		return false
	}
	return redSuit(s[1:])
}

// redSuit reports whether s is the label of hearts or diamonds.
func redSuit(s string) bool {
	switch s {
	case "H", "D", "♥", "♦":
		return true
	}
	return false
}
