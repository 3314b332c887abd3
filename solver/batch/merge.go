package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"patience/dealgen"
)

// Problems is a list of problems found in results files, worst first, one
// line each.
type Problems []string

// Error returns the problems, one a line.
func (p Problems) Error() string { return strings.Join(p, "\n") }

// maxProblems is how many problems of one kind Merge lists.
const maxProblems = 10

// Merged is what Merge returns.
type Merged struct {
	// Header is the files' common header, for the whole list (shard 0/1).
	Header Header
	// Summary covers every deal, file by file in the order given.
	Summary *Summary
}

// Merge checks that results files are the shards of one run and combines
// them. The headers must agree on game, deals, rules and budget; every
// deal of the declared list must appear exactly once over all files, each
// in a file of its shard. Problems are returned as Problems (at most ten
// of a kind, worst first): mismatched headers, shards with no file,
// missing deals, duplicated deals, deals that do not belong. Damaged or
// unreadable files give a *FileError or an error naming the file.
//
// With no problem, and out not nil, Merge writes the merged results file
// to out: the header with shard 0/1, then every result line, file by file.
func Merge(names []string, out io.Writer) (*Merged, error) {
	if len(names) == 0 {
		return nil, errors.New("no results files to merge")
	}
	headers := make([]Header, len(names))
	for i, name := range names {
		h, err := readHeader(name)
		if err != nil {
			return nil, err
		}
		headers[i] = h
	}
	var probs Problems
	first := headers[0]
	for i := 1; i < len(names); i++ {
		for _, d := range headers[i].Diff(&first, false, true) {
			probs = append(probs, fmt.Sprintf("%s: its %s is %s, but %s in %s", names[i], d.Field, d.Have, d.Want, names[0]))
		}
	}
	if len(probs) > 0 {
		return nil, cap10(probs)
	}
	list, err := ParseDeals(first.Deals)
	if err != nil {
		return nil, &FileError{Name: names[0], Line: 1, Err: fmt.Errorf("bad deals in the header: %v", err)}
	}

	// Shards with no file, when all files split the list the same way.
	sameCount := true
	have := map[uint64]bool{}
	for _, h := range headers {
		sameCount = sameCount && h.Shard.Count == first.Shard.Count
		have[h.Shard.Index] = true
	}
	if sameCount {
		var missing []string
		for i := uint64(0); i < first.Shard.Count && uint64(len(missing)) < maxProblems; i++ {
			if !have[i] && (Shard{i, first.Shard.Count}).Len(list.Len()) > 0 {
				missing = append(missing, Shard{i, first.Shard.Count}.String())
			}
		}
		if len(missing) > 0 {
			probs = append(probs, fmt.Sprintf("no file for shard %s of %s", strings.Join(missing, ", "), clip(first.Deals)))
		}
	}

	seen := make([]uint64, (list.Len()+63)/64)
	sum := &Summary{}
	var dups []dealgen.Number
	var stray Problems
	dupCount := 0
	for i, name := range names {
		err := eachRecord(name, func(rd *Reader, rec *Record) error {
			k, ok := list.Index(rec.Number)
			if !ok {
				if len(stray) < maxProblems {
					stray = append(stray, fmt.Sprintf("%s line %d: deal %s is not in the declared deals %s", name, rd.Line(), rec.Number, clip(first.Deals)))
				}
				return nil
			}
			if _, ok := headers[i].Shard.Local(k); !ok {
				if len(stray) < maxProblems {
					stray = append(stray, fmt.Sprintf("%s line %d: deal %s is not in the file's shard %s", name, rd.Line(), rec.Number, headers[i].Shard))
				}
			}
			if seen[k/64]&(1<<(k%64)) != 0 {
				dupCount++
				if len(dups) < maxProblems {
					dups = append(dups, rec.Number)
				}
				return nil
			}
			seen[k/64] |= 1 << (k % 64)
			sum.Add(rec)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}

	if m := missingRuns(list, seen); m != "" {
		probs = append(probs, m)
	}
	if len(dups) > 0 {
		where, err := locate(names, dups)
		if err != nil {
			return nil, err
		}
		for _, n := range dups {
			probs = append(probs, fmt.Sprintf("deal %s appears more than once: %s", n, strings.Join(where[n], ", ")))
		}
		if dupCount > len(dups) {
			probs = append(probs, fmt.Sprintf("and %d more duplicated lines", dupCount-len(dups)))
		}
	}
	probs = append(probs, stray...)
	if len(probs) > 0 {
		return nil, cap10(probs)
	}

	m := &Merged{Header: first, Summary: sum}
	m.Header.Shard = Whole
	if out != nil {
		if err := writeMerged(out, &m.Header, names); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func cap10(p Problems) Problems {
	if len(p) > maxProblems {
		p = append(p[:maxProblems-1], fmt.Sprintf("and %d more problems", len(p)-maxProblems+1))
	}
	return p
}

func readHeader(name string) (Header, error) {
	f, err := os.Open(name)
	if err != nil {
		return Header{}, &FileError{Name: name, Err: fmt.Errorf("cannot open it: %v", errors.Unwrap(err))}
	}
	defer f.Close()
	rd, err := NewReader(f, name)
	if err != nil {
		return Header{}, err
	}
	return rd.Header(), nil
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
	var rec Record
	for {
		err := rd.Next(&rec)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := f(rd, &rec); err != nil {
			return err
		}
	}
}

// missingRuns describes the deals of list not marked in seen, or "".
func missingRuns(list *DealList, seen []uint64) string {
	var runs []string
	var count uint64
	n := list.Len()
	for i := uint64(0); i < n; {
		w := seen[i/64]
		if w == ^uint64(0) && i%64 == 0 {
			i += 64
			continue
		}
		if w&(1<<(i%64)) != 0 {
			i++
			continue
		}
		j := i
		for j+1 < n && seen[(j+1)/64]&(1<<((j+1)%64)) == 0 {
			j++
		}
		count += j - i + 1
		if len(runs) < maxProblems {
			if j == i {
				runs = append(runs, list.At(i).String())
			} else {
				runs = append(runs, list.At(i).String()+"-"+list.At(j).String())
			}
		}
		i = j + 1
	}
	if count == 0 {
		return ""
	}
	s := fmt.Sprintf("%d of %d deals are missing: %s", count, n, strings.Join(runs, ", "))
	if len(runs) == maxProblems {
		s += ", ..."
	}
	return s
}

// locate finds the lines where the given deals appear.
func locate(names []string, nums []dealgen.Number) (map[dealgen.Number][]string, error) {
	where := map[dealgen.Number][]string{}
	for _, n := range nums {
		where[n] = nil
	}
	for _, name := range names {
		err := eachRecord(name, func(rd *Reader, rec *Record) error {
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

func writeMerged(out io.Writer, h *Header, names []string) error {
	w := bufio.NewWriterSize(out, 256<<10)
	w.Write(append(h.AppendJSON(nil), '\n'))
	for _, name := range names {
		err := eachRecord(name, func(rd *Reader, _ *Record) error {
			raw := rd.Raw()
			w.Write(raw)
			if raw[len(raw)-1] != '\n' {
				w.WriteByte('\n')
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return w.Flush()
}

// SummarizeFiles summarises results files as they are, without checking
// that they cover their declared deals (Merge does that): for a run in
// progress, or files of several runs. The files must be of one game with
// the same rules. A cut-short last line (a run stopped while writing, or
// still writing) is left out, with a note; notes are one sentence each.
// It returns the first file's header.
func SummarizeFiles(names []string) (*Summary, Header, []string, error) {
	sum := &Summary{}
	var first Header
	var notes []string
	for i, name := range names {
		h, err := readHeader(name)
		if err != nil {
			return nil, first, nil, err
		}
		if i == 0 {
			first = h
		} else if h.Game != first.Game || h.Options != first.Options {
			return nil, first, nil, fmt.Errorf("%s is %s with returns %v, but %s is %s with returns %v: summarise one game and rules at a time",
				name, h.Game, h.Options.Returns, names[0], first.Game, first.Options.Returns)
		}
		err = eachRecord(name, func(_ *Reader, rec *Record) error {
			sum.Add(rec)
			return nil
		})
		var fe *FileError
		if errors.As(err, &fe) && fe.Truncated {
			notes = append(notes, fmt.Sprintf("%s: left out the cut-short last line %d", name, fe.Line))
			err = nil
		}
		if err != nil {
			return nil, first, nil, err
		}
	}
	return sum, first, notes, nil
}
