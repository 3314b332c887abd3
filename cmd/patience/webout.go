package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/web"
)

func newWebCommand(s streams) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "web --out DIR",
		Short: "Write the web page's files to a folder, for any static HTTP server",
		Long: `web writes the web page (the same files that serve serves) into DIR, to be
hosted by any static HTTP server: the solver runs in the browser, so no server
code is needed. Browsers do not run the page's Web Worker from file://, so
open it through a server, not as a file.

DIR is made if it does not exist; files of the same names are replaced, and
nothing else in DIR is touched.`,
		Example: `  patience web --out site
  cd site && python3 -m http.server 8000    # then open http://localhost:8000/`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return badInput("missing --out DIR: the folder to write the page into")
			}
			n, err := writePage(out)
			if err != nil {
				return err
			}
			fmt.Fprintf(s.out, "Wrote the web page (%d files) to %s\n", n, out)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the folder to write the page into")
	return cmd
}

// writePage writes the page's files into dir and returns how many.
func writePage(dir string) (int, error) {
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
		target := filepath.Join(dir, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return n, ioFailure{fmt.Errorf("writing the page to %s: %v", dir, err)}
	}
	return n, nil
}
