package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/patience-solver/patience/internal/longtest"
)

// TestEveryValueCompletes: every command says how its arguments complete
// (or has commands under it, which cobra completes), and every flag that
// takes a value says how the value completes, numbers and durations with
// nothing; so a new command or flag cannot leave the shell to offer file
// names where a file makes no sense.
func TestEveryValueCompletes(t *testing.T) {
	root := newRoot(streams{in: strings.NewReader(""), out: io.Discard, err: io.Discard})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.ValidArgsFunction == nil && !c.HasSubCommands() {
			t.Errorf("%s: no ValidArgsFunction: say how its arguments complete (argValues)", c.CommandPath())
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.NoOptDefVal != "" {
				return // a switch, such as --ascii
			}
			v, ok := flagValues(f)
			if !ok {
				t.Errorf("%s --%s: no rule for how its value completes: add it to valuesByName", c.CommandPath(), f.Name)
			}
			switch f.Value.(type) {
			case *decimalInt, *decimalInt64, *decimalUint64:
				if v.shell != cobra.ShellCompDirectiveNoFileComp || len(v.words) > 0 {
					t.Errorf("%s --%s takes a number, yet completes %+v", c.CommandPath(), f.Name, v)
				}
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	completeFlags(root)
	root.Flags().VisitAll(func(f *pflag.Flag) {
		if _, ok := root.GetFlagCompletionFunc(f.Name); !ok && f.NoOptDefVal == "" {
			t.Errorf("--%s: not registered", f.Name)
		}
	})
}

// completions runs the shell's request for the words that complete line
// (its last word is the one being typed) and returns them, without their
// descriptions, and the directive to the shell.
func completions(t *testing.T, line ...string) ([]string, string) {
	t.Helper()
	r := cliRun(t, "", append([]string{cobra.ShellCompRequestCmd}, line...)...)
	if r.code != exitOK {
		t.Fatalf("patience __complete %q: %v", line, r)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	n := len(lines) - 1
	var ws []string
	for _, l := range lines[:n] {
		w, _, _ := strings.Cut(l, "\t")
		ws = append(ws, w)
	}
	return ws, lines[n]
}

// TestCompletionWords: what the shell is offered for the arguments and
// flags of the commands. The directive is cobra's: :4 offers no file
// names, :0 leaves them to the shell, :16 offers folders.
func TestCompletionWords(t *testing.T) {
	for _, tc := range []struct {
		line      []string
		words     []string
		directive string
	}{
		{[]string{"solve", "rus"}, []string{"russian-cell"}, ":4"},
		{[]string{"deal", ""}, []string{"russian-cell", "ripple-fan"}, ":4"},
		{[]string{"solve", "russian-cell", ""}, nil, ":4"}, // a deal number
		{[]string{"solve", "russian-cell", "--position", ""}, nil, ":0"},
		{[]string{"review", "russian-cell", "1", "--moves", ""}, nil, ":0"},
		{[]string{"solve", "russian-cell", "1", "--workers", ""}, nil, ":4"},
		{[]string{"solve", "russian-cell", "1", "--timeout", ""}, nil, ":4"},
		{[]string{"solve", "russian-cell", "1", "--format", ""}, []string{"text", "json"}, ":4"},
		{[]string{"deal", "russian-cell", "1", "--format", ""}, []string{"text", "json", "solvitaire"}, ":4"},
		{[]string{"stats", "--format", "c"}, []string{"csv"}, ":4"},
		{[]string{"merge", "--format", ""}, []string{"text", "json"}, ":4"},
		{[]string{"play", "russian-cell", "1", "--player", ""}, []string{"sampled", "greedy"}, ":4"},
		{[]string{"stats", "russian-cell", "--player", "g"}, []string{"greedy"}, ":4"},
		{[]string{"deal", "russian-cell", "--random", "--difficulty", ""}, []string{"easy", "medium", "hard", "very-hard"}, ":4"},
		{[]string{"find", "russian-cell", "--difficulty", "v"}, []string{"very-hard"}, ":4"},
		{[]string{"stats", "russian-cell", "--shard", ""}, []string{"auto"}, ":4"},
		{[]string{"stats", "russian-cell", "--deals", ""}, nil, ":4"},
		{[]string{"stats", "russian-cell", "--out", ""}, nil, ":0"},
		{[]string{"stats", "ripple-fan", "--deals", "1-9", ""}, nil, ":4"},
		{[]string{"stats", "--summary", ""}, nil, ":0"},
		{[]string{"check", ""}, nil, ":0"},
		{[]string{"merge", "a.jsonl", ""}, nil, ":0"},
		{[]string{"catalogue", "build", "ripple-fan", ""}, nil, ":0"},
		{[]string{"catalogue", "label", ""}, []string{"russian-cell"}, ":4"},
		{[]string{"catalogue", "info", "--file", ""}, nil, ":0"},
		{[]string{"catalogue", ""}, []string{"build", "info", "label"}, ":4"},
		{[]string{"web", "--out", ""}, nil, ":16"},
		{[]string{"serve", ""}, nil, ":4"},
		{[]string{"serve", "--addr", ""}, nil, ":4"},
		{[]string{"completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, ":4"},
		{[]string{"help", "cat"}, []string{"catalogue"}, ":4"},
		{[]string{"help", "catalogue", "l"}, []string{"label"}, ":4"},
		{[]string{"ver"}, []string{"version"}, ":4"},
	} {
		ws, d := completions(t, tc.line...)
		if !slices.Equal(ws, tc.words) || d != tc.directive {
			t.Errorf("patience %s<Tab>: %q %s, want %q %s", strings.Join(tc.line, " "), ws, d, tc.words, tc.directive)
		}
	}
	// The formats offered are those the command takes.
	for _, line := range [][]string{{"deal", "ripple-fan", "1"}, {"stats", "ripple-fan", "--deals", "1-2", "--quiet"}, {"solve", "ripple-fan", "1"}} {
		ws, _ := completions(t, append(line, "--format", "")...)
		for _, w := range ws {
			if r := cliRun(t, "", append(line, "--format", w)...); r.code != exitOK {
				t.Errorf("patience %s --format %s, offered, is refused: %v", strings.Join(line, " "), w, r)
			}
		}
	}
}

// TestCompletionCommand: completion writes cobra's script for each shell
// (whose first line names the shell, but zsh's "#compdef patience"), and
// refuses another shell in one line.
func TestCompletionCommand(t *testing.T) {
	for _, shell := range shells {
		out := cliOK(t, "", "completion", shell)
		first, _, _ := strings.Cut(out, "\n")
		if !strings.Contains(first, "patience") || !strings.Contains(first, shell) && first != "#compdef patience" ||
			!strings.Contains(out, cobra.ShellCompRequestCmd) {
			t.Errorf("completion %s: %.200q", shell, out)
		}
	}
	cliWantUsage(t, cliRun(t, "", "completion", "ksh"), 1, `unknown SHELL "ksh"`, "bash, zsh, fish, or powershell")
	cliWantUsage(t, cliRun(t, "", "completion"), 1, "missing SHELL")
	cliWantUsage(t, cliRun(t, "", "completion", "bash", "zsh"), 1, "too many arguments")
}

// bashDriver loads the completion script ($1) in a bash without
// bash-completion, with the two functions of it that the script calls
// (in their simplest form), and prints, for each command line given, the
// line and then the words the script offers, one a line.
const bashDriver = `source "$1" || exit 1
shift
_get_comp_words_by_ref() {
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
}
compopt() { :; }
for line in "$@"; do
    COMP_LINE=$line
    COMP_POINT=${#line}
    read -ra COMP_WORDS <<< "$line"
    [[ $line == *' ' ]] && COMP_WORDS+=('')
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMPREPLY=()
    __start_patience
    printf '== %s\n' "$line"
    printf '%s\n' "${COMPREPLY[@]}"
done
`

// TestBashCompletion runs the bash script that completion writes in a
// real bash, with the built program on the PATH as the script wants it,
// and checks what it offers for a few command lines.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		longtest.Missing(t, "no bash to run the completion script in")
	}
	bin := binary(t)
	dir := t.TempDir()
	script, err := exec.Command(bin, "completion", "bash").Output()
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"patience.bash": string(script), "driver.bash": bashDriver} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string][]string{
		"patience solve rus":                        {"russian-cell"},
		"patience stats russian-cell --player ":     {"greedy", "sampled"},
		"patience deal russian-cell 1 --format ":    {"json", "solvitaire", "text"},
		"patience find ripple-fan --difficulty ver": {"very-hard"},
		"patience ver":                              {"version"},
		"patience completion ":                      {"bash", "fish", "powershell", "zsh"},
	}
	args := []string{"--norc", "--noprofile", "driver.bash", "patience.bash"}
	for line := range want {
		args = append(args, line)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	got := map[string][]string{}
	var line string
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if rest, ok := strings.CutPrefix(l, "== "); ok {
			line = rest
			got[line] = []string{}
		} else if l != "" {
			got[line] = append(got[line], l)
		}
	}
	for line, ws := range want {
		g := got[line]
		slices.Sort(g)
		if !slices.Equal(g, ws) {
			t.Errorf("bash, %q<Tab>: %q, want %q\n%s", line, g, ws, out)
		}
	}
}
