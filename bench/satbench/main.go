// Command satbench measures tandem's CDCL solver and IDRUP checker on a
// fixed set of generated competition-style instances (random 3-SAT at the
// threshold ratio 4.26, pigeonhole, graph colouring), side by side with
// minisat in one run, and prints a table:
//
// Times are CPU seconds (user+system; -wall for wall clock), the best of
// -reps runs.
//
//   - solve: tandem's solving time without a proof, and with the IDRUP proof
//     written to a file;
//
//   - check: the time of idrup.Check on that proof, and check/solve;
//
//   - minisat: minisat's wall time on the same DIMACS file (process start
//     included), and tandem/minisat.
//
//     go run ./bench/satbench            # the default set
//     go run ./bench/satbench -json out.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"syscall"
	"time"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/sat"
)

type instance struct {
	name    string
	vars    int
	clauses [][]int
}

func instances(set string) []instance {
	var out []instance
	add := func(name string, v int, cs [][]int) { out = append(out, instance{name, v, cs}) }
	switch set {
	case "small":
		for i, n := range []int{100, 125, 150, 150} {
			r := rand.New(rand.NewSource(int64(i + 1)))
			add(fmt.Sprintf("uf%d-s%d", n, i+1), n, satgen.Random3SAT(r, n, 4.26))
		}
		v, cs := satgen.Pigeonhole(8, 7)
		add("php8-7", v, cs)
		r := rand.New(rand.NewSource(3))
		v, cs = satgen.Coloring(r, 60, 140, 4)
		add("col60-4", v, cs)
	default: // "hard": solves of roughly 1-10 s
		for i, n := range []int{250, 250, 250, 260, 260, 270} {
			seed := int64(i + 4)
			r := rand.New(rand.NewSource(seed))
			add(fmt.Sprintf("uf%d-s%d", n, seed), n, satgen.Random3SAT(r, n, 4.26))
		}
		v, cs := satgen.Pigeonhole(10, 9)
		add("php10-9", v, cs)
		r := rand.New(rand.NewSource(5))
		v, cs = satgen.Coloring(r, 120, 520, 4)
		add("col120-4", v, cs)
	}
	return out
}

type row struct {
	Name       string  `json:"name"`
	Answer     string  `json:"answer"`
	Solve      float64 `json:"solve_seconds"`
	SolveProof float64 `json:"solve_with_proof_seconds"`
	Check      float64 `json:"check_seconds"`
	ProofMB    float64 `json:"proof_mb"`
	Minisat    float64 `json:"minisat_seconds"`
	MinisatAns int     `json:"minisat_exit"`
}

func main() {
	set := flag.String("set", "hard", "instance set: hard (1-10 s solves), small, or mixed (PAR-2 against minisat, cadical, kissat; see README)")
	jsonOut := flag.String("json", "", "also write the table as JSON to this file")
	timeout := flag.Duration("timeout", 120*time.Second, "limit per solver run")
	flag.BoolVar(&wall, "wall", false, "report wall-clock instead of CPU time")
	reps := flag.Int("reps", 1, "run each measurement this many times and report the fastest (less noise on a shared machine)")
	solveFile := flag.String("solve", "", "internal: solve this file with tandem's solver in this process (the child of -set mixed)")
	proofFile := flag.String("proof", "", "internal: with -solve, write the IDRUP proof here")
	minisatBin := flag.String("minisat", "minisat", "-set mixed: the MiniSat binary (\"\": leave out)")
	cadicalBin := flag.String("cadical", "cadical", "-set mixed: the CaDiCaL binary (\"\": leave out)")
	kissatBin := flag.String("kissat", "", "-set mixed: the Kissat binary (\"\": leave out)")
	cnfDir := flag.String("cnfdir", "/work/build/cadical-src/test/cnf", "-set mixed: CaDiCaL's test/cnf directory (\"\": leave its CNFs out)")
	only := flag.String("only", "", "-set mixed: run only the instances whose name matches this regexp")
	emit := flag.String("emit", "", "-set mixed: write the instances as DIMACS files (assumptions as units) to this directory and stop")
	memory := flag.Int64("memory", 4<<30, "-set mixed: memory limit per solver run, bytes")
	cpuProfile := flag.String("cpuprofile", "", "with -solve, write a CPU profile of the solve here")
	flag.Parse()
	if *solveFile != "" {
		if *cpuProfile != "" {
			f, err := os.Create(*cpuProfile)
			if err != nil {
				fail(err)
			}
			pprof.StartCPUProfile(f)
			code := solveChild(*solveFile, *proofFile)
			pprof.StopCPUProfile()
			os.Exit(code)
		}
		os.Exit(solveChild(*solveFile, *proofFile))
	}
	dir, err := os.MkdirTemp("", "satbench")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	if *set == "mixed" {
		cfg := mixedConfig{timeout: *timeout, memory: *memory, dir: dir, emit: *emit}
		if *only != "" {
			re, err := regexp.Compile(*only)
			if err != nil {
				fail(fmt.Errorf("-only: %w", err))
			}
			cfg.only = re
		}
		for _, s := range [][2]string{{"minisat", *minisatBin}, {"cadical", *cadicalBin}, {"kissat", *kissatBin}} {
			if s[1] == "" {
				continue
			}
			path, err := exec.LookPath(s[1])
			if err != nil {
				fail(fmt.Errorf("-%s: %w", s[0], err))
			}
			cfg.solvers = append(cfg.solvers, namedSolver{s[0], path})
		}
		if err := runMixed(cfg, *cnfDir, *jsonOut); err != nil {
			fail(err)
		}
		return
	}
	minisat, _ := exec.LookPath("minisat")
	if minisat == "" {
		fmt.Fprintln(os.Stderr, "satbench: minisat not found; run ./scripts/setup.sh to compare against it")
	}
	var rows []row
	fmt.Printf("%-10s %-6s %9s %10s %9s %7s %8s %9s %8s\n", "instance", "answer", "solve(s)", "+proof(s)", "check(s)", "chk/slv", "proofMB", "minisat(s)", "us/mini")
	var tot row
	tot.Name = "total"
	for _, in := range instances(*set) {
		cnf := filepath.Join(dir, in.name+".cnf")
		f, err := os.Create(cnf)
		if err != nil {
			fail(err)
		}
		satgen.WriteDIMACS(f, in.vars, in.clauses, nil)
		f.Close()
		rw := row{Name: in.name}

		var st sat.Status
		rw.Solve = best(*reps, func() {
			ctx, cancel := context.WithTimeout(context.Background(), *timeout)
			defer cancel()
			s := sat.New(nil)
			for _, c := range in.clauses {
				s.AddClause(c...)
			}
			st = s.Solve(ctx)
		})
		rw.Answer = map[sat.Status]string{sat.Satisfiable: "SAT", sat.Unsatisfiable: "UNSAT", sat.Unknown: "?"}[st]

		proofPath := filepath.Join(dir, in.name+".idrup")
		rw.SolveProof = best(*reps, func() {
			pf, err := os.Create(proofPath)
			if err != nil {
				fail(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), *timeout)
			defer cancel()
			s := sat.New(nil)
			s.SetProof(pf)
			for _, c := range in.clauses {
				s.AddClause(c...)
			}
			s.Solve(ctx)
			if err := s.Flush(); err != nil {
				fail(err)
			}
			pf.Close()
		})
		if fi, err := os.Stat(proofPath); err == nil {
			rw.ProofMB = float64(fi.Size()) / 1e6
		}
		rw.Check = best(*reps, func() {
			if _, err := idrup.CheckFiles(context.Background(), "", proofPath, idrup.Options{}); err != nil {
				fmt.Fprintf(os.Stderr, "satbench: %s: proof does not check: %v\n", in.name, err)
			}
		})
		os.Remove(proofPath)

		if minisat != "" {
			rw.Minisat = best(*reps, func() {
				ctx, cancel := context.WithTimeout(context.Background(), *timeout)
				defer cancel()
				cmd := exec.CommandContext(ctx, minisat, "-verb=0", cnf)
				err := cmd.Run()
				if cmd.ProcessState != nil {
					childCPU = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
				}
				if ee, ok := err.(*exec.ExitError); ok {
					rw.MinisatAns = ee.ExitCode()
				}
			})
		}
		if minisat != "" && st != sat.Unknown && rw.MinisatAns != int(st) {
			fmt.Fprintf(os.Stderr, "satbench: %s: tandem says %v, minisat exits %d\n", in.name, st, rw.MinisatAns)
		}
		rows = append(rows, rw)
		tot.Solve += rw.Solve
		tot.SolveProof += rw.SolveProof
		tot.Check += rw.Check
		tot.ProofMB += rw.ProofMB
		tot.Minisat += rw.Minisat
		print(rw)
	}
	print(tot)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(append(rows, tot), "", "  ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func print(r row) {
	ratio := func(a, b float64) string {
		if b <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f", a/b)
	}
	fmt.Printf("%-10s %-6s %9.2f %10.2f %9.2f %7s %8.1f %9.2f %8s\n", r.Name, r.Answer, r.Solve, r.SolveProof, r.Check,
		ratio(r.Check, r.SolveProof), r.ProofMB, r.Minisat, ratio(r.Solve, r.Minisat))
}

// best runs f reps times and returns the least time in seconds: CPU time
// (user + system of this process, or of the child when f reports one) by
// default, wall time with -wall. CPU time is the fairer measure on a
// machine shared with other work.
func best(reps int, f func()) float64 {
	m := 0.0
	for i := range max(reps, 1) {
		childCPU = -1
		t0, c0 := time.Now(), selfCPU()
		f()
		d := time.Since(t0).Seconds()
		if !wall {
			d = selfCPU() - c0
			if childCPU >= 0 {
				d = childCPU
			}
		}
		if i == 0 || d < m {
			m = d
		}
	}
	return m
}

var (
	wall     bool
	childCPU float64 // CPU seconds of the last child process, -1 if none
)

func selfCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return tv(ru.Utime) + tv(ru.Stime)
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "satbench:", err)
	os.Exit(1)
}
