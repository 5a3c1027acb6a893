// Command satcheck runs tandem's CDCL solver differentially against minisat
// and cadical on generated instances (random 3-SAT at ratio 4.26,
// pigeonhole, graph colouring, random incremental iCNF scripts with
// assumptions) under random solver options, checks every proof with the
// IDRUP checker, and prints a table per family.
//
//	go run ./bench/satcheck -n 5000 -seed 1
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"sort"
	"time"

	"tandem/internal/satgen"
)

type row struct {
	Family     string  `json:"family"`
	Instances  int     `json:"instances"`
	Queries    int     `json:"queries"`
	Sat        int     `json:"sat"`
	Unsat      int     `json:"unsat"`
	Unknown    int     `json:"unknown"`
	Oracle     int     `json:"oracle_calls"`
	Failures   int     `json:"failures"`
	SolveSec   float64 `json:"solve_seconds"`
	CheckSec   float64 `json:"check_seconds"`
	ProofBytes int     `json:"proof_bytes"`
}

func main() {
	n := flag.Int("n", 5000, "number of instances")
	seed := flag.Int64("seed", 1, "master seed; instance i uses seed+i")
	scale := flag.Float64("scale", 1, "instance size scale")
	jsonOut := flag.String("json", "", "also write the table as JSON to this file")
	timeout := flag.Duration("timeout", 10*time.Minute, "wall-clock limit per instance (solving, oracles and check)")
	idrupCheck := flag.String("idrup-check", "", "speed bench instead: compare tandem's checker with this idrup-check binary on the proofs of a fixed incremental bench")
	corrupt := flag.Int("corrupt", 2, "speed bench: corrupted copies checked per proof")
	keep := flag.String("keep", "", "speed bench: write the scripts, interactions and proofs into this directory and keep them (default: a temporary directory, removed)")
	flag.Parse()
	if *idrupCheck != "" {
		os.Exit(speed(*idrupCheck, *keep, *corrupt, *timeout))
	}

	var oracles []string
	for _, b := range []string{"minisat", "cadical"} {
		p, err := exec.LookPath(b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "satcheck: %s not found; install it (./scripts/setup.sh) to compare against it\n", b)
			continue
		}
		oracles = append(oracles, p)
	}
	dir, err := os.MkdirTemp("", "satcheck")
	if err != nil {
		fmt.Fprintln(os.Stderr, "satcheck:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)

	rows := map[string]*row{}
	failures := 0
	start := time.Now()
	for i := 0; i < *n; i++ {
		r := rand.New(rand.NewSource(*seed + int64(i)))
		fam, sc := satgen.Instance(r, i, *scale)
		opts := satgen.RandomOptions(r)
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		out, err := satgen.Run(ctx, sc, opts, oracles, dir)
		cancel()
		rw := rows[string(fam)]
		if rw == nil {
			rw = &row{Family: string(fam)}
			rows[string(fam)] = rw
		}
		rw.Instances++
		rw.Queries += out.Queries
		rw.Sat += out.Sat
		rw.Unsat += out.Unsat
		rw.Unknown += out.Unknown
		rw.Oracle += out.Oracle
		rw.SolveSec += out.Solve.Seconds()
		rw.CheckSec += out.Check.Seconds()
		rw.ProofBytes += out.ProofBytes
		if err != nil {
			rw.Failures++
			failures++
			fmt.Fprintf(os.Stderr, "FAIL instance %d (seed %d, %s, options %+v): %v\n", i, *seed+int64(i), sc.Name, opts, err)
		}
	}
	var list []*row
	for _, r := range rows {
		list = append(list, r)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Family < list[j].Family })
	fmt.Printf("%-11s %9s %8s %6s %6s %7s %8s %8s %9s %9s\n", "family", "instances", "queries", "sat", "unsat", "unknown", "oracle", "failures", "solve(s)", "check(s)")
	var tot row
	tot.Family = "total"
	for _, r := range append(list, &tot) {
		if r != &tot {
			tot.Instances += r.Instances
			tot.Queries += r.Queries
			tot.Sat += r.Sat
			tot.Unsat += r.Unsat
			tot.Unknown += r.Unknown
			tot.Oracle += r.Oracle
			tot.Failures += r.Failures
			tot.SolveSec += r.SolveSec
			tot.CheckSec += r.CheckSec
			tot.ProofBytes += r.ProofBytes
		}
		fmt.Printf("%-11s %9d %8d %6d %6d %7d %8d %8d %9.2f %9.2f\n", r.Family, r.Instances, r.Queries, r.Sat, r.Unsat, r.Unknown, r.Oracle, r.Failures, r.SolveSec, r.CheckSec)
	}
	fmt.Printf("oracles: %v; wall time %.1fs\n", oracles, time.Since(start).Seconds())
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(append(list, &tot), "", "  ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "satcheck:", err)
		}
	}
	if failures > 0 {
		os.Exit(1)
	}
}
