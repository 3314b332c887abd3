package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// typedUsage makes every usage error of the command tree under root a
// usageError, so that Main tells bad usage (exit 2) by the error's type,
// never by its words. Cobra's own errors are not typed: flag errors come
// through the root's FlagErrorFunc; argument errors come from each
// command's Args, wrapped here; an unknown command is found by
// findCommand, before the command runs; and help for an unknown topic,
// which cobra's help command answers with exit 0, comes from the help
// command set here.
func typedUsage(root *cobra.Command) {
	var wrap func(c *cobra.Command)
	wrap = func(c *cobra.Command) {
		if a := c.Args; a != nil {
			c.Args = func(cmd *cobra.Command, args []string) error {
				return asUsage(a(cmd, args))
			}
		}
		for _, sub := range c.Commands() {
			wrap(sub)
		}
	}
	wrap(root)
	help := &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "help shows the help of a command, or with no command, of patience itself.",
		RunE:  func(c *cobra.Command, args []string) error { return runHelp(c.Root(), args) },
	}
	help.ValidArgsFunction = helpTopics
	root.SetHelpCommand(help)
	root.InitDefaultHelpCmd() // adds it now, for Find
}

// runHelp shows the help of the command of root that args name.
func runHelp(root *cobra.Command, args []string) error {
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == nil || len(rest) > 0 {
		near := args[0]
		if len(rest) > 0 {
			near = rest[0]
		}
		return unknownTopic(root, strings.Join(args, " "), near)
	}
	return cmd.Help()
}

// findCommand checks that args name a command of root, as cobra does
// before it runs one: the only error of root.Find is an unknown command.
func findCommand(root *cobra.Command, args []string) error {
	if _, _, err := root.Find(args); err == nil {
		return nil
	}
	name := ""
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			name = a
			break
		}
	}
	return unknownCommand(root, name)
}

// asUsage marks err, when it is not nil, as a usage error.
func asUsage(err error) error {
	var ue usageError
	if err == nil || errors.As(err, &ue) {
		return err
	}
	return usageError{err}
}

// unknownCommand is the error of a command name that patience does not
// have, with the commands it may have meant.
func unknownCommand(root *cobra.Command, name string) error {
	return usageError{fmt.Errorf("unknown command %q for %q%s", name, root.CommandPath(), suggest(root, name))}
}

// unknownTopic is the error of help for a command that patience does not
// have.
// near is the word that names no command, for suggestions.
func unknownTopic(root *cobra.Command, topic, near string) error {
	return usageError{fmt.Errorf("no help topic %q%s; the commands are %s", topic, suggest(root, near), commandNames(root))}
}

// suggest names the commands close to name, as " (did you mean solve?)",
// or returns "".
func suggest(root *cobra.Command, name string) string {
	if root.SuggestionsMinimumDistance <= 0 {
		root.SuggestionsMinimumDistance = 2
	}
	s := root.SuggestionsFor(name)
	if len(s) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(s, " or ") + "?)"
}

// commandNames lists the commands of root, as "deal, solve, ..., merge".
func commandNames(root *cobra.Command) string {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return strings.Join(names, ", ")
}
