package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"tandem/reduce"
	"tandem/smtlib"
)

func init() {
	var (
		jobs                  int
		timeout, memout       string
		matchOut, matchErr    string
		regex, ignoreOutput   bool
		ignoreExit, traceMode bool
		crossCheck            string
		maxTests              int
		quiet                 bool
	)
	cmd := &cobra.Command{
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
		RunE: func(cmd *cobra.Command, args []string) error {
			in, out, argv := args[0], args[1], args[2:]
			src, err := smtlib.ReadFile(in, "input", smtlib.MaxScriptBytes)
			if err != nil {
				return fmt.Errorf("reading the input: %w", err)
			}
			opts := reduce.CommandOptions{Argv: argv, MatchOut: matchOut, MatchErr: matchErr, Regex: regex,
				IgnoreOutput: ignoreOutput, IgnoreExitCode: ignoreExit, Ext: filepath.Ext(in)}
			if opts.Ext == "" {
				opts.Ext = ".smt2"
			}
			if crossCheck != "" {
				opts.CrossCheck = strings.Fields(crossCheck)
			}
			if timeout != "" {
				if opts.Timeout, err = parseSeconds(timeout); err != nil {
					return fmt.Errorf("--timeout: %w", err)
				}
			}
			if memout != "" {
				mb, err := strconv.ParseInt(memout, 10, 64)
				if err != nil || mb <= 0 {
					return fmt.Errorf("--memout %q: give the limit in megabytes, e.g. --memout 4096", memout)
				}
				opts.Memory = mb << 20
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()

			logf := func(format string, a ...any) {
				if !quiet {
					fmt.Fprintf(os.Stderr, format, a...)
				}
			}
			pred, err := reduce.NewCommandPredicate(ctx, src, opts)
			if err != nil {
				fmt.Fprintln(os.Stderr, "tandem reduce:", err)
				return exitError{1}
			}
			defer pred.Close()
			logf("golden run: exit %d%s, %v; candidate timeout %v\n", pred.Golden.ExitCode,
				sigSuffix(pred.Golden.Signal), pred.Golden.Wall.Round(time.Millisecond), pred.Timeout)

			var passes []reduce.Pass
			switch {
			case traceMode:
				passes = reduce.TracePasses(reduce.TraceOptions{})
			default:
				if _, perr := smtlib.Parse(in, src); perr != nil {
					logf("%s does not parse as SMT-LIB (%v); reducing it line by line\n", in, perr)
					passes = reduce.LinePasses()
				} else {
					passes = reduce.SMTLIBPasses()
				}
			}
			prog := newProgress(quiet)
			res, err := reduce.Reduce(ctx, src, pred.Interesting, reduce.Options{
				Jobs:      jobs,
				Passes:    passes,
				MaxTests:  maxTests,
				OnImprove: func(best []byte) error { return writeAtomic(out, best) },
				Progress:  prog.update,
			})
			prog.done()
			if errors.Is(err, reduce.ErrNotInteresting) {
				fmt.Fprintln(os.Stderr, "tandem reduce:", err)
				return exitError{1}
			}
			if err != nil {
				if res == nil && ctx.Err() != nil {
					return errors.New("interrupted before the reduction started; OUT was not written")
				}
				return err
			}
			if err := writeAtomic(out, res.Output); err != nil {
				return err
			}
			st := res.Stats
			how := "done"
			if res.Stopped != "" {
				how = "stopped (" + res.Stopped + ")"
			}
			logf("%s: %d -> %d bytes (%.1f%%) in %v, %d tests (%.1f/s), %d cache hits, %d rounds; wrote %s\n",
				how, st.OrigSize, st.Size, 100*float64(st.Size)/float64(max(st.OrigSize, 1)),
				st.Elapsed.Round(time.Millisecond), st.Tests, st.TestsPerSecond(), st.CacheHits, st.Round, out)
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&jobs, "jobs", "j", 1, "candidates tested in parallel")
	f.StringVar(&timeout, "timeout", "", "time limit per candidate run, in seconds or as a duration like 30s (default (golden+1)*1.5 s)")
	f.StringVar(&memout, "memout", "", "memory limit per run in MB (default 2048)")
	f.StringVar(&matchOut, "match-out", "", "interesting when stdout contains this (outputs are not compared otherwise)")
	f.StringVar(&matchErr, "match-err", "", "interesting when stderr contains this (outputs are not compared otherwise)")
	f.BoolVar(&regex, "regex", false, "treat --match-out and --match-err as regular expressions")
	f.BoolVar(&ignoreOutput, "ignore-output", false, "compare only the exit code")
	f.BoolVar(&ignoreExit, "ignore-exitcode", false, "do not compare the exit code")
	f.StringVar(&crossCheck, "cross-check", "", "a second command; interesting when the two disagree on sat/unsat as on IN")
	f.BoolVar(&traceMode, "trace", false, "IN is a line-based SAT API trace, not SMT-LIB")
	f.IntVar(&maxTests, "max-tests", 0, "stop after this many candidate runs (0: no limit)")
	f.BoolVarP(&quiet, "quiet", "q", false, "no progress line and summary")
	rootCmd.AddCommand(cmd)
}

func sigSuffix(sig string) string {
	if sig == "" {
		return ""
	}
	return " (" + sig + ")"
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

// writeAtomic writes a reduction's output file (reduce.WriteOutput).
func writeAtomic(path string, data []byte) error { return reduce.WriteOutput(path, data) }

// progress prints a status line on stderr: rewritten in place on a
// terminal, one line every 5 seconds otherwise.
type progress struct {
	quiet, tty bool
	last       time.Time
	shown      bool
}

func newProgress(quiet bool) *progress {
	fi, err := os.Stderr.Stat()
	return &progress{quiet: quiet, tty: err == nil && fi.Mode()&os.ModeCharDevice != 0}
}

func (p *progress) update(st reduce.Stats) {
	if p.quiet {
		return
	}
	every := 5 * time.Second
	if p.tty {
		every = 200 * time.Millisecond
	}
	if time.Since(p.last) < every {
		return
	}
	p.last = time.Now()
	line := fmt.Sprintf("size %d/%d bytes, round %d, pass %s, %d tests, %.1f tests/s",
		st.Size, st.OrigSize, st.Round, st.Pass, st.Tests, st.TestsPerSecond())
	if p.tty {
		fmt.Fprintf(os.Stderr, "\r\033[K%s", line)
		p.shown = true
	} else {
		fmt.Fprintln(os.Stderr, line)
	}
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(os.Stderr, "\r\033[K")
	}
}
