// Command campaignoverhead measures what the campaign harness costs, side by
// side in one run:
//
//   - noop: a system whose iterations do nothing (the toy system with no
//     findings and no solver calls), so iterations/s is the harness's own
//     ceiling (seeding, dispatch, group commits to SQLite, progress), and
//     CPU per iteration is its cost;
//   - z3: a real campaign of the z3toy system (small random QF_BV/QF_LIA
//     scripts sent to z3 through solver.Run), where the share of CPU spent
//     outside the solver processes (this process: generation, process
//     management, the store) is the harness's overhead; the goal is < 5%;
//   - bare: the baseline for z3, measured in the same run: the same scripts
//     (same generator, same seeds) piped to z3 by a plain loop of os/exec
//     calls, with no harness, no limits and no store. Its share of CPU
//     outside z3 is what starting a process per query costs by itself.
//
// It prints a table and writes it as JSON.
//
//	go run ./bench/campaignoverhead -noop 200000 -time 60s -repeat 3 -json campaignoverhead.json
//
// The CPU times are getrusage's: this process's own (RUSAGE_SELF: every
// thread, the Go runtime's included) against its children's, so other
// jobs on the machine change the wall times and rates but hardly the
// shares. See README.md for the measured numbers.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"tandem/campaign"
	"tandem/internal/toy"
)

type row struct {
	Case         string  `json:"case"`
	Workers      int     `json:"workers"`
	Iterations   uint64  `json:"iterations"`
	WallSeconds  float64 `json:"wall_seconds"`
	ItersPerSec  float64 `json:"iterations_per_second"`
	SolverCalls  int64   `json:"solver_calls"`
	CallsPerSec  float64 `json:"solver_calls_per_second"`
	HarnessCPUs  float64 `json:"harness_cpu_seconds"`
	SolverCPUs   float64 `json:"solver_cpu_seconds"`
	ChildrenCPUs float64 `json:"children_cpu_seconds"` // getrusage(RUSAGE_CHILDREN), a cross-check of solver CPU
	USPerIter    float64 `json:"harness_cpu_us_per_iteration"`
	OutsideShare float64 `json:"cpu_share_outside_solvers"`
	Findings     int64   `json:"findings"`
	Signatures   int     `json:"signatures"`
}

func childrenCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func measure(name, system string, config []byte, opts campaign.Options) (row, error) {
	dir, err := os.MkdirTemp("", "campaignoverhead-")
	if err != nil {
		return row{}, err
	}
	defer os.RemoveAll(dir)
	c0 := childrenCPU()
	t0 := time.Now()
	sum, err := campaign.Run(context.Background(), dir, system, config, opts)
	if err != nil {
		return row{}, fmt.Errorf("%s: %w", name, err)
	}
	wall := time.Since(t0)
	r := row{Case: name, Workers: opts.Workers, Iterations: sum.Iterations, WallSeconds: wall.Seconds(),
		ItersPerSec: float64(sum.Iterations) / wall.Seconds(), SolverCalls: sum.Stats.SolverCalls,
		CallsPerSec: float64(sum.Stats.SolverCalls) / wall.Seconds(),
		HarnessCPUs: sum.HarnessCPU.Seconds(), SolverCPUs: sum.Stats.SolverCPU.Seconds(),
		ChildrenCPUs: (childrenCPU() - c0).Seconds(), Findings: sum.Findings, Signatures: sum.Signatures}
	if sum.Iterations > 0 {
		r.USPerIter = float64(sum.HarnessCPU.Microseconds()) / float64(sum.Iterations)
	}
	if t := sum.HarnessCPU + sum.Stats.SolverCPU; t > 0 {
		r.OutsideShare = float64(sum.HarnessCPU) / float64(t)
	}
	return r, nil
}

// bare runs the z3toy scripts of iterations 0, 1, … through plain os/exec
// calls of z3 on j goroutines for d.
func bare(d time.Duration, j int, solvers string) (row, error) {
	z, err := toy.NewZ3(nil)
	if err != nil {
		return row{}, err
	}
	bin, err := exec.LookPath("z3")
	if err != nil {
		return row{}, fmt.Errorf("z3 not found on PATH: %w", err)
	}
	var next atomic.Uint64
	var calls atomic.Int64
	self0, c0, t0 := selfCPU(), childrenCPU(), time.Now()
	deadline := t0.Add(d)
	var wg sync.WaitGroup
	for w := 0; w < j; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				it := campaign.NewIteration(1, next.Add(1)-1)
				cmd := exec.Command(bin, "-smt2", "-in", "model_validate=true")
				cmd.Stdin = bytes.NewReader(z.Script(it.Rand))
				cmd.Output()
				calls.Add(1)
			}
		}()
	}
	wg.Wait()
	wall := time.Since(t0)
	self, ch := selfCPU()-self0, childrenCPU()-c0
	n := uint64(calls.Load())
	return row{Case: fmt.Sprintf("bare os/exec z3 -j %d", j), Workers: j, Iterations: n, WallSeconds: wall.Seconds(),
		ItersPerSec: float64(n) / wall.Seconds(), SolverCalls: int64(n), CallsPerSec: float64(n) / wall.Seconds(),
		HarnessCPUs: self.Seconds(), SolverCPUs: ch.Seconds(), ChildrenCPUs: ch.Seconds(),
		USPerIter: float64(self.Microseconds()) / float64(max(n, 1)), OutsideShare: float64(self) / float64(self+ch)}, nil
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	noop := flag.Uint64("noop", 200000, "iterations of the no-op system (0: skip)")
	dur := flag.Duration("time", 60*time.Second, "duration of the z3 campaign (0: skip)")
	jobs := flag.Int("j", runtime.NumCPU(), "workers")
	solvers := flag.String("solvers", "z3", "z3toy solver specs, ';'-separated")
	repeat := flag.Int("repeat", 1, "how many times to measure the z3 campaign and the bare loop (alternating)")
	withBare := flag.Bool("bare", true, "measure the bare os/exec loop after each z3 campaign (with -solvers z3)")
	jsonOut := flag.String("json", "", "write the table as JSON to this file")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			defer pprof.StopCPUProfile()
		}
	}

	var rows []row
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "campaignoverhead:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
	if *noop > 0 {
		cfg, _ := json.Marshal(toy.FakeOptions{Rate: -1, Calls: -1})
		for _, j := range []int{1, *jobs} {
			r, err := measure(fmt.Sprintf("noop -j %d", j), toy.FakeName, cfg, campaign.Options{Seed: 1, Iterations: *noop, Workers: j})
			if err != nil {
				fail(err)
			}
			rows = append(rows, r)
		}
	}
	for k := 1; *dur > 0 && k <= *repeat; k++ {
		run := ""
		if *repeat > 1 {
			run = fmt.Sprintf(" #%d", k)
		}
		cfg, _ := json.Marshal(toy.Z3Options{Solvers: strings.Split(*solvers, ";")})
		r, err := measure(fmt.Sprintf("z3toy %s -j %d%s", *solvers, *jobs, run), toy.Z3Name, cfg, campaign.Options{Seed: 1, Duration: *dur, Workers: *jobs})
		if err != nil {
			fail(err)
		}
		rows = append(rows, r)
		if *solvers == "z3" && *withBare {
			b, err := bare(*dur, *jobs, *solvers)
			if err != nil {
				fail(err)
			}
			b.Case += run
			rows = append(rows, b)
		}
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\titerations\twall s\titer/s\tsolver calls/s\tharness CPU s\tsolver CPU s\tchildren CPU s\tharness µs/iter\tCPU outside solvers\t")
	for _, r := range rows {
		out := "–"
		if r.SolverCalls > 0 {
			out = fmt.Sprintf("%.2f%%", 100*r.OutsideShare)
		}
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.0f\t%.1f\t%.3f\t%.3f\t%.3f\t%.1f\t%s\t\n", r.Case, r.Iterations, r.WallSeconds, r.ItersPerSec,
			r.CallsPerSec, r.HarnessCPUs, r.SolverCPUs, r.ChildrenCPUs, r.USPerIter, out)
	}
	tw.Flush()
	if *jsonOut != "" {
		data, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(*jsonOut, append(data, '\n'), 0o644); err != nil {
			fail(err)
		}
	}
}
