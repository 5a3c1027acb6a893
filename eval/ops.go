package eval

import (
	"fmt"
	"math/big"

	"tandem/smt"
)

// op evaluates a theory operator. Boolean connectives and ite look at
// their arguments lazily (an undefined argument does not matter when
// another one decides the result); every other operator is strict: an
// undefined argument makes the result undefined.
func (e *Evaluator) op(t *smt.Term, sc *scope) (smt.Value, error) {
	switch t.Op() {
	case smt.OpTrue:
		return smt.BoolValue(true), nil
	case smt.OpFalse:
		return smt.BoolValue(false), nil
	case smt.OpAnd, smt.OpOr:
		// and: false wins over undefined; or: true wins.
		stop := t.Op() == smt.OpOr
		var us []smt.Value
		for _, a := range t.Args() {
			v, err := e.eval(a, sc)
			if err != nil {
				return nil, err
			}
			switch x := v.(type) {
			case smt.BoolValue:
				if bool(x) == stop {
					return x, nil
				}
			case smt.Undefined:
				us = append(us, x)
			default:
				return nil, fmt.Errorf("%s: argument %s is not Bool", t.Op(), v)
			}
		}
		if len(us) > 0 {
			return e.connective(t, us), nil
		}
		return smt.BoolValue(!stop), nil
	case smt.OpImplies:
		// (=> a1 … an b) is true when some ai is false or b is true.
		n := t.NumArgs()
		var us []smt.Value
		for i, a := range t.Args() {
			v, err := e.eval(a, sc)
			if err != nil {
				return nil, err
			}
			switch x := v.(type) {
			case smt.BoolValue:
				if bool(x) == (i < n-1) {
					continue
				}
				return smt.BoolValue(true), nil
			case smt.Undefined:
				if i < n-1 {
					// (=> u b) is (or (not u) b): keep the polarity
					us = append(us, smt.Undefined{S: x.S, Term: x.Term, Reason: x.Reason, ID: e.negated(x)})
				} else {
					us = append(us, x)
				}
			default:
				return nil, fmt.Errorf("=>: argument %s is not Bool", v)
			}
		}
		if len(us) > 0 {
			return e.connective(t, us), nil
		}
		return smt.BoolValue(false), nil
	case smt.OpRootObj:
		// z3's irrational algebraic numbers: Real values here are
		// rationals, so there is no exact value to compute with.
		return nil, fmt.Errorf("%s is an irrational algebraic number (root-obj); exact real algebraic arithmetic: %w", shortTerm(t), ErrUnsupported)
	case smt.OpIte:
		c, err := e.eval(t.Arg(0), sc)
		if err != nil {
			return nil, err
		}
		switch x := c.(type) {
		case smt.BoolValue:
			br := t.Arg(2)
			if x {
				br = t.Arg(1)
			}
			v, err := e.eval(br, sc)
			if err != nil {
				return nil, err
			}
			if u, ok := v.(smt.Undefined); ok {
				return keep(t, u), nil
			}
			return fit(v, t.Sort())
		case smt.Undefined:
			return e.iteOpen(t, sc, x)
		}
		return nil, fmt.Errorf("ite: condition %s is not Bool", c)
	}
	vals, u, ok, err := e.args(t, sc)
	if err != nil {
		return nil, err
	}
	if !ok {
		if vals != nil && (t.Op() == smt.OpEq || t.Op() == smt.OpDistinct) {
			return e.eqOpen(t, vals)
		}
		return e.strictOpen(t, opHead(t), vals, u), nil
	}
	if bytes, steps := cost(t, vals); bytes > 0 || steps > 0 {
		if err := e.numberFits(t, bytes); err != nil {
			return nil, err
		}
		if err := e.need(t, bytes); err != nil {
			return nil, err
		}
		if err := e.charge(t, steps); err != nil {
			return nil, err
		}
	}
	v, err := e.strict(t, vals)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shortTerm(t), err)
	}
	if u, ok := v.(smt.Undefined); ok && u.ID == 0 {
		// the standard leaves this application open: it is one fixed
		// value of its arguments
		u.ID = e.intern(appKey(opHead(t), t.Sort(), vals))
		v = u
	}
	if t.Op() != smt.OpSelect {
		if err := e.account(t, v); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// iteOpen is (ite c a b) with the condition open: a and b are both
// evaluated; when they are the same value it does not matter which is
// taken, otherwise the value is the application. An error in a branch
// (other than the budget) leaves the value undefined, as the branch may
// be the one not taken.
func (e *Evaluator) iteOpen(t *smt.Term, sc *scope, c smt.Undefined) (smt.Value, error) {
	var br [2]smt.Value
	for i := range br {
		v, err := e.eval(t.Arg(i+1), sc)
		if err != nil {
			if _, budget := err.(*BudgetError); budget {
				return nil, err
			}
			return undef(t, c), nil
		}
		if _, ok := v.(smt.Undefined); !ok {
			if v, err = fit(v, t.Sort()); err != nil {
				return nil, err
			}
		}
		br[i] = v
	}
	eq, known, err := e.same(br[0], br[1])
	if err != nil {
		return nil, err
	}
	if known && eq {
		if u, ok := br[0].(smt.Undefined); ok {
			return keep(t, u), nil
		}
		return br[0], nil
	}
	return e.symbolic(t, "ite", []smt.Value{c, br[0], br[1]}), nil
}

// negated is the ID of (not u).
func (e *Evaluator) negated(u smt.Undefined) uint64 {
	if u.ID == 0 {
		return 0
	}
	return e.intern(appKey("not", smt.BoolSort(), []smt.Value{u}))
}

// strict applies an operator to defined argument values.
func (e *Evaluator) strict(t *smt.Term, a []smt.Value) (smt.Value, error) {
	op := t.Op()
	switch op {
	case smt.OpNot:
		b, err := boolArg(a[0])
		return smt.BoolValue(!b), err
	case smt.OpXor:
		r := false
		for _, v := range a {
			b, err := boolArg(v)
			if err != nil {
				return nil, err
			}
			r = r != b
		}
		return smt.BoolValue(r), nil
	case smt.OpEq:
		eq, err := e.equal(a[0], a[1])
		for i := 2; i < len(a) && eq && err == nil; i++ {
			eq, err = e.equal(a[i-1], a[i])
		}
		return smt.BoolValue(eq), err
	case smt.OpDistinct:
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				eq, err := e.equal(a[i], a[j])
				if err != nil {
					return nil, err
				}
				if eq {
					return smt.BoolValue(false), nil
				}
			}
		}
		return smt.BoolValue(true), nil
	case smt.OpSelect:
		arr, ok := a[0].(*smt.ArrayValue)
		if !ok {
			return nil, fmt.Errorf("select from %s", a[0])
		}
		return e.selectArray(t, arr, fitIndex(a[1], arr.S))
	case smt.OpStore:
		arr, ok := a[0].(*smt.ArrayValue)
		if !ok {
			return nil, fmt.Errorf("store into %s", a[0])
		}
		arr, err := e.materialize(arr)
		if err != nil {
			return nil, err
		}
		if err := unresolvedKey("store", a[1:2]); err != nil {
			return nil, err
		}
		el, err := fit(a[2], arr.S.Elem())
		if err != nil {
			return nil, err
		}
		return arr.Store(fitIndex(a[1], arr.S), el)
	case smt.OpConstArray:
		el, err := fit(a[0], t.Sort().Elem())
		if err != nil {
			return nil, err
		}
		return smt.NewArrayValue(t.Sort(), el), nil
	case smt.OpRNE, smt.OpRNA, smt.OpRTP, smt.OpRTN, smt.OpRTZ:
		return smt.RoundingModeValue(op), nil
	case smt.OpFP, smt.OpFPPosZero, smt.OpFPNegZero, smt.OpFPPosInf, smt.OpFPNegInf, smt.OpFPNaN:
		if v, err := smt.ValueOf(t); err == nil {
			return v, nil
		}
		return fpTriple(a)
	}
	switch op.Info().Theory {
	case smt.TheoryInts, smt.TheoryReals, smt.TheoryRealsInts:
		return e.arith(t, a)
	case smt.TheoryBV:
		return bvOp(t, a)
	case smt.TheoryStrings:
		return e.strings(t, a)
	case smt.TheoryFP:
		return fpOp(t, a)
	}
	return nil, fmt.Errorf("operator %s: %w (its theory is not evaluated yet)", op, ErrUnsupported)
}

func fpTriple(a []smt.Value) (smt.Value, error) {
	if len(a) != 3 {
		return nil, fmt.Errorf("fp needs 3 arguments")
	}
	s, ok1 := a[0].(smt.BVValue)
	x, ok2 := a[1].(smt.BVValue)
	m, ok3 := a[2].(smt.BVValue)
	if !ok1 || !ok2 || !ok3 {
		return nil, fmt.Errorf("fp needs bit-vector arguments")
	}
	eb, sb := x.W, m.W+1
	bits := new(big.Int).Lsh(s.V, uint(eb+sb-1))
	bits.Or(bits, new(big.Int).Lsh(x.V, uint(sb-1)))
	bits.Or(bits, m.V)
	return smt.NewFPValue(eb, sb, bits), nil
}

func boolArg(v smt.Value) (bool, error) {
	b, ok := v.(smt.BoolValue)
	if !ok {
		return false, fmt.Errorf("argument %s is not Bool", v)
	}
	return bool(b), nil
}

func fitIndex(i smt.Value, arr *smt.Sort) smt.Value {
	if arr.Index() == smt.RealSort() {
		return toReal(i)
	}
	return i
}

// selectArray reads arr at i, applying the model's function for an
// (_ as-array f) array that is not a finite table.
func (e *Evaluator) selectArray(t *smt.Term, arr *smt.ArrayValue, i smt.Value) (smt.Value, error) {
	if arr.Func == nil && len(arr.Entries) > 0 {
		if err := unresolvedKey("select", []smt.Value{i}); err != nil {
			return nil, err
		}
	}
	if v, ok := arr.Select(i); ok {
		return e.canon(v)
	}
	f := arr.Func
	fi, ok := e.interp(f)
	if !ok {
		return e.open(t, funcHead(f), []smt.Value{i}, "the model does not interpret "+f.Name), nil
	}
	return e.callInterp(t, f, fi, []smt.Value{i})
}

// materialize is the content of an array (arrays given by model functions
// resolved); an array of a function body that is not a table is not
// evaluable here.
func (e *Evaluator) materialize(arr *smt.ArrayValue) (*smt.ArrayValue, error) {
	v, err := e.canon(arr)
	if err != nil {
		return nil, err
	}
	out := v.(*smt.ArrayValue)
	if hasFuncArray(out) {
		return nil, fmt.Errorf("array %s is given by a function body, not a finite table in the model: %w", arr, ErrUnsupported)
	}
	return out, nil
}

// equal is SMT-LIB = on two defined values. Arrays are compared by
// content; an array given by a function body that is not a table is
// equal to itself and not evaluable against anything else.
func (e *Evaluator) equal(a, b smt.Value) (bool, error) {
	if x, ok := a.(smt.RegLanValue); ok {
		return e.regLanEqual(x, b)
	}
	if hasFuncArray(a) || hasFuncArray(b) {
		var err error
		if a, err = e.canon(a); err != nil {
			return false, err
		}
		if b, err = e.canon(b); err != nil {
			return false, err
		}
		if hasFuncArray(a) || hasFuncArray(b) {
			if smt.CompareValues(a, b) == 0 {
				return true, nil // the same function
			}
			return false, fmt.Errorf("comparing %s with %s: an array given by a function body (not a finite table) is compared by content: %w", a, b, ErrUnsupported)
		}
	}
	return smt.ValueEqual(a, b), nil
}
