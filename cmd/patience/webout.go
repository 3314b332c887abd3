package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

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
left as it was. A file of that name is locked first, as every output is: one
that a running stats writes is refused (exit 2) and left as it was.

A DIR that cannot be made or written to (a read-only file system, a folder
you may not write, a file on the way, a symbolic link to a folder that does
not exist, a loop of links) exits 2, saying why; a disk that fails while
the files are written (full) exits 1.`

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
	cmd.ValidArgsFunction = noValues
	cmd.Flags().StringVar(&o.out, "out", "", "the folder to write the page into")
	if err := cmd.MarkFlagDirname("out"); err != nil {
		panic(err) // the flag was just added
	}
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
	if err := makeFolder(dir); err != nil {
		return 0, err
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

// makeFolder makes the folder dir of web --out, and its parents, unless
// it is there. A place where it cannot be (a file on the way, a
// symbolic link to nothing or a loop of them, a read-only file system, a
// folder this user may not write) is bad input, exit 2, said in words,
// as an existing folder whose files cannot be written is (outError); a
// failure of the disk itself (full, say) is a failure to write, exit 1.
func makeFolder(dir string) error {
	fi, err := os.Stat(dir)
	if err == nil && fi.IsDir() {
		return nil
	}
	if err == nil {
		return badInput("--out %s is a file, not a folder", dir)
	}
	if why := folderInTheWay(dir); why != "" {
		return badInput("cannot make --out %s: %s", dir, why)
	}
	err = os.MkdirAll(dir, 0o755)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EIO):
		return ioFailure{fmt.Errorf("cannot make --out %s: %v", dir, outfile.Pathless(err))}
	}
	if why := folderInTheWay(dir); why != "" {
		return badInput("cannot make --out %s: %s", dir, why)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path != dir {
		return badInput("cannot make --out %s: %s: %v", dir, pe.Path, pe.Err)
	}
	return badInput("cannot make --out %s: %v", dir, outfile.Pathless(err))
}

// folderInTheWay says what keeps the folder dir, which does not exist,
// from being made, when that is on the path itself: a loop of symbolic
// links, a link to nothing, or a file where a folder should be (dir or
// one of its parents); "" when none is.
func folderInTheWay(dir string) string {
	for p := filepath.Clean(dir); ; p = filepath.Dir(p) {
		li, err := os.Lstat(p)
		if err == nil {
			_, serr := os.Stat(p)
			link := li.Mode()&fs.ModeSymlink != 0
			switch {
			case link && errors.Is(serr, syscall.ELOOP):
				return fmt.Sprintf("%s is a loop of symbolic links", p)
			case link && serr != nil:
				target, _ := os.Readlink(p)
				return fmt.Sprintf("%s is a symbolic link to %s, which does not exist: make that folder, or give another --out", p, target)
			case serr == nil && !isDir(p):
				return fmt.Sprintf("%s is a file, not a folder", p)
			}
			return ""
		}
		if errors.Is(err, syscall.ELOOP) {
			continue // a loop further up: found there
		}
		if parent := filepath.Dir(p); parent == p {
			return ""
		}
	}
}

// isDir reports whether name is a folder, following links.
func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
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
