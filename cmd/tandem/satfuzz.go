package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"tandem/campaign"
	"tandem/reduce"
	"tandem/satfuzz"
	"tandem/satfuzz/trace"
	"tandem/smtlib"
)

func init() {
	var (
		f           campaignFlags
		target      string
		optionsFuzz bool
		out         string
		budget      time.Duration
		traceTime   time.Duration
		slowShrink  int
	)
	cmd := &cobra.Command{
		Use:   "satfuzz --target sat4j|cadical|gophersat|tandem [--options-fuzz] [--budget 30m] [-j N] [--seed N] [--out DIR]",
		Short: "model-based API fuzzing of incremental SAT solvers (Sat4j thesis)",
		Long: `satfuzz generates random API call traces for incremental SAT solvers (options,
clauses, assumptions, several solve calls, enumeration) with the distributions
of the Sat4j API-fuzzing thesis, runs them on a target and checks every
answer: models against all clauses and assumptions, failed assumptions as real
cores, sat/unsat against tandem's sat, model counts against a reference count,
tandem's IDRUP proofs. Findings are reduced with the thesis' trace passes and
land in DIR/findings; each reduced trace replays with 'tandem satfuzz replay'.
Timeouts are counted, not findings; the first 100 timed-out traces are kept in
DIR/timeouts/iteration-N.trace for a look at slow option sets.

Targets: ` + fmt.Sprint(satfuzz.Targets()) + `

Exit status: 0 without findings, 10 with findings, 1 on errors.`,
		Example: `  tandem satfuzz --target tandem --options-fuzz --budget 5m --out /tmp/sf
  tandem satfuzz replay /tmp/sf/findings/*/trigger.trace --target tandem
  tandem satfuzz gen --seed 7`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if budget > 0 {
				f.duration = budget
			}
			if out == "" {
				out = fmt.Sprintf("satfuzz-%s", target)
			}
			// "timeouts" is relative: inside the campaign directory wherever it is resumed.
			cfg, _ := json.Marshal(satfuzz.Config{Target: target, Generator: satfuzz.Options{OptionsFuzz: optionsFuzz, SlowShrink: slowShrink},
				TraceTime: traceTime, KeepTimeouts: "timeouts"})
			if _, err := satfuzz.NewTarget(target); err != nil {
				fmt.Fprintln(os.Stderr, "tandem:", err)
				return exitError{2}
			}
			defer satfuzz.CloseTargets() // last resort: the harness closes its system, this ends any warm JVM left
			return runCampaign(cmd, out, satfuzz.SystemName, cfg, &f)
		},
	}
	addCampaignFlags(cmd, &f)
	cmd.Flags().StringVar(&target, "target", "tandem", "target solver")
	cmd.Flags().BoolVar(&optionsFuzz, "options-fuzz", false, "fuzz the target's options (its option model)")
	cmd.Flags().StringVar(&out, "out", "", "campaign directory (default satfuzz-TARGET)")
	cmd.Flags().DurationVar(&budget, "budget", 0, "time budget (same as --time)")
	cmd.Flags().DurationVar(&traceTime, "trace-time", 0, "CPU-time limit of one trace (default 2s; 10x it of wall time)")
	cmd.Flags().IntVar(&slowShrink, "slow-shrink", 0, "divide the variables of traces that set a slow option value by N (default 5; -1: off)")
	allowDuration(cmd.Flags(), "budget", zeroOK)

	var rTarget string
	var rTime time.Duration
	replay := &cobra.Command{
		Use:   "replay TRACE --target T",
		Short: "run a trace on a target and check its answers",
		Long: `replay runs a satfuzz trace on a target, prints every answer after the call it
answers and the problems the checks find. Exit status: 0 when the run checks,
1 when it shows a problem, 2 on bad input.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, tg, err := loadTrace(args[0], rTarget)
			if err != nil {
				fmt.Fprintln(os.Stderr, "tandem:", err)
				return exitError{2}
			}
			if c, ok := tg.(io.Closer); ok {
				defer c.Close()
			}
			ctx := cmd.Context()
			res, err := tg.Run(ctx, t, satfuzz.Limits{Time: rTime})
			if err != nil {
				fmt.Fprintln(os.Stderr, "tandem:", err)
				return exitError{1}
			}
			for i, a := range res.Answers {
				c := t.Calls[i]
				switch {
				case c.IsSolve():
					fmt.Printf("%d %s\n  s %s\n", i+1, shortCall(c), a.Status)
				case c.Op == trace.Model || c.Op == trace.Failed:
					if a.Valid {
						fmt.Printf("%d %s\n  %d literals\n", i+1, c.Op, len(a.Lits))
					}
				case c.Op == trace.Enumerating:
					fmt.Printf("%d enumerating\n  %v\n", i+1, a.Counts)
				}
			}
			if res.Timeout {
				fmt.Println("timeout")
			}
			if res.ProofChecked && res.ProofError == "" {
				fmt.Println("proof checked")
			}
			ps := satfuzz.Check(ctx, t, res)
			for _, p := range ps {
				fmt.Printf("PROBLEM %s: %s (call %d)\n%s\n", p.Class, p.Message, p.Call+1, p.Details)
			}
			if len(ps) > 0 {
				return exitError{1}
			}
			fmt.Println("ok")
			return nil
		},
	}
	replay.Flags().StringVar(&rTarget, "target", "tandem", "target solver")
	replay.Flags().DurationVar(&rTime, "trace-time", 0, "time limit of the trace (default 10s)")

	var (
		dTarget string
		dJobs   int
		dMax    int
		dQuiet  bool
	)
	reduceCmd := &cobra.Command{
		Use:   "reduce TRACE [OUT] --target T",
		Short: "delta-debug a failing trace, keeping its first problem",
		Long: `reduce replays TRACE on the target, takes the first problem it shows, and
shrinks the trace (line ddmin, literal removal, variable renaming) while a
replay shows a problem of the same signature.

With OUT, the smallest trace so far is written to OUT (atomically) after
every improvement, so Ctrl-C or a crash leaves the best result in it; without
OUT the result is printed on stdout at the end (also on Ctrl-C). A progress
line goes to stderr unless -q.`,
		Example: `  tandem satfuzz reduce original.trace small.trace --target sat4j
  tandem satfuzz reduce -j 2 original.trace --target cadical > small.trace`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := smtlib.ReadFile(args[0], "trace", 0)
			if err != nil {
				fmt.Fprintln(os.Stderr, "tandem:", err)
				return exitError{2}
			}
			out := ""
			if len(args) == 2 {
				out = args[1]
			}
			sys, err := satfuzz.NewSystem([]byte(fmt.Sprintf(`{"target":%q}`, dTarget)))
			if err != nil {
				fmt.Fprintln(os.Stderr, "tandem:", err)
				return exitError{2}
			}
			defer sys.Close()
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			f, err := sys.Reproduce(ctx, &campaign.Finding{}, data)
			if err != nil || f == nil {
				fmt.Fprintln(os.Stderr, "tandem: the trace shows no problem on", dTarget, err)
				return exitError{1}
			}
			if !dQuiet {
				fmt.Fprintf(os.Stderr, "reducing: %s: %s\n", f.Class, f.Message)
			}
			opts := reduce.Options{Jobs: dJobs, MaxTests: dMax, Progress: newProgress(dQuiet).update}
			if out != "" {
				opts.OnImprove = func(best []byte) error { return writeAtomic(out, best) }
			}
			res, err := sys.ReduceWith(ctx, f, opts)
			if err != nil {
				fmt.Fprintln(os.Stderr, "tandem:", err)
				return exitError{1}
			}
			if out == "" {
				os.Stdout.Write(res.Output)
			} else if err := writeAtomic(out, res.Output); err != nil {
				fmt.Fprintln(os.Stderr, "tandem:", err)
				return exitError{2}
			}
			if !dQuiet {
				st := res.Stats
				how := "done"
				if res.Stopped != "" {
					how = "stopped (" + res.Stopped + ")"
				}
				fmt.Fprintf(os.Stderr, "%s: %d -> %d bytes in %v, %d tests (%.1f/s), %d rounds\n", how,
					st.OrigSize, st.Size, st.Elapsed.Round(time.Millisecond), st.Tests, st.TestsPerSecond(), st.Round)
			}
			return nil
		},
	}
	reduceCmd.Flags().StringVar(&dTarget, "target", "tandem", "target solver")
	reduceCmd.Flags().IntVarP(&dJobs, "jobs", "j", 1, "candidate traces replayed in parallel (the result does not depend on it)")
	reduceCmd.Flags().IntVar(&dMax, "max-tests", 0, "stop after this many replays and keep the best so far (0: no limit)")
	reduceCmd.Flags().BoolVarP(&dQuiet, "quiet", "q", false, "no progress line and summary")

	var gSeed uint64
	var gTarget string
	var gOpts bool
	gen := &cobra.Command{
		Use:   "gen [--seed N] [--target T --options-fuzz]",
		Short: "print one generated trace",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var model []satfuzz.OptionSpec
			if gOpts {
				tg, err := satfuzz.NewTarget(gTarget)
				if err != nil {
					fmt.Fprintln(os.Stderr, "tandem:", err)
					return exitError{2}
				}
				model = tg.Options()
			}
			t := satfuzz.Generate(rand.New(rand.NewPCG(gSeed, gSeed^0x9e3779b97f4a7c15)), model, satfuzz.Options{OptionsFuzz: gOpts})
			os.Stdout.Write(t.Bytes())
			return nil
		},
	}
	gen.Flags().Uint64Var(&gSeed, "seed", 1, "seed")
	gen.Flags().StringVar(&gTarget, "target", "tandem", "target whose option model is used")
	gen.Flags().BoolVar(&gOpts, "options-fuzz", false, "draw options")

	cmd.AddCommand(replay, reduceCmd, gen)
	rootCmd.AddCommand(cmd)
}

func loadTrace(path, target string) (*trace.Trace, satfuzz.Target, error) {
	data, err := smtlib.ReadFile(path, "trace", 0)
	if err != nil {
		return nil, nil, err
	}
	t, err := trace.Parse(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	tg, err := satfuzz.NewTarget(target)
	if err != nil {
		return nil, nil, err
	}
	return t, tg, nil
}

func shortCall(c trace.Call) string {
	s := c.String()
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}
