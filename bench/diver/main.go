// Command diver measures DIVER (tandem/diver) end to end and prints a
// table, also written as JSON. Three modes:
//
//   - harness: the cost of generating mutants without the solver. For each
//     built-in logic, a campaign of -iterations seeds (n = -m satisfiable
//     mutants each, the pool and Complicate as in a real run, every script
//     printed) with Options.NoSolver; satisfiable mutants per second of
//     wall time and per second of this process's CPU time (the per-core
//     figure on a shared machine). The goal is >= 1,000 per core.
//
//     go run ./bench/diver -mode harness -iterations 5 -json harness.json
//
//   - ablation: the paper's Fig. 3, diver vs noweight vs nocomp, one
//     campaign per mode over the same seeds, master seed and budget, run
//     one after the other: seeds, satisfiable mutants generated, mutants/s,
//     share of GenMutant attempts that yield a satisfiable mutant, answers,
//     share of CPU inside the solver, findings per class, and the yield
//     per seed of each logic.
//
//     go run ./bench/diver -mode ablation -solver z3 -budget 5m -j 1 -seed 42 -m 100 -t 5s \
//     -out /tmp/abl SEEDS...
//
//   - table: the same table for campaign directories that already ran
//     (`tandem diver --out DIR`). The CPU share needs the run's own
//     harness CPU, which the store does not keep: it is left out here
//     (`tandem diver` prints it in its summary).
//
//     go run ./bench/diver -mode table /tmp/abl/diver /tmp/abl/noweight
//
//   - speed: incremental sessions against one process per mutant, side by
//     side in one run. For each seed directory (one logic), -rounds rounds
//     of five campaigns with the round's master seed: a push/pop session,
//     a reset session, auto (both, then the cheaper, per seed) and
//     one-shot (order rotating per round) and
//     harness-only (no solver for the mutants, each judged under its own
//     model); -iterations seeds of -m mutants each, option fuzzing off so
//     all modes send the same mutants. Solver CPU is the rusage of the
//     solver process trees (the seeds' model runs shown apart), tandem's
//     CPU the process's own; sat mutants per CPU second of both, tandem's
//     share, and the harness-only mutants per tandem CPU second.
//     -cpuprofile FILE writes tandem's pprof CPU profile.
//
//     go run ./bench/diver -mode speed -solver z3 -rounds 2 -iterations 3 -m 100 -t 2s \
//     -json speed.json ../shared/corpus/seeds/QF_LIA/sat ../shared/corpus/seeds/QF_S/sat
//
//     With -modes fixed,adaptive it compares the adaptive mutant limit
//     (the default) with --fixed-timeout instead, both in auto sessions,
//     alternating per round: cut mutants and their CPU beside the
//     timeouts; -recheck-cuts runs each cut mutant again with the whole
//     -t and counts what it answers (that CPU left out of the rates).
//
//     go run ./bench/diver -mode speed -modes fixed,adaptive -recheck-cuts -rounds 1 \
//     -iterations 30 -m 30 -t 2s ../shared/corpus/seeds/QF_LIA/sat
//
// See README.md for the measured numbers.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"tandem/campaign"
	"tandem/diver"
)

// row is one campaign's line of the table.
type row struct {
	Case          string           `json:"case"`
	Solver        string           `json:"solver,omitempty"`
	Mode          string           `json:"mode,omitempty"`
	Seeds         int64            `json:"seeds"` // iterations (seeds drawn)
	SeedsUsed     int64            `json:"seeds_used"`
	WallSeconds   float64          `json:"wall_seconds"`
	Attempts      int64            `json:"attempts"`
	Mutants       int64            `json:"satisfiable_mutants"`
	MutantsPerSec float64          `json:"mutants_per_second"`
	HarnessCPUs   float64          `json:"harness_cpu_seconds,omitempty"`
	MutantsPerCPU float64          `json:"mutants_per_harness_cpu_second,omitempty"`
	YieldShare    float64          `json:"attempts_yielding_mutant"`
	Candidates    int64            `json:"candidates"`
	Accepted      int64            `json:"accepted"`
	AcceptShare   float64          `json:"candidates_accepted"`
	Complicated   int64            `json:"complicated"`
	Sat           int64            `json:"answered_sat"`
	Unknown       int64            `json:"unknown_or_timeout"`
	Errors        int64            `json:"errors"`
	SolverCPUs    float64          `json:"solver_cpu_seconds"`
	SolverShare   float64          `json:"solver_cpu_share,omitempty"`
	Findings      int64            `json:"findings"`
	ByClass       map[string]int   `json:"distinct_bugs_by_class,omitempty"`
	PerLogic      map[string]yield `json:"per_logic,omitempty"`
	ErrorKinds    map[string]int64 `json:"error_kinds,omitempty"`
}

// yield is one logic's seeds (with a usable model) and the satisfiable
// mutants made from them that the solver answered sat.
type yield struct {
	Seeds   int64   `json:"seeds"`
	Sat     int64   `json:"sat_mutants"`
	PerSeed float64 `json:"sat_mutants_per_seed"`
}

func main() {
	mode := flag.String("mode", "harness", "harness, ablation, table or speed")
	iters := flag.Uint64("iterations", 5, "harness: seeds per logic")
	mutants := flag.Int("m", 1000, "satisfiable mutants per seed")
	solverSpec := flag.String("solver", "z3", "ablation: solver under test")
	budget := flag.Duration("budget", 5*time.Minute, "ablation: time budget per mode")
	jobs := flag.Int("j", 1, "ablation: workers per campaign")
	seed := flag.Uint64("seed", 42, "master seed")
	timeout := flag.Duration("t", 10*time.Second, "ablation: solver time limit per mutant")
	out := flag.String("out", "", "ablation: directory for the campaigns (default: a temporary one)")
	modes := flag.String("modes", "", "ablation: modes to run (default diver,noweight,nocomp); speed: modes to run of push, reset, auto, one-shot, harness-only (default all), or fixed,adaptive (the adaptive mutant limit against --fixed-timeout, auto sessions)")
	jsonOut := flag.String("json", "", "write the table as JSON to this file")
	recheckCuts := flag.Bool("recheck-cuts", false, "speed: run every mutant the adaptive limit cut again with the whole -t and count its answers (CPU left out of the rates)")
	limitFactor := flag.Float64("limit-factor", 0, "speed: F of the adaptive mutant limit (0: DIVER's default, 10)")
	limitFloor := flag.Duration("limit-floor", 0, "speed: floor of the adaptive mutant limit (0: DIVER's default, 200ms)")
	rounds := flag.Int("rounds", 2, "speed: rounds per logic (each: push, reset, auto and one-shot in rotating order, then harness-only)")
	cpuProfile := flag.String("cpuprofile", "", "write this process's CPU profile (pprof) to this file")
	flag.Parse()
	// Go's flag package stops at the first seed directory: a flag written
	// after one would be read as a directory, and the run would quietly
	// measure something else.
	for _, a := range flag.Args() {
		if strings.HasPrefix(a, "-") {
			fmt.Fprintf(os.Stderr, "bench/diver: %q comes after a seed directory; put every flag before the directories\n", a)
			os.Exit(2)
		}
	}
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer stop()
	}
	ctx := context.Background()
	var rows []row
	var err error
	if *mode == "speed" {
		var only []string
		if *modes != "" {
			only = strings.Split(*modes, ",")
		}
		srows, err := speed(ctx, *solverSpec, flag.Args(), *rounds, *iters, *mutants, *timeout, *seed, only, limitFlags{*limitFactor, *limitFloor, *recheckCuts})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		printSpeed(srows)
		writeJSON(*jsonOut, srows)
		return
	}
	switch *mode {
	case "harness":
		rows, err = harness(ctx, *iters, *mutants, *seed)
	case "ablation":
		if *modes == "" {
			*modes = "diver,noweight,nocomp"
		}
		rows, err = ablation(ctx, strings.Split(*modes, ","), *solverSpec, flag.Args(), *budget, *jobs, *seed, *timeout, *mutants, *out)
	case "table":
		for _, dir := range flag.Args() {
			r, err := fromDir(ctx, dir, nil)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			rows = append(rows, r)
		}
	default:
		err = fmt.Errorf("unknown mode %q: want harness, ablation or table", *mode)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	print(rows, *mode)
	writeJSON(*jsonOut, rows)
}

// startProfile starts pprof's CPU profile into path; stop ends it.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func writeJSON(path string, v any) {
	if path == "" {
		return
	}
	data, _ := json.MarshalIndent(v, "", "  ")
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func harness(ctx context.Context, iters uint64, mutants int, seed uint64) ([]row, error) {
	tmp, err := os.MkdirTemp("", "diver-harness-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var rows []row
	var total row
	total.Case = "all"
	for _, logic := range diver.BuiltinLogics {
		cfg, _ := json.Marshal(diver.Options{NoSolver: true, Logics: []string{logic}, Mutants: mutants})
		dir := filepath.Join(tmp, logic)
		sum, err := campaign.Run(ctx, dir, diver.Name, cfg, campaign.Options{Seed: seed, Iterations: iters, Workers: 1, NoReduce: true})
		if err != nil {
			return nil, err
		}
		r, err := fromDir(ctx, dir, sum)
		if err != nil {
			return nil, err
		}
		r.Case = logic
		rows = append(rows, r)
		total.Seeds += r.Seeds
		total.Attempts += r.Attempts
		total.Candidates += r.Candidates
		total.Accepted += r.Accepted
		total.Mutants += r.Mutants
		total.Complicated += r.Complicated
		total.WallSeconds += r.WallSeconds
		total.HarnessCPUs += r.HarnessCPUs
	}
	total.MutantsPerSec = float64(total.Mutants) / total.WallSeconds
	total.MutantsPerCPU = float64(total.Mutants) / total.HarnessCPUs
	total.YieldShare = float64(total.Mutants) / float64(total.Attempts)
	total.AcceptShare = float64(total.Accepted) / float64(total.Candidates)
	return append(rows, total), nil
}

func ablation(ctx context.Context, modes []string, solverSpec string, seeds []string, budget time.Duration, jobs int, seed uint64, timeout time.Duration, mutants int, out string) ([]row, error) {
	if len(seeds) == 0 {
		return nil, fmt.Errorf("ablation: give seed files or directories (the same for every mode)")
	}
	if out == "" {
		tmp, err := os.MkdirTemp("", "diver-ablation-")
		if err != nil {
			return nil, err
		}
		out = tmp
	}
	var rows []row
	for _, m := range modes {
		cfg, _ := json.Marshal(diver.Options{Solver: solverSpec, Seeds: seeds, Mode: diver.Mode(m), Timeout: timeout, Mutants: mutants})
		dir := filepath.Join(out, m)
		fmt.Fprintf(os.Stderr, "%s: %s for %s in %s\n", time.Now().Format("15:04:05"), m, budget, dir)
		sum, err := campaign.Run(ctx, dir, diver.Name, cfg, campaign.Options{Seed: seed, Duration: budget, Workers: jobs})
		if err != nil {
			return nil, err
		}
		r, err := fromDir(ctx, dir, sum)
		if err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// fromDir reads a finished campaign's row from its store; sum (the run's
// own summary, when it ran in this process) adds wall and harness CPU.
func fromDir(ctx context.Context, dir string, sum *campaign.Summary) (row, error) {
	id, spec, _, err := campaign.ReadDirMeta(dir)
	if err != nil {
		return row{}, err
	}
	st, err := campaign.OpenStore(ctx, spec, dir)
	if err != nil {
		return row{}, err
	}
	defer st.Close()
	rep, err := campaign.BuildReport(ctx, st, id)
	if err != nil {
		return row{}, err
	}
	var o diver.Options
	_ = json.Unmarshal(rep.Campaign.Config, &o)
	c := rep.Stats.Counters
	r := row{Case: filepath.Base(dir), Solver: o.Solver, Mode: string(o.Mode), Seeds: int64(rep.Iterations),
		Attempts: c["attempts"], Candidates: c["candidates"], Accepted: c["accepted"], Mutants: c["mutants"], Complicated: c["complicated"], Sat: c["mutant_sat"],
		Unknown: c["mutant_unknown"], Errors: c["mutant_error"], SolverCPUs: rep.Stats.SolverCPU.Seconds(),
		Findings: rep.Findings, ByClass: map[string]int{}, PerLogic: map[string]yield{}, ErrorKinds: map[string]int64{}}
	if r.Mode == "" {
		r.Mode = string(diver.ModeDiver)
	}
	for k, v := range rep.ByClass {
		r.ByClass[string(k)] = v
	}
	for k, v := range c {
		switch {
		case strings.HasPrefix(k, "seeds: "):
			y := r.PerLogic[k[len("seeds: "):]]
			y.Seeds = v
			r.PerLogic[k[len("seeds: "):]] = y
			r.SeedsUsed += v
		case strings.HasPrefix(k, "sat mutants: "):
			y := r.PerLogic[k[len("sat mutants: "):]]
			y.Sat = v
			r.PerLogic[k[len("sat mutants: "):]] = y
		case strings.HasPrefix(k, "error: "):
			r.ErrorKinds[k[len("error: "):]] = v
		}
	}
	for k, y := range r.PerLogic {
		if y.Seeds > 0 {
			y.PerSeed = float64(y.Sat) / float64(y.Seeds)
		}
		r.PerLogic[k] = y
	}
	r.WallSeconds = rep.Span.Seconds()
	if sum != nil {
		r.WallSeconds = sum.Elapsed.Seconds()
		r.HarnessCPUs = sum.HarnessCPU.Seconds()
		r.SolverShare = sum.SolverShare()
		if r.HarnessCPUs > 0 {
			r.MutantsPerCPU = float64(r.Mutants) / r.HarnessCPUs
		}
	}
	if r.WallSeconds > 0 {
		r.MutantsPerSec = float64(r.Mutants) / r.WallSeconds
	}
	if r.Attempts > 0 {
		r.YieldShare = float64(r.Mutants) / float64(r.Attempts)
	}
	if r.Candidates > 0 {
		r.AcceptShare = float64(r.Accepted) / float64(r.Candidates)
	}
	return r, nil
}

func print(rows []row, mode string) {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	if mode == "harness" {
		fmt.Fprintln(w, "logic\tseeds\tattempts\tyield\tcandidates\taccepted\tsat mutants\tcomplicated\twall s\tmutants/s\tharness CPU s\tmutants/cpu-s\t")
		for _, r := range rows {
			fmt.Fprintf(w, "%s\t%d\t%d\t%.1f%%\t%d\t%.1f%%\t%d\t%d\t%.2f\t%.0f\t%.2f\t%.0f\t\n", r.Case, r.Seeds, r.Attempts, 100*r.YieldShare,
				r.Candidates, 100*r.AcceptShare, r.Mutants, r.Complicated, r.WallSeconds, r.MutantsPerSec, r.HarnessCPUs, r.MutantsPerCPU)
		}
		w.Flush()
		return
	}
	fmt.Fprintln(w, "case\tmode\tseeds\tused\tsat mutants\tmutants/s\tyield\taccepted\tsat\tunk/to\terrors\tsolver CPU\tfindings\tdistinct bugs\t")
	for _, r := range rows {
		share := "-"
		if r.SolverShare > 0 {
			share = fmt.Sprintf("%.1f%%", 100*r.SolverShare)
		}
		var classes []string
		for k, v := range r.ByClass {
			classes = append(classes, fmt.Sprintf("%s %d", k, v))
		}
		sort.Strings(classes)
		if len(classes) == 0 {
			classes = []string{"none"}
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%.2f\t%.1f%%\t%.1f%%\t%d\t%d\t%d\t%s\t%d\t%s\t\n", r.Case, r.Mode, r.Seeds, r.SeedsUsed,
			r.Mutants, r.MutantsPerSec, 100*r.YieldShare, 100*r.AcceptShare, r.Sat, r.Unknown, r.Errors, share, r.Findings, strings.Join(classes, ", "))
	}
	w.Flush()
	fmt.Println()
	fmt.Println("satisfiable mutants answered sat per seed, by logic:")
	w = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	logics := map[string]bool{}
	for _, r := range rows {
		for l := range r.PerLogic {
			logics[l] = true
		}
	}
	var ls []string
	for l := range logics {
		ls = append(ls, l)
	}
	sort.Strings(ls)
	fmt.Fprint(w, "case\t")
	for _, l := range ls {
		fmt.Fprintf(w, "%s\t", l)
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t", r.Case)
		for _, l := range ls {
			y := r.PerLogic[l]
			fmt.Fprintf(w, "%d/%d = %.1f\t", y.Sat, y.Seeds, y.PerSeed)
		}
		fmt.Fprintln(w)
	}
	w.Flush()
	for _, r := range rows {
		if len(r.ErrorKinds) > 0 {
			fmt.Printf("\n%s: error answers by kind:\n", r.Case)
			var ks []string
			for k := range r.ErrorKinds {
				ks = append(ks, k)
			}
			sort.Strings(ks)
			for _, k := range ks {
				fmt.Printf("  %6d  %s\n", r.ErrorKinds[k], k)
			}
		}
	}
}
