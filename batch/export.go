package batch

// EachRecord calls f for every record of the results file name, in the
// file's order, and returns the first error of the file or of f. A
// cut-short last line is an error with FileError.Truncated set, after
// every good line.
func EachRecord(name string, f func(*Record) error) error {
	return eachRecord(name, func(_ *Reader, rec *Record) error { return f(rec) })
}
