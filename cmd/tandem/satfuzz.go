package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"tandem/reduce"
	"tandem/satfuzz"
	"tandem/smtlib"
)

var satfuzzFlags satfuzz.Flags

var satfuzzCmd = &cobra.Command{
	Use:   "satfuzz --target tandem|cadical[@DIR]|gophersat|sat4j|kissat[@BIN] [--options-fuzz] [--budget 30m] [-j N] [--seed N] [--out DIR]",
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

Targets: ` + fmt.Sprint(satfuzz.Targets()) + `, cadical@DIR for a CaDiCaL built from
source in DIR and kissat@BIN for a Kissat binary (docs/satfuzz.md).

Exit status: 0 without findings, 10 with findings, 1 on errors.`,
	Example: `  tandem satfuzz --target tandem --options-fuzz --budget 5m --out /tmp/sf
  tandem satfuzz replay /tmp/sf/findings/*/trigger.trace --target tandem
  tandem satfuzz gen --seed 7`,
	Args: cobra.NoArgs,
	RunE: runSatfuzz,
}

func runSatfuzz(cmd *cobra.Command, args []string) error {
	f := &satfuzzFlags
	dir, cfg, err := f.CampaignConfig()
	if err != nil {
		return fail(2, err)
	}
	defer satfuzz.CloseTargets() // last resort: the harness closes its system, this ends any warm JVM left
	return runCampaign(cmd, dir, satfuzz.SystemName, cfg, &f.Campaign)
}

var satfuzzReplayCmd = &cobra.Command{
	Use:   "replay TRACE --target T",
	Short: "run a trace on a target and check its answers",
	Long: `replay runs a satfuzz trace on a target, prints every answer after the call it
answers and the problems the checks find. Exit status: 0 when the run checks,
1 when it shows a problem, 2 on bad input.`,
	Args: cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		t, tg, err := satfuzz.LoadTrace(args[0], satfuzzFlags.Target)
		if err != nil {
			return fail(2, err)
		}
		if c, ok := tg.(io.Closer); ok {
			defer c.Close()
		}
		ps, err := satfuzz.Replay(cmd.Context(), os.Stdout, t, tg, satfuzz.Limits{Time: satfuzzFlags.TraceTime})
		if err != nil {
			return fail(1, err)
		}
		if len(ps) > 0 {
			return fail(1, nil)
		}
		return nil
	},
}

var satfuzzReduceCmd = &cobra.Command{
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
	RunE: runSatfuzzReduce,
}

func runSatfuzzReduce(cmd *cobra.Command, args []string) error {
	f := &satfuzzFlags
	data, err := smtlib.ReadFile(args[0], "trace", 0)
	if err != nil {
		return fail(2, err)
	}
	opts := f.Reduce
	if len(args) == 2 {
		opts.OnImprove = func(best []byte) error { return reduce.WriteOutput(args[1], best) }
	}
	var log io.Writer = os.Stderr
	if f.Quiet {
		log = nil
	}
	if _, err := satfuzz.NewTarget(f.Target); err != nil { // says which targets there are
		return fail(2, err)
	}
	res, err := satfuzz.ReduceTrace(cmd.Context(), data, f.Target, opts, log)
	if err != nil {
		return fail(1, err) // no problem to keep, or the reduction failed
	}
	if len(args) == 1 {
		_, err = os.Stdout.Write(res.Output)
	} else {
		err = reduce.WriteOutput(args[1], res.Output)
	}
	return err
}

var satfuzzGenCmd = &cobra.Command{
	Use:   "gen [--seed N] [--target T --options-fuzz]",
	Short: "print one generated trace",
	Args:  cobra.NoArgs,
	RunE: func(cmd *cobra.Command, args []string) error {
		t, err := satfuzz.GenerateFrom(satfuzzFlags.Seed, satfuzzFlags.Target, satfuzzFlags.Gen)
		if err != nil {
			return fail(2, err)
		}
		_, err = os.Stdout.Write(t.Bytes())
		return err
	},
}

func init() {
	f := &satfuzzFlags
	f.Register(satfuzzCmd.Flags())
	f.RegisterReplay(satfuzzReplayCmd.Flags())
	f.RegisterReduce(satfuzzReduceCmd.Flags())
	f.RegisterGen(satfuzzGenCmd.Flags())
	satfuzzCmd.AddCommand(satfuzzReplayCmd, satfuzzReduceCmd, satfuzzGenCmd)
	rootCmd.AddCommand(satfuzzCmd)
}
