package eval

import (
	"fmt"
	"strings"

	"tandem/smt"
)

// Model interprets the symbols of a script: constants by values, functions
// by finite tables or by definition bodies, and (optionally) the results
// the standard leaves open, as z3's models do with div0, mod0 and /0.
// The zero value is not ready; use [NewModel].
type Model struct {
	consts map[*smt.Func]smt.Value
	funcs  map[*smt.Func]*FuncInterp

	// IntDivByZero, IntModByZero and RealDivByZero interpret (div x 0),
	// (mod x 0) and (/ x 0) as functions of x (a one-argument table or
	// body; z3 prints two-argument definitions, whose second argument is
	// then 0). Nil leaves those terms undefined.
	IntDivByZero, IntModByZero, RealDivByZero *FuncInterp

	// Boxes computes closed-box and oracle functions (declare-cb,
	// declare-oracle-fun) that the model has no table for. Nil makes such
	// applications undefined.
	Boxes func(f *smt.Func, args []smt.Value) (smt.Value, error)
}

// FuncInterp is the interpretation of a function symbol: either a finite
// table with a default (Entries, Default), or a definition (Formals, Body)
// evaluated with the formals bound to the arguments. When Body is set the
// table is ignored.
type FuncInterp struct {
	Entries []FuncEntry
	Default smt.Value
	Formals []*smt.Term
	Body    *smt.Term

	index map[string]smt.Value
}

// FuncEntry is one row of a function table.
type FuncEntry struct {
	Args  []smt.Value
	Value smt.Value
}

// NewModel is an empty model.
func NewModel() *Model {
	return &Model{consts: map[*smt.Func]smt.Value{}, funcs: map[*smt.Func]*FuncInterp{}}
}

// SetConst interprets the constant f as v. Int values are accepted for
// Real constants.
func (m *Model) SetConst(f *smt.Func, v smt.Value) error {
	if !f.IsConst() {
		return fmt.Errorf("%s takes %d arguments; use SetFunc", f.Name, len(f.Params))
	}
	v, err := fit(v, f.Result)
	if err != nil {
		return fmt.Errorf("model value of %s: %w", f.Name, err)
	}
	m.consts[f] = v
	return nil
}

// SetFunc interprets the function f. A definition must have one formal per
// parameter; table rows one value per parameter.
func (m *Model) SetFunc(f *smt.Func, fi *FuncInterp) error {
	if fi == nil {
		return fmt.Errorf("nil interpretation of %s", f.Name)
	}
	if err := fi.check(f.Name, f.Params, f.Result); err != nil {
		return err
	}
	if f.IsConst() && fi.Body == nil {
		if fi.Default == nil {
			return fmt.Errorf("model value of %s is missing", f.Name)
		}
		return m.SetConst(f, fi.Default)
	}
	m.funcs[f] = fi
	return nil
}

// Const is the value of constant f in the model.
func (m *Model) Const(f *smt.Func) (smt.Value, bool) {
	v, ok := m.consts[f]
	return v, ok
}

// Func is the interpretation of function f in the model.
func (m *Model) Func(f *smt.Func) (*FuncInterp, bool) {
	fi, ok := m.funcs[f]
	return fi, ok
}

func (fi *FuncInterp) check(name string, params []*smt.Sort, res *smt.Sort) error {
	if fi.Body != nil {
		if len(fi.Formals) != len(params) {
			return fmt.Errorf("model of %s has %d formals for %d parameters", name, len(fi.Formals), len(params))
		}
		for i, x := range fi.Formals {
			if x.Kind() != smt.Var {
				return fmt.Errorf("model of %s: formal %d is not a variable", name, i+1)
			}
			if x.Sort() != params[i] {
				return fmt.Errorf("model of %s: formal %d has sort %s, expected %s", name, i+1, x.Sort(), params[i])
			}
		}
		if !fits(fi.Body.Sort(), res) {
			return fmt.Errorf("model of %s: body has sort %s, expected %s", name, fi.Body.Sort(), res)
		}
		return nil
	}
	if fi.Default != nil {
		d, err := fit(fi.Default, res)
		if err != nil {
			return fmt.Errorf("model of %s: default: %w", name, err)
		}
		fi.Default = d
	}
	for r := range fi.Entries {
		e := &fi.Entries[r]
		if len(e.Args) != len(params) {
			return fmt.Errorf("model of %s: row %d has %d arguments for %d parameters", name, r+1, len(e.Args), len(params))
		}
		for i, a := range e.Args {
			v, err := fit(a, params[i])
			if err != nil {
				return fmt.Errorf("model of %s: row %d argument %d: %w", name, r+1, i+1, err)
			}
			e.Args[i] = v
		}
		v, err := fit(e.Value, res)
		if err != nil {
			return fmt.Errorf("model of %s: row %d: %w", name, r+1, err)
		}
		e.Value = v
	}
	fi.index = nil
	return nil
}

// lookup finds the table row for args (first matching row wins, as in an
// ite chain), or the default.
func (fi *FuncInterp) lookup(args []smt.Value) (smt.Value, bool) {
	if fi.index == nil {
		fi.index = make(map[string]smt.Value, len(fi.Entries))
		for _, e := range fi.Entries {
			k := argsKey(e.Args)
			if _, dup := fi.index[k]; !dup {
				fi.index[k] = e.Value
			}
		}
	}
	if v, ok := fi.index[argsKey(args)]; ok {
		return v, true
	}
	return fi.Default, fi.Default != nil
}

func argsKey(args []smt.Value) string {
	if len(args) == 1 {
		return keyOf(args[0])
	}
	var b strings.Builder
	for _, a := range args {
		b.WriteString(keyOf(a))
		b.WriteByte(0)
	}
	return b.String()
}

// keyOf is a canonical text of a value: equal values give equal keys.
// Integral reals print like integers so that Int and Real arguments meet.
func keyOf(v smt.Value) string {
	if r, ok := v.(smt.RealValue); ok && r.V.IsInt() {
		return smt.IntValue{V: r.V.Num()}.String()
	}
	return v.String()
}

func fits(got, want *smt.Sort) bool {
	return got == want || (want == smt.RealSort() && got == smt.IntSort())
}

// fit checks that v has sort s, converting an Int to a Real where needed.
func fit(v smt.Value, s *smt.Sort) (smt.Value, error) {
	if v == nil {
		return nil, fmt.Errorf("missing value")
	}
	if _, ok := v.(smt.Undefined); ok {
		return v, nil
	}
	if iv, ok := v.(smt.IntValue); ok && s == smt.RealSort() {
		return smt.RealValue{V: ratOf(iv.V)}, nil
	}
	if rv, ok := v.(smt.RealValue); ok && s == smt.IntSort() && rv.V.IsInt() {
		return smt.IntValue{V: rv.V.Num()}, nil
	}
	if v.Sort() != s {
		return nil, fmt.Errorf("value %s has sort %s, expected %s", v, v.Sort(), s)
	}
	return v, nil
}
