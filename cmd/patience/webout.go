package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/web"
)

// webOptions are the flags of web.
type webOptions struct {
	out string
}

// webLong and webExample are the help of web.
const webLong = `web writes the web page (the same files that serve serves) into DIR, to be
hosted by any static HTTP server: the solver runs in the browser, so no server
code is needed. Browsers do not run the page's Web Worker from file://, so
open it through a server, not as a file.

DIR is made if it does not exist; files of the same names are replaced, and
nothing else in DIR is touched. Each file is written to a new temporary file
in DIR and renamed over the old name: a symbolic link or a FIFO of that name
is replaced by the file, never followed or opened, so a link's target is
left as it was.`

const webExample = `  patience web --out site
  cd site && python3 -m http.server 8000    # then open http://localhost:8000/`

func newWebCommand(s streams) *cobra.Command {
	o := &webOptions{}
	cmd := &cobra.Command{
		Use:     "web --out DIR",
		Short:   "Write the web page's files to a folder, for any static HTTP server",
		Long:    webLong,
		Example: webExample,
		Args:    noArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runWeb(cmd.Context(), s, o) },
	}
	cmd.Flags().StringVar(&o.out, "out", "", "the folder to write the page into")
	return cmd
}

// runWeb runs web with its flags parsed into o.
func runWeb(ctx context.Context, s streams, o *webOptions) error {
	if o.out == "" {
		return badInput("missing --out DIR: the folder to write the page into")
	}
	n, err := writePage(ctx, o.out)
	var ie interrupted
	if errors.As(err, &ie) {
		fmt.Fprintf(s.err, "patience: stopped after writing %d of the page's files to %s (each one whole)\n", n, o.out)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(s.out, "Wrote the web page (%d files) to %s\n", n, o.out)
	return nil
}

// afterPageFile, when not nil, is called after each file writePage writes,
// with the context that a signal ends: a test's hook.
var afterPageFile func(ctx context.Context)

// writePage writes the page's files into dir and returns how many. It
// stops when ctx ends (a signal), with no temporary file left.
func writePage(ctx context.Context, dir string) (int, error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return 0, badInput("--out %s is a file, not a folder", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, ioFailure{fmt.Errorf("cannot make %s: %v", dir, errors.Unwrap(err))}
	}
	fsys := web.FS()
	n := 0
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return interrupted{signalOf(ctx)}
		}
		if d.IsDir() {
			if name == "." {
				return nil
			}
			// The page's files are all at the top: a folder in it would
			// need the same care as the files (no symbolic link followed).
			return fmt.Errorf("%s: the page has a folder", name)
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if err := replaceFile(ctx, dir, name, data); err != nil {
			return err
		}
		n++
		if afterPageFile != nil {
			afterPageFile(ctx)
		}
		return nil
	})
	var ie interrupted
	var ue usageError
	var iof ioFailure
	switch {
	case errors.As(err, &ie), errors.As(err, &ue), errors.As(err, &iof):
		return n, err
	case err != nil:
		return n, ioFailure{fmt.Errorf("writing the page to %s: %v", dir, err)}
	}
	return n, nil
}

// replaceFile writes data as the regular file name in dir, through the
// one output routine with NoFollow: into a new file in dir, then renamed
// over name. Whatever name was (a file, a symbolic link, a FIFO) is
// replaced, never opened or followed: a link's target is left as it was.
// A folder of that name is refused. The file gets the umask's
// permissions, as a new file would.
func replaceFile(ctx context.Context, dir, name string, data []byte) error {
	target := filepath.Join(dir, name)
	return writeOut(ctx, "--out", target, outfile.Options{NoFollow: true}, func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
}
