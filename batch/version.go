package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"

	"github.com/patience-solver/patience/internal/buildinfo"
)

// Tag returns the run's tag: 8 hex digits of a hash of what the run asks
// (game, deals, rules, player, samples, seed), which version 2 writes in
// the header as "run" and on every result line. It ties each line to its
// run, so that a line of another run appended to the file is found. The
// shard, the budget and the build are left out: the shards of one run
// share its tag, and a file keeps its lines when the unknown deals are
// searched again with a larger budget, or resumed by another build. It is
// "" for a version-1 header.
func (h *Header) Tag() string {
	if h.Version == 1 {
		return ""
	}
	sum := sha256.New()
	fmt.Fprintf(sum, "patience results run\ngame %s\ndeals %s\nreturns %t\nplayer %s\nsamples %d\nseed %d\n",
		h.Game, h.Deals, h.Options.Returns(h.Game), h.Player, h.Samples, h.Seed)
	return hex.EncodeToString(sum.Sum(nil))[:maxTagLen]
}

// maxSolverLen is the longest "solver" a header may carry.
const maxSolverLen = 1000

// parseVersion2 reads the fields version 2 added to the header.
func (h *Header) parseVersion2(d *headerDoc) error {
	if d.Build == nil {
		return errors.New(`no "solver": a version-2 header names the build that wrote it`)
	}
	if err := checkSolver(*d.Build); err != nil {
		return err
	}
	h.Build = *d.Build
	if d.Player != nil {
		if err := checkPlayer(*d.Player); err != nil {
			return err
		}
		h.Player = *d.Player
	}
	switch {
	case (d.Samples == nil) != (d.Seed == nil):
		return errors.New(`"samples" and "seed" go together: give both or neither`)
	case d.Samples != nil && h.Player == "":
		return errors.New(`"samples" and "seed" without a "player": only a player draws the unseen cards`)
	case d.Samples != nil:
		if *d.Samples < 1 {
			return fmt.Errorf("samples %d: want 1 or more", *d.Samples)
		}
		seed, err := strconv.ParseUint(*d.Seed, 10, 64)
		if err != nil || strconv.FormatUint(seed, 10) != *d.Seed {
			return fmt.Errorf("seed %q: want a whole number, 0 to 2^64-1, written as a string", clipText(*d.Seed))
		}
		h.Samples, h.Seed = *d.Samples, seed
	}
	if d.Run == nil {
		return errors.New(`no "run": a version-2 header carries its run's tag`)
	}
	if tag := h.Tag(); *d.Run != tag {
		return fmt.Errorf("its run tag is %q, but its game, deals, rules and player make %q: the header was edited", clipText(*d.Run), tag)
	}
	return nil
}

func checkSolver(s string) error {
	if s == "" || len(s) > maxSolverLen || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return fmt.Errorf("solver %q: want the build that wrote the file, such as \"v1.2.3+abc1234\"", clipText(s))
	}
	return nil
}

// checkPlayer accepts a player's name: lower-case letters, digits and "-",
// starting with a letter, at most 32 characters.
func checkPlayer(p string) error {
	ok := p != "" && len(p) <= 32 && p[0] >= 'a' && p[0] <= 'z'
	for i := 0; ok && i < len(p); i++ {
		c := p[i]
		ok = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-'
	}
	if !ok {
		return fmt.Errorf("player %q: want a player's name, such as \"sampled\"", clipText(p))
	}
	return nil
}

func playerString(p string) string {
	if p == "" {
		return "none"
	}
	return strconv.Quote(p)
}

func clipText(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// unrecorded names the build of a version-1 file, which records none.
const unrecorded = "unrecorded"

// builds returns the builds a header names: its Solver split at ", ", or
// unrecorded for a version-1 header.
func (h *Header) builds() []string {
	if h.Version == 1 || h.Build == "" {
		return []string{unrecorded}
	}
	return strings.Split(h.Build, ", ")
}

// hasBuild reports whether the header names build among its builds.
func (h *Header) hasBuild(build string) bool {
	for _, b := range h.builds() {
		if b == build {
			return true
		}
	}
	return false
}

// joinBuilds lists the distinct builds of the headers, in order, as a
// header's Solver does.
func joinBuilds(headers []Header) string {
	var list []string
	for i := range headers {
		for _, b := range headers[i].builds() {
			if !contains(list, b) {
				list = append(list, b)
			}
		}
	}
	s := strings.Join(list, ", ")
	for len(s) > maxSolverLen && len(list) > 1 {
		list = list[:len(list)-1]
		s = strings.Join(list, ", ") + ", and others"
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// buildsNote says, in one sentence, which builds of patience made the
// files, when there are several (or "" when one build made them all).
func buildsNote(names []string, headers []Header) string {
	var order []string
	files := map[string][]string{}
	for i := range headers {
		for _, b := range headers[i].builds() {
			if !contains(files[b], names[i]) {
				if files[b] == nil {
					order = append(order, b)
				}
				files[b] = append(files[b], names[i])
			}
		}
	}
	if len(order) < 2 {
		return ""
	}
	parts := make([]string, len(order))
	for i, b := range order {
		f := files[b]
		which := f[0]
		if len(f) > 1 {
			which = fmt.Sprintf("%s and %d more", f[0], len(f)-1)
		}
		if b == unrecorded {
			b = "an unrecorded build (version 1)"
		}
		parts[i] = fmt.Sprintf("%s (%s)", b, which)
	}
	return "the results were made by different builds of patience, whose verdicts may differ: " + strings.Join(parts, ", ")
}

// BuildError is returned when the results file to resume was made by
// another build of patience, and Config.Force is not set: verdicts have
// changed between builds before, and one file should hold one build's.
type BuildError struct {
	Name       string // the results file's name (Config.Out)
	File, This string // the file's builds, and this build
}

// Error says which builds differ (see Builds), then what to do: use
// another results file, or force the resume.
func (e *BuildError) Error() string {
	return e.Builds() + "; use another results file, or force the resume with this build (its header then names both)"
}

// Builds says which builds differ, without advice.
func (e *BuildError) Builds() string {
	return fmt.Sprintf("%s was made by patience %s, and this is patience %s: its results may differ from this build's", e.Name, e.File, e.This)
}

// checkBuild compares the build that made the results file to resume
// (header h) with this run's, and makes the run's header the file's
// version and builds:
//   - a version-1 file records no build: it is resumed as version 1
//     (new lines carry no run tag), with a note;
//   - a file made by this build (among others) is resumed as it is;
//   - a file made only by other builds is refused with a *BuildError, or,
//     with Config.Force, resumed with this build added to its header's
//     builds, which the caller must then rewrite (rewrite is true).
func (r *Runner) checkBuild(h *Header) (rewrite bool, err error) {
	build := buildinfo.String()
	switch {
	case h.Version == 1:
		r.header.Version, r.header.Build = 1, ""
		r.tag = ""
		note := fmt.Sprintf("%s is a version-1 results file, which records no build: it is resumed as version 1, and cannot be checked against this build (%s)", r.cfg.Out, build)
		if !contains(r.notes, note) {
			r.notes = append(r.notes, note)
		}
		return false, nil
	case h.hasBuild(build):
		r.header.Build = h.Build
		return false, nil
	case !r.cfg.Force:
		return false, &BuildError{Name: r.cfg.Out, File: h.Build, This: build}
	}
	if len(h.Build)+2+len(build) > maxSolverLen {
		return false, fmt.Errorf("%s names too many builds of patience already (%d characters): use another results file", r.cfg.Out, len(h.Build))
	}
	r.header.Build = h.Build + ", " + build
	note := fmt.Sprintf("%s was made by patience %s; resumed with %s (forced), and its header now names both", r.cfg.Out, h.Build, build)
	if !contains(r.notes, note) {
		r.notes = append(r.notes, note)
	}
	return true, nil
}

// peekHeader reads the header of the open results file f, if it has one
// that parses, and leaves f at its start.
func peekHeader(f *os.File, name string) (Header, bool) {
	defer f.Seek(0, 0)
	if _, err := f.Seek(0, 0); err != nil {
		return Header{}, false
	}
	rd, err := NewReader(f, name)
	if err != nil {
		return Header{}, false
	}
	return rd.Header(), true
}

// forceNewBuild reports whether the results file f, to be resumed with
// Config.Force, is of this run but was made only by other builds: its
// header is then rewritten to name this build too.
func (r *Runner) forceNewBuild(f *os.File) bool {
	if !r.cfg.Force {
		return false
	}
	h, ok := peekHeader(f, r.cfg.Out)
	return ok && h.Version != 1 && !h.hasBuild(buildinfo.String()) && len(h.Diff(&r.header, true, true)) == 0
}

// mergedHeader is the header of the merge of files of one run: the first
// file's, for the whole list, of version 2 (naming every file's builds)
// when any file is of version 2.
func mergedHeader(headers []Header) Header {
	h := headers[0]
	h.Shard = Whole
	for i := range headers {
		if headers[i].Version != 1 {
			h.Version = FormatVersion
			h.Build = joinBuilds(headers)
			h.Player, h.Samples, h.Seed = headers[i].Player, headers[i].Samples, headers[i].Seed
			break
		}
	}
	return h
}

// tagLine returns a version-1 result line (which Reader has read: a JSON
// object with its fields) with the run tag added as its first field.
func tagLine(raw []byte, tag string) []byte {
	i := 0
	for i < len(raw) && raw[i] != '{' {
		i++
	}
	out := make([]byte, 0, len(raw)+len(tag)+10)
	out = append(out, raw[:i+1]...)
	out = append(out, `"run":`...)
	out = appendJSONString(out, tag)
	out = append(out, ',')
	return append(out, raw[i+1:]...)
}

// jsonKind names the JSON kind of a header field of type t.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Struct:
		return "JSON object"
	}
	return "number"
}
