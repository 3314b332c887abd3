package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/outfile"
)

// ResultsProblems is the error Merge returns for what is wrong with a set
// of results files taken together (no file, headers that disagree, deals
// missing, twice or out of place, a file given twice), one problem a
// line, worst first; SummarizeFiles returns it for no file, a file given
// twice, files of other games, rules or players than the first, and a
// deal counted twice. It is distinct from rules.Problems, the problems of
// one position or solution.
type ResultsProblems []string

// Error returns the problems, one a line.
func (p ResultsProblems) Error() string { return strings.Join(p, "\n") }

// inputs are results files, each opened once, so that a pipe (a FIFO,
// process substitution, /dev/stdin) can be read as a file: one that
// cannot be read again from its start is copied, as it is read, to a
// temporary file that is removed at once, and read again from there.
type inputs struct {
	names []string // as messages name them: "standard input" for StdinName
	files []*os.File
	// sizes are the files' lengths when they were opened: every reading
	// of a file reads that much of it, so that each reading sees the
	// same lines, though a run may still be appending to it.
	sizes []int64
}

// StdinName is the name that stands for standard input among the results
// files that Merge and SummarizeFiles read, when they are given ReadStdin.
const StdinName = "-"

// stdinWords is how messages name standard input.
const stdinWords = "standard input"

// A ReadOption changes how Merge and SummarizeFiles read their files.
type ReadOption func(*readOptions)

type readOptions struct {
	stdin io.Reader // what StdinName reads, or nil
}

// ReadStdin makes the name "-" (StdinName) read r, standard input, rather
// than a file of that name. As the files are read more than once, r is
// first copied to its end into a temporary file, removed at once. Where
// the free space of the temporary directory's file system can be known,
// 32 MiB of it must stay free: an input that would leave less is refused
// with a *SpoolSpaceError, in a *FileError. "-" may be given once: r can
// be read once.
func ReadStdin(r io.Reader) ReadOption {
	return func(o *readOptions) { o.stdin = r }
}

func readOptionsOf(opts []ReadOption) readOptions {
	var o readOptions
	for _, f := range opts {
		f(&o)
	}
	return o
}

// openInputs opens the results files names, each once, and refuses a list
// that names one file twice, under the same name or another: its deals
// would count twice. With o.stdin, the name "-" is standard input, copied
// to a temporary file; given twice, it is refused.
func openInputs(names []string, o readOptions) (*inputs, error) {
	in := &inputs{names: slices.Clone(names)}
	infos := make([]os.FileInfo, len(names))
	sawStdin := false
	for i, name := range names {
		if name == StdinName && o.stdin != nil {
			if sawStdin {
				in.close()
				return nil, ResultsProblems{"- (standard input) is given twice: it can be read once"}
			}
			sawStdin = true
			if err := in.openStdin(i, o.stdin, infos); err != nil {
				in.close()
				return nil, err
			}
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			in.close()
			return nil, &FileError{Name: name, Err: fmt.Errorf("cannot open it: %v", errors.Unwrap(err))}
		}
		in.files = append(in.files, f)
		st, err := f.Stat()
		if err != nil {
			in.close()
			return nil, &FileError{Name: name, Err: fmt.Errorf("cannot read it: %v", errors.Unwrap(err))}
		}
		for j := range i {
			if os.SameFile(infos[j], st) {
				in.close()
				if names[j] == name {
					return nil, ResultsProblems{fmt.Sprintf("%s is given twice: each file counts once", name)}
				}
				return nil, ResultsProblems{fmt.Sprintf("%s and %s are the same file: each file counts once", in.names[j], name)}
			}
		}
		infos[i] = st
		if st.Mode().IsRegular() {
			if _, err := f.Seek(0, io.SeekStart); err == nil {
				continue
			}
		}
		spool, err := spoolInput(f, name)
		f.Close()
		in.files[i] = spool
		if err != nil {
			in.close()
			return nil, err
		}
	}
	for i, f := range in.files {
		st, err := f.Stat()
		if err != nil {
			in.close()
			return nil, &FileError{Name: in.names[i], Err: fmt.Errorf("cannot read it: %v", errors.Unwrap(err))}
		}
		in.sizes = append(in.sizes, st.Size())
	}
	return in, nil
}

// openStdin makes standard input, r, the i-th file: a copy of it in a
// temporary file, with its FileInfo in infos[i]. Redirected from a file
// among infos[:i], it is refused as that file given twice.
func (in *inputs) openStdin(i int, r io.Reader, infos []os.FileInfo) error {
	in.names[i] = stdinWords
	if sf, ok := r.(*os.File); ok {
		if st, err := sf.Stat(); err == nil && st.Mode().IsRegular() {
			for j := range i {
				if os.SameFile(infos[j], st) {
					return ResultsProblems{fmt.Sprintf("%s and %s are the same file: each file counts once", in.names[j], stdinWords)}
				}
			}
			infos[i] = st
		}
	}
	f, err := spoolInput(r, stdinWords)
	if err != nil {
		return err
	}
	in.files = append(in.files, f)
	if infos[i] == nil {
		if infos[i], err = f.Stat(); err != nil {
			return &FileError{Name: stdinWords, Err: fmt.Errorf("cannot read it: %v", err)}
		}
	}
	return nil
}

// spoolChunk is how much spoolInput copies between two looks at the free
// space.
const spoolChunk = 1 << 20

// spoolReserve is the free space that spoolInput leaves on the file system
// of the temporary directory: an input that would leave less is refused,
// rather than copied until the file system is full.
const spoolReserve = 32 << 20

// spoolFreeSpace tells the bytes free on a directory's file system, for
// spoolInput (FreeSpace; tests replace it).
var spoolFreeSpace = outfile.FreeSpace

// SpoolSpaceError says that an input to be read more than once (standard
// input, a pipe) cannot be copied to a temporary file: the file system of
// the temporary directory would be left with too little free space. It
// comes wrapped in a *FileError that names the input.
type SpoolSpaceError struct {
	Dir           string // the temporary directory
	Copied, Avail uint64 // bytes: copied so far, and free when refused
}

// Error says that the input is copied to a temporary file in Dir, how
// much was copied and how much is free, and what to do: free some space,
// or set TMPDIR to a directory with more.
func (e *SpoolSpaceError) Error() string {
	return fmt.Sprintf("it is read more than once, so it is copied to a temporary file in %s, but after %s its file system has %s free, and %s is to stay free: free some space, or set TMPDIR to a directory with more",
		e.Dir, megabytes(e.Copied), megabytes(e.Avail), megabytes(spoolReserve))
}

// spoolInput copies what r gives, the input name, to a temporary file,
// removed at once, and returns it, at its start. Before each chunk it
// copies, it checks that the temporary directory's file system keeps
// spoolReserve free (where the free space can be known), or stops with a
// *SpoolSpaceError. Its errors are *FileError that name name.
func spoolInput(r io.Reader, name string) (*os.File, error) {
	tmp, err := os.CreateTemp("", "patience-input-*")
	if err != nil {
		return nil, &FileError{Name: name, Err: fmt.Errorf("cannot copy it to a temporary file: %v", err)}
	}
	os.Remove(tmp.Name())
	dir := filepath.Dir(tmp.Name())
	buf := make([]byte, spoolChunk)
	var copied uint64
	for {
		n, rerr := io.ReadFull(r, buf)
		if n > 0 {
			if avail, err := spoolFreeSpace(dir); err == nil && avail < uint64(n)+spoolReserve {
				tmp.Close()
				return nil, &FileError{Name: name, Err: &SpoolSpaceError{Dir: dir, Copied: copied, Avail: avail}}
			}
			if _, err := tmp.Write(buf[:n]); err != nil {
				tmp.Close()
				return nil, &FileError{Name: name, Err: fmt.Errorf("cannot copy it to a temporary file: %v", err)}
			}
			copied += uint64(n)
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			tmp.Close()
			return nil, &FileError{Name: name, Err: fmt.Errorf("cannot read it: %v", rerr)}
		}
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		tmp.Close()
		return nil, &FileError{Name: name, Err: fmt.Errorf("cannot read it: %v", err)}
	}
	return tmp, nil
}

func (in *inputs) close() {
	for _, f := range in.files {
		if f != nil {
			f.Close()
		}
	}
}

// reader reads the i-th file from its start, as far as its length when
// it was opened.
func (in *inputs) reader(i int) (*Reader, error) {
	return NewReader(io.NewSectionReader(in.files[i], 0, in.sizes[i]), in.names[i])
}

func (in *inputs) header(i int) (Header, error) {
	rd, err := in.reader(i)
	if err != nil {
		return Header{}, err
	}
	return rd.Header(), nil
}

// each calls f for every record of the i-th file.
func (in *inputs) each(i int, f func(*Reader, *Record) error) error {
	rd, err := in.reader(i)
	if err != nil {
		return err
	}
	return rd.Each(func(rec *Record) error { return f(rd, rec) })
}

// maxProblems is how many problems of one kind Merge lists.
const maxProblems = 10

// Merged is what Merge returns.
type Merged struct {
	// Header is the files' common header, for the whole list (shard 0/1).
	Header Header
	// Summary covers every deal, file by file in the order given.
	Summary *Summary
	// Notes are what the user should know that is not a problem, one
	// sentence each: that the files were made by different builds.
	Notes []string
}

// Merge checks that results files are the shards of one run and combines
// them. The headers must agree on game, deals, rules and budget; every
// deal of the declared list must appear exactly once over all files, each
// in a file of its shard. Problems are returned as ResultsProblems (at
// most ten of a kind, worst first): no file, mismatched headers, shards
// with no file, missing deals, duplicated deals, deals that do not
// belong. Damaged or unreadable files give a *FileError or an error
// naming the file.
//
// The files may be of different builds (a note says so) and of format
// versions 1 and 2. With no problem, and out not nil, Merge writes the
// merged results file to out: the header with shard 0/1, then every result
// line, file by file. It is of version 2 when any file is, naming the
// builds of all the files (a version-1 file's as "unrecorded"), and the
// lines of version-1 files then get the run's tag; else it is of version 1.
//
// With ReadStdin, the name "-" is standard input, named "standard input"
// in messages.
func Merge(names []string, out io.Writer, opts ...ReadOption) (*Merged, error) {
	if len(names) == 0 {
		return nil, ResultsProblems{"no results files to merge"}
	}
	in, err := openInputs(names, readOptionsOf(opts))
	if err != nil {
		return nil, err
	}
	defer in.close()
	names = in.names
	headers, err := agreeingHeaders(in)
	if err != nil {
		return nil, err
	}
	first := headers[0]
	list, err := ParseDeals(first.Deals)
	if err != nil {
		return nil, &FileError{Name: names[0], Line: 1, Err: fmt.Errorf("bad deals in the header: %w", err)}
	}
	split, probs := missingShards(names, headers, list)
	t, err := mergeRecords(in, headers, list)
	if err != nil {
		return nil, err
	}
	more, err := t.problems(in, list)
	if err != nil {
		return nil, err
	}
	probs = append(probs, more...)
	if len(probs) > 0 {
		if split != "" {
			probs = append(ResultsProblems{split}, probs...)
		}
		return nil, cap10(probs)
	}

	m := &Merged{Header: mergedHeader(headers), Summary: t.sum}
	if note := buildsNote(names, headers); note != "" {
		m.Notes = append(m.Notes, note)
	}
	if out != nil {
		if betweenReadings != nil {
			betweenReadings()
		}
		if err := writeMerged(out, &m.Header, in, t.records); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// agreeingHeaders reads the headers of the files to merge, in their
// order, and checks that each agrees with the first one's on game, deals,
// rules and budget: a difference is one of the ResultsProblems.
func agreeingHeaders(in *inputs) ([]Header, error) {
	names := in.names
	headers := make([]Header, len(names))
	for i := range names {
		h, err := in.header(i)
		if err != nil {
			return nil, err
		}
		headers[i] = h
	}
	var probs ResultsProblems
	first := headers[0]
	for i := 1; i < len(names); i++ {
		for _, d := range headers[i].Diff(&first, false, true) {
			probs = append(probs, fmt.Sprintf("%s: its %s is %s, but %s in %s", names[i], d.Field, d.Have, d.Want, names[0]))
		}
	}
	if len(probs) > 0 {
		return nil, cap10(probs)
	}
	return headers, nil
}

// missingShards looks at the shards of the files' headers, of the deals
// list. When they all split the list the same way, probs names the shards
// (those with deals) that have no file. Shards of different counts may
// still fit together (0/2, 1/4 and 3/4 do), so a different count is only
// said in split, to explain other problems.
func missingShards(names []string, headers []Header, list *DealList) (split string, probs ResultsProblems) {
	first := headers[0]
	sameCount := true
	have := map[uint64]bool{}
	for _, h := range headers {
		sameCount = sameCount && h.Shard.Count == first.Shard.Count
		have[h.Shard.Index] = true
	}
	if !sameCount {
		for i, h := range headers {
			if h.Shard.Count != first.Shard.Count {
				return fmt.Sprintf("%s is shard %s, but %s is shard %s: the files split the deals in different ways", names[i], h.Shard, names[0], first.Shard), nil
			}
		}
	}
	// Only the shards below the number of deals hold any: a count above it
	// (up to 2^64-1) leaves the others empty, and they need no file. So the
	// loop ends after at most a shard for each file and maxProblems more.
	var missing []string
	for i := uint64(0); i < min(first.Shard.Count, list.Len()) && len(missing) < maxProblems; i++ {
		if !have[i] {
			missing = append(missing, Shard{i, first.Shard.Count}.String())
		}
	}
	if len(missing) > 0 {
		probs = append(probs, fmt.Sprintf("no file for shard %s of %s", strings.Join(missing, ", "), clip(first.Deals)))
	}
	return "", probs
}

// mergeTally is what mergeRecords finds in the records of the files to
// merge.
type mergeTally struct {
	sum      *Summary         // of the deals of the list, each once
	seen     *dealSet         // the deals of the list seen, by index
	dups     []dealgen.Number // the first deals seen again (maxProblems)
	dupCount int              // how many lines repeat a deal seen before
	stray    ResultsProblems  // deals not in the list or not in their file's shard (maxProblems)
	records  []int            // how many records each file holds
}

// mergeRecords reads every record of the files to merge, with the files'
// headers and the deals list they declare: it sums up the first record of
// each deal of the list, and notes the duplicated deals and those that do
// not belong.
func mergeRecords(in *inputs, headers []Header, list *DealList) (*mergeTally, error) {
	t := &mergeTally{sum: &Summary{}, seen: newDealSet(list.Len()), records: make([]int, len(in.names))}
	for i, name := range in.names {
		err := in.each(i, func(rd *Reader, rec *Record) error {
			t.records[i]++
			k, err := rd.InDeclared(list, rec)
			if err != nil {
				if len(t.stray) < maxProblems {
					t.stray = append(t.stray, err.Error())
				}
				return nil
			}
			if _, ok := headers[i].Shard.Local(k); !ok {
				if len(t.stray) < maxProblems {
					t.stray = append(t.stray, fmt.Sprintf("%s line %d: deal %s is not in the file's shard %s", name, rd.Line(), rec.Number, headers[i].Shard))
				}
			}
			if t.seen.add(k) {
				t.dupCount++
				if len(t.dups) < maxProblems {
					t.dups = append(t.dups, rec.Number)
				}
				return nil
			}
			t.sum.Add(rec)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return t, nil
}

// problems lists what the records of the files to merge, in, tell is
// wrong with them, worst first: the deals of list missing, the duplicated
// deals with the files and lines that hold them, and the deals that do
// not belong.
func (t *mergeTally) problems(in *inputs, list *DealList) (ResultsProblems, error) {
	var probs ResultsProblems
	if m := missingRuns(list, t.seen); m != "" {
		probs = append(probs, m)
	}
	if len(t.dups) > 0 {
		where, err := locate(in, t.dups)
		if err != nil {
			return nil, err
		}
		for _, n := range t.dups {
			probs = append(probs, fmt.Sprintf("deal %s appears more than once: %s", n, strings.Join(where[n], ", ")))
		}
		if t.dupCount > len(t.dups) {
			probs = append(probs, fmt.Sprintf("and %d more duplicated lines", t.dupCount-len(t.dups)))
		}
	}
	return append(probs, t.stray...), nil
}

func cap10(p ResultsProblems) ResultsProblems {
	if len(p) > maxProblems {
		p = append(p[:maxProblems-1], fmt.Sprintf("and %d more problems", len(p)-maxProblems+1))
	}
	return p
}

// eachRecord calls f for every record of a results file.
func eachRecord(name string, f func(*Reader, *Record) error) error {
	file, err := os.Open(name)
	if err != nil {
		return &FileError{Name: name, Err: fmt.Errorf("cannot open it: %v", errors.Unwrap(err))}
	}
	defer file.Close()
	rd, err := NewReader(file, name)
	if err != nil {
		return err
	}
	return rd.Each(func(rec *Record) error { return f(rd, rec) })
}

// missingRuns describes the deals of list not in seen, or "".
func missingRuns(list *DealList, seen *dealSet) string {
	n := list.Len()
	count := n - seen.size
	if count == 0 {
		return ""
	}
	var runs []string
	for i := seen.nextOut(0, n); i < n && len(runs) < maxProblems; {
		j := seen.nextIn(i, n) - 1 // the run of missing deals is i..j
		if j == i {
			runs = append(runs, list.At(i).String())
		} else {
			runs = append(runs, list.At(i).String()+"-"+list.At(j).String())
		}
		i = seen.nextOut(j+1, n)
	}
	s := fmt.Sprintf("%d of %d deals are missing: %s", count, n, strings.Join(runs, ", "))
	if len(runs) == maxProblems {
		s += ", ..."
	}
	return s
}

// locate finds the lines where the given deals appear.
func locate(in *inputs, nums []dealgen.Number) (map[dealgen.Number][]string, error) {
	where := map[dealgen.Number][]string{}
	for _, n := range nums {
		where[n] = nil
	}
	for i, name := range in.names {
		err := in.each(i, func(rd *Reader, rec *Record) error {
			if locs, ok := where[rec.Number]; ok {
				where[rec.Number] = append(locs, fmt.Sprintf("%s line %d", name, rd.Line()))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return where, nil
}

// betweenReadings, when set (by tests), is called by Merge once the files
// are checked, before they are read again to be copied.
var betweenReadings func()

// writeMerged writes the merged file to out: h, then the lines of each
// file, which must be the records checked, records[i] of the i-th file.
func writeMerged(out io.Writer, h *Header, in *inputs, records []int) error {
	w := bufio.NewWriterSize(out, 256<<10)
	w.Write(append(h.AppendJSON(nil), '\n'))
	tag := h.Tag()
	for i, name := range in.names {
		n := 0
		err := in.each(i, func(rd *Reader, rec *Record) error {
			n++
			raw := rd.Raw()
			if rec.Run != tag {
				// A version-1 line in a version-2 file: it gets the tag,
				// and is otherwise as it was.
				raw = tagLine(raw, tag)
			}
			w.Write(raw)
			if raw[len(raw)-1] != '\n' {
				w.WriteByte('\n')
			}
			return nil
		})
		if err == nil && n != records[i] {
			err = &FileError{Name: name, Err: fmt.Errorf("changed while merge read it (%d records, then %d): nothing was written; merge it again once nothing writes it", records[i], n)}
		}
		if err != nil {
			return err
		}
	}
	return w.Flush()
}

// SummarizeFiles summarises results files as they are, without checking
// that they cover their declared deals (Merge does that): for a run in
// progress, or files of several runs. The files must be of one game with
// the same rules, each line's deal must be one its file's header declares
// (Reader.InDeclared), and a deal may appear only once over all of them;
// no file, a file given twice, files of another game, rules or player
// than the first and a deal counted twice are refused with
// ResultsProblems. A cut-short last line
// (a run stopped while writing, or still writing) is left out, with a
// note; notes are one sentence each. With ReadStdin, the name "-" is
// standard input, as for Merge.
func SummarizeFiles(names []string, opts ...ReadOption) (*Summary, FilesInfo, error) {
	return SummarizeFilesThen(names, nil, opts...)
}

// SummarizeFilesThen is SummarizeFiles, and then, when the files pass,
// calls each (unless nil) for every record of the files, in their order,
// a cut-short last line left out. Each file is opened once, so that a
// pipe can be given.
func SummarizeFilesThen(names []string, each func(*Record) error, opts ...ReadOption) (*Summary, FilesInfo, error) {
	var info FilesInfo
	if len(names) == 0 {
		return nil, info, ResultsProblems{"no results files to summarize"}
	}
	in, err := openInputs(names, readOptionsOf(opts))
	if err != nil {
		return nil, info, err
	}
	defer in.close()
	sum, info, err := summarizeInputs(in)
	if err != nil || each == nil {
		return sum, info, err
	}
	for i := range names {
		err := in.each(i, func(_ *Reader, rec *Record) error { return each(rec) })
		var fe *FileError
		if errors.As(err, &fe) && fe.Truncated {
			err = nil
		}
		if err != nil {
			return nil, info, err
		}
	}
	return sum, info, nil
}

// summarizeInputs is SummarizeFiles on the opened files in: it checks
// their headers (summarizable), and sums up their records, each deal once
// (listsSeen.count).
func summarizeInputs(in *inputs) (*Summary, FilesInfo, error) {
	names := in.names
	sum := &Summary{}
	var info FilesInfo
	lists := &listsSeen{byDeals: map[string]*listSeen{}}
	headers := make([]Header, 0, len(names))
	budgets := false
	for i, name := range names {
		h, err := in.header(i)
		if err != nil {
			return nil, info, err
		}
		headers = append(headers, h)
		if first := headers[0]; i > 0 {
			if err := summarizable(name, h, names[0], first); err != nil {
				return nil, info, err
			}
			budgets = budgets || h.MaxNodes != first.MaxNodes || h.Timeout != first.Timeout
		}
		own, err := lists.of(name, h)
		if err != nil {
			return nil, info, err
		}
		err = in.each(i, func(rd *Reader, rec *Record) error {
			if err := lists.count(name, rd, rec, own); err != nil {
				return err
			}
			sum.Add(rec)
			return nil
		})
		var fe *FileError
		if errors.As(err, &fe) && fe.Truncated {
			info.Notes = append(info.Notes, fmt.Sprintf("%s: left out the cut-short last line %d", name, fe.Line))
			err = nil
		}
		if err != nil {
			return nil, info, err
		}
	}
	info.Header = headers[0]
	info.Planned = plannedDeals(headers, lists.byDeals[headers[0].Deals].list.Len())
	if budgets {
		info.Notes = append(info.Notes, "the files were run with different budgets; the report gives the first file's")
	}
	if note := buildsNote(names, headers); note != "" {
		info.Notes = append(info.Notes, note)
	}
	return sum, info, nil
}

// summarizable checks that the file name, of header h, can be summarised
// with the first file, firstName of header first: the same game and rules,
// and the same player (or none).
func summarizable(name string, h Header, firstName string, first Header) error {
	if h.Game != first.Game || h.Options.Returns(h.Game) != first.Options.Returns(first.Game) {
		return ResultsProblems{fmt.Sprintf("%s is %s with returns %v, but %s is %s with returns %v: summarise one game and rules at a time",
			name, h.Game, h.Options.Returns(h.Game), firstName, first.Game, first.Options.Returns(first.Game))}
	}
	for _, d := range h.Diff(&first, false, false) {
		if d.Field == "player" || d.Field == "samples" || d.Field == "seed" {
			// A player's games are not the solver's verdicts, nor
			// another player's.
			return ResultsProblems{fmt.Sprintf("%s: its %s is %s, but %s in %s: summarise one player at a time", name, d.Field, d.Have, d.Want, firstName)}
		}
	}
	return nil
}

// listSeen is a deal list of the headers of files summarised together,
// with the deals of it seen so far in the files that declare it.
type listSeen struct {
	list *DealList
	seen *dealSet
}

// listsSeen are the deal lists of the headers of files summarised
// together, by the headers' deals and in the order first declared: a deal
// is looked for in each list it belongs to, and marked in its own file's.
type listsSeen struct {
	byDeals map[string]*listSeen
	order   []*listSeen
}

// of returns the list of the file name's header h, parsed when it is the
// first file to declare it.
func (l *listsSeen) of(name string, h Header) (*listSeen, error) {
	ls := l.byDeals[h.Deals]
	if ls == nil {
		list, err := ParseDeals(h.Deals)
		if err != nil {
			return nil, &FileError{Name: name, Line: 1, Err: fmt.Errorf("bad deals in the header: %w", err)}
		}
		ls = &listSeen{list, newDealSet(list.Len())}
		l.byDeals[h.Deals] = ls
		l.order = append(l.order, ls)
	}
	return ls, nil
}

// count marks the deal of record rec, read by rd from the file name whose
// list is own, as seen; it is an error when the deal is not in own (the
// deals the file declares), or was seen before in a file of any list it
// belongs to.
func (l *listsSeen) count(name string, rd *Reader, rec *Record, own *listSeen) error {
	if _, err := rd.InDeclared(own.list, rec); err != nil {
		return err
	}
	for _, o := range l.order {
		k, ok := o.list.Index(rec.Number)
		if !ok {
			continue
		}
		var counted bool
		if o == own {
			counted = o.seen.add(k)
		} else {
			counted = o.seen.has(k)
		}
		if counted {
			return ResultsProblems{fmt.Sprintf("%s line %d: deal %s is counted already, from this or an earlier file: a summary counts each deal once (to join the shards of one run, use patience merge)",
				name, rd.Line(), rec.Number)}
		}
	}
	return nil
}

// FilesInfo is what SummarizeFiles tells besides the summary.
type FilesInfo struct {
	Header Header   // the first file's
	Notes  []string // one sentence each
	// Planned is how many deals the files' headers declare together, when
	// the files split one list (the same deals, each file its own shard
	// of the same count); 0 when that is not known.
	Planned uint64
}

// plannedDeals returns how many deals headers declare together when they
// are distinct shards of one list of n deals, or 0.
func plannedDeals(headers []Header, n uint64) uint64 {
	first := headers[0]
	shards := map[uint64]bool{}
	var total uint64
	for _, h := range headers {
		if h.Deals != first.Deals || h.Shard.Count != first.Shard.Count || shards[h.Shard.Index] {
			return 0
		}
		shards[h.Shard.Index] = true
		total += h.Shard.Len(n)
	}
	return total
}
