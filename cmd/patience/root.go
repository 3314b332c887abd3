package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/patience-solver/patience/batch"
	"github.com/patience-solver/patience/internal/outfile"
	"github.com/patience-solver/patience/rules"
)

// Exit codes (docs/design.md §6).
const (
	exitOK       = 0
	exitInternal = 1
	exitUsage    = 2
	exitCheck    = 3
	// exitClosedPipe ends a command whose output is a pipe that its
	// reader closed (standard output into "head", say): 128 plus SIGPIPE's
	// number, the code of a process that SIGPIPE kills, as a shell sees
	// it, but reached only once every output is as it was or whole.
	exitClosedPipe = 128 + int(syscall.SIGPIPE)
)

// streams are the command's standard streams, so tests can capture them.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

// usageError marks bad usage or bad input: exit code 2, nothing on stdout.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func badInput(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// ioFailure marks a failure to write an output (standard output, a
// results file, a picture): exit code 1, as for an internal failure, but
// it says what failed rather than "internal error".
type ioFailure struct{ err error }

func (e ioFailure) Error() string { return e.err.Error() }
func (e ioFailure) Unwrap() error { return e.err }

// outWriter is standard output, remembering the first write that failed
// (a full disk, a closed pipe): output that was lost must not end with
// exit code 0. It writes nothing after a failure. A pipe that its reader
// closed (EPIPE) calls closed, when set: the program then ends at once
// with exitClosedPipe, as a process that SIGPIPE kills, but with every
// output whole (exitNow), rather than go on with its work for no reader.
type outWriter struct {
	w      io.Writer
	err    error
	closed func()
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
		if o.closed != nil && errors.Is(err, syscall.EPIPE) {
			o.closed()
		}
	}
	return n, err
}

// checkFailed marks a move list that is illegal or does not win: exit code
// 3, the reason already printed on stdout.
type checkFailed struct{}

func (checkFailed) Error() string { return "check failed" }

// interrupted is the error of a run that a signal (SIGINT, SIGTERM,
// SIGHUP or SIGQUIT: stopSignals) stopped before it was done, after it kept
// and reported what it had done. Its exit code is 128 plus the signal's
// number (130, 143, 129 or 131): the code of a process killed by that
// signal, by the shell's convention, so that a shell, a Kubernetes Job or a
// Slurm array can tell that the run has more to do.
type interrupted struct{ sig syscall.Signal }

func (e interrupted) Error() string { return "interrupted by " + sigName(e.sig) }

// sigName names a signal as the messages do: "SIGINT", "SIGTERM",
// "SIGHUP", "SIGQUIT" (not Go's "interrupt" or "terminated").
func sigName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return fmt.Sprintf("signal %d", int(sig))
}

// exitCode is the exit status of a run stopped by the signal.
func (e interrupted) exitCode() int { return 128 + int(e.sig) }

// stoppedBy is the cause of a command's context when a signal ended it.
type stoppedBy struct{ sig syscall.Signal }

func (e stoppedBy) Error() string { return "stopped by " + sigName(e.sig) }

// signalOf returns the signal that ended the command's context ctx, or 0
// when none did.
func signalOf(ctx context.Context) syscall.Signal {
	var s stoppedBy
	if errors.As(context.Cause(ctx), &s) {
		return s.sig
	}
	return 0
}

// stopGrace is how long a command has, after the first stop signal, to
// stop cleanly and report (a stats run flushes its results, a search
// returns its counts): a command that takes longer, because it is stuck
// in a write to a pipe that nothing reads, say, is ended at once.
var stopGrace = 5 * time.Second

// exitNow ends the process at once with code, once no output is
// mid-rename and no temporary file or new empty output is left
// (outfile.Quiesce): every output is as it was, or whole.
var exitNow = func(code int) {
	outfile.Quiesce()
	os.Exit(code)
}

// stopsCleanly is the annotation of a command that stops cleanly at a
// signal (see listen): it watches its context, and reports what it did.
const stopsCleanly = "stops-cleanly"

// cleanStop marks cmd as one that stops cleanly, and returns it.
func cleanStop(cmd *cobra.Command) *cobra.Command {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[stopsCleanly] = "yes"
	return cmd
}

// listen returns the context of a whole command, which the first of
// stopSignals ends, with the signal as its cause (signalOf). A command
// that stops cleanly (graceful: see cleanStop) then keeps what it has
// done, reports, and exits 128 plus the signal's number; a second signal,
// or a stop that takes longer than stopGrace, ends the process at once
// with that code (exitNow), saying so on errw. Any other command, which
// has nothing to report, ends at once at the first signal, with the same
// code. release stops listening: the signals then end the process as Go's
// runtime ends it.
func listen(parent context.Context, errw io.Writer, graceful bool) (ctx context.Context, release func()) {
	ch := signalChannel()
	ctx, cancel := context.WithCancelCause(parent)
	done := make(chan struct{})
	go func() {
		var first syscall.Signal
		var grace <-chan time.Time
		for {
			select {
			case s := <-ch:
				if first == 0 {
					first = s.(syscall.Signal)
					cancel(stoppedBy{first})
					if !graceful {
						forceStop(errw, first, "")
					}
					t := time.NewTimer(stopGrace)
					defer t.Stop()
					grace = t.C
					continue
				}
				forceStop(errw, first, "a second signal came")
			case <-grace:
				forceStop(errw, first, fmt.Sprintf("it did not stop within %s", stopGrace))
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel(nil)
		})
	}
}

// forceStop ends the process at once after a stop by sig, saying so on
// errw, and why when the command was given time to stop cleanly (why not
// "") (unless errw, a pipe that nothing reads, say, takes more than a
// second to take the line).
func forceStop(errw io.Writer, sig syscall.Signal, why string) {
	said := make(chan struct{})
	go func() {
		if why == "" {
			fmt.Fprintf(errw, "patience: stopped by %s\n", sigName(sig))
		} else {
			fmt.Fprintf(errw, "patience: stopped by %s at once: %s\n", sigName(sig), why)
		}
		close(said)
	}()
	select {
	case <-said:
	case <-time.After(time.Second):
	}
	exitNow(128 + int(sig))
}

// Main runs the command line and returns the exit code. Only main calls
// os.Exit.
func Main(args []string, in io.Reader, out, errw io.Writer) int {
	ow := &outWriter{w: out}
	if realProgram {
		ow.closed = func() { exitNow(exitClosedPipe) }
	}
	s := streams{in: in, out: ow, err: errw}
	root := newRoot(s)
	root.SetArgs(args)
	target, _, _ := root.Find(args)
	ctx, release := listen(context.Background(), errw, target != nil && target.Annotations[stopsCleanly] != "")
	defer release()
	var err error
	if shellRequest(args) {
		completeFlags(root)
	} else {
		err = findCommand(root, args)
	}
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	var ue usageError
	if ow.err != nil && !errors.As(err, &ue) {
		err = ioFailure{fmt.Errorf("cannot write the output: %w", ow.err)}
	}
	if err == nil {
		return exitOK
	}
	if errors.Is(err, syscall.EPIPE) {
		// An output's reader closed the pipe (--out - into head, say):
		// the code of SIGPIPE, without a word, as a shell's tools end.
		return exitClosedPipe
	}
	var cf checkFailed
	if errors.As(err, &cf) {
		return exitCheck
	}
	var sw stoppedWaitingError
	if errors.As(err, &sw) {
		fmt.Fprintln(errw, "patience: "+oneLine(sw.Error()))
		return sw.exitCode()
	}
	var ie interrupted
	if errors.As(err, &ie) {
		return ie.exitCode()
	}
	code := exitInternal
	if errors.As(err, &ue) {
		code = exitUsage
		err = tidyUsage(err)
	}
	var iof ioFailure
	printError(errw, err, code == exitInternal && !errors.As(err, &iof))
	return code
}

// problemLines returns the problems an error reports, one a line: the
// problems of a list of them (a position's, a merge's, a results file of
// another run), or else the one message. Each is made one line: a line
// break or other control character in it (from a file name or an argument,
// say) is written as an escape, such as \n.
func problemLines(err error) []string {
	lines, worded := cliLines(err)
	if !worded {
		switch b := bare(err).(type) {
		case rules.Problems:
			lines = b
		case batch.ResultsProblems:
			lines = b
		default:
			lines = []string{err.Error()}
		}
	}
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if l = clipLine(oneLine(strings.TrimSpace(l))); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// maxErrorLine is the most characters of one error line: a problem that
// quotes a whole input (a position with thousands of piles, say) is cut
// there, with "…".
const maxErrorLine = 300

// clipLine cuts s to maxErrorLine characters, the last of them "…".
func clipLine(s string) string {
	if utf8.RuneCountInString(s) <= maxErrorLine {
		return s
	}
	r := []rune(s)
	return string(r[:maxErrorLine-1]) + "…"
}

// oneLine writes the control characters of s (line breaks, tabs, escape
// codes) as Go escapes, so that s stays one line and cannot steer a
// terminal.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !unicode.IsControl(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r)
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

// printError writes one line per problem, at most 10, on stderr, each
// saying "internal error" when internal is set.
func printError(w io.Writer, err error, internal bool) {
	lines := problemLines(err)
	if len(lines) == 0 {
		lines = []string{"failed, with no message"}
	}
	if len(lines) > 10 {
		lines = append(lines[:9], fmt.Sprintf("... and %d more problems", len(lines)-9))
	}
	prefix := "patience: "
	if internal {
		prefix = "patience: internal error: "
	}
	for _, l := range lines {
		fmt.Fprintln(w, prefix+l)
	}
}

// tidyUsage makes pflag's cryptic usage errors clear: a deal number
// written with a leading "-" (read as a flag: pflag's NotExistError of an
// unknown shorthand, in a group of them) gets a hint.
func tidyUsage(err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) || ne.GetSpecifiedShortnames() == "" {
		return err
	}
	if arg := "-" + ne.GetSpecifiedShortnames(); arg[1] >= '0' && arg[1] <= '9' {
		return usageError{fmt.Errorf("unknown flag %s: for deal %s write %s (a \"-\" in a deal number is ignored), or put -- before %s", arg, arg[1:], arg[1:], arg)}
	}
	return err
}

func newRoot(s streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "patience",
		Short: "Exact solver for Russian Cell and Ripple Fan",
		Long: `patience decides whether a deal of Russian Cell or Ripple Fan can be won,
and shows how. Deal numbers are PySolFC's, so the deal on your screen can be
looked up. Verdicts are exact: "solvable" comes with a winning move list that
a referee has replayed, "unsolvable" means every reachable position was
searched, and "unknown" means a budget ran out first.

Verdicts are for the game with all cards known (face-down cards included).
For a player who cannot see the face-down cards, --hide (or "??" for a card
in a position) makes solve and hint answer over the arrangements of the
unseen cards: the share that can be won, and the move that keeps the most.`,
		Example: `  patience solve russian-cell 617
  patience deal ripple-fan 1 --format json
  patience check solution.json
  patience solve russian-cell 617 --hide`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.SetIn(s.in)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{flagError(err)} })
	root.PersistentPreRun = limitProcess
	// patience has its own completion command, with help in the style of
	// the others, in place of cobra's.
	root.CompletionOptions.DisableDefaultCmd = true
	// The commands that report what they did when a signal stops them
	// (cleanStop); the others end at once (listen).
	root.AddCommand(newDealCommand(s), cleanStop(newSolveCommand(s)), cleanStop(newHintCommand(s)), cleanStop(newFindCommand(s)), newCheckCommand(s),
		cleanStop(newPlayCommand(s)), cleanStop(newReviewCommand(s)), cleanStop(newStatsCommand(s)), cleanStop(newMergeCommand(s)))
	root.AddCommand(cleanStop(newServeCommand(s)), cleanStop(newWebCommand(s)), newCatalogueCommand(s))
	root.AddCommand(newVersionCommand(s), newCompletionCommand(s))
	setVersion(root)
	typedUsage(root)
	return root
}

// durationForm matches what time.ParseDuration reads, whatever the size:
// a value of this form that it refuses is too large.
var durationForm = regexp.MustCompile(`^[-+]?(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+$`)

// flagError puts a flag's unreadable value in words: what the flag wants
// rather than the name of the Go function that refused it.
//
// It tells the parser's errors apart by their types (pflag's
// InvalidValueError, errSign, strconv.NumError) and by the flag's type
// (a duration's parser, time.ParseDuration, has no error type).
func flagError(err error) error {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	f := ive.GetFlag()
	flag := "--" + f.Name // the long form, also for "-n, --count"
	// The value as pflag's words quote it, escapes and all, as these
	// messages have always shown it.
	q := strconv.Quote(ive.GetValue())
	value := q[1 : len(q)-1]
	why := errors.Unwrap(ive)
	var ne *strconv.NumError
	num := errors.As(why, &ne)
	duration := f.Value.Type() == "duration"
	switch {
	case errors.Is(why, errSign) && strings.HasPrefix(value, "-"):
		return fmt.Errorf("%s %q: no sign: the number is written in decimal digits alone, and cannot be negative", flag, value)
	case errors.Is(why, errSign):
		return fmt.Errorf("%s %q: no sign: write the number in decimal digits alone, as %s", flag, value, digitsOf(value))
	case errors.Is(why, strconv.ErrRange):
		return fmt.Errorf("%s %q: too large a number", flag, value)
	case num && (ne.Func == "ParseInt" || ne.Func == "ParseUint"):
		return fmt.Errorf("%s %q: want a whole number, written out (1000000, not 1e6; no decimal point)", flag, value)
	case duration && durationForm.MatchString(value):
		return fmt.Errorf("%s %q: too large a duration: at most 2562047h (about 292 years)", flag, value)
	case duration:
		return fmt.Errorf("%s %q: want a duration with its unit, such as 90s, 5m or 1h30m", flag, value)
	case num && ne.Func == "ParseBool":
		return fmt.Errorf("%s %q: want true or false", flag, value)
	}
	return err
}

// digitsOf is value, a number with a sign, as a number flag takes it:
// without the sign and the leading zeros ("+0005" is "5").
func digitsOf(value string) string {
	d := strings.TrimLeft(value[1:], "0")
	if d == "" && len(value) > 1 {
		return "0"
	}
	return d
}

// parseGame reads the GAME argument.
func parseGame(arg string) (rules.Game, error) {
	g, err := rules.ParseGame(arg)
	if err != nil {
		return 0, usageError{err}
	}
	return g, nil
}

// style decides how boards are drawn on w: Unicode suits when the locale is
// UTF-8 (and --ascii is not given), colour only on a terminal and never when
// NO_COLOR is set.
func style(w io.Writer, ascii bool) boardStyle {
	return boardStyle{rules.BoardStyle{Unicode: !ascii && utf8Locale()}, colorOK(w)}
}

func utf8Locale() bool {
	for _, v := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if s := os.Getenv(v); s != "" {
			s = strings.ToLower(s)
			return strings.Contains(s, "utf-8") || strings.Contains(s, "utf8")
		}
	}
	return false
}

func colorOK(w io.Writer) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set || os.Getenv("TERM") == "dumb" {
		return false
	}
	if o, ok := w.(*outWriter); ok {
		w = o.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// openInput opens a file argument, "-" meaning standard input.
func openInput(s streams, name string) (io.Reader, func(), error) {
	if name == "-" {
		return s.in, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, badInput("cannot open %s: %v", name, errors.Unwrap(err))
	}
	return f, func() { f.Close() }, nil
}
