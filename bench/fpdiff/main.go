// Command fpdiff compares package smt/fp with z3 and cvc5 on random ground
// FloatingPoint terms — every operation of the theory, all rounding modes,
// the formats (3,5), (4,4), (5,11), Float32, Float64 and Float128 — each
// evaluated by fp and by the solver's get-value, in batches of a few
// hundred terms per solver process. Terms whose value the standard leaves
// unspecified are counted and not sent. It prints a table per solver and
// operation, lists every disagreement and optionally writes JSON.
//
//	go run ./bench/fpdiff -n 100000 -json fpdiff.json
//	go run ./bench/fpdiff -n 20000 -formats 2,3      # eb = 2: both solvers are wrong
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"tandem/internal/fptest"
)

func main() {
	n := flag.Int("n", 100000, "terms per solver (0 skips a solver; see -z3 and -cvc5)")
	nz3 := flag.Int("z3", -1, "terms for z3 (default -n)")
	ncvc5 := flag.Int("cvc5", -1, "terms for cvc5 (default -n)")
	batch := flag.Int("batch", 300, "terms per solver process")
	seed := flag.Uint64("seed", 1, "generator seed")
	formats := flag.String("formats", "", "formats as eb,sb;eb,sb;… (default: "+fmtList(fptest.Formats)+")")
	out := flag.String("json", "", "write the reports as JSON to this file")
	flag.Parse()
	var fs [][2]int
	if *formats != "" {
		for _, p := range strings.Split(*formats, ";") {
			a, b, ok := strings.Cut(p, ",")
			eb, err1 := strconv.Atoi(strings.TrimSpace(a))
			sb, err2 := strconv.Atoi(strings.TrimSpace(b))
			if !ok || err1 != nil || err2 != nil {
				fmt.Fprintf(os.Stderr, "fpdiff: bad format %q (want eb,sb)\n", p)
				os.Exit(2)
			}
			fs = append(fs, [2]int{eb, sb})
		}
	}
	if *nz3 < 0 {
		*nz3 = *n
	}
	if *ncvc5 < 0 {
		*ncvc5 = *n
	}
	ctx := context.Background()
	var reps []*fptest.SolverReport
	bad := 0
	for _, s := range []struct {
		name string
		n    int
		mk   func(string) fptest.Solver
	}{{"z3", *nz3, fptest.Z3}, {"cvc5", *ncvc5, fptest.CVC5}} {
		if s.n == 0 {
			continue
		}
		bin, err := exec.LookPath(s.name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "fpdiff: %s not found; install it with ./scripts/setup.sh\n", s.name)
			os.Exit(1)
		}
		rep, err := fptest.RunSolver(ctx, s.mk(bin), s.n, *batch, *seed, fs)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fpdiff:", err)
			os.Exit(1)
		}
		reps = append(reps, rep)
		bad += len(rep.Disagreements)
		fmt.Fprintf(os.Stderr, "%s: %d terms, %d disagreements (%v)\n", s.name, rep.Terms, len(rep.Disagreements), rep.Elapsed.Round(time.Second))
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "solver\toperation\tcompared\tagree\tdisagree\tunspecified (skipped)\tsolver errors\ttime\t")
	for _, r := range reps {
		for _, op := range r.SortedOps() {
			c := r.ByOp[op]
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t\t\n", r.Solver, op, c.Compared, c.Agree, c.Compared-c.Agree, c.Skipped, c.SolverErrors)
		}
		fmt.Fprintf(tw, "%s\tall\t%d\t%d\t%d\t%d\t%d\t%v\t\n", r.Solver, r.Compared, r.Agree, r.Compared-r.Agree, r.Skipped, r.SolverErrors, r.Elapsed.Round(time.Second))
	}
	tw.Flush()
	for _, r := range reps {
		for _, d := range r.Disagreements {
			fmt.Printf("%s disagrees on %s: fp %s, %s %s\n", r.Solver, d.Term, d.Ours, r.Solver, d.Theirs)
		}
		for _, e := range r.Errors {
			fmt.Printf("%s error: %s\n", r.Solver, e)
		}
	}
	if *out != "" {
		b, _ := json.MarshalIndent(reps, "", "  ")
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "fpdiff:", err)
			os.Exit(1)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
}

func fmtList(fs [][2]int) string {
	var s []string
	for _, f := range fs {
		s = append(s, fmt.Sprintf("%d,%d", f[0], f[1]))
	}
	return strings.Join(s, ";")
}
