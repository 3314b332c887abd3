package main

// The manual pages of docs/man, made from the commands' help by cobra's
// doc package: go generate ./cmd/patience writes them (the go:generate
// line of doc.go runs TestManPages with -write-man), and TestManPages
// checks that they are what the commands give now.

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
	"github.com/spf13/pflag"
)

// manDate is the date in the pages' header. It is not the day they are
// made, so that they are the same whoever makes them: move it by hand when
// the commands or their help change.
var manDate = time.Date(2026, time.December, 7, 0, 0, 0, 0, time.UTC)

// manDir is where the pages are kept, from this package's folder.
const manDir = "../../docs/man"

var writeMan = flag.Bool("write-man", false, "write the manual pages of TestManPages to docs/man")

// writeManPages writes the manual page of patience and of each of its
// commands into dir: patience.1, patience-solve.1, patience-catalogue-build.1, ...
func writeManPages(dir string) error {
	root := newRoot(streams{in: strings.NewReader(""), out: io.Discard, err: io.Discard})
	manReady(root)
	header := &doc.GenManHeader{Section: "1", Date: &manDate, Source: "patience", Manual: "patience manual"}
	return doc.GenManTree(root, header, dir)
}

// manReady readies the help of c and the commands under it for the
// pages: the text as Markdown (manMarkdown), the default of --workers,
// which is the machine's number of cores, in words, and no "Auto generated
// by spf13/cobra" line, which would give the day the page was made.
func manReady(c *cobra.Command) {
	c.DisableAutoGenTag = true
	c.Short = manEscape(c.Short)
	c.Long = manMarkdown(c.Long)
	c.LocalFlags().VisitAll(func(f *pflag.Flag) {
		if f.Name == "workers" {
			f.DefValue = "cores"
		}
		f.Usage = manEscape(strings.ReplaceAll(f.Usage, "`", ""))
	})
	for _, sub := range c.Commands() {
		manReady(sub)
	}
}

// manMarkdown makes text of the help (a command's Long) Markdown for
// go-md2man, keeping its look: the runs of indented lines (tables,
// samples, commands) stay as they are, in a block of code, and the lines
// of the paragraphs are escaped (manEscape), to be filled as paragraphs.
// No text stays none, for the page to give the Short instead.
func manMarkdown(text string) string {
	if text == "" {
		return ""
	}
	lines := strings.Split(text, "\n")
	indented := func(i int) bool { return i < len(lines) && strings.HasPrefix(lines[i], " ") }
	var b strings.Builder
	code := false
	for i, l := range lines {
		switch {
		case !code && indented(i):
			b.WriteString("\n```\n")
			code = true
		case code && !indented(i) && (l != "" || !indented(i+1)):
			b.WriteString("```\n\n")
			code = false
		}
		if !code {
			l = manEscape(l)
		}
		b.WriteString(l + "\n")
	}
	if code {
		b.WriteString("```\n")
	}
	return b.String()
}

// manMarkup escapes the characters that Markdown reads as markup anywhere
// in a line.
var manMarkup = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`)

// manEscape escapes the Markdown in a line of text, so that it shows as
// it is: manMarkup's characters, and at the start of the line what would
// begin a heading, a list item or a rule (#, +, =, -, or a number and a
// dot).
func manEscape(l string) string {
	l = manMarkup.Replace(l)
	digits := len(l) - len(strings.TrimLeft(l, "0123456789"))
	switch {
	case l != "" && strings.ContainsRune("#+=-", rune(l[0])):
		return `\` + l
	case digits > 0 && strings.HasPrefix(l[digits:], "."):
		return l[:digits] + `\` + l[digits:]
	}
	return l
}

// TestManPages makes the manual pages anew and compares them byte for
// byte with docs/man; with -write-man it writes them there instead (go
// generate ./cmd/patience), in place of the pages there.
func TestManPages(t *testing.T) {
	if *writeMan {
		old, _ := filepath.Glob(filepath.Join(manDir, "*.1"))
		for _, p := range old {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}
		if err := writeManPages(manDir); err != nil {
			t.Fatal(err)
		}
		return
	}
	dir := t.TempDir()
	if err := writeManPages(dir); err != nil {
		t.Fatal(err)
	}
	fresh, _ := filepath.Glob(filepath.Join(dir, "*.1"))
	kept, _ := filepath.Glob(filepath.Join(manDir, "*.1"))
	base := func(ps []string) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = filepath.Base(p)
		}
		return out
	}
	if strings.Join(base(fresh), " ") != strings.Join(base(kept), " ") {
		t.Fatalf("docs/man holds %q, the commands make %q: run go generate ./cmd/patience and commit docs/man", base(kept), base(fresh))
	}
	if len(fresh) < 10 {
		t.Fatalf("only %d pages made: %q", len(fresh), base(fresh))
	}
	for _, p := range fresh {
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(manDir, filepath.Base(p)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("docs/man/%s is stale (%d bytes, %d made now): run go generate ./cmd/patience and commit docs/man (and move manDate in man_test.go)", filepath.Base(p), len(got), len(want))
		}
	}
}

// TestManMarkdown checks that the help's text keeps its look in Markdown:
// markup escaped in the paragraphs, and indented lines, blank lines
// between them too, in one block of code, as they are.
func TestManMarkdown(t *testing.T) {
	in := "a *b* c_d [e] <f> `g` \\h\n# no heading\n- no list\n--flag\n12. no list\ntext:\n\n  a  *b*\n\n  c  d\nmore"
	want := "a \\*b\\* c\\_d \\[e\\] \\<f\\> \\`g\\` \\\\h\n\\# no heading\n\\- no list\n\\--flag\n12\\. no list\ntext:\n\n\n```\n  a  *b*\n\n  c  d\n```\n\nmore\n"
	if got := manMarkdown(in); got != want {
		t.Errorf("manMarkdown(%q) =\n%s\nwant\n%s", in, got, want)
	}
	if got := manMarkdown(""); got != "" {
		t.Errorf("manMarkdown of no text = %q, want none, for the page to give the Short", got)
	}
}
