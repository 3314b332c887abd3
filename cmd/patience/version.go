package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/patience-solver/patience/internal/buildinfo"
)

// versionLine is what "patience version" and "patience --version" print:
// the build, as results files and solution JSON record it.
func versionLine() string { return "patience " + buildinfo.String() }

func newVersionCommand(s streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the build of patience: its version and commit",
		Long: `version prints the build of patience: the module version, then "+" and the
commit it was built from, with "-dirty" when the checkout had changes not
committed. A build from a checkout has the version (devel). go build records
the commit in a git clone; go run asks git for the checkout's commit when it
starts; a build in a git worktree or with -buildvcs=false knows none unless
it is given to the linker (docs/commands.md, "patience version"). Results
files (stats --out), solution JSON (solve --format json) and catalogues
record the same string as "solver" or "builder".`,
		Example: `  patience version
  patience --version`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runVersion(s) },
	}
	cmd.ValidArgsFunction = noValues
	return cmd
}

// runVersion prints the build of patience.
func runVersion(s streams) error {
	_, err := fmt.Fprintln(s.out, versionLine())
	return err
}

// setVersion gives the root command its --version flag.
func setVersion(root *cobra.Command) {
	root.Version = buildinfo.String()
	root.SetVersionTemplate("patience {{.Version}}\n")
	root.Flags().Bool("version", false, "print the build of patience: its version and commit")
}
