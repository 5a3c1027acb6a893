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
// [smtlib.Stack] gives the same for every check-sat, with the symbols in
// scope there.
func AssertionsAtFirstCheck(sc *smtlib.Script) ([]*smt.Term, int) {
	st := smtlib.NewStack(sc)
	for c := st.Step(); c != nil; c = st.Step() {
		if c.Kind == smtlib.CmdCheckSat || c.Kind == smtlib.CmdCheckSatAssuming {
			return st.Assertions(), st.Index()
		}
	}
	return st.Assertions(), -1
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

// Run is the outcome of solving a script and checking its models.
type Run struct {
	// Result is the solver run.
	Result *solver.Result
	// Checks has one entry per check-sat of the script (one, for the
	// check-sat added to a script without any), in order.
	Checks []Check
	// ModelText, Report and NoModel are those of the first check-sat, as
	// in Checks[0]: the model text (empty unless the answer was sat), the
	// evaluation of the assertions under it (nil unless the answer was sat
	// and the model was read) and why a sat answer came without a model
	// to check (the output passed the cap, get-model was answered with an
	// error, or nothing was printed).
	ModelText string
	Report    *Report
	NoModel   string
}

// Holds reports whether every model that was checked and whose answer is
// about the script makes every assertion true.
func (r *Run) Holds() bool {
	for _, c := range r.Checks {
		if c.Report != nil && c.Untrusted == "" && !c.Report.Holds() {
			return false
		}
	}
	return true
}

// SolveAndCheck runs the solver once on the script with (get-model) after
// every check-sat ([ScriptForChecks]; in the solver's incremental mode
// when [NeedsIncremental]) and, for each sat answer, evaluates the
// assertions live at that check-sat under its model, read against the
// symbols live there (after a pop or reset a name may denote another
// symbol). The error is for a solver that cannot be run and for a model
// that cannot be read (the first one; every Check has its own). When ctx
// ends, the solver is stopped and the assertions not evaluated yet are not
// evaluable.
func SolveAndCheck(ctx context.Context, sc *smtlib.Script, p *solver.Profile, limits solver.Limits) (*Run, error) {
	text, cmds := ScriptForChecks(sc, p)
	mode := solver.Mode{Models: true, Incremental: NeedsIncremental(sc)}
	res, err := solver.Run(ctx, p, solver.BytesInput(text), solver.RunOptions{Limits: limits, Mode: mode})
	if err != nil {
		return nil, fmt.Errorf("running %s: %w", p.Name, err)
	}
	rs, _ := solver.Responses(res.Stdout)
	run := &Run{Result: res, Checks: checks(ctx, sc, p, limits, res, cmds, align(cmds, rs))}
	if len(run.Checks) > 0 {
		c := run.Checks[0]
		run.ModelText, run.Report, run.NoModel = c.ModelText, c.Report, c.NoModel
		if c.Answer != solver.StatusSat {
			run.NoModel = ""
		}
	}
	for _, c := range run.Checks {
		if c.Err != nil {
			return run, c.Err
		}
	}
	return run, nil
}
