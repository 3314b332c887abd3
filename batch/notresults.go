package batch

import "github.com/patience-solver/patience/internal/outfile"

// notResults says that the results file name cannot be read back from its
// start (seek failed with err: a file of /proc, say), so it cannot hold
// results: an *outfile.Error, worded as for any output.
func notResults(name string, err error) error { return outfile.Unseekable(name, err) }
