// Command evaldiff is the large differential run of package eval against
// z3 (and a cvc5 sample): random ground terms over Int, Real, mixed
// Int/Real, bit-vectors of widths 1–130 and arrays, depth up to 6, with
// edge values; each term is evaluated by tandem and by the solver's
// get-value. It prints a table and writes it as JSON.
//
//	go run ./bench/evaldiff -n 200000 -cvc5 6000 -json evaldiff.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"text/tabwriter"
	"time"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/smt"
)

type row struct {
	Solver        string   `json:"solver"`
	Family        string   `json:"family"`
	Terms         int      `json:"terms"`
	Compared      int      `json:"compared"`
	Agree         int      `json:"agree"`
	Undefined     int      `json:"undefined"`
	SolverErrors  int      `json:"solver_errors"`
	Disagreements []string `json:"disagreements"`
	Seconds       float64  `json:"seconds"`
}

func main() {
	n := flag.Int("n", 200000, "terms for z3 (split over the sort families)")
	nc := flag.Int("cvc5", 6000, "terms for cvc5 (0: skip); mixed Int/Real is left out, cvc5 rejects it")
	seed := flag.Uint64("seed", 1, "generator seed")
	out := flag.String("json", "", "write the table as JSON to this file")
	flag.Parse()
	ctx := context.Background()
	var rows []row
	ev := eval.New(nil)
	evaluate := func(t *smt.Term) (smt.Value, error) { return ev.Eval(t) }
	run := func(name, bin string, args []string, cfgs []evaltest.DiffConfig) {
		for _, cfg := range cfgs {
			rep, err := evaltest.RunDiff(ctx, cfg, evaluate)
			if err != nil {
				fmt.Fprintf(os.Stderr, "evaldiff: %s %s: %v\n", name, cfg.Name, err)
				os.Exit(1)
			}
			r := row{Solver: name, Family: rep.Name, Terms: rep.Terms, Compared: rep.Compared, Agree: rep.Agree,
				Undefined: rep.Undefined, SolverErrors: rep.SolverErrors, Seconds: rep.Elapsed.Seconds()}
			for _, d := range rep.Disagreements {
				r.Disagreements = append(r.Disagreements, fmt.Sprintf("%s: tandem %s, %s %s", d.Term, d.Ours, name, d.Solvers))
			}
			rows = append(rows, r)
			fmt.Fprintf(os.Stderr, "%s %-18s %d terms, %d disagreements (%.1fs)\n", name, rep.Name, rep.Terms, len(rep.Disagreements), r.Seconds)
		}
	}
	if z3, err := exec.LookPath("z3"); err == nil && *n > 0 {
		run("z3", z3, []string{"-in", "-smt2"}, evaltest.StandardConfigs(z3, []string{"-in", "-smt2"}, *n, *seed))
	} else if *n > 0 {
		fmt.Fprintln(os.Stderr, "evaldiff: z3 not found; install it with ./scripts/setup.sh")
		os.Exit(1)
	}
	if cvc5, err := exec.LookPath("cvc5"); err == nil && *nc > 0 {
		args := []string{"--lang=smt2", "--produce-models"}
		var cfgs []evaltest.DiffConfig
		for _, c := range evaltest.StandardConfigs(cvc5, args, *nc, *seed+1000) {
			if c.Gen.Mixed {
				continue
			}
			cfgs = append(cfgs, c)
		}
		run("cvc5", cvc5, args, cfgs)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "solver\tfamily\tterms\tcompared\tagree\tundefined\tsolver errors\tdisagree\tseconds\t")
	tot := row{}
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f\t\n", r.Solver, r.Family, r.Terms, r.Compared, r.Agree, r.Undefined, r.SolverErrors, len(r.Disagreements), r.Seconds)
		tot.Terms += r.Terms
		tot.Compared += r.Compared
		tot.Agree += r.Agree
		tot.Undefined += r.Undefined
		tot.SolverErrors += r.SolverErrors
		tot.Disagreements = append(tot.Disagreements, r.Disagreements...)
		tot.Seconds += r.Seconds
	}
	fmt.Fprintf(tw, "total\t\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f\t\n", tot.Terms, tot.Compared, tot.Agree, tot.Undefined, tot.SolverErrors, len(tot.Disagreements), tot.Seconds)
	tw.Flush()
	for _, d := range tot.Disagreements {
		fmt.Println("DISAGREE", d)
	}
	if *out != "" {
		b, _ := json.MarshalIndent(map[string]any{"date": time.Now().UTC().Format(time.RFC3339), "rows": rows}, "", "  ")
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "evaldiff:", err)
			os.Exit(1)
		}
	}
	if len(tot.Disagreements) > 0 {
		os.Exit(1)
	}
}
