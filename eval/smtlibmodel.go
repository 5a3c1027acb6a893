package eval

import (
	"fmt"

	"tandem/smt"
	"tandem/smtlib"
)

// ModelFromSMTLIB converts a solver's get-model answer (read by
// [smtlib.ParseModel]) into a Model. Constants whose body is a value term
// become values; other constants and all functions keep their definition
// (functions given as ite chains over their formals become tables, so
// that arrays given by them can be compared). z3's helpers div0, mod0 and
// /0 become [Model.IntDivByZero], [Model.IntModByZero] and
// [Model.RealDivByZero]; its other helpers (k!0, …) are interpreted too,
// since the declared symbols' definitions call them. A malformed model
// gives an error, never a panic.
func ModelFromSMTLIB(sm *smtlib.Model) (*Model, error) {
	m := NewModel()
	if sm == nil {
		return m, nil
	}
	for _, d := range sm.Defs {
		if d == nil || d.Func == nil || d.Body == nil {
			return nil, fmt.Errorf("model has an incomplete definition")
		}
		f := d.Func
		if !d.Declared {
			switch f.Name {
			case "div0", "mod0", "/0":
				fi := funcInterpOf(d.Formals, d.Body)
				switch f.Name {
				case "div0":
					m.IntDivByZero = fi
				case "mod0":
					m.IntModByZero = fi
				default:
					m.RealDivByZero = fi
				}
				continue
			}
		}
		if len(d.Formals) == 0 && len(f.Params) == 0 {
			// A value with (_ as-array k) inside a store chain is
			// evaluated instead, so that its stores apply in order with k
			// resolved to its content (an index (_ as-array k!1) may equal
			// another written differently).
			if v, err := smt.ValueOf(d.Body); err == nil && !nestedAsArray(d.Body) {
				if err := m.SetConst(f, v); err != nil {
					return nil, err
				}
				continue
			}
			// Not a plain value (a term over other symbols): evaluate on
			// demand.
			if err := m.SetFunc(f, &FuncInterp{Body: d.Body}); err != nil {
				return nil, err
			}
			continue
		}
		if err := m.SetFunc(f, funcInterpOf(d.Formals, d.Body)); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// funcInterpOf turns a definition into a table when its body is an ite
// chain whose conditions fix every formal to a value (as z3 and cvc5
// print finite function interpretations), and keeps the body otherwise.
func funcInterpOf(formals []*smt.Term, body *smt.Term) *FuncInterp {
	def := &FuncInterp{Formals: formals, Body: body}
	if len(formals) == 0 {
		return def
	}
	var rows []FuncEntry
	t := body
	for steps := 0; ; steps++ {
		if steps > 1<<20 {
			return def
		}
		if t.Kind() == smt.App && t.Func() == nil && t.Op() == smt.OpIte {
			args, ok := conditionArgs(t.Arg(0), formals)
			if !ok {
				return def
			}
			v, err := smt.ValueOf(t.Arg(1))
			if err != nil {
				return def
			}
			rows = append(rows, FuncEntry{Args: args, Value: v})
			t = t.Arg(2)
			continue
		}
		v, err := smt.ValueOf(t)
		if err != nil {
			return def
		}
		return &FuncInterp{Entries: rows, Default: v}
	}
}

// conditionArgs reads (= x v) or (and (= x1 v1) … ) fixing every formal.
func conditionArgs(c *smt.Term, formals []*smt.Term) ([]smt.Value, bool) {
	eqs := []*smt.Term{c}
	if c.Kind() == smt.App && c.Func() == nil && c.Op() == smt.OpAnd {
		eqs = c.Args()
	}
	if len(eqs) != len(formals) {
		return nil, false
	}
	out := make([]smt.Value, len(formals))
	for _, e := range eqs {
		if e.Kind() != smt.App || e.Func() != nil || e.Op() != smt.OpEq || e.NumArgs() != 2 {
			return nil, false
		}
		x, val := e.Arg(0), e.Arg(1)
		if val.Kind() == smt.Var {
			x, val = val, x
		}
		i := -1
		for j, f := range formals {
			if f == x {
				i = j
			}
		}
		if i < 0 || out[i] != nil {
			return nil, false
		}
		v, err := smt.ValueOf(val)
		if err != nil {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// nestedAsArray reports whether t has an (_ as-array f) below its root.
func nestedAsArray(t *smt.Term) bool {
	return smt.Find(t, func(u *smt.Term) bool {
		return u != t && u.Kind() == smt.App && u.Op() == smt.OpAsArray
	}) != nil
}
