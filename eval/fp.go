package eval

import (
	"fmt"
	"math/big"

	"tandem/smt"
	"tandem/smt/fp"
)

// fpOp evaluates a FloatingPoint operator on defined arguments with
// package smt/fp. Results the standard leaves open (fp.min/fp.max of +0
// and -0, fp.to_ubv/fp.to_sbv of NaN, ±∞ or out of range, fp.to_real of
// ±∞ or NaN, z3's fp.to_ieee_bv of NaN) are Undefined.
func fpOp(t *smt.Term, a []smt.Value) (smt.Value, error) {
	op := t.Op()
	undefined := func(why string) (smt.Value, error) {
		return smt.Undefined{S: t.Sort(), Term: t, Reason: why}, nil
	}
	// Arguments: an optional rounding mode first, then floats.
	var rm fp.RoundingMode
	args := a
	if len(a) > 0 {
		if r, ok := a[0].(smt.RoundingModeValue); ok {
			m, err := roundingMode(r)
			if err != nil {
				return nil, err
			}
			rm, args = m, a[1:]
		}
	}
	xs := make([]fp.Float, 0, len(args))
	for _, v := range args {
		if f, ok := v.(smt.FPValue); ok {
			x := fp.Float(f)
			if !x.Valid() {
				return nil, fmt.Errorf("floating-point value %s of format (%d, %d): %w (fp computes with 2 <= eb <= %d, 2 <= sb <= %d)",
					f, f.EB, f.SB, ErrUnsupported, fp.MaxEB, fp.MaxSB)
			}
			xs = append(xs, x)
		}
	}
	need := func(n int) error {
		if len(xs) != n || len(args) != n {
			return fmt.Errorf("%s needs %d floating-point arguments", op, n)
		}
		return nil
	}
	if s := t.Sort(); s.Kind == smt.KindFloat && !fp.ValidFormat(s.EB, s.SB) {
		return nil, fmt.Errorf("format (%d, %d): %w (fp computes with 2 <= eb <= %d, 2 <= sb <= %d)", s.EB, s.SB, ErrUnsupported, fp.MaxEB, fp.MaxSB)
	}
	fv := func(x fp.Float) (smt.Value, error) {
		if !x.Valid() {
			return nil, fmt.Errorf("%s: arguments of different formats", op)
		}
		return smt.FPValue(x), nil
	}
	switch op {
	case smt.OpFPAbs, smt.OpFPNeg, smt.OpFPSqrt, smt.OpFPRoundToIntegral:
		if err := need(1); err != nil {
			return nil, err
		}
		switch op {
		case smt.OpFPAbs:
			return fv(fp.Abs(xs[0]))
		case smt.OpFPNeg:
			return fv(fp.Neg(xs[0]))
		case smt.OpFPSqrt:
			return fv(fp.Sqrt(rm, xs[0]))
		}
		return fv(fp.RoundToIntegral(rm, xs[0]))
	case smt.OpFPAdd, smt.OpFPSub, smt.OpFPMul, smt.OpFPDiv, smt.OpFPRem:
		if err := need(2); err != nil {
			return nil, err
		}
		switch op {
		case smt.OpFPAdd:
			return fv(fp.Add(rm, xs[0], xs[1]))
		case smt.OpFPSub:
			return fv(fp.Sub(rm, xs[0], xs[1]))
		case smt.OpFPMul:
			return fv(fp.Mul(rm, xs[0], xs[1]))
		case smt.OpFPDiv:
			return fv(fp.Div(rm, xs[0], xs[1]))
		}
		return fv(fp.Rem(xs[0], xs[1]))
	case smt.OpFPFma:
		if err := need(3); err != nil {
			return nil, err
		}
		return fv(fp.Fma(rm, xs[0], xs[1], xs[2]))
	case smt.OpFPMin, smt.OpFPMax:
		if err := need(2); err != nil {
			return nil, err
		}
		f := fp.Min
		if op == smt.OpFPMax {
			f = fp.Max
		}
		r, ok := f(xs[0], xs[1])
		if !ok {
			if xs[0].Valid() && xs[0].EB == xs[1].EB && xs[0].SB == xs[1].SB {
				return undefined(op.String() + " of +0 and -0 is unspecified")
			}
			return nil, fmt.Errorf("%s: arguments of different formats", op)
		}
		return fv(r)
	case smt.OpFPLeq, smt.OpFPLt, smt.OpFPGeq, smt.OpFPGt, smt.OpFPEq:
		if len(xs) < 2 || len(xs) != len(args) {
			return nil, fmt.Errorf("%s needs at least 2 floating-point arguments", op)
		}
		cmp := map[smt.Op]func(x, y fp.Float) bool{smt.OpFPLeq: fp.Leq, smt.OpFPLt: fp.Lt, smt.OpFPGeq: fp.Geq, smt.OpFPGt: fp.Gt, smt.OpFPEq: fp.Eq}[op]
		r := true
		for i := 1; i < len(xs); i++ { // chainable
			r = r && cmp(xs[i-1], xs[i])
		}
		return smt.BoolValue(r), nil
	case smt.OpFPIsNormal, smt.OpFPIsSubnormal, smt.OpFPIsZero, smt.OpFPIsInfinite, smt.OpFPIsNaN, smt.OpFPIsNegative, smt.OpFPIsPositive:
		if err := need(1); err != nil {
			return nil, err
		}
		x := xs[0]
		r := map[smt.Op]func() bool{smt.OpFPIsNormal: x.IsNormal, smt.OpFPIsSubnormal: x.IsSubnormal, smt.OpFPIsZero: x.IsZero,
			smt.OpFPIsInfinite: x.IsInfinite, smt.OpFPIsNaN: x.IsNaN, smt.OpFPIsNegative: x.IsNegative, smt.OpFPIsPositive: x.IsPositive}[op]()
		return smt.BoolValue(r), nil
	case smt.OpFPToReal:
		if err := need(1); err != nil {
			return nil, err
		}
		r, ok := fp.ToRat(xs[0])
		if !ok {
			return undefined("fp.to_real of an infinity or NaN is unspecified")
		}
		return smt.RealValue{V: r}, nil
	case smt.OpFPToIEEEBV:
		if err := need(1); err != nil {
			return nil, err
		}
		b, ok := fp.ToIEEEBits(xs[0])
		if !ok {
			return undefined("fp.to_ieee_bv of NaN is unspecified (NaN has many bit patterns)")
		}
		return smt.NewBVValue(b, xs[0].EB+xs[0].SB), nil
	case smt.OpFPToUBV, smt.OpFPToSBV:
		if err := need(1); err != nil {
			return nil, err
		}
		w := t.Sort().Width
		var v *big.Int
		var ok bool
		if op == smt.OpFPToUBV {
			v, ok = fp.ToUnsigned(rm, xs[0], w)
		} else {
			v, ok = fp.ToSigned(rm, xs[0], w)
		}
		if !ok {
			return undefined(op.String() + " of NaN, an infinity or an out-of-range number is unspecified")
		}
		return smt.NewBVValue(v, w), nil
	case smt.OpToFP, smt.OpToFPUnsigned:
		return toFP(t, rm, a)
	}
	return nil, fmt.Errorf("operator %s: %w", op, ErrUnsupported)
}

// toFP evaluates (_ to_fp eb sb) in its forms — a bit-vector
// reinterpreted; a rounding mode and a float, Real (or Int), or signed
// bit-vector; z3's rounding mode, Real and Int exponent — and
// (_ to_fp_unsigned eb sb).
func toFP(t *smt.Term, rm fp.RoundingMode, a []smt.Value) (smt.Value, error) {
	s := t.Sort()
	eb, sb := s.EB, s.SB
	fv := func(x fp.Float) (smt.Value, error) {
		if !x.Valid() {
			return nil, fmt.Errorf("%s: bad argument", t.Op())
		}
		return smt.FPValue(x), nil
	}
	if len(a) == 1 {
		b, ok := a[0].(smt.BVValue)
		if !ok || b.W != eb+sb {
			return nil, fmt.Errorf("to_fp: a single argument must be a bit-vector of width %d", eb+sb)
		}
		return fv(fp.FromBits(eb, sb, b.V))
	}
	if _, ok := a[0].(smt.RoundingModeValue); !ok {
		return nil, fmt.Errorf("%s: the first of several arguments must be a rounding mode", t.Op())
	}
	switch len(a) {
	case 2:
		switch x := a[1].(type) {
		case smt.BVValue:
			if t.Op() == smt.OpToFPUnsigned {
				return fv(fp.FromUnsigned(rm, x.V, x.W, eb, sb))
			}
			return fv(fp.FromSigned(rm, x.V, x.W, eb, sb))
		case smt.FPValue:
			if t.Op() == smt.OpToFP {
				return fv(fp.Convert(rm, fp.Float(x), eb, sb))
			}
		case smt.RealValue:
			if t.Op() == smt.OpToFP {
				return fv(fp.FromRat(rm, x.V, eb, sb))
			}
		case smt.IntValue:
			if t.Op() == smt.OpToFP {
				return fv(fp.FromRat(rm, new(big.Rat).SetInt(x.V), eb, sb))
			}
		}
	case 3:
		var r *big.Rat
		switch x := a[1].(type) {
		case smt.RealValue:
			r = x.V
		case smt.IntValue:
			r = new(big.Rat).SetInt(x.V)
		}
		e, ok := a[2].(smt.IntValue)
		if r != nil && ok && t.Op() == smt.OpToFP {
			return fv(fp.FromRatExp(rm, r, e.V, eb, sb))
		}
	}
	return nil, fmt.Errorf("%s: arguments %v: %w", t.Op(), a, ErrUnsupported)
}

func roundingMode(r smt.RoundingModeValue) (fp.RoundingMode, error) {
	switch smt.Op(r) {
	case smt.OpRNE:
		return fp.RNE, nil
	case smt.OpRNA:
		return fp.RNA, nil
	case smt.OpRTP:
		return fp.RTP, nil
	case smt.OpRTN:
		return fp.RTN, nil
	case smt.OpRTZ:
		return fp.RTZ, nil
	}
	return 0, fmt.Errorf("bad rounding mode %d", r)
}
