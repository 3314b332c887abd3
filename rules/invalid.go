package rules

import "strings"

// InvalidPositionError is the error of a library call given a position
// that fails Validate (solver.Solve, sample.Estimate, player.Play and the
// others that take a position from their caller). Err is what Validate
// returned: a Problems, one problem a line, or a *LayoutMismatch;
// errors.As finds either through it.
type InvalidPositionError struct {
	Err error // Validate's error: a Problems or a *LayoutMismatch
}

// Error says "invalid position: " and the problems, joined by "; " (only
// "invalid position" when Err is nil).
func (e *InvalidPositionError) Error() string {
	if e.Err == nil {
		return "invalid position"
	}
	if ps, ok := e.Err.(Problems); ok {
		return "invalid position: " + strings.Join(ps, "; ")
	}
	return "invalid position: " + e.Err.Error()
}

// Unwrap returns Validate's error.
func (e *InvalidPositionError) Unwrap() error { return e.Err }

// CheckPosition is Validate for a library's entry point: nil for a valid
// position, else Validate's error as an *InvalidPositionError.
func CheckPosition(p *Position) error {
	if err := Validate(p); err != nil {
		return &InvalidPositionError{Err: err}
	}
	return nil
}
