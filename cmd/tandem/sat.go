package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"tandem/sat"
)

func init() {
	var (
		proofPath string
		relaxed   bool
		timeout   time.Duration
		restart   string
		decision  string
		phase     string
		reduce    string
		minimize  string
		units     string
		seed      int64
		stats     bool
	)
	cmd := &cobra.Command{
		Use:   "sat FILE.cnf|FILE.icnf",
		Short: "solve a DIMACS CNF or run an incremental iCNF script with tandem's CDCL solver",
		Long: `sat runs tandem's incremental CDCL solver (package sat).

A DIMACS file ('p cnf' header) is solved once: the answer is printed as
's SATISFIABLE' with 'v' model lines, or 's UNSATISFIABLE', and the exit
status is 10 or 20 as for other SAT solvers (0 when stopped by --timeout).

An iCNF file ('p icnf' header: 'i' clause lines and 'q' query lines with
assumptions) is run as a script: the interactions with the answers ('s', 'm'
model, 'u' failed assumptions) are printed as an iCNF file on stdout, which
checks against the proof with 'tandem idrup-check'. The exit status is 0.
Each answer is written out (and the proof flushed) as soon as it is known;
on SIGINT, SIGTERM or --timeout the running query is answered UNKNOWN, the
remaining ones are not run, and what was written checks against the proof.

With --proof the solver writes an IDRUP proof of the run (every input,
lemma, deletion, query, answer, model and core).`,
		Example: `  tandem sat problem.cnf
  tandem sat script.icnf --proof run.idrup > run.icnf && tandem idrup-check run.icnf run.idrup
  tandem sat problem.cnf --restart luby --phase random --seed 7`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var opts sat.Options
			var err error
			if opts.Restart, err = pick(restart, "--restart", map[string]sat.RestartPolicy{"ema": sat.RestartEMA, "luby": sat.RestartLuby, "none": sat.RestartNone}); err != nil {
				return err
			}
			if opts.Decision, err = pick(decision, "--decide", map[string]sat.DecisionHeuristic{"vsids": sat.DecideVSIDS, "static": sat.DecideStatic}); err != nil {
				return err
			}
			if opts.Phase, err = pick(phase, "--phase", map[string]sat.PhasePolicy{"saved": sat.PhaseSaved, "false": sat.PhaseFalse, "true": sat.PhaseTrue, "random": sat.PhaseRandom}); err != nil {
				return err
			}
			if opts.Reduce, err = pick(reduce, "--reduce", map[string]sat.ReducePolicy{"lbd": sat.ReduceLBD, "none": sat.ReduceNone}); err != nil {
				return err
			}
			if opts.Minimize, err = pick(minimize, "--minimize", map[string]sat.Minimization{"recursive": sat.MinimizeRecursive, "local": sat.MinimizeLocal, "none": sat.MinimizeNone}); err != nil {
				return err
			}
			if opts.Units, err = pick(units, "--units", map[string]sat.UnitPolicy{"simplify": sat.UnitsSimplify, "keep": sat.UnitsKeep}); err != nil {
				return err
			}
			opts.Seed = seed

			// SIGINT and SIGTERM (as sent by timeout(1)) stop the search: the
			// answers so far and the proof are written out and checkable.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, timeout)
				defer cancel()
			}
			f, err := os.Open(args[0])
			if err != nil {
				fmt.Fprintln(os.Stderr, "sat: opening the input:", err)
				return exitError{1}
			}
			defer f.Close()
			s := sat.New(&opts)
			var pf *os.File
			if proofPath != "" {
				if pf, err = os.Create(proofPath); err != nil {
					fmt.Fprintln(os.Stderr, "sat: creating the proof file:", err)
					return exitError{1}
				}
				defer pf.Close()
				s.SetProof(pf)
			}
			icnf, err := isICNF(f)
			if err != nil {
				return err
			}
			code := 0
			if icnf {
				st, err := sat.RunICNF(ctx, s, f, args[0], os.Stdout, relaxed)
				if err != nil {
					fmt.Fprintln(os.Stderr, "sat:", err)
					return exitError{1}
				}
				fmt.Fprintf(os.Stderr, "c %d queries: %d satisfiable, %d unsatisfiable, %d unknown\n", st.Queries, st.Sat, st.Unsat, st.Unknown)
				if st.Stopped {
					fmt.Fprintf(os.Stderr, "c stopped (%v) after %d queries; the output and the proof hold them all\n", context.Cause(ctx), st.Queries)
				}
			} else {
				if err := s.AddDIMACS(f, args[0], relaxed); err != nil {
					fmt.Fprintln(os.Stderr, "sat:", err)
					return exitError{1}
				}
				res := s.Solve(ctx)
				fmt.Printf("s %s\n", res)
				if res == sat.Satisfiable {
					printModel(s.Model())
				}
				code = int(res)
			}
			if err := s.Flush(); err != nil {
				fmt.Fprintln(os.Stderr, "sat:", err)
				return exitError{1}
			}
			if stats {
				st := s.Stats()
				fmt.Fprintf(os.Stderr, "c conflicts %d decisions %d propagations %d restarts %d learned %d deleted %d\n",
					st.Conflicts, st.Decisions, st.Propagations, st.Restarts, st.Learned, st.Deleted)
			}
			if code != 0 {
				return exitError{code}
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&proofPath, "proof", "", "write an IDRUP proof to this file")
	fl.BoolVar(&relaxed, "relaxed", false, "read the input leniently (DIMACS: no header needed; iCNF: any blanks, CR LF)")
	fl.DurationVar(&timeout, "timeout", 0, "stop after this long and answer UNKNOWN (0: no limit)")
	allowDuration(fl, "timeout", zeroOK)
	fl.StringVar(&restart, "restart", "ema", "restart policy: ema (Glucose LBD averages), luby, none")
	fl.StringVar(&decision, "decide", "vsids", "decision heuristic: vsids, static (smallest variable first)")
	fl.StringVar(&phase, "phase", "saved", "decision phase: saved, false, true, random")
	fl.StringVar(&reduce, "reduce", "lbd", "learned clause reduction: lbd, none")
	fl.StringVar(&minimize, "minimize", "recursive", "learned clause minimization: recursive, local, none")
	fl.StringVar(&units, "units", "simplify", "added clauses under root units: simplify (drop false literals), keep")
	fl.Int64Var(&seed, "seed", 0, "seed of random phases and random decisions")
	fl.BoolVar(&stats, "stats", false, "print solver statistics to stderr")
	rootCmd.AddCommand(cmd)
}

func pick[T any](v, flag string, m map[string]T) (T, error) {
	if x, ok := m[strings.ToLower(v)]; ok {
		return x, nil
	}
	var zero T
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return zero, fmt.Errorf("%s %q: want one of %s", flag, v, strings.Join(names, ", "))
}

// isICNF peeks at the first non-comment line for a 'p icnf' header and
// rewinds the file.
func isICNF(f *os.File) (bool, error) {
	buf := make([]byte, 4096)
	n, _ := f.Read(buf)
	if _, err := f.Seek(0, 0); err != nil {
		return false, fmt.Errorf("rewinding the input: %w", err)
	}
	for _, line := range strings.Split(string(buf[:n]), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == 'c' {
			continue
		}
		return strings.HasPrefix(t, "p icnf") || t[0] == 'i' || t[0] == 'q', nil
	}
	return false, nil
}

func printModel(m []int) {
	var b strings.Builder
	b.WriteString("v")
	n := 1
	for _, l := range m {
		s := fmt.Sprintf(" %d", l)
		if n+len(s) > 78 {
			fmt.Println(b.String())
			b.Reset()
			b.WriteString("v")
			n = 1
		}
		b.WriteString(s)
		n += len(s)
	}
	b.WriteString(" 0")
	fmt.Println(b.String())
}
