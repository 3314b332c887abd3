package batch

import (
	"fmt"
	"os"

	"github.com/patience-solver/patience/rules"
)

// openStream opens a results file that is not a regular file: a device
// such as /dev/null, or a pipe (a named one, or /dev/stdout in a
// pipeline). Such a file cannot be read back, so it holds nothing to
// resume, to lock against another run, to check for space or to sync: the
// run writes its header and its lines, as to a new file.
func (r *Runner) openStream() error {
	name := r.cfg.Out
	if r.cfg.RetryUnknown {
		return &rules.ConfigError{Field: "batch.Config.RetryUnknown", Value: true,
			Want: fmt.Sprintf("false: %s is not a regular file, and a retry rewrites the results file", name)}
	}
	f := r.cfg.OutStream
	if f == nil {
		var err error
		if f, err = os.OpenFile(name, os.O_WRONLY, 0); err != nil {
			return fmt.Errorf("cannot open the results file: %w", err)
		}
	}
	r.file, r.unlock, r.stream = f, func() {}, true
	if err := r.writeHeader(); err != nil {
		r.file, r.unlock = nil, nil
		f.Close()
		return err
	}
	return nil
}
