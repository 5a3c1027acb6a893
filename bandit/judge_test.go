package bandit

import (
	"testing"
	"time"

	"tandem/solver"
)

func outcome(name string, st solver.Status, model string) Outcome {
	res := &solver.Result{Status: st}
	if model != "" {
		res.RawResponses = []string{model}
	}
	return Outcome{Solver: name, Status: st, Res: res}
}

// TestJudge checks the evaluator's verdict on planted disagreements: a
// satisfying model convicts the unsat answer, a falsifying one the sat
// answer, no model leaves it open.
func TestJudge(t *testing.T) {
	script := []byte("(set-logic QF_LIA)\n(declare-const x0 Int)\n(assert (> x0 2))\n(check-sat)\n(get-model)\n")
	good := "(\n  (define-fun x0 () Int 3)\n)"
	bad := "(\n  (define-fun x0 () Int 1)\n)"
	v := Judge(script, []Outcome{outcome("a", solver.StatusSat, good), outcome("b", solver.StatusUnsat, "")})
	if v.Kind != "soundness" || v.Wrong != "b" {
		t.Fatalf("valid model: %+v", v)
	}
	v = Judge(script, []Outcome{outcome("a", solver.StatusSat, bad), outcome("b", solver.StatusUnsat, "")})
	if v.Kind != "invalid-model" || v.Wrong != "a" {
		t.Fatalf("invalid model: %+v", v)
	}
	v = Judge(script, []Outcome{outcome("a", solver.StatusSat, ""), outcome("b", solver.StatusUnsat, "")})
	if v.Kind != "open" || v.Wrong != "" {
		t.Fatalf("no model: %+v", v)
	}
	if !Inconsistent([]Outcome{outcome("a", solver.StatusSat, ""), outcome("b", solver.StatusTimeout, ""), outcome("c", solver.StatusUnsat, "")}) {
		t.Fatal("sat vs unsat not inconsistent")
	}
	if Inconsistent([]Outcome{outcome("a", solver.StatusSat, ""), outcome("b", solver.StatusUnknown, "")}) {
		t.Fatal("sat vs unknown inconsistent")
	}
}

// TestPerfScore checks the PAR-2 margin with an excluded reference and a
// timed-out target (the paper's worked example, one input at a time).
func TestPerfScore(t *testing.T) {
	const to = 2500e9
	ref := func(s solver.Status, cpu float64) Outcome {
		return Outcome{Status: s, CPU: 0, Res: &solver.Result{}, Wall: 0, Solver: "r"}.withCPU(cpu)
	}
	cases := []struct {
		outs []Outcome
		want float64
	}{
		{[]Outcome{ref(solver.StatusSat, 1000), ref(solver.StatusSat, 100)}, 900},
		{[]Outcome{ref(solver.StatusTimeout, 2500), ref(solver.StatusUnsat, 1000)}, 4000},
		{[]Outcome{ref(solver.StatusSat, 100), ref(solver.StatusSat, 10), ref(solver.StatusError, 0)}, 90},
		{[]Outcome{ref(solver.StatusSat, 100), ref(solver.StatusError, 0)}, 100 - 5000},
	}
	for i, c := range cases {
		if got := PerfScore(c.outs, to); got != c.want {
			t.Errorf("case %d: %g, want %g", i, got, c.want)
		}
	}
}

func (o Outcome) withCPU(seconds float64) Outcome {
	o.CPU = time.Duration(seconds * float64(time.Second))
	return o
}
