package evaltest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"tandem/smt"
)

// Evaluate is the evaluator under test: the value of a ground term.
type Evaluate func(t *smt.Term) (smt.Value, error)

// DiffConfig is one differential run against a solver.
type DiffConfig struct {
	// Name labels the run in reports ("Int", "BV", …).
	Name string
	// Solver and Args run the solver reading SMT-LIB on stdin.
	Solver string
	Args   []string
	// Terms is how many terms to generate; Batch how many per process.
	Terms, Batch int
	// Seed seeds the generator.
	Seed uint64
	// Gen is the generator template (St and R are filled in).
	Gen Gen
	// Timeout bounds one solver process.
	Timeout time.Duration
}

// Disagreement is a term on which tandem and the solver differ.
type Disagreement struct {
	Term          *smt.Term
	Ours, Solvers smt.Value
}

// DiffReport counts the outcome of a differential run.
type DiffReport struct {
	Name string
	// Terms generated; Compared both defined; Agree equal values;
	// Undefined where tandem says the standard leaves the value open;
	// SolverErrors terms the solver rejected or did not answer.
	Terms, Compared, Agree, Undefined, SolverErrors int
	Disagreements                                   []Disagreement
	Elapsed                                         time.Duration
}

// RunDiff generates cfg.Terms random ground terms, evaluates them with
// eval and with the solver, and compares.
func RunDiff(ctx context.Context, cfg DiffConfig, eval Evaluate) (*DiffReport, error) {
	start := time.Now()
	st := smt.NewStore()
	g := cfg.Gen
	g.St = st
	g.R = rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15))
	if g.MaxDepth == 0 {
		g.MaxDepth = 6
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 300
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 60 * time.Second
	}
	rep := &DiffReport{Name: cfg.Name}
	for done := 0; done < cfg.Terms; {
		n := min(cfg.Batch, cfg.Terms-done)
		terms := make([]*smt.Term, n)
		for i := range terms {
			s := g.Sort()
			terms[i] = g.Term(s, 1+g.R.IntN(g.MaxDepth))
		}
		vals, errs, err := GetValues(ctx, cfg.Solver, cfg.Args, terms, cfg.Timeout)
		if err != nil {
			return rep, err
		}
		for i, t := range terms {
			rep.Terms++
			ours, err := eval(t)
			if err != nil {
				return rep, fmt.Errorf("tandem cannot evaluate %s: %w", t, err)
			}
			if _, ok := ours.(smt.Undefined); ok {
				rep.Undefined++
				continue
			}
			if errs[i] != nil || vals[i] == nil {
				rep.SolverErrors++
				continue
			}
			rep.Compared++
			if smt.ValueEqual(ours, vals[i]) {
				rep.Agree++
			} else {
				rep.Disagreements = append(rep.Disagreements, Disagreement{t, ours, vals[i]})
			}
		}
		done += n
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// StandardConfigs are the differential runs of the issue: Int, Real,
// mixed Int/Real, bit-vectors of widths 1–130, and arrays, each with
// terms of depth up to 6. total terms are split evenly.
func StandardConfigs(solver string, args []string, total int, seed uint64) []DiffConfig {
	widths := []int{1, 2, 3, 4, 7, 8, 13, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 130}
	gens := []struct {
		name string
		g    Gen
	}{
		{"Int", Gen{Ints: true}},
		{"Real", Gen{Reals: true}},
		{"Int+Real (mixed)", Gen{Ints: true, Reals: true, Mixed: true}},
		{"BV 1-130", Gen{BVWidths: widths}},
		{"BV+Int (bv2nat)", Gen{BVWidths: []int{1, 8, 32, 64, 65, 130}, Ints: true}},
		{"Arrays", Gen{Ints: true, BVWidths: []int{2, 8}, Arrays: true}},
	}
	var out []DiffConfig
	for i, x := range gens {
		x.g.MaxDepth = 6
		out = append(out, DiffConfig{
			Name: x.name, Solver: solver, Args: args,
			Terms: total / len(gens), Batch: 300, Seed: seed + uint64(i)*7919, Gen: x.g,
		})
	}
	return out
}
