package eval

import (
	"fmt"
	"math/big"

	"tandem/smt"
)

// arith evaluates Ints, Reals and Reals_Ints operators (and the bv2nat
// family, which the operator table files under bit-vectors but which
// lands here through bvOp). Arguments are defined. A Real-sorted term may
// have Int arguments (lenient mixed arithmetic); they are converted.
func (e *Evaluator) arith(t *smt.Term, a []smt.Value) (smt.Value, error) {
	op := t.Op()
	real := t.Sort() == smt.RealSort()
	switch op {
	case smt.OpLe, smt.OpLt, smt.OpGe, smt.OpGt:
		for i := 0; i+1 < len(a); i++ {
			c, err := cmpNum(a[i], a[i+1])
			if err != nil {
				return nil, err
			}
			ok := (op == smt.OpLe && c <= 0) || (op == smt.OpLt && c < 0) ||
				(op == smt.OpGe && c >= 0) || (op == smt.OpGt && c > 0)
			if !ok {
				return smt.BoolValue(false), nil
			}
		}
		return smt.BoolValue(true), nil
	case smt.OpToReal:
		r, ok := rat(a[0])
		if !ok {
			return nil, fmt.Errorf("to_real of %s", a[0])
		}
		return smt.RealValue{V: r}, nil
	case smt.OpToInt:
		r, ok := rat(a[0])
		if !ok {
			return nil, fmt.Errorf("to_int of %s", a[0])
		}
		return smt.IntValue{V: floorRat(r)}, nil
	case smt.OpIsInt:
		r, ok := rat(a[0])
		if !ok {
			return nil, fmt.Errorf("is_int of %s", a[0])
		}
		return smt.BoolValue(r.IsInt()), nil
	case smt.OpRealDivTotal: // cvc5: x / 0 = 0
		x, ok1 := rat(a[0])
		y, ok2 := rat(a[1])
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("/_total of %s and %s", a[0], a[1])
		}
		if y.Sign() == 0 {
			return smt.RealValue{V: new(big.Rat)}, nil
		}
		return smt.RealValue{V: new(big.Rat).Quo(x, y)}, nil
	case smt.OpDiv:
		r, ok := rat(a[0])
		if !ok {
			return nil, fmt.Errorf("/ of %s", a[0])
		}
		r = new(big.Rat).Set(r)
		for _, v := range a[1:] {
			d, ok := rat(v)
			if !ok {
				return nil, fmt.Errorf("/ of %s", v)
			}
			if d.Sign() == 0 {
				x, err := e.byZero(t, e.model.RealDivByZero, smt.RealValue{V: r}, smt.RealValue{V: new(big.Rat)}, "real division by zero")
				if err != nil {
					return nil, err
				}
				xr, ok := rat(x)
				if !ok {
					return x, nil // undefined
				}
				r.Set(xr)
				continue
			}
			r.Quo(r, d)
		}
		return smt.RealValue{V: r}, nil
	}
	if real || op == smt.OpNeg || op == smt.OpSub || op == smt.OpAdd || op == smt.OpMul {
		if real {
			rs := make([]*big.Rat, len(a))
			for i, v := range a {
				r, ok := rat(v)
				if !ok {
					return nil, fmt.Errorf("%s of %s", op, v)
				}
				rs[i] = r
			}
			return ratOp(op, rs)
		}
	}
	is := make([]*big.Int, len(a))
	for i, v := range a {
		iv, ok := v.(smt.IntValue)
		if !ok {
			return nil, fmt.Errorf("%s expects Int arguments, got %s", op, v)
		}
		is[i] = iv.V
	}
	switch op {
	case smt.OpNeg:
		return smt.IntValue{V: new(big.Int).Neg(is[0])}, nil
	case smt.OpAdd:
		r := new(big.Int).Set(is[0])
		for _, x := range is[1:] {
			r.Add(r, x)
		}
		return smt.IntValue{V: r}, nil
	case smt.OpSub:
		r := new(big.Int).Set(is[0])
		for _, x := range is[1:] {
			r.Sub(r, x)
		}
		return smt.IntValue{V: r}, nil
	case smt.OpMul:
		r := new(big.Int).Set(is[0])
		for _, x := range is[1:] {
			r.Mul(r, x)
		}
		return smt.IntValue{V: r}, nil
	case smt.OpIntDiv:
		// Euclidean: x = y*q + r with 0 <= r < |y| (Go's big.Int.Div).
		r := new(big.Int).Set(is[0])
		for _, y := range is[1:] {
			if y.Sign() == 0 {
				x, err := e.byZero(t, e.model.IntDivByZero, smt.IntValue{V: r}, smt.IntValue{V: new(big.Int)}, "integer div by zero")
				if err != nil {
					return nil, err
				}
				xi, ok := x.(smt.IntValue)
				if !ok {
					return x, nil
				}
				r = new(big.Int).Set(xi.V)
				continue
			}
			r.Div(r, y)
		}
		return smt.IntValue{V: r}, nil
	case smt.OpMod:
		if is[1].Sign() == 0 {
			return e.byZero(t, e.model.IntModByZero, a[0], a[1], "integer mod by zero")
		}
		return smt.IntValue{V: new(big.Int).Mod(is[0], is[1])}, nil
	case smt.OpAbs:
		return smt.IntValue{V: new(big.Int).Abs(is[0])}, nil
	case smt.OpDivisible:
		n := big.NewInt(int64(t.Indices()[0]))
		return smt.BoolValue(new(big.Int).Mod(is[0], n).Sign() == 0), nil
	case smt.OpIntDivTotal: // cvc5: x div 0 = 0
		if is[1].Sign() == 0 {
			return smt.IntValue{V: new(big.Int)}, nil
		}
		return smt.IntValue{V: new(big.Int).Div(is[0], is[1])}, nil
	case smt.OpIntModTotal: // cvc5: x mod 0 = x
		if is[1].Sign() == 0 {
			return a[0], nil
		}
		return smt.IntValue{V: new(big.Int).Mod(is[0], is[1])}, nil
	case smt.OpIntPow2:
		if is[0].Sign() < 0 {
			return smt.IntValue{V: new(big.Int)}, nil // cvc5: int.pow2 of a negative is 0
		}
		if n := is[0].BitLen(); n > 64 {
			// not in decimal: printing a 16-million-bit exponent (a nested
			// int.pow2) took 24 s
			return nil, fmt.Errorf("int.pow2 of a %d-bit number is too large to compute", n)
		} else if n > 24 {
			return nil, fmt.Errorf("int.pow2 of %s is too large to compute", is[0])
		}
		return smt.IntValue{V: new(big.Int).Lsh(big.NewInt(1), uint(is[0].Int64()))}, nil
	}
	return nil, fmt.Errorf("operator %s: %w", op, ErrUnsupported)
}

// byZero is the value of a division by zero: the model's interpretation
// when it has one, undefined otherwise.
func (e *Evaluator) byZero(t *smt.Term, fi *FuncInterp, x, zero smt.Value, why string) (smt.Value, error) {
	if fi == nil {
		return smt.Undefined{S: t.Sort(), Term: t, Reason: why}, nil
	}
	args := []smt.Value{x}
	n := len(fi.Formals)
	if fi.Body == nil && len(fi.Entries) > 0 {
		n = len(fi.Entries[0].Args)
	}
	if n == 2 {
		args = append(args, zero)
	}
	v, err := e.callInterp(t, &smt.Func{Name: why, Result: t.Sort()}, fi, args)
	if err != nil {
		return nil, err
	}
	if _, ok := v.(smt.Undefined); ok {
		return v, nil
	}
	return fit(v, t.Sort())
}

func ratOp(op smt.Op, rs []*big.Rat) (smt.Value, error) {
	r := new(big.Rat).Set(rs[0])
	switch op {
	case smt.OpNeg:
		return smt.RealValue{V: r.Neg(r)}, nil
	case smt.OpAdd:
		for _, x := range rs[1:] {
			r.Add(r, x)
		}
	case smt.OpSub:
		for _, x := range rs[1:] {
			r.Sub(r, x)
		}
	case smt.OpMul:
		for _, x := range rs[1:] {
			r.Mul(r, x)
		}
	default:
		return nil, fmt.Errorf("operator %s on Real: %w", op, ErrUnsupported)
	}
	return smt.RealValue{V: r}, nil
}

func cmpNum(a, b smt.Value) (int, error) {
	if x, ok := a.(smt.IntValue); ok {
		if y, ok := b.(smt.IntValue); ok {
			return x.V.Cmp(y.V), nil
		}
	}
	x, ok1 := rat(a)
	y, ok2 := rat(b)
	if !ok1 || !ok2 {
		return 0, fmt.Errorf("comparison of %s and %s", a, b)
	}
	return x.Cmp(y), nil
}

// floorRat is the largest integer not above r.
func floorRat(r *big.Rat) *big.Int {
	q := new(big.Int)
	m := new(big.Int)
	q.DivMod(r.Num(), r.Denom(), m) // Euclidean with positive denominator = floor
	return q
}
