package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"tandem/internal/cli"
	"tandem/smtlib"
	"tandem/smtserve"
	"tandem/solver"
)

var smtFlags struct {
	fallback, seedModel, profiles string
	budget, callTimeout           time.Duration
	version, stats                bool
	boxes                         smtserve.BoxOptions
}

var smtCmd = &cobra.Command{
	Use:   "smt [FILE | -]",
	Short: "a drop-in SMT-LIB solver: fuzzing first (FUZZY-SAT), a real solver behind it",
	Long: `Read SMT-LIB 2.6 commands from FILE or standard input and answer each one
as it arrives, as 'z3 -in' does. Each check-sat is answered by fuzzing first
(sat with a model the evaluator checks, unsat only with a proof) and by the
fallback solver otherwise; the fallback's models are checked too. The
assertions since the last check-sat are the branch, the others the path π;
the seed is the last model (or --seed-model, or (set-info :tandem-seed …)).
(get-info :all-statistics) says who answered what. See docs/smt.md.`,
	Example: `  z3 -in < q.smt2            # becomes
  tandem smt < q.smt2
  tandem smt --fallback cvc5 --budget 5ms q.smt2
  tandem diver --solver tandem ../shared/corpus/seeds/QF_BV/sat --budget 5m`,
	Args: cobra.MaximumNArgs(1),
	RunE: runSmt,
}

func runSmt(cmd *cobra.Command, args []string) error {
	f := &smtFlags
	if f.version {
		fmt.Fprintln(cmd.OutOrStdout(), "tandem smt", smtserve.Version())
		return nil
	}
	reg, err := solver.LoadRegistry(f.profiles)
	if err != nil {
		return err
	}
	fb, err := smtserve.LookupFallback(reg, f.fallback, f.callTimeout)
	if err != nil {
		return cli.NameFlags(err, map[string]string{"Fallback": "fallback"})
	}
	opts := smtserve.Options{Budget: f.budget, Fallback: fb, Log: os.Stderr, Version: smtserve.Version(), Boxes: f.boxes}
	if f.seedModel != "" {
		text, err := smtlib.ReadFile(f.seedModel, "seed model", 0)
		if err != nil {
			return err
		}
		opts.Seed = string(text)
	}
	var in io.Reader = os.Stdin
	if len(args) == 1 && args[0] != "-" {
		file, err := os.Open(args[0])
		if err != nil {
			return err
		}
		defer file.Close()
		in, opts.Filename = file, args[0]
	}
	s, err := smtserve.New(opts)
	if err != nil {
		return err
	}
	defer s.Close()
	err = s.Serve(cmd.Context(), in, os.Stdout)
	if f.stats {
		s.Stats().Write(os.Stderr)
	}
	return err
}

func init() {
	f := smtCmd.Flags()
	fl := &smtFlags
	f.StringVar(&fl.fallback, "fallback", "z3", "the solver asked when fuzzing has no proof: a profile or spec (z3, cvc5, …), or none")
	f.DurationVar(&fl.budget, "budget", smtserve.DefaultBudget, "fuzzing time per check-sat")
	f.DurationVar(&fl.callTimeout, "fallback-timeout", solver.DefaultCallTimeout, "time limit of each fallback query (then unknown)")
	f.StringVar(&fl.seedModel, "seed-model", "", "the seed of the first queries: a model or get-value answer giving Bool/bit-vector constants")
	cli.ProfilesFlag(f, &fl.profiles)
	fl.boxes.Register(f)
	f.BoolVar(&fl.version, "version", false, "print the version and exit")
	f.BoolVar(&fl.stats, "stats", false, "print the statistics on standard error at the end")
	rootCmd.AddCommand(smtCmd)
}
