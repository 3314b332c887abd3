package main

// Shell completion: the completion command, which writes cobra's script
// for a shell, and what the script completes. The script asks the program
// itself, through cobra's hidden command __complete, for the words that
// may follow what is typed: the commands, the flags, the arguments
// (values) and the values of the flags (completeFlags).

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/patience-solver/patience/catalogue"
	"github.com/patience-solver/patience/player"
	"github.com/patience-solver/patience/rules"
)

// shells are the shells that completion writes a script for.
var shells = []string{"bash", "zsh", "fish", "powershell"}

const completionLong = `completion writes the script that makes SHELL complete patience's command
line as you type it (press Tab): the commands, the flags, the games, the
players, the difficulties, each command's formats, and file names where a
command reads or writes a file. SHELL is bash, zsh, fish or powershell. The
script asks patience itself for the words, so it stays right as patience
changes; patience must be on the PATH.

To use it in the shell you are in, load it:

  bash        source <(patience completion bash)
  zsh         source <(patience completion zsh)
  fish        patience completion fish | source
  powershell  patience completion powershell | Out-String | Invoke-Expression

For every new shell, write it where the shell looks for completions:

  bash (the script needs the bash-completion package):
    mkdir -p ~/.local/share/bash-completion/completions
    patience completion bash > ~/.local/share/bash-completion/completions/patience
  zsh (compinit must run in ~/.zshrc; any folder of $fpath will do):
    patience completion zsh > "${fpath[1]}/_patience"
  fish:
    patience completion fish > ~/.config/fish/completions/patience.fish
  PowerShell: add the line above to your profile ($PROFILE).

Completions come with a short description where the shell shows one;
PATIENCE_COMPLETION_DESCRIPTIONS=false leaves the descriptions out.`

const completionExample = `  source <(patience completion bash)
  patience completion bash > ~/.local/share/bash-completion/completions/patience
  patience completion zsh > "${fpath[1]}/_patience"
  patience completion fish > ~/.config/fish/completions/patience.fish`

func newCompletionCommand(s streams) *cobra.Command {
	return &cobra.Command{
		Use:               "completion SHELL",
		Short:             "Write the script that completes the command line in bash, zsh, fish or PowerShell",
		Long:              completionLong,
		Example:           completionExample,
		Args:              oneArg("missing SHELL: use "+joinOr(shells), "completion takes one SHELL"),
		ValidArgsFunction: argValues(words(shells...)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return writeCompletion(cmd.Root(), s, args[0])
		},
	}
}

// writeCompletion writes cobra's completion script of root for shell
// (bash, zsh, fish or powershell), with descriptions, on standard output.
func writeCompletion(root *cobra.Command, s streams, shell string) error {
	switch shell {
	case "bash":
		return root.GenBashCompletionV2(s.out, true)
	case "zsh":
		return root.GenZshCompletion(s.out)
	case "fish":
		return root.GenFishCompletion(s.out, true)
	case "powershell":
		return root.GenPowerShellCompletionWithDesc(s.out)
	}
	return badInput("unknown SHELL %q: use %s", shell, joinOr(shells))
}

// shellRequest reports whether args are the completion script's request
// for the words that may follow a command line: cobra's hidden command
// __complete (or __completeNoDesc), which it adds as it runs.
func shellRequest(args []string) bool {
	return len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd)
}

// values is what the shell completes an argument or a flag's value with:
// words, those of them that begin with what is typed and never a file
// name; or, without words, what shell says: the shell's own completion
// of file names (files), of folders (folders), or nothing (nothing: a
// number, a duration, a range of deals, an address).
type values struct {
	words []string
	shell cobra.ShellCompDirective
}

var (
	files   = values{shell: cobra.ShellCompDirectiveDefault}
	folders = values{shell: cobra.ShellCompDirectiveFilterDirs}
	nothing = values{shell: cobra.ShellCompDirectiveNoFileComp}
)

// words is the completion of a value that is one of ws.
func words(ws ...string) values { return values{words: ws, shell: cobra.ShellCompDirectiveNoFileComp} }

// complete is v as cobra's completion function: the words that begin with
// typed, and the directive to the shell.
func (v values) complete(_ *cobra.Command, _ []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, w := range v.words {
		if strings.HasPrefix(w, typed) {
			out = append(out, w)
		}
	}
	return out, v.shell
}

// argValues completes a command's arguments: the first with each[0], the
// second with each[1], and so on, the last of each completing every
// argument after it too.
func argValues(each ...values) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return each[min(len(args), len(each)-1)].complete(cmd, args, typed)
	}
}

// names are the command-line names of xs (games, players), as String
// writes them.
func names[T fmt.Stringer](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

var (
	// games completes a GAME argument.
	games = words(names(rules.Games())...)
	// gameFirst completes GAME, and after it nothing (a deal number).
	gameFirst = argValues(games, nothing)
	// gameThenFiles completes GAME FILE...
	gameThenFiles = argValues(games, files)
	// onlyFiles completes FILE...
	onlyFiles = argValues(files)
	// noValues completes the arguments of a command that takes none.
	noValues = argValues(nothing)
)

// difficulties are the values of --difficulty, as ParseDifficulty reads
// them.
func difficulties() []string {
	var out []string
	for _, d := range catalogue.Difficulties() {
		out = append(out, d.Slug())
	}
	return out
}

// valuesByName are how the values of the flags that are not numbers
// complete, by the flag's name, in every command that has it: a flag of
// one command that takes other values than the others of its name says
// so itself (formatFlag, cobra's MarkFlagDirname). The numbers and
// durations complete nothing (flagValues).
var valuesByName = map[string]values{
	"position": files, "moves": files, "out": files, "plot": files,
	"deals-file": files, "catalogue": files, "file": files,
	"player":     words(names(player.Kinds())...),
	"difficulty": words(difficulties()...),
	"shard":      words("auto"),
	"deals":      nothing, "from": nothing, "addr": nothing, "allow-host": nothing, "date": nothing,
}

// wordsKey is the annotation of a flag whose values are the words it
// holds (formatFlag).
const wordsKey = "patience_words"

// formatFlag adds the --format flag of cmd, read into p: one of formats,
// the first the default, which the shell completes. checkFormat checks the
// value against the same formats.
func formatFlag(cmd *cobra.Command, p *string, usage string, formats []string) {
	cmd.Flags().StringVar(p, "format", formats[0], usage)
	if err := cmd.Flags().SetAnnotation("format", wordsKey, formats); err != nil {
		panic(err) // the flag was just added
	}
}

// The formats of the commands' --format flags.
var (
	textOrJSON   = []string{"text", "json"}
	dealFormats  = []string{"text", "json", "solvitaire"}
	statsFormats = []string{"text", "json", "csv"}
)

// flagValues is how the shell completes the value of f, a flag of a
// command; ok is false for a flag that takes no value (--ascii) and for
// a flag that no rule covers (a test catches it).
func flagValues(f *pflag.Flag) (v values, ok bool) {
	if f.NoOptDefVal != "" {
		return values{}, false
	}
	if ws, ok := f.Annotations[wordsKey]; ok {
		return words(ws...), true
	}
	if _, ok := f.Annotations[cobra.BashCompSubdirsInDir]; ok {
		return folders, true
	}
	switch f.Value.(type) {
	case *decimalInt, *decimalInt64, *decimalUint64:
		return nothing, true
	}
	if f.Value.Type() == "duration" {
		return nothing, true
	}
	v, ok = valuesByName[f.Name]
	return v, ok
}

// completeFlags registers how the shell completes the value of every flag
// of every command under root (flagValues). cobra keeps what is registered
// for as long as the program runs, so Main calls it only for the shell's
// request (shellRequest).
func completeFlags(root *cobra.Command) {
	root.LocalFlags().VisitAll(func(f *pflag.Flag) {
		if v, ok := flagValues(f); ok {
			if err := root.RegisterFlagCompletionFunc(f.Name, v.complete); err != nil {
				panic(err) // registered twice: a mistake of this file
			}
		}
	})
	for _, c := range root.Commands() {
		completeFlags(c)
	}
}

// helpTopics completes the arguments of help: the commands under those
// already given.
func helpTopics(cmd *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
	c, rest, err := cmd.Root().Find(args)
	if err != nil || len(rest) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), typed) {
			out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
