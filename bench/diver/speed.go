package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"tandem/campaign"
	"tandem/diver"
)

// speedRow is one (logic, mode) line of the speed table, summed over the
// rounds.
type speedRow struct {
	Logic    string `json:"logic"`
	Mode     string `json:"mode"` // push, reset, auto, one-shot, fixed, adaptive or harness-only
	Seeds    int64  `json:"seeds"`
	Mutants  int64  `json:"satisfiable_mutants"`
	Sat      int64  `json:"answered_sat"`
	Unsat    int64  `json:"answered_unsat"`
	Timeouts int64  `json:"unknown_or_timeout"`
	// Cut counts mutants stopped by the adaptive limit below -t, CutCPU
	// their solver CPU; Recheck counts, with -recheck-cuts, what the cut
	// mutants answered when run again with the whole -t (by status), and
	// RecheckCPU is that re-run's CPU, left out of SolverCPU.
	Cut        int64            `json:"cut"`
	CutCPU     float64          `json:"cut_cpu_seconds"`
	Recheck    map[string]int64 `json:"cut_recheck,omitempty"`
	RecheckCPU float64          `json:"cut_recheck_cpu_seconds,omitempty"`
	Errors     int64            `json:"errors"`
	// SolverCPU is the CPU of the solver process trees (rusage of each
	// one-shot process; a session's processes' rusage when they end);
	// ChildrenCPU is getrusage(RUSAGE_CHILDREN) over the same campaigns,
	// which also counts version probes and seed-model runs: a cross-check.
	SolverCPU float64 `json:"solver_cpu_seconds"`
	// SeedCPU is the part of SolverCPU spent getting the seeds' models
	// (one run per seed, the same in every mode); MutantCPUms is the
	// solver CPU per mutant without it.
	SeedCPU     float64 `json:"seed_cpu_seconds"`
	MutantCPUms float64 `json:"solver_cpu_ms_per_mutant"`
	ChildrenCPU float64 `json:"children_cpu_seconds"`
	// TandemCPU is tandem's own CPU (the process's rusage).
	TandemCPU   float64 `json:"tandem_cpu_seconds"`
	TandemShare float64 `json:"tandem_cpu_share"`
	// SatPerCPU is answered-sat mutants per CPU second (solvers + tandem);
	// SatPerCPUNoTO the same with the CPU of timed-out calls (each at
	// most the CPU limit) left out, to show what the timeouts cost.
	SatPerCPU float64 `json:"sat_per_cpu_second"`
	// SatPerMutantCPU is the same without the seeds' model runs: the
	// rate of the mutant loop itself.
	SatPerMutantCPU float64 `json:"sat_per_cpu_second_without_seeds"`
	SatPerCPUNoTO   float64 `json:"sat_per_cpu_second_without_timeouts"`
	// HarnessRate is mutants per tandem CPU second (harness-only rows:
	// no solver for the mutants, each judged under its own model).
	HarnessRate float64 `json:"mutants_per_tandem_cpu_second"`
	Wall        float64 `json:"wall_seconds"`
	Incremental int64   `json:"incremental_mutants"`
	Reset       int64   `json:"reset_mutants"`
	AutoPush    int64   `json:"auto_push_seeds"`
	AutoReset   int64   `json:"auto_reset_seeds"`
	Fallbacks   int64   `json:"one_shot_fallbacks"`
	Mismatch    int64   `json:"harness_mismatch,omitempty"`
}

// limitFlags are the adaptive limit's settings of a speed run (zero:
// DIVER's defaults) and -recheck-cuts.
type limitFlags struct {
	factor  float64
	floor   time.Duration
	recheck bool
}

// speedModes are the ways the speed mode runs the mutants, side by side,
// by default (each under the campaign's default, adaptive, mutant limit);
// limitModes compare that limit with --fixed-timeout (both in auto
// session style, the campaign default), when -modes names them.
var (
	speedModes = []string{"push", "reset", "auto", "one-shot"}
	limitModes = []string{"fixed", "adaptive"}
)

// speed runs, for each seed directory (one logic), rounds of five
// campaigns side by side in this process: a push/pop session, a reset
// session, auto (diver.SessionAuto), one-shot (the order rotating per
// round, so that drift in the machine's load falls on all) and
// harness-only; each round has its own master seed, shared by all. Same seeds, same mutants (option
// fuzzing is off, so that the modes send the same mutants), same solver.
// only, when not empty, limits the modes run (e.g. harness-only alone).
func speed(ctx context.Context, solverSpec string, dirs []string, rounds int, iters uint64, mutants int, timeout time.Duration, seed uint64, only []string, lim limitFlags) ([]speedRow, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("speed: give one seed directory per logic")
	}
	tmp, err := os.MkdirTemp("", "diver-speed-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	run := speedModes
	if len(only) > 0 {
		run = nil
		for _, m := range append(append([]string(nil), speedModes...), limitModes...) {
			if slices.Contains(only, m) {
				run = append(run, m)
			}
		}
	}
	all := append(append([]string(nil), run...), "harness-only")
	var rows []speedRow
	for _, dir := range dirs {
		logic := logicOf(dir)
		acc := map[string]*speedRow{}
		for _, m := range all {
			acc[m] = &speedRow{Logic: logic, Mode: m}
		}
		for round := range rounds {
			n := len(run)
			order := make([]string, 0, n+1)
			for k := range n {
				order = append(order, run[(k+round)%n])
			}
			for _, m := range append(order, "harness-only") {
				if len(only) > 0 && !slices.Contains(only, m) {
					continue
				}
				o := diver.Options{Solver: solverSpec, Seeds: []string{dir}, Mutants: mutants, Timeout: timeout, NoOptionFuzz: true,
					OneShot: m == "one-shot", NoSolver: m == "harness-only", Session: diver.SessionPush}
				switch m {
				case "reset":
					o.Session = diver.SessionReset
				case "auto", "adaptive":
					o.Session = diver.SessionAuto
				case "fixed":
					o.Session, o.FixedTimeout = diver.SessionAuto, true
				}
				o.RecheckCuts, o.LimitFactor, o.LimitFloor = lim.recheck, lim.factor, lim.floor
				cfg, _ := json.Marshal(o)
				out := filepath.Join(tmp, fmt.Sprintf("%s-%d-%s", logic, round, m))
				fmt.Fprintf(os.Stderr, "%s: %s round %d %s\n", time.Now().Format("15:04:05"), logic, round, m)
				sum, err := campaign.Run(ctx, out, diver.Name, cfg, campaign.Options{Seed: seed + uint64(round), Iterations: iters, Workers: 1, NoReduce: true})
				if err != nil {
					return nil, err
				}
				add(acc[m], sum)
			}
		}
		for _, m := range all {
			if len(only) == 0 || slices.Contains(only, m) {
				rows = append(rows, finish(acc[m], timeout))
			}
		}
	}
	return rows, nil
}

func logicOf(dir string) string {
	d := filepath.Clean(dir)
	if filepath.Base(d) == "sat" {
		d = filepath.Dir(d)
	}
	return filepath.Base(d)
}

func add(r *speedRow, sum *campaign.Summary) {
	s := sum.Stats
	c := s.Counters
	r.Seeds += c["seeds"]
	r.Mutants += c["mutants"]
	r.Sat += c["mutant_sat"]
	r.Unsat += c["mutant_unsat"]
	r.Timeouts += c["mutant_unknown"]
	r.Cut += c["mutant_cut"]
	r.CutCPU += float64(c["cut_cpu_us"]) / 1e6
	recheck := float64(c["cut_recheck_cpu_us"]) / 1e6
	r.RecheckCPU += recheck
	r.Errors += c["mutant_error"]
	r.Incremental += c["incremental"]
	r.Reset += c["reset_mutants"]
	r.AutoPush += c["auto_push"]
	r.AutoReset += c["auto_reset"]
	r.SeedCPU += float64(c["seed_cpu_us"]) / 1e6
	r.Mismatch += c["harness_mismatch"]
	for k, v := range c {
		if strings.HasPrefix(k, "one-shot: ") {
			r.Fallbacks += v
		}
		if st, ok := strings.CutPrefix(k, "cut recheck: "); ok {
			if r.Recheck == nil {
				r.Recheck = map[string]int64{}
			}
			r.Recheck[st] += v
		}
	}
	r.SolverCPU += s.SolverCPU.Seconds() - recheck
	r.ChildrenCPU += sum.ChildrenCPU.Seconds()
	r.TandemCPU += sum.HarnessCPU.Seconds()
	r.Wall += sum.Elapsed.Seconds()
}

func finish(r *speedRow, timeout time.Duration) speedRow {
	total := r.SolverCPU + r.TandemCPU
	if total > 0 {
		r.TandemShare = r.TandemCPU / total
	}
	if r.Mutants > 0 {
		r.MutantCPUms = 1000 * (r.SolverCPU - r.SeedCPU) / float64(r.Mutants)
	}
	if r.Mode == "harness-only" {
		if r.TandemCPU > 0 {
			r.HarnessRate = float64(r.Mutants) / r.TandemCPU
		}
		return *r
	}
	if total > 0 {
		r.SatPerCPU = float64(r.Sat) / total
	}
	if rest := total - r.SeedCPU; rest > 0 {
		r.SatPerMutantCPU = float64(r.Sat) / rest
	}
	if rest := total - r.SeedCPU - float64(r.Timeouts)*timeout.Seconds() - r.CutCPU; rest > 0 {
		r.SatPerCPUNoTO = float64(r.Sat) / rest
	}
	return *r
}

func printSpeed(rows []speedRow) {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "logic\tmode\tseeds\tmutants\tsat\tunsat\tunk/to\tcut\tcut CPU s\tcut recheck\terrors\tsolver CPU s\t(seeds)\t(children)\tms/mutant\ttandem CPU s\ttandem share\tsat/CPU-s\tw/o seeds\tw/o seeds+timeouts\tharness-only mutants/tandem-CPU-s\tin session\treset\tauto push/reset\tfallbacks\twall s\t")
	for _, r := range rows {
		rate, noSeed, noTO, h := fmt.Sprintf("%.1f", r.SatPerCPU), fmt.Sprintf("%.1f", r.SatPerMutantCPU), fmt.Sprintf("%.1f", r.SatPerCPUNoTO), "-"
		if r.Mode == "harness-only" {
			rate, noSeed, noTO, h = "-", "-", "-", fmt.Sprintf("%.0f", r.HarnessRate)
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t%s\t%d\t%.2f\t%.2f\t%.2f\t%.1f\t%.2f\t%.1f%%\t%s\t%s\t%s\t%s\t%d\t%d\t%d/%d\t%d\t%.0f\t\n", r.Logic, r.Mode, r.Seeds, r.Mutants, r.Sat, r.Unsat,
			r.Timeouts, r.Cut, r.CutCPU, recheckText(r.Recheck), r.Errors, r.SolverCPU, r.SeedCPU, r.ChildrenCPU, r.MutantCPUms, r.TandemCPU, 100*r.TandemShare, rate, noSeed, noTO, h, r.Incremental, r.Reset, r.AutoPush, r.AutoReset, r.Fallbacks, r.Wall)
	}
	w.Flush()
}

// recheckText is the cut mutants' answers with the whole -t, e.g.
// "sat 2 timeout 5" ("-" without -recheck-cuts or cuts).
func recheckText(m map[string]int64) string {
	if len(m) == 0 {
		return "-"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, " ")
}
