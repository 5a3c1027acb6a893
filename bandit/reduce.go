package bandit

import (
	"bytes"
	"context"
	"fmt"

	"tandem/reduce"
)

// ReduceDisagreement shrinks a disagreeing script with tandem/reduce's
// SMT-LIB passes while the same solvers still answer the same way (each
// sat stays sat, each unsat stays unsat), then judges the reduced script
// with the evaluator again.
func (e *Env) ReduceDisagreement(ctx context.Context, d Disagreement, maxTests int) (string, Verdict, error) {
	want := d.Answers
	pred := func(ctx context.Context, cand []byte) (bool, error) {
		outs, err := e.Solve(ctx, cand, false, nil)
		if err != nil {
			return false, err
		}
		for _, o := range outs {
			w := want[o.Solver]
			if (w == "sat" || w == "unsat") && o.Status.String() != w {
				return false, nil
			}
		}
		return Inconsistent(outs), nil
	}
	res, err := reduce.Reduce(ctx, []byte(d.Script), pred, reduce.Options{Passes: reduce.SMTLIBPasses(), MaxTests: maxTests})
	if err != nil {
		return "", Verdict{}, fmt.Errorf("reducing: %w", err)
	}
	script := res.Output
	if !bytes.Contains(script, []byte("(get-model)")) {
		script = append(append([]byte(nil), script...), "\n(get-model)\n"...)
	}
	outs, err := e.Solve(ctx, script, true, nil)
	if err != nil {
		return string(res.Output), Verdict{}, err
	}
	if !Inconsistent(outs) {
		return string(res.Output), Verdict{Kind: "open", Evidence: "the reduced script no longer disagrees when re-run"}, nil
	}
	return string(res.Output), Judge(script, outs), nil
}
