//go:build unix

package batch

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/internal/testgames"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// TestErrorsListed provokes each error of batch's section "Errors" with
// Open, Run, the readers and Merge: each row's call fails with its error,
// and testgames.CheckErrors fails for one the section leaves out. (Unix
// only: a run's file is removed and cut under it, as replaced_test.go
// does.)
func TestErrorsListed(t *testing.T) {
	rf := func(t *testing.T, deals string) Config {
		cfg := testConfig(t, rules.RippleFan, deals)
		cfg.Solver.Workers = 1
		return cfg
	}
	open := func(cfg Config) error {
		r, err := Open(cfg)
		if err == nil {
			r.Close()
		}
		return err
	}
	// running starts a run whose file is changed under it by change, and
	// returns the run's error.
	running := func(t *testing.T, change func(out string) error) error {
		out, r, ch := runWriting(t, t.TempDir())
		defer r.Close()
		if err := change(out); err != nil {
			return err
		}
		return <-ch
	}
	h := Header{Version: FormatVersion, Build: buildinfo.String(), Game: rules.RippleFan, Deals: "1-3", Shard: Whole, MaxNodes: 1}
	header := string(h.AppendJSON(nil)) + "\n"
	position := string(rules.MarshalPosition(rules.NewPosition(rules.RippleFan), ""))
	testgames.CheckErrors(t, ".", []testgames.ErrorRow{
		{Name: "ErrNoDeals", Match: testgames.Is(ErrNoDeals), Words: "no deals to run",
			Provoke: func(*testing.T) error { return open(Config{Game: rules.RippleFan}) }},
		{Name: "rules.ErrNoGame", Match: testgames.Is(rules.ErrNoGame), Words: "unknown game game(0): use russian-cell or ripple-fan",
			Provoke: func(t *testing.T) error { cfg := rf(t, "1-3"); cfg.Game = 0; return open(cfg) }},
		{Name: "*rules.ConfigError", Match: testgames.As[*rules.ConfigError](), Words: "batch.Config.Shard is 5/2: want i/n with 0 <= i < n, or the zero Shard (the whole list)",
			Provoke: func(t *testing.T) error { cfg := rf(t, "1-3"); cfg.Shard = Shard{5, 2}; return open(cfg) }},
		{Name: "*rules.ConfigError", Match: testgames.As[*rules.ConfigError](),
			Words: "batch.Config.RetryUnknown is true: want false: a pipe is not a regular file, and a retry rewrites the results file",
			Provoke: func(t *testing.T) error {
				pr, pw, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer pr.Close()
				defer pw.Close()
				cfg := rf(t, "1-3")
				cfg.Out, cfg.OutStream, cfg.RetryUnknown = "a pipe", pw, true
				return open(cfg)
			}},
		{Name: "ErrNoDeals", Match: testgames.Is(ErrNoDeals), Words: "deals.txt names no deals: want deal numbers or ranges such as 1-1000, one a line",
			Provoke: func(*testing.T) error { _, err := ReadDeals(strings.NewReader("\n\n"), "deals.txt"); return err }},
		{Name: "ErrListTooLong", Match: testgames.Is(ErrListTooLong),
			Provoke: func(t *testing.T) error {
				var b strings.Builder
				for n := 1; b.Len() < maxLine; n += 2 {
					b.WriteString("," + strings.Repeat("9", 300) + itoa(n))
				}
				l, err := ParseDeals(b.String()[1:])
				if err != nil {
					return err
				}
				cfg := rf(t, "1-3")
				cfg.Deals, cfg.Out = l, filepath.Join(t.TempDir(), "r.jsonl")
				return open(cfg)
			}},
		{Name: "*SpaceError", Match: testgames.As[*SpaceError](),
			Provoke: func(t *testing.T) error {
				cfg := rf(t, "1-3000")
				cfg.Out = filepath.Join(t.TempDir(), "r.jsonl")
				cfg.FreeSpace = func(string) (uint64, error) { return 0, nil }
				return open(cfg)
			}},
		{Name: "*MismatchError", Match: testgames.As[*MismatchError](),
			Provoke: func(t *testing.T) error {
				cfg := rf(t, "1-3")
				cfg.Out = writeFile(t, filepath.Join(t.TempDir(), "r.jsonl"), Header{Game: rules.RippleFan, Deals: "1-5", Shard: Whole, MaxNodes: 1}, nil)
				return open(cfg)
			}},
		{Name: "*BuildError", Match: testgames.As[*BuildError](),
			Provoke: func(t *testing.T) error {
				cfg := rf(t, "1-3")
				other := Header{Build: "v0.0.1+0000000", Game: rules.RippleFan, Deals: "1-3", Shard: Whole, MaxNodes: solver.DefaultMaxNodes}
				cfg.Out = writeFile(t, filepath.Join(t.TempDir(), "r.jsonl"), other, nil)
				return open(cfg)
			}},
		{Name: "*WriteError", Match: testgames.As[*WriteError](),
			Provoke: func(t *testing.T) error {
				f, err := os.Create(filepath.Join(t.TempDir(), "closed"))
				if err != nil {
					return err
				}
				f.Close()
				cfg := rf(t, "1-3")
				cfg.Out, cfg.OutStream = f.Name(), f
				return open(cfg)
			}},
		{Name: "*ReplacedError", Match: testgames.As[*ReplacedError](),
			Provoke: func(t *testing.T) error { return running(t, os.Remove) }},
		{Name: "*TruncatedError", Match: testgames.As[*TruncatedError](),
			Provoke: func(t *testing.T) error {
				return running(t, func(out string) error { return os.Truncate(out, 0) })
			}},
		{Name: "*FileError", Match: testgames.As[*FileError](), Words: "r.jsonl line 1: the file is empty: no results header",
			Provoke: func(*testing.T) error { _, err := NewReader(strings.NewReader(""), "r.jsonl"); return err }},
		{Name: "*FileError", Match: testgames.As[*FileError](), Words: `deals.txt line 2: bad range "5-2": it runs backwards (5 is more than 2)`,
			Provoke: func(*testing.T) error { _, err := ReadDeals(strings.NewReader("1\n5-2\n"), "deals.txt"); return err }},
		{Name: "ErrSecondHeader", Match: testgames.Is(ErrSecondHeader),
			Provoke: func(*testing.T) error {
				rd, err := NewReader(strings.NewReader(header+header), "r.jsonl")
				if err != nil {
					return err
				}
				return rd.Next(new(Record))
			}},
		{Name: "*rules.WrongDocumentError", Match: testgames.As[*rules.WrongDocumentError](),
			Provoke: func(*testing.T) error { _, err := ReadDeals(strings.NewReader(position), "p.json"); return err }},
		{Name: "ResultsProblems", Match: testgames.As[ResultsProblems](),
			Provoke: func(t *testing.T) error {
				names, _ := shardFiles(t, t.TempDir())
				_, err := Merge(names[:1], nil)
				return err
			}},
		{Name: "ResultsProblems", Match: testgames.As[ResultsProblems](), Words: "no results files to summarize",
			Provoke: func(*testing.T) error { _, _, err := SummarizeFiles(nil); return err }},
		{Name: "ResultsProblems", Match: testgames.As[ResultsProblems](),
			Provoke: func(t *testing.T) error {
				// The same shard's lines in two files: each deal counted twice.
				dir := t.TempDir()
				names, data := shardFiles(t, dir)
				again := filepath.Join(dir, "again.jsonl")
				if err := os.WriteFile(again, data[0], 0o666); err != nil {
					t.Fatal(err)
				}
				_, _, err := SummarizeFiles([]string{names[0], again})
				if err != nil && !strings.Contains(err.Error(), "deal 1 is counted already") {
					t.Errorf("words %q", err)
				}
				return err
			}},
		{Name: "*SpoolSpaceError", Match: testgames.As[*SpoolSpaceError](),
			Provoke: func(t *testing.T) error {
				t.Setenv("TMPDIR", t.TempDir())
				names, data := shardFiles(t, t.TempDir())
				old := spoolFreeSpace
				defer func() { spoolFreeSpace = old }()
				spoolFreeSpace = func(string) (uint64, error) { return 0, nil }
				_, err := Merge([]string{names[0], "-"}, nil, ReadStdin(bytes.NewReader(data[1])))
				return err
			}},
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: `bad shard "5/2": shards are numbered from 0 to 1`,
			Provoke: func(*testing.T) error { _, err := ParseShard("5/2"); return err }},
		{Name: "*rules.ParseError", Match: testgames.As[*rules.ParseError](), Words: `deals.txt line 1: bad range "1-x": "x" is not a plain decimal number (ranges take digits only; list ms deals one by one)`,
			Provoke: func(*testing.T) error { _, err := ReadDeals(strings.NewReader("1-x\n"), "deals.txt"); return err }},
	})
}
