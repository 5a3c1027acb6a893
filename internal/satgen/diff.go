package satgen

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"time"

	"tandem/idrup"
	"tandem/sat"
)

// RandomOptions draws a solver configuration: every option of
// [sat.Options] is worth fuzzing, since none may change an answer.
func RandomOptions(r *rand.Rand) sat.Options {
	o := sat.Options{
		Restart:  sat.RestartPolicy(r.Intn(3)),
		Decision: sat.DecisionHeuristic(r.Intn(2)),
		Phase:    sat.PhasePolicy(r.Intn(4)),
		Reduce:   sat.ReducePolicy(r.Intn(2)),
		Minimize: sat.Minimization(r.Intn(3)),
		Units:    sat.UnitPolicy(r.Intn(2)),
		Seed:     r.Int63(),
		Mode:     sat.ModePolicy(r.Intn(3)),
	}
	if r.Intn(3) == 0 {
		o.ModeInterval = 1 + r.Intn(100) // switch and rephase often
		o.RephaseInterval = 1 + r.Intn(100)
		o.Tier2LBD = 1 + r.Intn(8)
	}
	if r.Intn(4) == 0 {
		o.RandomFreq = 0.05
	}
	if r.Intn(3) == 0 {
		o.ReduceInterval = 50 + r.Intn(200) // reduce often, to exercise deletions
		o.ReduceIncrement = 10
	}
	if r.Intn(3) == 0 {
		o.LubyUnit = 1 + r.Intn(20)
	}
	return o
}

// Outcome is what [Run] measured on one script.
type Outcome struct {
	Queries, Sat, Unsat, Unknown int
	Oracle                       int // oracle calls made
	ProofBytes                   int
	Solve, Check                 time.Duration
}

// Run solves the script with tandem's solver under opts through
// [sat.RunICNF], writing the interactions and the IDRUP proof to memory;
// compares each query's answer with every oracle binary (the clauses so far
// with the assumptions as units, one-shot); and checks the proof against
// the interactions with [idrup.Check]. The error says what disagreed.
func Run(ctx context.Context, sc *Script, opts sat.Options, oracles []string, dir string) (Outcome, error) {
	var out Outcome
	var script, inter, proof bytes.Buffer
	if err := sc.WriteICNF(&script); err != nil {
		return out, err
	}
	s := sat.New(&opts)
	s.SetProof(&proof)
	t0 := time.Now()
	st, err := sat.RunICNF(ctx, s, &script, sc.Name, &inter, false)
	if err != nil {
		return out, fmt.Errorf("running the script: %w", err)
	}
	if err := s.Flush(); err != nil {
		return out, err
	}
	out.Solve = time.Since(t0)
	out.Queries, out.Sat, out.Unsat, out.Unknown = st.Queries, st.Sat, st.Unsat, st.Unknown
	out.ProofBytes = proof.Len()

	if len(oracles) > 0 {
		answers, err := statuses(inter.Bytes())
		if err != nil {
			return out, err
		}
		var clauses [][]int
		q := 0
		for _, stp := range sc.Steps {
			if !stp.Query {
				clauses = append(clauses, stp.Lits)
				continue
			}
			want := answers[q]
			q++
			if want == 0 {
				continue
			}
			for _, bin := range oracles {
				got, err := External(ctx, bin, dir, sc.Vars, clauses, stp.Lits)
				out.Oracle++
				if err != nil {
					return out, err
				}
				if got != want {
					return out, fmt.Errorf("query %d (assumptions %v): tandem says %d, %s says %d", q, stp.Lits, want, bin, got)
				}
			}
		}
	}

	t1 := time.Now()
	_, err = idrup.Check(ctx, idrup.Source{Name: "interactions.icnf", R: bytes.NewReader(inter.Bytes())},
		idrup.Source{Name: "proof.idrup", R: bytes.NewReader(proof.Bytes())}, idrup.Options{})
	out.Check = time.Since(t1)
	if err != nil {
		return out, fmt.Errorf("proof check failed: %w", err)
	}
	return out, nil
}

// statuses returns the answers (10, 20 or 0) of the queries in an iCNF
// interaction file, in order.
func statuses(icnf []byte) ([]int, error) {
	r := idrup.NewReader(bytes.NewReader(icnf), "interactions", idrup.ICNF, false)
	var res []int
	for {
		l, err := r.Next()
		if err != nil {
			return nil, err
		}
		switch l.Type {
		case 0:
			return res, nil
		case 's':
			switch l.Text {
			case idrup.Satisfiable:
				res = append(res, 10)
			case idrup.Unsatisfiable:
				res = append(res, 20)
			default:
				res = append(res, 0)
			}
		}
	}
}

// Family names a kind of generated instance.
type Family string

// The instance families of the differential runs.
const (
	FamilyRandom3SAT Family = "random3sat" // random 3-SAT at ratio 4.26
	FamilyPigeonhole Family = "pigeonhole" // PHP(h+1, h), unsatisfiable
	FamilyColoring   Family = "coloring"   // random graph k-colouring
	FamilyScript     Family = "icnf"       // random incremental script with assumptions
)

// Instance draws the i-th instance of a mixed workload: families rotate,
// sizes are drawn from r. scale 1 gives instances solved in milliseconds.
func Instance(r *rand.Rand, i int, scale float64) (Family, *Script) {
	switch i % 4 {
	case 0:
		n := 20 + r.Intn(int(60*scale)+1)
		return FamilyRandom3SAT, OneShot(fmt.Sprintf("uf%d", n), n, Random3SAT(r, n, 4.26))
	case 1:
		h := 2 + r.Intn(4) // up to PHP(6,5)
		if r.Intn(3) == 0 {
			// a satisfiable variant: as many holes as pigeons
			v, cs := Pigeonhole(h, h)
			return FamilyPigeonhole, OneShot(fmt.Sprintf("php%d-%d", h, h), v, cs)
		}
		v, cs := Pigeonhole(h+1, h)
		return FamilyPigeonhole, OneShot(fmt.Sprintf("php%d-%d", h+1, h), v, cs)
	case 2:
		n := 10 + r.Intn(int(30*scale)+1)
		k := 3 + r.Intn(2)
		edges := int(float64(n) * (1.5 + r.Float64()*1.5) * float64(k-1) / 2)
		v, cs := Coloring(r, n, edges, k)
		return FamilyColoring, OneShot(fmt.Sprintf("col%d-%d", n, k), v, cs)
	default:
		sc := RandomScript(r, 10+r.Intn(int(40*scale)+1))
		return FamilyScript, sc
	}
}
