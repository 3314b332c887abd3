// Package dealgen turns deal numbers into starting layouts, numbered exactly
// as PySolFC numbers them, so that a player can look up the deal they are
// playing.
//
// ParseNumber reads a number as PySolFC does ("617", "#12,345",
// "ms3000000000"; its errors hold a *NumberError), and Deal deals it:
//
//	n, err := dealgen.ParseNumber("#617")
//	if err != nil {
//		return err
//	}
//	p := dealgen.Deal(rules.RussianCell, n) // a *rules.Position
//
// A deal number becomes a generator (the Microsoft-compatible LCG for small
// numbers and "ms" numbers, MT19937 seeded like CPython for the rest). The
// generator shuffles a fresh deck into a talon, and the talon is dealt into
// a rules.Position.
//
// Deal and DealDeck allocate a new position. For batch runs, which deal
// millions of numbers, DealInto and Dealer.DealInto reuse a position's
// slices and do not allocate. The dealers trust their input, for those
// runs, and return no error: they panic on the zero Number (which
// ParseNumber and FromBig never return), on a game that is not
// rules.RussianCell or rules.RippleFan, and on a nil position.
//
// # Errors
//
// Each failure a caller may tell apart has a type, which errors.As finds:
//
//   - *rules.ParseError: text that ParseNumber cannot read as a deal
//     number.
//   - *NumberError: why a number is not a deal: what ParseNumber's
//     *rules.ParseError holds, and the error of FromBig.
//   - *NotThatDeal: a position that cannot come from the deal it names
//     (CheckLabel).
package dealgen
