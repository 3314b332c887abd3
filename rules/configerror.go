package rules

import "fmt"

// ConfigError is the refusal of a setting out of its range, the one type
// for it in every package of the library that takes a config (solver,
// sample, player, batch): an entry point returns it before any work. A
// setting's zero value is its default and is never refused; a negative
// number, or one no call could honour (a margin above 1, a table too
// large to count its bytes), is.
type ConfigError struct {
	// Field names the setting as Go spells it, with its type and
	// package: "solver.Config.Workers", "player.Judging.Margin".
	Field string
	// Value is the value refused.
	Value any
	// Want says which values the setting takes.
	Want string
}

// Error says the setting, the value refused and the values taken.
func (e *ConfigError) Error() string {
	return fmt.Sprintf("%s is %v: want %s", e.Field, e.Value, e.Want)
}
