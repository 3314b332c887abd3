package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/patience-solver/patience/solver/batch"
)

// checkPlot checks --plot before a run starts: the picture is SVG; it
// names neither the results file (out, "" for none) nor an input, whatever
// the spelling of the paths or the symbolic links on the way; and it can
// be written. So a run never ends by finding that its picture cannot be
// drawn, nor by drawing it over a file it needs.
func checkPlot(plot, out string, inputs []string) error {
	if plot == "" {
		return nil
	}
	if !strings.HasSuffix(strings.ToLower(plot), ".svg") {
		return badInput("--plot %q: the picture is SVG, name it FILE.svg", plot)
	}
	if out != "" && samePath(plot, out) {
		return badInput("--plot %s is the results file --out %s: the picture would replace it; name the picture apart", plot, out)
	}
	for _, in := range inputs {
		if in != "-" && samePath(plot, in) {
			return badInput("--plot %s is the input %s: the picture would replace it; name the picture apart", plot, in)
		}
	}
	return probeWrite(plot)
}

// probeWrite checks that name can be written, without changing it. The
// picture is written to a new file beside the one it replaces, renamed
// over it (writePlot), so it must be, at the end of the symbolic links on
// the way, a regular file or none, in a directory where a file can be
// made.
func probeWrite(name string) error {
	t := resolveOut(name)
	if t.fd >= 0 {
		return badInput("cannot write --plot %s: it is a descriptor (standard output, say); the picture is written to a file", name)
	}
	st, err := os.Stat(t.path)
	switch {
	case err == nil && st.IsDir():
		return badInput("cannot write --plot %s: it is a directory", name)
	case err == nil && !st.Mode().IsRegular():
		return badInput("cannot write --plot %s: it is not a regular file (a pipe or a device, say); the picture is written to a file", name)
	case err == nil:
		f, err := os.OpenFile(t.path, os.O_WRONLY, 0)
		if err != nil {
			return badInput("cannot write --plot %s: %v", name, batch.Pathless(err))
		}
		f.Close()
	}
	f, err := os.CreateTemp(filepath.Dir(t.path), "."+filepath.Base(t.path)+".plot-*")
	if err != nil {
		return badInput("cannot write --plot %s: cannot make a file in %s: %v", name, filepath.Dir(t.path), batch.Pathless(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// samePath reports whether a and b name one file: the same file where
// both exist, else the same path once made absolute and its symbolic
// links followed (for a file that does not exist yet, those of its
// directory, and a link that points to where no file is yet).
func samePath(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(sa, sb)
	}
	return resolve(a) == resolve(b)
}

// resolve returns the absolute path that name leads to, its symbolic
// links followed as far as they lead, also through a link to a file that
// does not exist yet.
func resolve(name string) string {
	p, err := filepath.Abs(name)
	if err != nil {
		return filepath.Clean(name)
	}
	for range 40 { // as the kernel, give up on a longer chain of links
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return real
		}
		dir, base := filepath.Split(p)
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			dir = real
		}
		p = filepath.Join(dir, base)
		target, err := os.Readlink(p)
		if err != nil {
			return p // not a link: a file that does not exist yet
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		p = filepath.Clean(target)
	}
	return p
}
