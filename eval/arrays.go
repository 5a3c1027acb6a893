package eval

import (
	"fmt"

	"tandem/smt"
)

// Arrays given by a model function, (_ as-array k!0), are resolved into
// their content (a default and stored indices, canonical as
// smt.ArrayValue keeps them) wherever they appear: as values, as elements,
// and as indices of arrays of arrays, where they are looked up by content
// as = compares them (issue 23 item 8). A function given by a body that is
// not a finite table (a lambda over its argument) cannot be resolved; an
// array of it is equal only to itself, and using it as an index of a
// table or array with stored indices is not evaluable rather than a guess.

// hasFuncArray reports whether v holds an array given by a model function.
func hasFuncArray(v smt.Value) bool {
	switch x := v.(type) {
	case *smt.ArrayValue:
		if x.Func != nil {
			return true
		}
		if hasFuncArray(x.Default) {
			return true
		}
		for _, en := range x.Entries {
			if hasFuncArray(en.Index) || hasFuncArray(en.Elem) {
				return true
			}
		}
	case *smt.DatatypeValue:
		for _, a := range x.Args {
			if hasFuncArray(a) {
				return true
			}
		}
	}
	return false
}

// canon resolves the arrays given by model functions inside v.
func (e *Evaluator) canon(v smt.Value) (smt.Value, error) {
	if !hasFuncArray(v) {
		return v, nil
	}
	switch x := v.(type) {
	case *smt.ArrayValue:
		if x.Func != nil {
			return e.resolveArray(x)
		}
		d, err := e.canon(x.Default)
		if err != nil {
			return nil, err
		}
		out := smt.NewArrayValue(x.S, d)
		for _, en := range x.Entries {
			i, err := e.canon(en.Index)
			if err != nil {
				return nil, err
			}
			el, err := e.canon(en.Elem)
			if err != nil {
				return nil, err
			}
			if out, err = out.Store(i, el); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *smt.DatatypeValue:
		args := make([]smt.Value, len(x.Args))
		for i, a := range x.Args {
			c, err := e.canon(a)
			if err != nil {
				return nil, err
			}
			args[i] = c
		}
		return &smt.DatatypeValue{S: x.S, Cons: x.Cons, Args: args}, nil
	}
	return v, nil
}

// resolveArray is the content of (_ as-array f) when f is a finite table
// in the model, and the array itself otherwise.
func (e *Evaluator) resolveArray(x *smt.ArrayValue) (smt.Value, error) {
	f := x.Func
	if a, ok := e.arrays[f]; ok {
		return a, nil
	}
	fi, ok := e.interp(f)
	if !ok || fi.Body != nil || fi.Default == nil {
		return x, nil
	}
	if e.resolving[f] {
		return nil, fmt.Errorf("model definitions are cyclic: the array (_ as-array %s) is defined through itself", f.Name)
	}
	if e.resolving == nil {
		e.resolving = map[*smt.Func]bool{}
	}
	e.resolving[f] = true
	defer delete(e.resolving, f)
	d, err := e.canon(fi.Default)
	if err != nil {
		return nil, err
	}
	out := smt.NewArrayValue(x.S, d)
	for j := len(fi.Entries) - 1; j >= 0; j-- { // first row wins
		r := fi.Entries[j]
		if len(r.Args) != 1 {
			return nil, fmt.Errorf("array function %s takes %d arguments", f.Name, len(r.Args))
		}
		i, err := e.canon(fitIndex(r.Args[0], x.S))
		if err != nil {
			return nil, err
		}
		el, err := e.canon(r.Value)
		if err != nil {
			return nil, err
		}
		if out, err = out.Store(i, el); err != nil {
			return nil, err
		}
	}
	if e.arrays == nil {
		e.arrays = map[*smt.Func]*smt.ArrayValue{}
	}
	e.arrays[f] = out
	return out, nil
}

// table is fi with its rows and default canonical (arrays given by
// model functions resolved), made once per evaluator.
func (e *Evaluator) table(f *smt.Func, fi *FuncInterp) (*FuncInterp, error) {
	if c, ok := e.tables[fi]; ok {
		return c, nil
	}
	dirty := fi.Default != nil && hasFuncArray(fi.Default)
	for _, r := range fi.Entries {
		for _, a := range r.Args {
			dirty = dirty || hasFuncArray(a)
		}
		dirty = dirty || hasFuncArray(r.Value)
	}
	c := fi
	if dirty {
		if e.resolving[f] {
			return nil, fmt.Errorf("model definitions are cyclic: %s is defined through itself", f.Name)
		}
		if e.resolving == nil {
			e.resolving = map[*smt.Func]bool{}
		}
		e.resolving[f] = true
		defer delete(e.resolving, f)
		c = &FuncInterp{Entries: make([]FuncEntry, len(fi.Entries))}
		var err error
		if fi.Default != nil {
			if c.Default, err = e.canon(fi.Default); err != nil {
				return nil, err
			}
		}
		for j, r := range fi.Entries {
			row := FuncEntry{Args: make([]smt.Value, len(r.Args))}
			for i, a := range r.Args {
				if row.Args[i], err = e.canon(a); err != nil {
					return nil, err
				}
			}
			if row.Value, err = e.canon(r.Value); err != nil {
				return nil, err
			}
			c.Entries[j] = row
		}
	}
	if e.tables == nil {
		e.tables = map[*FuncInterp]*FuncInterp{}
	}
	e.tables[fi] = c
	return c, nil
}

// unresolvedKey says that looking up args in a table or array with stored
// indices cannot be trusted: an argument holds an array given by a
// function body, whose printed name says nothing about its content.
func unresolvedKey(name string, args []smt.Value) error {
	for _, a := range args {
		if hasFuncArray(a) {
			return fmt.Errorf("%s applied to %s, an array given by a function body (not a finite table): comparing it with stored indices by content: %w", name, a, ErrUnsupported)
		}
	}
	return nil
}
