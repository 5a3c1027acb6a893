package evaltest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"tandem/eval/modelcheck"
	"tandem/smtlib"
	"tandem/solver"
)

// ScopeGen writes random incremental scripts for the model differential
// of issue 23: arrays of arrays, under-specified operations (div and mod
// by a value that may be 0, selectors of a list that may be nil), and
// push/pop/reset with redeclarations of a name at another sort, so that
// every model must be read in the scope of its own check-sat.
type ScopeGen struct {
	R *rand.Rand
	// ArrayIndices allows arrays indexed by arrays (z3 takes them; cvc5
	// 1.0.3 rejects them).
	ArrayIndices bool

	b    strings.Builder
	vars map[string]string // name -> sort, in scope now
}

const listDecl = "(declare-datatypes ((L 0)) (((cons (head Int) (tail L)) (nil))))"

// Script is one random script with checks check-sats.
func (g *ScopeGen) Script(checks int) string {
	g.b.Reset()
	g.line("(set-logic ALL)")
	g.globals()
	for k := 0; k < checks; k++ {
		switch g.R.IntN(6) {
		case 0, 1, 2: // a scope with a redeclaration, popped after
			g.line("(push 1)")
			saved := g.vars
			g.vars = copyVars(saved)
			sort := []string{"Int", "Bool", "(Array Int Int)"}[g.R.IntN(3)]
			g.declare("y", sort)
			g.asserts(1 + g.R.IntN(3))
			g.line("(check-sat)")
			g.line("(pop 1)")
			g.vars = saved
		case 3: // check under an assumption
			g.asserts(1)
			g.line(fmt.Sprintf("(check-sat-assuming (%s))", g.boolTerm(2)))
		case 4: // start over: the names come back with other sorts
			g.line("(reset)")
			g.line("(set-logic ALL)")
			g.vars = nil
			g.globals()
			g.asserts(1 + g.R.IntN(2))
			g.line("(check-sat)")
		default:
			g.asserts(1)
			g.line("(check-sat)")
		}
	}
	return g.b.String()
}

func copyVars(m map[string]string) map[string]string {
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func (g *ScopeGen) line(s string) {
	g.b.WriteString(s)
	g.b.WriteByte('\n')
}

func (g *ScopeGen) declare(name, sort string) {
	if g.vars == nil {
		g.vars = map[string]string{}
	}
	g.vars[name] = sort
	g.line(fmt.Sprintf("(declare-const %s %s)", name, sort))
}

func (g *ScopeGen) globals() {
	g.line(listDecl)
	g.declare("x", "Int")
	g.declare("z", "Int")
	g.declare("l", "L")
	g.declare("a", "(Array Int Int)")
	g.declare("n", "(Array Int (Array Int Int))")
	if g.ArrayIndices {
		g.declare("m", "(Array (Array Int Int) Int)")
	}
}

func (g *ScopeGen) asserts(k int) {
	for i := 0; i < k; i++ {
		g.line("(assert " + g.boolTerm(3) + ")")
	}
}

func (g *ScopeGen) pick(sort string) string {
	var names []string
	for n, s := range g.vars {
		if s == sort {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return ""
	}
	// map order is random: sort for a reproducible choice
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && names[j] < names[j-1]; j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
	return names[g.R.IntN(len(names))]
}

func (g *ScopeGen) intTerm(d int) string {
	if d <= 0 || g.R.IntN(4) == 0 {
		if v := g.pick("Int"); v != "" && g.R.IntN(3) > 0 {
			return v
		}
		return []string{"0", "1", "2", "(- 1)", "3"}[g.R.IntN(5)]
	}
	switch g.R.IntN(9) {
	case 0:
		return fmt.Sprintf("(+ %s %s)", g.intTerm(d-1), g.intTerm(d-1))
	case 1:
		return fmt.Sprintf("(- %s %s)", g.intTerm(d-1), g.intTerm(d-1))
	case 2:
		// the divisor is often a variable that may be 0
		op := []string{"div", "mod"}[g.R.IntN(2)]
		return fmt.Sprintf("(%s %s %s)", op, g.intTerm(d-1), g.intTerm(0))
	case 3:
		return fmt.Sprintf("(ite %s %s %s)", g.boolTerm(d-1), g.intTerm(d-1), g.intTerm(d-1))
	case 4:
		return fmt.Sprintf("(select %s %s)", g.arrTerm(d-1), g.intTerm(d-1))
	case 5:
		return fmt.Sprintf("(head %s)", g.listTerm(d-1))
	case 6:
		if g.ArrayIndices {
			return fmt.Sprintf("(select m %s)", g.arrTerm(d-1))
		}
	case 7:
		return fmt.Sprintf("(* %s %s)", g.intTerm(d-1), []string{"2", "(- 1)", "3"}[g.R.IntN(3)])
	}
	return g.intTerm(d - 1)
}

func (g *ScopeGen) arrTerm(d int) string {
	if d <= 0 || g.R.IntN(3) == 0 {
		if v := g.pick("(Array Int Int)"); v != "" && g.R.IntN(4) > 0 {
			return v
		}
		// cvc5 takes only a value in a constant array
		return fmt.Sprintf("((as const (Array Int Int)) %s)", []string{"0", "1", "(- 1)"}[g.R.IntN(3)])
	}
	switch g.R.IntN(3) {
	case 0:
		return fmt.Sprintf("(store %s %s %s)", g.arrTerm(d-1), g.intTerm(d-1), g.intTerm(d-1))
	case 1:
		return fmt.Sprintf("(select %s %s)", g.nestTerm(d-1), g.intTerm(d-1))
	}
	return g.arrTerm(d - 1)
}

func (g *ScopeGen) nestTerm(d int) string {
	if d <= 0 || g.R.IntN(2) == 0 {
		return "n"
	}
	return fmt.Sprintf("(store %s %s %s)", g.nestTerm(d-1), g.intTerm(d-1), g.arrTerm(d-1))
}

func (g *ScopeGen) listTerm(d int) string {
	if d <= 0 || g.R.IntN(3) == 0 {
		return []string{"l", "l", "nil"}[g.R.IntN(3)]
	}
	if g.R.IntN(2) == 0 {
		return fmt.Sprintf("(tail %s)", g.listTerm(d-1))
	}
	return fmt.Sprintf("(cons %s %s)", g.intTerm(d-1), g.listTerm(d-1))
}

func (g *ScopeGen) boolTerm(d int) string {
	if d <= 0 {
		if v := g.pick("Bool"); v != "" && g.R.IntN(2) == 0 {
			return v
		}
		return fmt.Sprintf("(<= %s %s)", g.intTerm(0), g.intTerm(0))
	}
	switch g.R.IntN(10) {
	case 0, 1:
		return fmt.Sprintf("(= %s %s)", g.intTerm(d-1), g.intTerm(d-1))
	case 2:
		return fmt.Sprintf("(<= %s %s)", g.intTerm(d-1), g.intTerm(d-1))
	case 3:
		return fmt.Sprintf("(= %s %s)", g.arrTerm(d-1), g.arrTerm(d-1))
	case 4:
		// the same under-specified application twice
		t := fmt.Sprintf("(%s %s %s)", []string{"div", "mod"}[g.R.IntN(2)], g.intTerm(d-1), g.pick("Int"))
		return fmt.Sprintf("(= %s %s)", t, t)
	case 5:
		return fmt.Sprintf("(not %s)", g.boolTerm(d-1))
	case 6:
		return fmt.Sprintf("(%s %s %s)", []string{"and", "or", "=>"}[g.R.IntN(3)], g.boolTerm(d-1), g.boolTerm(d-1))
	case 7:
		return fmt.Sprintf("((_ is cons) %s)", g.listTerm(d-1))
	case 8:
		return fmt.Sprintf("(= %s %s)", g.listTerm(d-1), g.listTerm(d-1))
	}
	return fmt.Sprintf("(distinct %s %s)", g.intTerm(d-1), g.intTerm(d-1))
}

// ModelVerdict is the judgement of one solver's model of one check-sat.
type ModelVerdict struct {
	Solver string
	Check  int // 1-based check-sat number
	Answer solver.Status
	// Verdict: valid (every assertion true), invalid (one false: the
	// model is wrong, or tandem is), undefined (true only under the
	// solver's own reading of an open operation: the model does not say
	// how), error (not evaluable or not readable), none (no model), or
	// untrusted (the solver rejected an earlier command).
	Verdict string
	Detail  string
}

// JudgeScript runs each solver on the script once ([modelcheck.SolveAndCheck])
// and judges every model of every check-sat in its scope.
func JudgeScript(ctx context.Context, text string, profiles []*solver.Profile, limits solver.Limits) ([]ModelVerdict, error) {
	var out []ModelVerdict
	for _, p := range profiles {
		sc, err := smtlib.Parse("gen.smt2", []byte(text))
		if err != nil {
			return nil, fmt.Errorf("generated script does not parse: %w\n%s", err, text)
		}
		run, err := modelcheck.SolveAndCheck(ctx, sc, p, limits)
		if run == nil {
			return nil, err
		}
		for i, c := range run.Checks {
			v := ModelVerdict{Solver: p.Name, Check: i + 1, Answer: c.Answer}
			switch {
			case c.Untrusted != "":
				v.Verdict, v.Detail = "untrusted", c.Untrusted
			case c.Err != nil:
				v.Verdict, v.Detail = "error", c.Err.Error()
			case c.Report == nil:
				v.Verdict, v.Detail = "none", c.NoModel
			case c.Report.Holds():
				v.Verdict = "valid"
			default:
				v.Verdict, v.Detail = judge(c)
			}
			out = append(out, v)
		}
	}
	return out, nil
}

// judge classifies a model that does not make every assertion true.
func judge(c modelcheck.Check) (string, string) {
	for _, a := range c.Report.Assertions {
		if a.Verdict == modelcheck.False {
			return "invalid", fmt.Sprintf("assertion %s is false", a.Term)
		}
	}
	for _, a := range c.Report.Assertions {
		if a.Verdict == modelcheck.Error {
			return "error", fmt.Sprintf("assertion %s: %v", a.Term, a.Err)
		}
	}
	for _, a := range c.Report.Assertions {
		if a.Verdict == modelcheck.Undefined {
			return "undefined", fmt.Sprintf("assertion %s: %s", a.Term, a.Value)
		}
	}
	return "undefined", ""
}
