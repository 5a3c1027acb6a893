// Package modelcheck validates a solver's model with tandem's exact
// evaluator: it runs the solver on a script with (get-model) after the
// first check-sat, reads the model, and evaluates every assertion in
// scope at that check-sat. It is what `tandem eval` and
// `tandem check-model` run.
package modelcheck

import (
	"context"
	"fmt"
	"strings"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// Verdict is the value of one assertion under the model.
type Verdict int

// Verdicts.
const (
	True Verdict = iota
	False
	// Undefined: the value depends on something the standard and the model
	// leave open (see package eval).
	Undefined
	// Error: the assertion could not be evaluated (e.g. a quantifier).
	Error
)

func (v Verdict) String() string {
	return [...]string{"true", "false", "undefined", "error"}[v]
}

// Assertion is one assertion's outcome.
type Assertion struct {
	Index   int
	Term    *smt.Term
	Verdict Verdict
	// Value is the evaluator's value (nil on Error).
	Value smt.Value
	Err   error
}

// Report is the outcome of evaluating a script's assertions under a model.
type Report struct {
	Assertions []Assertion
	// Counts per verdict.
	True, False, Undefined, Errors int
}

// Holds reports whether every assertion is true.
func (r *Report) Holds() bool { return r.False == 0 && r.Undefined == 0 && r.Errors == 0 }

// AssertionsAtFirstCheck are the assertions in scope at the script's
// first check-sat (all assertions when it has none), honouring push/pop
// and reset-assertions; the assumptions of a check-sat-assuming count as
// assertions. It also returns the index of that command (-1 if none).
func AssertionsAtFirstCheck(sc *smtlib.Script) ([]*smt.Term, int) {
	var stack []int
	var as []*smt.Term
	for i, c := range sc.Commands {
		switch c.Kind {
		case smtlib.CmdAssert:
			as = append(as, c.Term)
		case smtlib.CmdPush:
			n := 1
			if c.HasN {
				n = c.N
			}
			for k := 0; k < n; k++ {
				stack = append(stack, len(as))
			}
		case smtlib.CmdPop:
			n := 1
			if c.HasN {
				n = c.N
			}
			for k := 0; k < n && len(stack) > 0; k++ {
				as = as[:stack[len(stack)-1]]
				stack = stack[:len(stack)-1]
			}
		case smtlib.CmdResetAssertions, smtlib.CmdReset:
			as, stack = nil, nil
		case smtlib.CmdCheckSat:
			return as, i
		case smtlib.CmdCheckSatAssuming:
			return append(append([]*smt.Term(nil), as...), c.Terms...), i
		}
	}
	return as, -1
}

// Evaluate evaluates the assertions under model.
func Evaluate(assertions []*smt.Term, model *eval.Model) *Report {
	return EvaluateContext(context.Background(), assertions, model)
}

// EvaluateContext is [Evaluate] stopped by ctx: once ctx is done, the
// assertion being evaluated and the ones after it are not evaluable.
func EvaluateContext(ctx context.Context, assertions []*smt.Term, model *eval.Model) *Report {
	ev := eval.New(model)
	rep := &Report{}
	for i, a := range assertions {
		x := Assertion{Index: i, Term: a}
		var v smt.Value
		var err error
		if ctx.Err() != nil {
			err = &eval.BudgetError{Term: a, Reason: "not started: " + ctx.Err().Error(), Cause: ctx.Err()}
		} else {
			v, err = ev.EvalContext(ctx, a)
		}
		switch {
		case err != nil:
			x.Verdict, x.Err = Error, err
			rep.Errors++
		default:
			x.Value = v
			switch b := v.(type) {
			case smt.BoolValue:
				if b {
					x.Verdict = True
					rep.True++
				} else {
					x.Verdict = False
					rep.False++
				}
			case smt.Undefined:
				x.Verdict = Undefined
				rep.Undefined++
			default:
				x.Verdict, x.Err = Error, fmt.Errorf("assertion has value %s, not a Bool", v)
				rep.Errors++
			}
		}
		rep.Assertions = append(rep.Assertions, x)
	}
	return rep
}

// ScriptWithGetModel is the script's text up to its first check-sat (the
// whole script if it has none, with a check-sat added), followed by
// (get-model).
func ScriptWithGetModel(sc *smtlib.Script) []byte {
	_, at := AssertionsAtFirstCheck(sc)
	cmds := sc.Commands
	if at >= 0 {
		cmds = cmds[:at+1]
	}
	var b strings.Builder
	for _, c := range cmds {
		if c.Kind == smtlib.CmdExit || c.Kind == smtlib.CmdGetModel || c.Kind == smtlib.CmdGetValue {
			continue
		}
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	if at < 0 {
		b.WriteString("(check-sat)\n")
	}
	b.WriteString("(get-model)\n")
	return []byte(b.String())
}

// Run is the outcome of solving a script and checking its model.
type Run struct {
	// Result is the solver run.
	Result *solver.Result
	// Model is the model text (empty unless the answer was sat).
	ModelText string
	// Report is the evaluation of the assertions under the model (nil
	// unless the answer was sat and the model was read).
	Report *Report
	// NoModel says why a sat answer came without a model to check (the
	// output passed the cap, get-model was answered with an error, or
	// nothing was printed); empty otherwise.
	NoModel string
}

// noModel is why a sat run has no model to read, or "" when it has one.
func noModel(name string, res *solver.Result, limits solver.Limits) string {
	if res.StdoutDropped > 0 {
		limit := limits.OutputCap
		if limit <= 0 {
			limit = solver.DefaultOutputCap
		}
		return fmt.Sprintf("%s answered sat, but its output passed the %d-byte output cap (%d more bytes were dropped): the model is cut off and cannot be checked",
			name, limit, res.StdoutDropped)
	}
	if len(res.RawResponses) > 0 {
		return ""
	}
	if len(res.Errors) > 0 {
		return fmt.Sprintf("%s answered sat, then answered (get-model) with an error: %s", name, res.Errors[len(res.Errors)-1])
	}
	return fmt.Sprintf("%s answered sat but printed no model", name)
}

// SolveAndCheck runs the solver on the script with (get-model) after the
// first check-sat and, when it answers sat, evaluates the assertions in
// scope under its model. The error is for a solver that cannot be run
// and for a model that cannot be read. When ctx ends, the solver is
// stopped and the assertions not evaluated yet are not evaluable.
func SolveAndCheck(ctx context.Context, sc *smtlib.Script, p *solver.Profile, limits solver.Limits) (*Run, error) {
	res, err := solver.Run(ctx, p, solver.BytesInput(ScriptWithGetModel(sc)), solver.RunOptions{Limits: limits, Mode: solver.Mode{Models: true}})
	if err != nil {
		return nil, fmt.Errorf("running %s: %w", p.Name, err)
	}
	run := &Run{Result: res}
	if res.Status != solver.StatusSat {
		return run, nil
	}
	if run.NoModel = noModel(p.Name, res, limits); run.NoModel != "" {
		return run, nil
	}
	run.ModelText = res.RawResponses[len(res.RawResponses)-1]
	sm, err := smtlib.ParseModel([]byte(run.ModelText), sc)
	if err != nil {
		return run, fmt.Errorf("reading %s's model: %w", p.Name, err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return run, fmt.Errorf("converting %s's model: %w", p.Name, err)
	}
	as, _ := AssertionsAtFirstCheck(sc)
	run.Report = EvaluateContext(ctx, as, m)
	return run, nil
}
