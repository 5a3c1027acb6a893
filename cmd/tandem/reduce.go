package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tandem/reduce"
)

var reduceFlags struct {
	file            reduce.FileOptions
	timeout, memout string
	crossCheck      string
	quiet           bool
}

var reduceCmd = &cobra.Command{
	Use:   "reduce [flags] IN OUT -- CMD [ARGS...]",
	Short: "delta-debug an SMT-LIB file or a SAT API trace (ddSMT-compatible)",
	Long: `reduce shrinks IN while CMD keeps behaving the same on it, and writes the
result to OUT. CMD runs with the candidate's path appended, never through a
shell, in its own process group under a time and memory limit.

The golden run of CMD on IN records its exit code, stdout and stderr; a
candidate is interesting when all three are the same (ddSMT's rule), unless:
  --match-out STR / --match-err STR  outputs must contain STR instead
                                     (--regex: STR is a regular expression)
  --ignore-output                    only the exit code counts
  --ignore-exitcode                  only the outputs count
  --cross-check CMD2                 CMD and CMD2 must answer sat/unsat and
                                     disagree as they do on IN (soundness bugs)

SMT-LIB inputs are reduced by ddSMT-class passes that rebuild terms through
tandem's type-checking builders, so every candidate is well sorted; an input
tandem cannot parse is reduced line by line instead. With --trace, IN is a
line-based SAT API trace (one call per line, integer literals, 0-terminated
clauses), reduced by line ddmin, literal removal and variable renaming.

OUT is rewritten (atomically) after every improvement, so interrupting the
reduction (Ctrl-C) leaves the best result so far in it. The timeout of a
candidate defaults to (golden run time + 1) * 1.5 seconds, as in ddSMT. -j
defaults to 1, as in ddSMT: timing-sensitive bugs and a loaded machine make
parallel runs less reliable; the result does not depend on -j.

Exit status: 0 when done (also when interrupted), 1 when IN is not
interesting (the golden run does not match), 2 on usage and I/O errors.`,
	Example: `  tandem reduce crash.smt2 small.smt2 -- cvc5 --check-models
  tandem reduce --match-err "ASSERTION" in.smt2 out.smt2 -- z3 -smt2
  tandem reduce --cross-check "cvc5 -q" wrong.smt2 small.smt2 -- z3 -smt2
  tandem reduce --trace -j 2 trace.txt small.txt -- ./replay`,
	Args: func(cmd *cobra.Command, args []string) error {
		dash := cmd.ArgsLenAtDash()
		if dash != 2 || len(args) < 3 {
			return errors.New("usage: tandem reduce [flags] IN OUT -- CMD [ARGS...]")
		}
		return nil
	},
	RunE: runReduce,
}

func runReduce(cmd *cobra.Command, args []string) error {
	o := reduceFlags.file
	o.In, o.Out, o.Command.Argv = args[0], args[1], args[2:]
	if reduceFlags.crossCheck != "" {
		o.Command.CrossCheck = strings.Fields(reduceFlags.crossCheck)
	}
	var err error
	if reduceFlags.timeout != "" {
		if o.Command.Timeout, err = parseSeconds(reduceFlags.timeout); err != nil {
			return fmt.Errorf("--timeout: %w", err)
		}
	}
	if m := reduceFlags.memout; m != "" {
		mb, err := strconv.ParseInt(m, 10, 64)
		if err != nil || mb <= 0 {
			return fmt.Errorf("--memout %q: give the limit in megabytes, e.g. --memout 4096", m)
		}
		o.Command.Memory = mb << 20
	}
	if !reduceFlags.quiet {
		o.Log = os.Stderr
	}
	_, err = reduce.ReduceFile(cmd.Context(), o)
	var golden *reduce.GoldenError
	if errors.Is(err, reduce.ErrNotInteresting) || errors.As(err, &golden) {
		return fail(1, err)
	}
	return err
}

func init() {
	f := reduceCmd.Flags()
	o := &reduceFlags.file
	f.IntVarP(&o.Jobs, "jobs", "j", 1, "candidates tested in parallel")
	f.StringVar(&reduceFlags.timeout, "timeout", "", "time limit per candidate run, in seconds or as a duration like 30s (default (golden+1)*1.5 s)")
	f.StringVar(&reduceFlags.memout, "memout", "", "memory limit per run in MB (default 2048)")
	f.StringVar(&o.Command.MatchOut, "match-out", "", "interesting when stdout contains this (outputs are not compared otherwise)")
	f.StringVar(&o.Command.MatchErr, "match-err", "", "interesting when stderr contains this (outputs are not compared otherwise)")
	f.BoolVar(&o.Command.Regex, "regex", false, "treat --match-out and --match-err as regular expressions")
	f.BoolVar(&o.Command.IgnoreOutput, "ignore-output", false, "compare only the exit code")
	f.BoolVar(&o.Command.IgnoreExitCode, "ignore-exitcode", false, "do not compare the exit code")
	f.StringVar(&reduceFlags.crossCheck, "cross-check", "", "a second command; interesting when the two disagree on sat/unsat as on IN")
	f.BoolVar(&o.Trace, "trace", false, "IN is a line-based SAT API trace, not SMT-LIB")
	f.IntVar(&o.MaxTests, "max-tests", 0, "stop after this many candidate runs (0: no limit)")
	f.BoolVarP(&reduceFlags.quiet, "quiet", "q", false, "no progress line and summary")
	rootCmd.AddCommand(reduceCmd)
}

func parseSeconds(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil && f > 0 {
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q is neither seconds nor a duration such as 30s", s)
	}
	return d, nil
}
