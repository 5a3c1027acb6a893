package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"tandem/internal/cli"
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
	Long: `List the solver profiles tandem knows (built in: z3, cvc5, cvc4, boolector,
bitwuzla, tandem and a generic SMT-LIB 2.6 one; plus a profiles file's) whose binary
is on this machine, with the version each one reports, and how solver
processes are isolated: "cgroup" (each solver's whole process tree in a
cgroup v2 of its own: killed as a whole, CPU counted for the tree) or
"pgroup" (the fallback where cgroup v2 is not writable: process groups, with
escaped descendants found by tandem's tag and swept up). Set
TANDEM_ISOLATION=pgroup to force the fallback.

` + solver.ProfilesFileHelp,
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
	cli.ProfilesFlag(solversCmd.Flags(), &solversFlags.profiles)
	solversCmd.Flags().BoolVar(&solversFlags.all, "all", false, "also list profiles whose binary is not installed")
	rootCmd.AddCommand(solversCmd)
}
