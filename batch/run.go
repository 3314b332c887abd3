package batch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/patience-solver/patience/dealgen"
	"github.com/patience-solver/patience/internal/buildinfo"
	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
	"github.com/patience-solver/patience/solver"
)

// Config describes a batch run.
type Config struct {
	Game  rules.Game // the game of the deals
	Deals *DealList  // the deal numbers of the run; Open refuses an empty list
	// Shard picks the deals whose index in Deals is Shard.Index mod
	// Shard.Count. The zero value means the whole list.
	Shard Shard
	// Solver sets the rules, pruning and budgets of every search, and
	// the totals for the run: Solver.Workers is the number of deals
	// searched at once, one core each (0 means runtime.NumCPU()), and
	// Solver.MemoryMB the position-table memory of the whole run (0 means
	// solver.DefaultMemoryMB), split evenly among them (see
	// solver.Config.Split). The rules options are those the game takes
	// (rules.NewVariant).
	Solver solver.Config
	// Progress, if not nil, counts the deals this run decides (not those
	// resumed from the file), as it goes: for a progress display, which
	// may read it from any goroutine (the one way every long call of the
	// library reports progress; Solver.Progress counts positions).
	Progress *atomic.Int64
	// Out is the results file. If it exists it is resumed: its header must
	// match the run, and the deals it holds are skipped. "" keeps no
	// file. A new file gets the permissions the umask allows.
	Out string
	// OutStream, when set, is an open file to write the results to as
	// they come, as to a pipe (see Out): standard output, say. Out then
	// only names it in messages.
	OutStream *os.File
	// RetryUnknown drops the file's unknown verdicts so that those deals
	// are searched again with this run's budget, which may differ from
	// the file's; the header is rewritten with the new budget. A results
	// file that is not a regular file (OutStream, a device, a pipe) cannot
	// be rewritten: Open refuses RetryUnknown for it with a
	// *rules.ConfigError.
	RetryUnknown bool
	// Force resumes a results file made by another build of patience
	// (see Header.Build), which Open otherwise refuses with a
	// *BuildError; the file's header then names both builds.
	Force bool
	// ChunkSize is the most deals a worker takes at a time; 0 means 256.
	ChunkSize int
	// FlushEvery is how often finished lines are written out at the
	// latest; 0 means every second.
	FlushEvery time.Duration
	// FreeSpace, when set, tells the bytes free on the file system of a
	// directory (the command line sets it to a statfs(2) of the
	// directory, where the platform has one). Open then refuses, with a
	// *SpaceError, a run whose remaining result lines cannot fit beside
	// Out, by the least they can take. An error from it skips the check.
	FreeSpace func(dir string) (uint64, error)
	// Player, when set, plays every deal after deciding it, as
	// player.Play plays (showing the player only what it may see): the
	// results record its outcome, and the header its name, samples and
	// seed. Its Solver is the run's Solver on one core (Workers 1),
	// whatever it says.
	Player *player.Config
	// StopGrace is how long Run waits, once its context is done, for the
	// searches in progress to end (the context ends them within about a
	// thousand positions). One still running after that is abandoned (its
	// deal is not written, and a resumed run searches it again). 0 means 2
	// seconds.
	StopGrace time.Duration
}

// MismatchError is returned when the results file to resume was written
// by a different run. Problems has one line per difference.
type MismatchError struct {
	Name     string   // the results file's name (Config.Out)
	Problems []string // one line per difference, as in "its game is ripple-fan, this run's is russian-cell"
	// RetryUnknown is set when the runs differ only in their budget, so
	// that the file can be resumed with Config.RetryUnknown.
	RetryUnknown bool
	// Player is the file's player (Header.Player) when it is not this
	// run's, and "" when they are the same or the file has none: a front
	// end may say why that player's run cannot be resumed, as when this
	// build no longer has it.
	Player string
}

// Error says that the file is of another run, then each difference, one
// a line (see Lines).
func (e *MismatchError) Error() string { return strings.Join(e.Lines(), "\n") }

// Lines returns the lines of the message: that the file is of another run,
// then each difference.
func (e *MismatchError) Lines() []string {
	lines := []string{fmt.Sprintf("%s holds results of a different run; use another results file, or the settings of that run", e.Name)}
	for _, p := range e.Problems {
		lines = append(lines, e.Name+": "+p)
	}
	if e.RetryUnknown {
		lines = append(lines, e.Name+": to search its unknown deals again with this run's budget, resume it with RetryUnknown")
	}
	return lines
}

func mismatch(name string, d []HeaderDiff) *MismatchError {
	e := &MismatchError{Name: name}
	for _, x := range d {
		e.Problems = append(e.Problems, fmt.Sprintf("its %s is %s, this run's is %s", x.Field, x.Have, x.Want))
	}
	return e
}

// Snapshot is what a run has done so far: a result, read with
// Runner.Snapshot (its progress is Config.Progress).
type Snapshot struct {
	// Total is the number of deals in the run (in its shard).
	Total uint64
	// Done counts the deals decided, those found in a resumed file
	// included; Resumed counts those.
	Done, Resumed uint64
	// Count is Done split by verdict.
	Count Counts
	// Elapsed is the time since Run started.
	Elapsed time.Duration
}

// Result is what Run returns.
type Result struct {
	// Snapshot is the run's at its end: the deals done, resumed and
	// still to do, and their verdicts.
	Snapshot
	// Summary covers every deal done, resumed ones included, in the order
	// of the results file.
	Summary *Summary
}

// Runner runs a batch. Open checks the configuration and the results
// file; Run does the work. A Runner runs once.
type Runner struct {
	cfg     Config
	header  Header
	total   uint64
	done    []uint64 // bit set of shard indexes already in the file; nil if none
	resumed uint64
	sum     Summary
	notes   []string
	tag     string // the run tag written on each line; "" for version 1

	file   *os.File
	unlock func()
	stream bool        // file is not a regular file (see openStream)
	fileID os.FileInfo // the file's identity, to check that Out still names it
	// fileSize is how long the results file is, by what the run has
	// written: a file found shorter was truncated by someone else.
	fileSize int64

	started  atomic.Int64 // Run's start, in Unix nanoseconds; 0 before
	progDone atomic.Uint64
	progCnt  [3]atomic.Uint64 // Snapshot.Count, indexed by solver.Verdict
	ran      bool
}

// check refuses, with a *rules.ConfigError, a setting of cfg out of range:
// a Shard of no deals (Count 0, but for the zero Shard, or Index not below
// Count), a negative ChunkSize, FlushEvery or StopGrace, a Solver that
// solver.Config.Check refuses, and a Player that player.New refuses.
func (cfg *Config) check() error {
	bad := func(field string, v any, want string) error {
		return &rules.ConfigError{Field: "batch.Config." + field, Value: v, Want: want}
	}
	const orMore = "0 (the default) or more"
	switch s := cfg.Shard.orWhole(); {
	case s.Count == 0 || s.Index >= s.Count:
		return bad("Shard", cfg.Shard, "i/n with 0 <= i < n, or the zero Shard (the whole list)")
	case cfg.ChunkSize < 0:
		return bad("ChunkSize", cfg.ChunkSize, orMore)
	case cfg.FlushEvery < 0:
		return bad("FlushEvery", cfg.FlushEvery, orMore)
	case cfg.StopGrace < 0:
		return bad("StopGrace", cfg.StopGrace, orMore)
	}
	if err := cfg.Solver.Check(); err != nil {
		return err
	}
	if cfg.Player != nil {
		pc := *cfg.Player
		pc.Solver = cfg.Solver // as each worker plays
		if _, err := player.New(cfg.Game, pc); err != nil {
			return err
		}
	}
	return nil
}

// ErrNoDeals is the error of Open for a Config without deals, and of
// ReadDeals for a file that names none.
var ErrNoDeals = errors.New("no deals to run")

// ErrListTooLong is the error of Open for a list of deals too long to
// record in the header of its results file: split it over several runs.
var ErrListTooLong = errors.New("the list of deals is too long to record in the header of the results file")

// Open prepares a run: it checks cfg, and opens (or creates) the results
// file, checking its header, skipping the deals it already holds and
// repairing a cut-short last line. Its errors are about the input: the
// configuration (ErrNoDeals, rules.ErrNoGame, ErrListTooLong, or a
// setting out of range: a *rules.ConfigError), or a results file that
// cannot be resumed.
func Open(cfg Config) (*Runner, error) {
	if cfg.Deals == nil || cfg.Deals.Len() == 0 {
		return nil, ErrNoDeals
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	cfg.Shard = cfg.Shard.orWhole()
	if cfg.Solver.Workers <= 0 {
		cfg.Solver.Workers = runtime.NumCPU()
	}
	if cfg.ChunkSize <= 0 {
		cfg.ChunkSize = 256
	}
	if cfg.FlushEvery <= 0 {
		cfg.FlushEvery = time.Second
	}
	if cfg.StopGrace <= 0 {
		cfg.StopGrace = 2 * time.Second
	}
	if cfg.Solver.MaxNodes <= 0 {
		cfg.Solver.MaxNodes = solver.DefaultMaxNodes
	}
	if cfg.Solver.MemoryMB <= 0 {
		cfg.Solver.MemoryMB = solver.DefaultMemoryMB
	}
	v, err := rules.NewVariant(cfg.Game, cfg.Solver.Options)
	if err != nil {
		return nil, err
	}
	cfg.Solver.Options = v.Options // the options the game takes, as the header records them
	r := &Runner{
		cfg: cfg,
		header: Header{Version: FormatVersion, Build: buildinfo.String(), Game: cfg.Game, Deals: cfg.Deals.String(), Shard: cfg.Shard,
			Options: cfg.Solver.Options, MaxNodes: cfg.Solver.MaxNodes, Timeout: cfg.Solver.Timeout},
		total: cfg.Shard.Len(cfg.Deals.Len()),
	}
	if pl := cfg.Player; pl != nil {
		r.header.Player = pl.Kind.String()
		if pl.Kind != player.Greedy {
			r.header.Samples, r.header.Seed = pl.Samples, pl.Seed
		}
	}
	r.tag = r.header.Tag()
	if cfg.Out != "" {
		if n := len(r.header.AppendJSON(nil)); n >= maxLine {
			return nil, fmt.Errorf("%w (%d MiB; at most %d MiB): split it over several runs", ErrListTooLong, n>>20, maxLine>>20)
		}
		_, statErr := os.Stat(cfg.Out)
		if err := r.openOut(); err != nil {
			return nil, err
		}
		if err := r.checkSpace(); err != nil && !r.stream {
			r.Close()
			removeIfNew(cfg.Out, statErr == nil)
			return nil, err
		}
	}
	r.progDone.Store(r.resumed)
	for v := range r.progCnt {
		r.progCnt[v].Store(r.sum.Count.Of(solver.Verdict(v)))
	}
	return r, nil
}

// Header returns the header of the run's results.
func (r *Runner) Header() Header { return r.header }

// Notes returns what Open repaired or changed in the results file, for
// the user: one sentence each.
func (r *Runner) Notes() []string { return r.notes }

// Close releases the results file of a runner that is not run.
func (r *Runner) Close() error {
	if r.file == nil {
		return nil
	}
	r.unlock()
	err := r.file.Close()
	r.file = nil
	return err
}

func (r *Runner) openOut() error {
	name := r.cfg.Out
	if r.cfg.OutStream != nil {
		return r.openStream()
	}
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		return r.openStream()
	}
	f, unlock, _, _, err := outfile.LockPath(name, 0o666)
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			unlock()
			f.Close()
		}
	}()
	if r.cfg.RetryUnknown || r.forceNewBuild(f) {
		if f, unlock, err = r.dropUnknowns(f, unlock); err != nil {
			return err
		}
	}
	r.file, r.unlock = f, unlock
	if err := r.scan(); err != nil {
		r.file, r.unlock = nil, nil
		return err
	}
	if r.fileID, err = f.Stat(); err != nil {
		r.file, r.unlock = nil, nil
		return err
	}
	if r.fileSize, err = f.Seek(0, io.SeekCurrent); err != nil {
		r.file, r.unlock = nil, nil
		return err
	}
	ok = true
	return nil
}

// ReplacedError says that the results file of a run was replaced or
// removed while the run wrote it: the lines written since are in a file
// that no name leads to.
type ReplacedError struct {
	Name string // the results file's name (Config.Out)
}

// Error says that the file was replaced or removed, that the latest
// results are lost with it, and how to go on.
func (e *ReplacedError) Error() string {
	return fmt.Sprintf("%s was replaced or removed while this run wrote it: the run stopped, and its latest results are lost with the old file. If %s is now another run's results file of the same deals, run the command again to go on from it; otherwise give another --out", e.Name, e.Name)
}

// TruncatedError says that the results file of a run was cut shorter
// (truncated) by something else while the run wrote it: the results it
// held before are lost, and the run stopped before writing after the cut,
// which would leave a block of zero bytes in their place.
type TruncatedError struct {
	Name string // the results file's name (Config.Out)
	Size int64  // its size as found
	Want int64  // its size by what the run had written
}

// Error says how far the file was cut, that the results it held are
// lost, and how to go on.
func (e *TruncatedError) Error() string {
	return fmt.Sprintf("%s was cut to %d bytes while this run wrote it (it had written %d): the run stopped, and the results the file held are lost. Run the command again to decide the missing deals", e.Name, e.Size, e.Want)
}

// checkName checks that Out still names the file the run writes.
func (r *Runner) checkName() error {
	if r.fileID == nil {
		return nil
	}
	now, err := os.Stat(r.cfg.Out)
	if err != nil || !os.SameFile(now, r.fileID) {
		return &ReplacedError{Name: r.cfg.Out}
	}
	return nil
}

// checkSize checks that the results file is as long as the run has
// written it, so that nothing else has cut it short.
func (r *Runner) checkSize() error {
	if r.fileID == nil {
		return nil
	}
	st, err := r.file.Stat()
	if err != nil {
		return err
	}
	if st.Size() != r.fileSize {
		return &TruncatedError{Name: r.cfg.Out, Size: st.Size(), Want: r.fileSize}
	}
	return nil
}

// scan reads the existing results file: checks the header, marks the deals
// done, repairs a cut-short last line, and leaves the file positioned at
// its end. An empty file gets the header.
func (r *Runner) scan() error {
	f, name := r.file, r.cfg.Out
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return notResults(name, err)
	}
	if size == 0 {
		return r.writeHeader()
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	rd, err := NewReader(f, name)
	var fe *FileError
	if errors.As(err, &fe) && fe.Truncated {
		// Only part of the header was written: start afresh.
		if err := f.Truncate(0); err != nil {
			return err
		}
		r.notes = append(r.notes, fmt.Sprintf("%s held only a cut-short header; started it afresh", name))
		return r.writeHeader()
	}
	if err != nil {
		return err
	}
	h := rd.Header()
	if d := h.Diff(&r.header, true, true); len(d) > 0 {
		e := mismatch(name, d)
		e.RetryUnknown = !r.cfg.RetryUnknown && len(h.Diff(&r.header, true, false)) == 0
		if h.Player != r.header.Player {
			e.Player = h.Player
		}
		return e
	}
	if rewrite, err := r.checkBuild(&h); err != nil || rewrite {
		if err == nil {
			err = errors.New("batch: the header of a file resumed by another build was not rewritten")
		}
		return err
	}
	var rec Record
	for {
		err := rd.Next(&rec)
		if err == io.EOF {
			break
		}
		if errors.As(err, &fe) && fe.Truncated {
			if err := f.Truncate(rd.Good()); err != nil {
				return err
			}
			r.notes = append(r.notes, fmt.Sprintf("%s: removed the cut-short last line %d, left by a run that was stopped while writing; its deal will be searched again", name, fe.Line))
			break
		}
		if err != nil {
			return err
		}
		k, err := r.localIndex(rec.Number)
		if err != nil {
			return &FileError{Name: name, Line: rd.Line(), Err: err}
		}
		if r.done == nil {
			r.done = make([]uint64, (r.total+63)/64)
		}
		if r.done[k/64]&(1<<(k%64)) != 0 {
			return &FileError{Name: name, Line: rd.Line(), Err: fmt.Errorf("deal %s is there a second time; the file is damaged (remove one of its lines)", rec.Number)}
		}
		r.done[k/64] |= 1 << (k % 64)
		r.resumed++
		r.sum.Add(&rec)
	}
	end, err := f.Seek(rd.Good(), io.SeekStart)
	if err != nil {
		return err
	}
	if !rd.GoodEndsWithNewline() && end > 0 {
		if _, err := f.Write([]byte{'\n'}); err != nil {
			return err
		}
	}
	return nil
}

// localIndex returns the shard index of deal n, or an error saying why it
// does not belong to the run.
func (r *Runner) localIndex(n dealgen.Number) (uint64, error) {
	i, ok := r.cfg.Deals.Index(n)
	if !ok {
		return 0, fmt.Errorf("deal %s is not in this run's deals (%s)", n, clip(r.header.Deals))
	}
	k, ok := r.cfg.Shard.Local(i)
	if !ok {
		return 0, fmt.Errorf("deal %s is not in shard %s", n, r.cfg.Shard)
	}
	return k, nil
}

func (r *Runner) writeHeader() error {
	line := r.header.AppendJSON(nil)
	if _, err := r.file.Write(append(line, '\n')); err != nil {
		return &WriteError{Name: r.cfg.Out, Err: err}
	}
	return nil
}

// WriteError is a failure to write the results file (a full disk, say).
type WriteError struct {
	Name string // the results file's name (Config.Out)
	Err  error  // the system's error
}

// Error says "cannot write", the file's name, and the system's error.
func (e *WriteError) Error() string { return fmt.Sprintf("cannot write %s: %v", e.Name, e.Err) }

// Unwrap returns the system's error.
func (e *WriteError) Unwrap() error { return e.Err }

// dropUnknowns rewrites the results file without its unknown verdicts
// (with RetryUnknown) and with this run's budget and builds in the header,
// if that changes anything. The new file replaces the old one at once
// (rename), so an interruption leaves one or the other. It returns the
// file to go on with, locked.
func (r *Runner) dropUnknowns(f *os.File, unlock func()) (*os.File, func(), error) {
	name := r.cfg.Out
	if st, err := f.Stat(); err != nil || st.Size() == 0 {
		return f, unlock, err
	}
	rd, err := NewReader(f, name)
	if err != nil {
		var fe *FileError
		if errors.As(err, &fe) && fe.Truncated {
			return f, unlock, nil // scan starts it afresh
		}
		return f, unlock, err
	}
	h := rd.Header()
	if d := h.Diff(&r.header, true, !r.cfg.RetryUnknown); len(d) > 0 {
		return f, unlock, mismatch(name, d)
	}
	if _, err := r.checkBuild(&h); err != nil {
		return f, unlock, err
	}
	var dropped int
	var werr error // a failure to write the new file: a full disk, say
	tmp, unlockNew, err := outfile.Rewrite(f, name, func(tmp *os.File) (bool, error) {
		w := bufio.NewWriterSize(tmp, 256<<10)
		w.Write(append(r.header.AppendJSON(nil), '\n'))
		var err error
		if dropped, err = r.copyKept(rd, w); err != nil {
			return false, err
		}
		if dropped == 0 && h == r.header {
			return true, nil
		}
		werr = w.Flush()
		return false, werr
	})
	var oe *outfile.Error
	switch {
	case werr != nil:
		return f, unlock, r.rewriteFailed(outfile.Pathless(werr))
	case errors.As(err, &oe) && oe.Writing:
		return f, unlock, r.rewriteFailed(oe.Err)
	case errors.As(err, &oe):
		return f, unlock, fmt.Errorf("cannot rewrite %s: %w", name, oe.Err)
	case err != nil:
		return f, unlock, err
	}
	if tmp == nil {
		return f, unlock, nil
	}
	unlock()
	f.Close()
	if !r.cfg.RetryUnknown {
		return tmp, unlockNew, nil
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: dropped %d unknown verdicts to search again with max_nodes %d and timeout %s", name, dropped, r.header.MaxNodes, timeoutString(r.header.Timeout)))
	return tmp, unlockNew, nil
}

// rewriteFailed is the *WriteError of a rewrite of the results file that
// could not be written (err, the system's error: a full disk, say): the
// file is left as it was.
func (r *Runner) rewriteFailed(err error) error {
	what := "without its unknown verdicts"
	if !r.cfg.RetryUnknown {
		what = "with this run's header"
	}
	return &WriteError{Name: r.cfg.Out, Err: fmt.Errorf("%w (while rewriting it %s: it is left as it was)", err, what)}
}

// copyKept copies the result lines that rd has still to read to w, each
// ending in a newline, but for the unknown verdicts with RetryUnknown,
// which it counts in dropped. A cut-short last line is left out, without
// a note: it is gone with the rewrite.
func (r *Runner) copyKept(rd *Reader, w *bufio.Writer) (dropped int, err error) {
	var rec Record
	for {
		err := rd.Next(&rec)
		if err == io.EOF {
			return dropped, nil
		}
		var fe *FileError
		if errors.As(err, &fe) && fe.Truncated {
			return dropped, nil // scan notes nothing: the line is gone with the rewrite
		}
		if err != nil {
			return dropped, err
		}
		if rec.Verdict == solver.Unknown && r.cfg.RetryUnknown {
			dropped++
			continue
		}
		raw := rd.Raw()
		w.Write(raw)
		if raw[len(raw)-1] != '\n' {
			w.WriteByte('\n')
		}
	}
}

// Snapshot returns what the run has done so far. It is safe to call from any
// goroutine while Run works.
func (r *Runner) Snapshot() Snapshot {
	p := Snapshot{Total: r.total, Resumed: r.resumed, Done: r.progDone.Load()}
	for v := range r.progCnt {
		p.Count.Add(solver.Verdict(v), r.progCnt[v].Load())
	}
	if t := r.started.Load(); t != 0 {
		p.Elapsed = time.Since(time.Unix(0, t))
	}
	return p
}

// Run searches every deal of the run that the results file does not hold
// yet, writing a line for each as it is decided (in the order they finish,
// not the order of the list). When ctx is done it stops taking deals,
// interrupts the searches in progress (their deals stay to do) and waits
// up to StopGrace for the workers, writes out every finished line, and
// returns the result so far with ctx's error (errors.Is(err,
// context.Canceled) or context.DeadlineExceeded) when deals were left to
// do. Its other errors are for an internal failure: a results file that
// cannot be written, or a solution that the referee rejects.
func (r *Runner) Run(ctx context.Context) (*Result, error) {
	if r.cfg.Deals == nil {
		return nil, errors.New("batch: a Runner that Open did not make has no run")
	}
	if r.ran {
		return nil, errors.New("batch: a Runner runs once")
	}
	r.ran = true
	r.started.Store(time.Now().UnixNano())
	defer r.Close()

	workers, scfg := r.cfg.Solver.Split(0)
	st := &runState{
		results: make(chan []Record, 4*workers),
		free:    make(chan []Record, 8*workers),
		abandon: make(chan struct{}),
		workers: workers,
		maxAge:  min(r.cfg.FlushEvery/4, 250*time.Millisecond),
	}
	if ctx.Err() != nil {
		st.stop.Store(true) // stopped before it started: write what there is
	}

	// ctx ends the searches in progress too: their deals are left for the
	// next run.
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(ctx, st, scfg)
		}()
	}
	go func() {
		wg.Wait()
		close(st.results)
	}()

	wr := &writer{r: r, file: r.file, flushEvery: r.cfg.FlushEvery, stop: &st.stop}
	if r.file != nil {
		wr.buf = make([]byte, 0, 1<<20)
	}
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		wr.loop(st.results, st.free, st.abandon)
	}()
	r.awaitWriter(ctx, st, wr, writerDone)
	return r.result(ctx, st, wr)
}

// batchCap is how many records a worker sends the writer at most at once.
const batchCap = 256

// runState is what the workers and the writer of a Run share.
type runState struct {
	results chan []Record // batches of records, from the workers to the writer
	free    chan []Record // emptied batches, from the writer back to the workers
	abandon chan struct{} // closed when the writer is to stop waiting for the workers
	stop    atomic.Bool   // raised to stop taking deals
	next    atomic.Uint64 // the next shard index to grab
	workers int           // how many workers
	maxAge  time.Duration // how long a worker keeps records before it sends them

	failMu  sync.Mutex
	failure error // the first internal failure, or nil
}

// fail records err as the run's failure, unless there is one already, and
// stops the run.
func (st *runState) fail(err error) {
	st.failMu.Lock()
	if st.failure == nil {
		st.failure = err
	}
	st.failMu.Unlock()
	st.stop.Store(true)
}

// send hands the writer a batch of records; false when the writer no
// longer waits (the run is abandoned).
func (st *runState) send(b []Record) bool {
	select {
	case st.results <- b:
		return true
	case <-st.abandon:
		return false
	}
}

// get returns an empty batch, one the writer gave back if there is one.
func (st *runState) get() []Record {
	select {
	case b := <-st.free:
		return b
	default:
		return make([]Record, 0, batchCap)
	}
}

// work is one worker of Run, searching with configuration scfg: it grabs
// chunks of shard indexes until none is left or the run stops, decides
// each deal not done yet, and sends the records to the writer in batches,
// when a batch is full or its records are maxAge old. A search ended by
// ctx is no result: its deal stays to do.
func (r *Runner) work(ctx context.Context, st *runState, scfg solver.Config) {
	w := worker{ctx: ctx, game: r.cfg.Game, s: solver.New(r.cfg.Game, scfg), p: rules.NewPosition(r.cfg.Game), opts: scfg.Options}
	if pl := r.cfg.Player; pl != nil {
		pc := *pl
		pc.Solver = r.cfg.Solver
		pc.Solver.Workers = 1
		w.player = &pc
	}
	batch := st.get()
	last := time.Now()
	for !st.stop.Load() {
		start, end, ok := r.grab(&st.next, st.workers)
		if !ok {
			break
		}
		for k := start; k < end && !st.stop.Load(); k++ {
			if r.done != nil && r.done[k/64]&(1<<(k%64)) != 0 {
				continue
			}
			rec, err := w.solve(r.cfg.Deals.At(r.cfg.Shard.Global(k)))
			if err == errInterrupted {
				break // not a result: the deal stays to do
			}
			if err != nil {
				st.fail(err)
				break
			}
			batch = append(batch, rec)
			if now := time.Now(); len(batch) == cap(batch) || now.Sub(last) >= st.maxAge {
				if !st.send(batch) {
					return
				}
				batch, last = st.get(), now
			}
		}
	}
	if len(batch) > 0 {
		st.send(batch)
	}
}

// awaitWriter waits for the writer wr to end (closing writerDone), once
// the workers are done. When ctx ends first, it stops the run and waits
// up to StopGrace more; then it abandons the workers, cuts short a write
// stuck on a pipe, and waits for the writer to write what it has.
func (r *Runner) awaitWriter(ctx context.Context, st *runState, wr *writer, writerDone <-chan struct{}) {
	select {
	case <-writerDone:
	case <-ctx.Done():
		st.stop.Store(true)
		select {
		case <-writerDone:
		case <-time.After(r.cfg.StopGrace):
			close(st.abandon)
			if r.stream {
				// A pipe that nothing reads would hold the writer for
				// ever: its write is cut short (where the file allows).
				if r.file.SetWriteDeadline(time.Now()) == nil {
					wr.cutShort = true
				}
			}
			<-writerDone
		}
	}
}

// result ends a Run whose writer wr is done: it syncs the results file,
// and returns the result with the run's error, if any: the file replaced,
// a failure to write it (but not lines lost on a pipe that nothing read
// when the run was stopped: a note says so), or a worker's failure.
func (r *Runner) result(ctx context.Context, st *runState, wr *writer) (*Result, error) {
	if r.file != nil && !r.stream {
		if err := r.file.Sync(); err != nil && wr.err == nil {
			wr.err = err
		}
	}
	res := &Result{Snapshot: r.Snapshot(), Summary: &r.sum}
	stopped := ctx.Err() != nil && res.Done < res.Total
	var re *ReplacedError
	if errors.As(wr.err, &re) {
		return res, re
	}
	var te *TruncatedError
	if errors.As(wr.err, &te) {
		return res, te
	}
	if wr.cutShort && errors.Is(wr.err, os.ErrDeadlineExceeded) && stopped {
		// Stopped while nothing read the pipe: the lines not taken are
		// lost with the stop, as the pipe keeps nothing to resume.
		r.notes = append(r.notes, fmt.Sprintf("%s: nothing read the last results when the run stopped; they are lost", r.cfg.Out))
		wr.err = nil
	}
	if wr.err != nil {
		return res, &WriteError{Name: r.cfg.Out, Err: wr.err}
	}
	st.failMu.Lock()
	defer st.failMu.Unlock()
	if st.failure == nil && stopped {
		return res, ctx.Err()
	}
	return res, st.failure
}

// grab hands a worker the next chunk of shard indexes [start, end). Chunks
// shrink towards the end of the run so that the workers finish together.
func (r *Runner) grab(next *atomic.Uint64, workers int) (start, end uint64, ok bool) {
	rem := r.total - min(next.Load(), r.total)
	c := min(max(rem/uint64(4*workers), 1), uint64(r.cfg.ChunkSize))
	end = next.Add(c)
	start = end - c
	if start >= r.total {
		return 0, 0, false
	}
	return start, min(end, r.total), true
}

// worker is what one batch worker owns: a solver, a dealer and a position,
// all reused from deal to deal, and the context that ends its searches.
type worker struct {
	ctx  context.Context
	game rules.Game
	s    *solver.Solver
	d    dealgen.Dealer
	p    *rules.Position
	opts rules.Options
	// player plays each deal after it is decided, or is nil.
	player *player.Config // the run's player, on one core, or nil
}

// errInterrupted says a search was ended by its context: it has no result.
var errInterrupted = errors.New("interrupted")

func (w *worker) solve(n dealgen.Number) (Record, error) {
	w.d.DealInto(w.game, n, w.p)
	res, err := w.s.SolveTrusted(w.ctx, w.p) // dealgen's deal: valid as dealt
	if w.ctx.Err() != nil && (err != nil || res.Verdict == solver.Unknown) {
		// Ended by the context (cancelled, or its deadline, which is not
		// the run's time budget): not a result.
		return Record{}, errInterrupted
	}
	if err != nil {
		return Record{}, fmt.Errorf("deal %s: %w", n, err)
	}
	if res.Verdict == solver.Solvable {
		// The verdict is a proof only once the referee has replayed it.
		end, err := rules.Replay(w.p, w.opts, res.Moves)
		if err != nil {
			return Record{}, fmt.Errorf("deal %s: the solver's move list failed the referee: %w", n, err)
		}
		if !end.Won() {
			return Record{}, fmt.Errorf("deal %s: the solver's move list does not win", n)
		}
	}
	rec := Record{Number: n, Verdict: res.Verdict, Reason: res.Reason.String(), Moves: len(res.Moves),
		Forced: res.Forced, Nodes: res.Nodes, Elapsed: res.Elapsed}
	if w.player != nil {
		gm, err := player.Play(w.ctx, w.p, *w.player)
		if err != nil {
			if w.ctx.Err() != nil {
				return Record{}, errInterrupted
			}
			return Record{}, fmt.Errorf("deal %s: the player: %w", n, err)
		}
		rec.Outcome, rec.GameMoves, rec.GameElapsed = Lost, len(gm.Moves), gm.Elapsed
		if gm.Won {
			rec.Outcome = Won
		}
	}
	return rec, nil
}

// writer is the one goroutine that writes the results file and keeps the
// summary.
type writer struct {
	r          *Runner
	file       *os.File
	buf        []byte
	flushEvery time.Duration
	stop       *atomic.Bool // raised when the file cannot be written
	err        error
	cutShort   bool // a stuck write to a pipe was cut short after a stop (set before the writer ends)
}

func (w *writer) loop(results <-chan []Record, free chan<- []Record, abandon <-chan struct{}) {
	tick := time.NewTicker(w.flushEvery)
	defer tick.Stop()
	defer w.flush()
	for {
		select {
		case b, ok := <-results:
			if !ok {
				return
			}
			w.take(b, free)
		case <-tick.C:
			w.flush()
		case <-abandon:
			for {
				select {
				case b, ok := <-results:
					if !ok {
						return
					}
					w.take(b, free)
				default:
					return
				}
			}
		}
	}
}

func (w *writer) take(b []Record, free chan<- []Record) {
	r := w.r
	var cnt [3]uint64
	for i := range b {
		rec := &b[i]
		if w.file != nil {
			rec.Run = r.tag
			w.buf = rec.AppendJSON(w.buf)
			w.buf = append(w.buf, '\n')
		}
		r.sum.Add(rec)
		cnt[rec.Verdict]++
		b[i] = Record{} // drop the reason string
	}
	for v, c := range cnt {
		r.progCnt[v].Add(c)
	}
	r.progDone.Add(uint64(len(b)))
	if r.cfg.Progress != nil {
		r.cfg.Progress.Add(int64(len(b)))
	}
	select {
	case free <- b[:0]:
	default:
	}
	if len(w.buf) >= 512<<10 {
		w.flush()
	}
}

// flush writes the buffered lines in one write, so that a killed process
// leaves whole lines (or, at worst, one cut-short last line). Before and
// after, it checks that the file is as long as the run wrote it and that
// Out still names it: a file cut short or replaced stops the run.
func (w *writer) flush() {
	if w.file == nil || len(w.buf) == 0 || w.err != nil {
		return
	}
	err := w.r.checkSize()
	if err == nil {
		var n int
		n, err = w.file.Write(w.buf)
		w.r.fileSize += int64(n)
	}
	if err == nil {
		err = w.r.checkSize()
	}
	if err == nil {
		err = w.r.checkName()
	}
	if err != nil {
		w.err = err
		w.stop.Store(true) // no point in searching for results that cannot be kept
	}
	w.buf = w.buf[:0]
}
