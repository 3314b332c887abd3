package game

// SolutionKeys gives the tests the top-level keys of a solution that
// ReadRecord knows.
func SolutionKeys() map[string]bool { return solutionKeys }
