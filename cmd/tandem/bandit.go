package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"tandem/bandit"
)

type banditFlags struct {
	theory, agent, baseline, out string
	fuzzers                      []string
	timeout, budget              time.Duration
	runs, jobs, queries          int
	maxQueries                   int
	confirm                      int
	seed                         uint64
	vars, minA, maxA, minD, maxD int
	reduce                       bool
	reduceTests                  int
	fpFormat                     string
}

func (f *banditFlags) register(c *cobra.Command, perf bool) {
	c.Flags().StringVar(&f.theory, "theory", "fp", "grammar: fp, str, bv, lia, nia, lra, nra")
	c.Flags().StringVar(&f.fpFormat, "fp-format", "", "FP sort as EB,SB (default 11,53: Float64 as in the paper; 8,24 is Float32)")
	c.Flags().StringVar(&f.agent, "agent", "thompson", "banditfuzz's bandit: thompson, epsilon, ucb, uniform")
	c.Flags().StringVar(&f.baseline, "baseline", "", "run only this baseline (random, mutational, evolutionary) instead of all fuzzers side by side")
	c.Flags().StringSliceVar(&f.fuzzers, "fuzzers", nil, "fuzzers to run side by side (default: banditfuzz and every baseline)")
	c.Flags().StringVar(&f.out, "out", "", "directory for results.json and the benchmark suite (default: none)")
	c.Flags().DurationVar(&f.timeout, "timeout", 5*time.Second, "per-query timeout (paper: 2500 s performance, 60 s bugs)")
	c.Flags().IntVar(&f.runs, "runs", 1, "runs per fuzzer (paper: 100)")
	c.Flags().IntVar(&f.jobs, "jobs", 1, "runs at once")
	c.Flags().Uint64Var(&f.seed, "seed", 1, "seed; run i of every fuzzer uses seed+i")
	c.Flags().IntVar(&f.vars, "vars", 0, "variables (default 2)")
	c.Flags().IntVar(&f.minA, "min-asserts", 0, "fewest assertions (default 3)")
	c.Flags().IntVar(&f.maxA, "max-asserts", 0, "most assertions (default 5)")
	c.Flags().IntVar(&f.minD, "min-depth", 0, "smallest depth limit (default 2)")
	c.Flags().IntVar(&f.maxD, "max-depth", 0, "largest depth limit (default 4)")
	if perf {
		c.Flags().DurationVar(&f.budget, "budget", 10*time.Minute, "time budget per run (paper: 24 h)")
		c.Flags().IntVar(&f.maxQueries, "max-queries", 0, "query budget per run (0: only --budget)")
		c.Flags().IntVar(&f.confirm, "confirm", bandit.DefaultConfirm, "re-run each run's best input this many times per solver and report the median (0: no re-runs)")
	} else {
		c.Flags().IntVar(&f.queries, "queries", 20000, "queries per fuzzer run (paper: 20,000)")
		c.Flags().BoolVar(&f.reduce, "reduce", true, "reduce every disagreement and judge the reduced input again")
		c.Flags().IntVar(&f.reduceTests, "reduce-tests", 200, "predicate calls per reduction at most")
	}
}

func (f *banditFlags) env(ctx context.Context, solvers []string) (*bandit.Env, error) {
	g, err := bandit.LookupGrammar(f.theory)
	if err != nil {
		return nil, err
	}
	if f.fpFormat != "" {
		var eb, sb int
		if _, err := fmt.Sscanf(f.fpFormat, "%d,%d", &eb, &sb); err != nil || eb < 2 || sb < 2 || g.Name != "fp" {
			return nil, fmt.Errorf("--fp-format %q: want EB,SB (both at least 2) with --theory fp", f.fpFormat)
		}
		g = bandit.FPGrammar(eb, sb)
	}
	return bandit.NewEnv(ctx, g, bandit.GenOptions{Vars: f.vars, MinAsserts: f.minA, MaxAsserts: f.maxA, MinDepth: f.minD, MaxDepth: f.maxD}, solvers, f.timeout)
}

func (f *banditFlags) fuzzerList(all []string) []string {
	switch {
	case f.baseline != "":
		return []string{f.baseline}
	case len(f.fuzzers) > 0:
		return f.fuzzers
	}
	return all
}

// job is one (fuzzer, run) pair.
type job struct {
	fuzzer string
	run    int
}

func runJobs(ctx context.Context, jobs []job, n int, do func(job) error) error {
	var mu sync.Mutex
	var first error
	ch := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < max(n, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				if err := do(j); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, j := range jobs {
		if ctx.Err() != nil {
			break
		}
		ch <- j
	}
	close(ch)
	wg.Wait()
	return first
}

// readPerfComparison reads what 'bandit perf --out DIR' wrote.
func readPerfComparison(dir string) (*bandit.PerfComparison, error) {
	var sum struct {
		Target  string   `json:"target"`
		Refs    []string `json:"refs"`
		Theory  string   `json:"theory"`
		Timeout string   `json:"timeout"`
		Budget  string   `json:"budget"`
		Runs    int      `json:"runs"`
	}
	runs := map[string][]*bandit.PerfRun{}
	for name, v := range map[string]any{"summary.json": &sum, "runs.json": &runs} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("%v (DIR is the --out directory of 'tandem bandit perf')", err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, name), err)
		}
	}
	to, err := time.ParseDuration(sum.Timeout)
	if err != nil {
		return nil, fmt.Errorf("%s: timeout %q: %v", filepath.Join(dir, "summary.json"), sum.Timeout, err)
	}
	budget, err := time.ParseDuration(sum.Budget)
	if err != nil {
		return nil, fmt.Errorf("%s: budget %q: %v", filepath.Join(dir, "summary.json"), sum.Budget, err)
	}
	cmp := &bandit.PerfComparison{Target: sum.Target, Refs: sum.Refs, Theory: sum.Theory, Timeout: to,
		RunBudget: budget, RunsPerFuzzer: sum.Runs, Runs: runs}
	for _, f := range bandit.PerfFuzzers {
		if _, ok := runs[f]; ok {
			cmp.Fuzzers = append(cmp.Fuzzers, f)
		}
	}
	return cmp, nil
}

func writeJSON(dir, name string, v any) error {
	if dir == "" {
		return nil
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), b, 0o644)
}

func sumRanking(g *bandit.Grammar, ranks [][]bandit.Rank) []bandit.Rank {
	names := g.ArmNames()
	pulls := make([]float64, len(names))
	rewards := make([]float64, len(names))
	for _, rs := range ranks {
		for _, r := range rs {
			i := g.Arm(r.Construct)
			pulls[i] += r.Pulls
			rewards[i] += r.Rewards
		}
	}
	return bandit.Ranking(names, pulls, rewards)
}

// top lists the first n constructs of a ranking with their expected reward
// and rewards/pulls.
func top(rs []bandit.Rank, n int) string {
	var s []string
	for i := 0; i < n && i < len(rs); i++ {
		s = append(s, fmt.Sprintf("%s (%.2f, %g/%g)", rs[i].Construct, rs[i].Expected, rs[i].Rewards, rs[i].Pulls))
	}
	return strings.Join(s, ", ")
}

func newBanditCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bandit",
		Short: "BanditFuzz: reinforcement-learning grammar fuzzing for solver performance gaps and disagreements",
		Long: `BanditFuzz (Scott, Mora, Ganesh) learns which grammar constructs make a target
solver slower than its references (perf) or make solvers disagree (bug), and
prints the ranking of culprit constructs next to the baselines' results.`,
	}
	var pf banditFlags
	var target string
	var refs []string
	perf := &cobra.Command{
		Use:   "perf --target z3 --ref cvc5 --ref cvc4 --theory fp",
		Short: "performance fuzzing: maximise the target's PAR-2 time minus the slowest reference's",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			e, err := pf.env(ctx, append([]string{target}, refs...))
			if err != nil {
				return err
			}
			if pf.out != "" {
				if err := os.MkdirAll(filepath.Join(pf.out, "suite"), 0o755); err != nil {
					return err
				}
			}
			fuzzers := pf.fuzzerList(bandit.PerfFuzzers)
			var jobs []job
			for i := 0; i < pf.runs; i++ {
				for _, fz := range fuzzers {
					jobs = append(jobs, job{fz, i})
				}
			}
			results := map[string][]*bandit.PerfRun{}
			for _, fz := range fuzzers {
				results[fz] = make([]*bandit.PerfRun, pf.runs)
			}
			var mu sync.Mutex
			w := cmd.OutOrStdout()
			err = runJobs(ctx, jobs, pf.jobs, func(j job) error {
				r := rand.New(rand.NewPCG(pf.seed+uint64(j.run), 0xba4d17))
				run, err := bandit.Perf(ctx, e, r, bandit.PerfOptions{Fuzzer: j.fuzzer, Agent: pf.agent, Budget: pf.budget, MaxQueries: pf.maxQueries, Confirm: confirmOption(pf.confirm)})
				if err != nil {
					return err
				}
				mu.Lock()
				defer mu.Unlock()
				results[j.fuzzer][j.run] = run
				fmt.Fprintf(w, "%-13s run %d: margin %.2f s after %d queries (%v; %s)\n", j.fuzzer, j.run, run.Score, run.Stats.Queries, run.Status, run.ConfirmNote())
				if pf.out != "" {
					var hdr strings.Builder
					fmt.Fprintf(&hdr, "; tandem bandit perf: fuzzer %s run %d seed %d, timeout %s, PAR-2 margin %.3f s (%s)\n", j.fuzzer, j.run, pf.seed+uint64(j.run), pf.timeout, run.Score, run.ConfirmNote())
					for i, s := range e.Specs {
						fmt.Fprintf(&hdr, "; %s %s: %s, PAR-2 %.3f s\n", s, e.Versions[i], run.Status[s], run.Times[s])
					}
					name := filepath.Join(pf.out, "suite", fmt.Sprintf("%s-%02d.smt2", j.fuzzer, j.run))
					return os.WriteFile(name, []byte(hdr.String()+run.Best), 0o644)
				}
				return nil
			})
			if err != nil {
				return err
			}
			type row struct {
				Fuzzer  string  `json:"fuzzer"`
				Margin  float64 `json:"par2_margin_s"`
				Runs    int     `json:"runs"`
				Queries int     `json:"queries"`
				// GapRuns counts the runs that found an input where the target
				// timed out and the references answered; GapMedian is the median
				// time they took to find it (PerfRun.FirstGap), over every run,
				// counting a run that never did as the budget.
				GapRuns   int           `json:"gap_runs"`
				GapMedian float64       `json:"first_gap_median_s"`
				Ranking   []bandit.Rank `json:"ranking,omitempty"`
			}
			var rows []row
			bestBase := 0.0
			for _, fz := range fuzzers {
				rw := row{Fuzzer: fz}
				var rk [][]bandit.Rank
				for _, r := range results[fz] {
					if r == nil {
						continue
					}
					rw.Runs++
					rw.Margin += r.Score
					rw.Queries += r.Stats.Queries
					if r.Ranking != nil {
						rk = append(rk, r.Ranking)
					}
				}
				if len(rk) > 0 {
					rw.Ranking = sumRanking(e.Gen.G, rk)
				}
				rw.GapRuns, rw.GapMedian = bandit.GapSummary(results[fz], pf.timeout, pf.budget)
				if fz != bandit.FuzzerBandit && rw.Margin > bestBase {
					bestBase = rw.Margin
				}
				rows = append(rows, rw)
			}
			fmt.Fprintf(w, "\ntarget %s %s, refs %v, theory %s, timeout %s, budget %s × %d runs\n", e.Specs[0], e.Versions[0], e.Specs[1:], pf.theory, pf.timeout, pf.budget, pf.runs)
			fmt.Fprintf(w, "%-13s %12s %8s %10s %10s  %s\n", "fuzzer", "PAR-2 margin", "queries", "gap runs", "first gap", "top-3 constructs")
			for _, rw := range rows {
				fmt.Fprintf(w, "%-13s %12.2f %8d %10s %9.1fs  %s\n", rw.Fuzzer, rw.Margin, rw.Queries,
					fmt.Sprintf("%d/%d", rw.GapRuns, rw.Runs), rw.GapMedian, top(rw.Ranking, 3))
			}
			fmt.Fprintf(w, "(gap runs: runs that found an input where the target timed out and a reference answered;\n first gap: median time to find one, a run that did not counting as the budget)\n")
			summary := map[string]any{"rows": rows, "target": e.Specs[0], "refs": e.Specs[1:], "versions": e.Versions,
				"theory": pf.theory, "timeout": pf.timeout.String(), "budget": pf.budget.String(), "runs": pf.runs, "seed": pf.seed}
			for _, rw := range rows {
				if rw.Fuzzer == bandit.FuzzerBandit && bestBase > 0 {
					impr := rw.Margin/bestBase - 1
					summary["improvement"] = impr
					fmt.Fprintf(w, "banditfuzz vs best baseline: %+.1f%%\n", 100*impr)
				}
			}
			if err := writeJSON(pf.out, "summary.json", summary); err != nil {
				return err
			}
			if err := writeJSON(pf.out, "runs.json", results); err != nil {
				return err
			}
			if pf.out == "" {
				return nil
			}
			cmp := &bandit.PerfComparison{Target: e.Specs[0], Refs: e.Specs[1:], Theory: pf.theory, Timeout: pf.timeout,
				RunBudget: pf.budget, RunsPerFuzzer: pf.runs, Fuzzers: fuzzers, Runs: results}
			page := filepath.Join(pf.out, "report.html")
			if err := os.WriteFile(page, []byte(cmp.HTML()), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(w, "report: %s\n", page)
			return nil
		},
	}
	pf.register(perf, true)
	perf.Flags().StringVar(&target, "target", "z3", "target solver spec")
	perf.Flags().StringArrayVar(&refs, "ref", nil, "reference solver spec (repeat)")

	var bf banditFlags
	var solvers []string
	bug := &cobra.Command{
		Use:   "bug --solver z3 --solver cvc5 --theory str",
		Short: "bug localization: reward constructs whose mutation makes solvers disagree; judge disagreements with the evaluator",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			if len(solvers) < 2 {
				return fmt.Errorf("bug mode needs at least two --solver")
			}
			e, err := bf.env(ctx, solvers)
			if err != nil {
				return err
			}
			if bf.out != "" {
				if err := os.MkdirAll(filepath.Join(bf.out, "disagreements"), 0o755); err != nil {
					return err
				}
			}
			fuzzers := bf.fuzzerList(bandit.BugFuzzers)
			var jobs []job
			for i := 0; i < bf.runs; i++ {
				for _, fz := range fuzzers {
					jobs = append(jobs, job{fz, i})
				}
			}
			var mu sync.Mutex
			w := cmd.OutOrStdout()
			results := map[string][]*bandit.BugRun{}
			for _, fz := range fuzzers {
				results[fz] = make([]*bandit.BugRun, bf.runs)
			}
			type reduced struct {
				Fuzzer   string         `json:"fuzzer"`
				Run      int            `json:"run"`
				Index    int            `json:"index"`
				Reduced  string         `json:"reduced"`
				Verdict  bandit.Verdict `json:"verdict"`
				Original bandit.Verdict `json:"original_verdict"`
			}
			var reds []reduced
			err = runJobs(ctx, jobs, bf.jobs, func(j job) error {
				r := rand.New(rand.NewPCG(bf.seed+uint64(j.run), 0xb09))
				run, err := bandit.Bug(ctx, e, r, bandit.BugOptions{Fuzzer: j.fuzzer, Agent: bf.agent, Queries: bf.queries, CheckModels: true})
				if err != nil {
					return err
				}
				mu.Lock()
				results[j.fuzzer][j.run] = run
				fmt.Fprintf(w, "%-13s run %d: %d queries, %d unique disagreements, %d other problems\n", j.fuzzer, j.run, run.Stats.Queries, len(run.Disagreements), len(run.Problems))
				mu.Unlock()
				for i, d := range run.Disagreements {
					rd := reduced{Fuzzer: j.fuzzer, Run: j.run, Index: i, Original: d.Verdict, Reduced: d.Script, Verdict: d.Verdict}
					if bf.reduce {
						s, v, err := e.ReduceDisagreement(ctx, d, bf.reduceTests)
						if err == nil {
							rd.Reduced, rd.Verdict = s, v
						} else {
							rd.Verdict.Evidence += " (reduction failed: " + err.Error() + ")"
						}
					}
					mu.Lock()
					reds = append(reds, rd)
					fmt.Fprintf(w, "  disagreement %s/%d/%d %v: %s wrong=%q — %s\n", j.fuzzer, j.run, i, d.Answers, rd.Verdict.Kind, rd.Verdict.Wrong, rd.Verdict.Evidence)
					mu.Unlock()
					if bf.out != "" {
						name := filepath.Join(bf.out, "disagreements", fmt.Sprintf("%s-%02d-%03d.smt2", j.fuzzer, j.run, i))
						var hdr strings.Builder
						fmt.Fprintf(&hdr, "; answers %v; verdict %s, wrong %q: %s\n", d.Answers, rd.Verdict.Kind, rd.Verdict.Wrong, rd.Verdict.Evidence)
						if err := os.WriteFile(name, []byte(hdr.String()+rd.Reduced), 0o644); err != nil {
							return err
						}
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "\nsolvers %v (%v), theory %s, timeout %s, %d queries × %d runs per fuzzer\n", e.Specs, e.Versions, bf.theory, bf.timeout, bf.queries, bf.runs)
			fmt.Fprintf(w, "%-13s %13s %9s %9s  %s\n", "fuzzer", "disagreements", "crashes", "inv-model", "top-3 constructs")
			for _, fz := range fuzzers {
				n, cr, im := 0, 0, 0
				var rk [][]bandit.Rank
				for _, r := range results[fz] {
					if r == nil {
						continue
					}
					n += len(r.Disagreements)
					for _, p := range r.Problems {
						if p.Kind == "crash" {
							cr++
						} else {
							im++
						}
					}
					if r.Ranking != nil {
						rk = append(rk, r.Ranking)
					}
				}
				t := ""
				if len(rk) > 0 {
					t = top(sumRanking(e.Gen.G, rk), 3)
				}
				fmt.Fprintf(w, "%-13s %13d %9d %9d  %s\n", fz, n, cr, im, t)
			}
			kinds := map[string]int{}
			for _, r := range reds {
				kinds[r.Verdict.Kind+" "+r.Verdict.Wrong]++
			}
			var ks []string
			for k := range kinds {
				ks = append(ks, k)
			}
			sort.Strings(ks)
			for _, k := range ks {
				fmt.Fprintf(w, "verdict %-40s %d\n", k, kinds[k])
			}
			if err := writeJSON(bf.out, "reduced.json", reds); err != nil {
				return err
			}
			return writeJSON(bf.out, "runs.json", results)
		},
	}
	bf.register(bug, false)
	bug.Flags().StringArrayVar(&solvers, "solver", nil, "solver spec (repeat, at least two)")
	var cf campaignFlags
	var so bandit.SystemOptions
	var campConfirm int
	camp := &cobra.Command{
		Use:   "campaign DIR --mode bug|perf --solver z3 --solver cvc5 --theory fp",
		Short: "run BanditFuzz under the campaign harness: one iteration is one run with a fresh agent; findings deduplicated, reduced and exported; the report shows the ranking (perf mode: and a cactus plot)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			so.Confirm = confirmOption(campConfirm)
			config, err := json.Marshal(so)
			if err != nil {
				return err
			}
			if cf.iterations == 0 && cf.duration == 0 {
				cf.duration = 10 * time.Minute
			}
			return runCampaign(cmd, args[0], bandit.SystemName, config, &cf)
		},
	}
	addCampaignFlags(camp, &cf)
	camp.Flags().StringVar(&so.Mode, "mode", "bug", "bug or perf")
	camp.Flags().StringVar(&so.Theory, "theory", "fp", "grammar: fp, str, bv, lia, nia, lra, nra")
	camp.Flags().StringArrayVar(&so.Solvers, "solver", nil, "solver spec (repeat; perf mode: the target first)")
	camp.Flags().StringVar(&so.Fuzzer, "fuzzer", "", "banditfuzz (default), random, mutational, evolutionary (perf)")
	camp.Flags().StringVar(&so.Agent, "agent", "", "thompson (default), epsilon, ucb, uniform")
	camp.Flags().DurationVar(&so.Timeout, "timeout", bandit.DefaultBugTimeout, "per-query timeout")
	camp.Flags().IntVar(&so.Queries, "queries", 50, "queries per iteration (one run)")
	camp.Flags().IntVar(&campConfirm, "confirm", bandit.DefaultConfirm, "perf mode: re-run each best input this many times per solver and report only a confirmed median margin (0: no re-runs)")
	report := &cobra.Command{
		Use:     "report DIR",
		Short:   "write DIR/report.html (margins, cactus plots, rankings) from the summary.json and runs.json of 'bandit perf --out DIR'",
		Example: "  tandem bandit report bench/bandit/perf-str-180s",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cmp, err := readPerfComparison(args[0])
			if err != nil {
				return err
			}
			page := filepath.Join(args[0], "report.html")
			if err := os.WriteFile(page, []byte(cmp.HTML()), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "report: %s\n", page)
			return nil
		},
	}
	cmd.AddCommand(perf, bug, camp, report)
	return cmd
}

// confirmOption maps the --confirm flag (0: off) to PerfOptions.Confirm
// (0: the default, negative: off).
func confirmOption(k int) int {
	if k <= 0 {
		return -1
	}
	return k
}

func init() { rootCmd.AddCommand(newBanditCmd()) }
