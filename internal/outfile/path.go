package outfile

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Target is where an output path leads.
type Target struct {
	// Name is the path as the user gave it, for messages.
	Name string
	// Path is the file to write: Name, or, when Name is a symbolic link,
	// the path of the file the link leads to, so that the file is written
	// (or replaced, in its own directory) and the link stays as it was.
	Path string
	// FD is the descriptor of this process that the path names
	// (/dev/stdout, /proc/self/fd/N, "-" for standard output), or -1.
	// Such an output is written through the descriptor, never renamed or
	// replaced.
	FD int
}

// fdPath matches the path of a descriptor in /proc, its directories'
// symbolic links followed (/proc/self is a link to /proc/PID).
var fdPath = regexp.MustCompile(`^/proc/([0-9]+)(/task/[0-9]+)?/fd/([0-9]+)$`)

// Resolve follows the symbolic links that name leads through, as far as a
// file, a descriptor of this process, or a name that leads nowhere yet.
// "-" is standard output.
func Resolve(name string) Target {
	if name == "-" {
		return Target{Name: name, Path: name, FD: 1}
	}
	p := name
	for range 40 { // as the kernel, give up on a longer chain of links
		abs, err := filepath.Abs(p)
		if err != nil {
			break
		}
		dir, base := filepath.Split(abs)
		rdir, err := filepath.EvalSymlinks(dir)
		if err != nil {
			break // the directory is not there: opening p says so
		}
		if m := fdPath.FindStringSubmatch(filepath.Join(rdir, base)); m != nil && m[1] == strconv.Itoa(os.Getpid()) {
			if fd, err := strconv.Atoi(m[3]); err == nil {
				return Target{Name: name, Path: p, FD: fd}
			}
		}
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			break
		}
		target, err := os.Readlink(p)
		if err != nil || (!filepath.IsAbs(target) && strings.Contains(target, ":[")) {
			break // another process's pipe, say: opened through its link
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		p = filepath.Clean(target)
	}
	return Target{Name: name, Path: p, FD: -1}
}

// Stream reports whether the output is written as it is, as a stream: a
// descriptor, or a file that is not a regular file (a pipe, a device). A
// directory is not a stream: opening it says what is wrong.
func (t Target) Stream() bool {
	if t.FD >= 0 {
		return true
	}
	st, err := os.Stat(t.Path)
	return err == nil && !st.Mode().IsRegular() && !st.IsDir()
}

// SamePath reports whether a and b name one file: the same file where both
// exist, else the same path once made absolute and its symbolic links
// followed (for a file that does not exist yet, those of its directory,
// and a link that points to where no file is yet).
func SamePath(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(sa, sb)
	}
	return resolvePath(a) == resolvePath(b)
}

// resolvePath returns the absolute path that name leads to, its symbolic
// links followed as far as they lead, also through a link to a file that
// does not exist yet.
func resolvePath(name string) string {
	p, err := filepath.Abs(name)
	if err != nil {
		return filepath.Clean(name)
	}
	for range 40 {
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
