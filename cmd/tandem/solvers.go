package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"tandem/internal/proc"
	"tandem/solver"
)

var solversFlags struct {
	profiles string
	all      bool
}

var solversCmd = &cobra.Command{
	Use:   "solvers",
	Short: "list the solver profiles found on this machine, with versions",
	Long: `List the solver profiles tandem knows (built in: z3, cvc5, cvc4, boolector
and a generic SMT-LIB 2.6 one; plus those of a profiles file) whose binary
is on this machine, with the version each one reports, and how solver
processes are isolated: "cgroup" (each solver's whole process tree in a
cgroup v2 of its own: killed as a whole, CPU counted for the tree) or
"pgroup" (the fallback where cgroup v2 is not writable: process groups, with
escaped descendants found by tandem's tag and swept up). Set
TANDEM_ISOLATION=pgroup to force the fallback.

Profiles file (TOML; --profiles, else $TANDEM_SOLVERS, else
~/.config/tandem/solvers.toml). Each [solver.NAME] table overrides the
keys it sets in the built-in profile NAME, or defines a new profile based
on "generic" (or on the profile named by base):

  [solver.z3]
  binary = "/opt/z3-4.13/bin/z3"

  [solver.yices]
  binary = "yices-smt2"
  one_shot_args = ["{file}"]
  interactive_args = ["--incremental"]
  extra_signatures = ["Fatal error"]

Keys: base, binary, one_shot_args, stdin_args, interactive_args,
model_args, self_check_args, options, version_args, option_style
("key=value", "--key=value", "any"), signatures, extra_signatures,
normal_exit_codes, logics, operators, and a [solver.NAME.quirks] table.`,
	Example: `  tandem solvers
  tandem solvers --all --profiles my-solvers.toml`,
	Args: cobra.NoArgs,
	RunE: func(cmd *cobra.Command, args []string) error {
		reg, err := solver.LoadRegistry(solversFlags.profiles)
		if err != nil {
			return err
		}
		found, err := solver.WriteInstalled(cmd.OutOrStdout(), reg.Installed(cmd.Context()), solversFlags.all)
		if err != nil {
			return err
		}
		fmt.Fprintln(cmd.OutOrStdout(), "\nisolation:", proc.Isolation())
		if found == 0 {
			return fail(1, errors.New("no solver found: install some with ./scripts/setup.sh, or set binary paths in a profiles file"))
		}
		return nil
	},
}

func init() {
	solversCmd.Flags().StringVar(&solversFlags.profiles, "profiles", "", "TOML file of solver profiles to add or override (default $TANDEM_SOLVERS or ~/.config/tandem/solvers.toml)")
	solversCmd.Flags().BoolVar(&solversFlags.all, "all", false, "also list profiles whose binary is not installed")
	rootCmd.AddCommand(solversCmd)
}
