// Command solveroverhead measures what tandem's process layer costs per
// trivial query, side by side in one run: (a) one-shot solver.Run calls,
// (b) bare os/exec invocations of the same solver on the same file with no
// limits, no process group and no output handling, and (c) one incremental
// solver.Session answering push/assert/check-sat/pop per query. (a) and (b)
// alternate in rounds so machine noise hits both alike. It prints a table
// and writes it as JSON.
//
//	go run ./bench/solveroverhead -n 1000 -solver z3 -json solveroverhead.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"text/tabwriter"
	"time"

	"tandem/solver"
)

const trivial = "(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n"

type row struct {
	Method        string  `json:"method"`
	Calls         int     `json:"calls"`
	WallSeconds   float64 `json:"wall_seconds"`
	CallsPerSec   float64 `json:"calls_per_second"`
	MSPerCall     float64 `json:"ms_per_call"`
	SelfCPUPerCal float64 `json:"tandem_cpu_us_per_call"` // this process's own user+sys CPU
	VsBare        float64 `json:"time_vs_bare"`           // ms/call ÷ bare ms/call
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type acc struct {
	wall, cpu time.Duration
	calls     int
}

func (a *acc) measure(f func()) {
	c0, t0 := selfCPU(), time.Now()
	f()
	a.wall += time.Since(t0)
	a.cpu += selfCPU() - c0
}

func main() {
	n := flag.Int("n", 1000, "trivial queries per method")
	spec := flag.String("solver", "z3", "solver spec")
	round := flag.Int("round", 50, "queries per alternating round of one-shot and bare runs")
	jsonOut := flag.String("json", "solveroverhead.json", "write the table here")
	flag.Parse()

	ctx := context.Background()
	p, err := solver.NewRegistry().Lookup(*spec)
	if err != nil {
		fatal(err)
	}
	dir, err := os.MkdirTemp("", "solveroverhead")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "trivial.smt2")
	if err := os.WriteFile(file, []byte(trivial), 0o644); err != nil {
		fatal(err)
	}
	bin, err := exec.LookPath(p.Binary)
	if err != nil {
		fatal(err)
	}
	argv := p.OneShotArgv(file, solver.Mode{})

	var oneShot, bare, sess acc
	for done := 0; done < *n; done += *round {
		k := min(*round, *n-done)
		oneShot.measure(func() {
			for range k {
				r, err := solver.Run(ctx, p, solver.FileInput(file), solver.RunOptions{Limits: solver.Limits{Wall: 10 * time.Second}})
				if err != nil || r.Status != solver.StatusSat {
					fatal(fmt.Errorf("one-shot run: %v %v", r, err))
				}
			}
		})
		bare.measure(func() {
			for range k {
				out, err := exec.Command(bin, argv...).Output()
				if err != nil || string(out) != "sat\n" {
					fatal(fmt.Errorf("bare run: %q %v", out, err))
				}
			}
		})
		oneShot.calls += k
		bare.calls += k
	}

	s, err := solver.StartSession(ctx, p, solver.SessionOptions{})
	if err != nil {
		fatal(err)
	}
	check := func(r solver.Reply, err error) solver.Reply {
		if err != nil || r.Failed() {
			fatal(fmt.Errorf("session: %+v %v", r, err))
		}
		return r
	}
	check(s.Exec(ctx, "(declare-const x Int)"))
	sess.measure(func() {
		for i := range *n {
			check(s.Push(ctx, 1))
			check(s.Assert(ctx, fmt.Sprintf("(> x %d)", i)))
			if r := check(s.CheckSat(ctx)); r.Status != solver.StatusSat {
				fatal(fmt.Errorf("session check-sat: %v", r.Status))
			}
			check(s.Pop(ctx, 1))
		}
	})
	sess.calls = *n
	s.Close()

	mk := func(name string, a acc) row {
		per := a.wall.Seconds() * 1000 / float64(a.calls)
		return row{Method: name, Calls: a.calls, WallSeconds: a.wall.Seconds(), CallsPerSec: float64(a.calls) / a.wall.Seconds(),
			MSPerCall: per, SelfCPUPerCal: float64(a.cpu.Microseconds()) / float64(a.calls)}
	}
	rows := []row{mk("bare os/exec "+p.Name+" FILE", bare), mk("tandem one-shot solver.Run", oneShot), mk("tandem incremental Session", sess)}
	for i := range rows {
		rows[i].VsBare = rows[i].MSPerCall / rows[0].MSPerCall
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "method\tcalls\twall s\tcalls/s\tms/call\ttandem CPU µs/call\ttime vs bare\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.1f\t%.3f\t%.0f\t%.3f×\t\n", r.Method, r.Calls, r.WallSeconds, r.CallsPerSec, r.MSPerCall, r.SelfCPUPerCal, r.VsBare)
	}
	tw.Flush()
	fmt.Printf("one-shot overhead over bare: %+.1f%% (goal ≤ +10%%)\n", (rows[1].VsBare-1)*100)
	fmt.Printf("incremental speed-up over one-shot: %.1f× (goal ≥ 20×)\n", rows[1].MSPerCall/rows[2].MSPerCall)
	out, _ := json.MarshalIndent(map[string]any{"solver": p.Name, "queries": *n, "rows": rows}, "", "  ")
	if err := os.WriteFile(*jsonOut, out, 0o644); err != nil {
		fatal(err)
	}
	fmt.Println("wrote", *jsonOut)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "solveroverhead:", err)
	os.Exit(1)
}
