package rules

// Options are the rules options a game is played under. The zero value is
// the default rules of every game: a field is named so that false is the
// default. Which options a game takes is decided here, by Returns, and
// nowhere else: a caller passes the options it was given (a user's flags,
// a file's header) and never sets or clears one for a game.
type Options struct {
	// NoReturns forbids playing a Russian Cell foundation card back to a
	// cell or a column. Ripple Fan never has returns, whatever it says.
	NoReturns bool
}

// DefaultOptions returns the default rules options, the zero Options
// (returns on in Russian Cell).
func DefaultOptions() Options { return Options{} }

// Returns reports whether a foundation card may be played back in game g
// under o: only in Russian Cell, and only without NoReturns. It is the one
// place that knows which games have returns.
func (o Options) Returns(g Game) bool {
	return g == RussianCell && !o.NoReturns
}

// Variant is a game with the rules options it is played under: the rules
// of a search, a results file or a solution, in one value. The zero Variant
// is no game (see Game). Build one with NewVariant, which
// refuses an unknown game and normalises the options to those the game
// takes, so that two Variants with the same rules are equal.
type Variant struct {
	Game Game // the game played
	// Options are the rules options Game is played under; NewVariant
	// keeps only those Game takes.
	Options
}

// NewVariant returns game g under options o. It refuses a game it does not
// know (ErrNoGame), and normalises o to the options g takes, clearing those it has no
// use for: Ripple Fan never has returns, so its NoReturns is always false
// (its zero Options are its only rules).
func NewVariant(g Game, o Options) (Variant, error) {
	switch g {
	case RussianCell:
	case RippleFan:
		o.NoReturns = false // the game never has returns: the option does not apply
	default:
		return Variant{}, &noGameError{g}
	}
	return Variant{Game: g, Options: o}, nil
}

// VariantOf returns the Variant of game g with returns on or off as a
// file's "rules":{"returns":…} key says, normalised as NewVariant does.
func VariantOf(g Game, returns bool) (Variant, error) {
	return NewVariant(g, Options{NoReturns: !returns})
}

// Returns reports whether the variant allows foundation returns (see
// Options.Returns).
func (v Variant) Returns() bool { return v.Options.Returns(v.Game) }

// String names the variant as the command line does: the game, with
// "(no returns)" after a Russian Cell game without returns.
func (v Variant) String() string {
	if v.Game == RussianCell && !v.Returns() {
		return v.Game.String() + " (no returns)"
	}
	return v.Game.String()
}
