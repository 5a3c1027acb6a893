package smt

import "math/big"

// DefaultValue is the value a solver's model completion gives a constant
// the model leaves out, as z3 does: false, 0, 0.0, "", the zero bit-vector,
// +0 of a floating-point sort. The second result is false for the other
// sorts (arrays, datatypes, uninterpreted sorts, …), which have no value
// made of the sort alone here.
func DefaultValue(s *Sort) (Value, bool) {
	switch s.Kind {
	case KindBool:
		return BoolValue(false), true
	case KindInt:
		return IntValue{V: new(big.Int)}, true
	case KindReal:
		return RealValue{V: new(big.Rat)}, true
	case KindString:
		return StringValue{}, true
	case KindBitVec:
		return NewBVValue(new(big.Int), s.Width), true
	case KindFloat:
		return NewFPValue(s.EB, s.SB, new(big.Int)), true
	}
	return nil, false
}
