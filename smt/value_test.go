package smt

import (
	"math/big"
	"testing"
)

func TestValueRoundTrip(t *testing.T) {
	s := NewStore()
	AI := ArraySort(IntSort(), IntSort())
	c0, _ := s.ConstArray(AI, s.Int(0))
	st := s.MustApply(OpStore, nil, s.MustApply(OpStore, nil, c0, s.Int(3), s.Int(-4)), s.Int(1), s.Int(2))
	third := s.MustApply(OpDiv, nil, s.Decimal(big.NewRat(1, 1)), s.Decimal(big.NewRat(3, 1)))
	cases := []struct {
		t    *Term
		want string
	}{
		{s.Int(-5), "(- 5)"},
		{s.Decimal(big.NewRat(-1, 3)), "(- (/ 1.0 3.0))"},
		{third, "(/ 1.0 3.0)"},
		{s.MustApply(OpDiv, nil, s.Int(-2), s.Int(4)), "(- (/ 1.0 2.0))"},
		{s.MustApply(OpNeg, nil, third), "(- (/ 1.0 3.0))"},
		{s.BVUint64(5, 3), "#b101"},
		{s.BVUint64(0xab, 8), "#xab"},
		{st, "(store (store ((as const (Array Int Int)) 0) 1 2) 3 (- 4))"},
		{s.True(), "true"},
	}
	for _, c := range cases {
		v, err := ValueOf(c.t)
		if err != nil {
			t.Fatalf("ValueOf(%s): %v", c.t, err)
		}
		if v.String() != c.want {
			t.Errorf("ValueOf(%s) = %s, want %s", c.t, v, c.want)
		}
		back, err := s.ValueTerm(v)
		if err != nil {
			t.Fatalf("ValueTerm(%s): %v", v, err)
		}
		v2, err := ValueOf(back)
		if err != nil || !ValueEqual(v, v2) {
			t.Errorf("round trip of %s gave %s (%v)", v, back, err)
		}
	}
	x := s.Const(s.NewFunc("x", FuncDeclared, nil, IntSort()))
	for _, bad := range []*Term{x, s.MustApply(OpAdd, nil, s.Int(1), s.Int(2)), s.MustApply(OpDiv, nil, s.Decimal(big.NewRat(1, 1)), s.Decimal(new(big.Rat)))} {
		if _, err := ValueOf(bad); err == nil {
			t.Errorf("ValueOf(%s) accepted a non-value", bad)
		}
	}
}

func TestArrayValueCanonical(t *testing.T) {
	AB := ArraySort(BoolSort(), IntSort())
	a := NewArrayValue(AB, IntValue{big.NewInt(0)})
	b, _ := a.Store(BoolValue(true), IntValue{big.NewInt(1)})
	b, _ = b.Store(BoolValue(false), IntValue{big.NewInt(1)})
	c := NewArrayValue(AB, IntValue{big.NewInt(1)})
	if !ValueEqual(b, c) {
		t.Errorf("%s should equal %s: the Bool index sort is covered", b, c)
	}
	d, _ := b.Store(BoolValue(true), IntValue{big.NewInt(0)})
	if ValueEqual(d, c) {
		t.Errorf("%s should differ from %s", d, c)
	}
	e, _ := a.Store(BoolValue(true), IntValue{big.NewInt(0)})
	if len(e.Entries) != 0 {
		t.Errorf("storing the default kept an entry: %s", e)
	}
}

func TestFPValue(t *testing.T) {
	s := NewStore()
	nan := s.MustApply(OpFPNaN, []int{8, 24})
	v, err := ValueOf(nan)
	if err != nil {
		t.Fatal(err)
	}
	other := NewFPValue(8, 24, big.NewInt(0x7f800001))
	if !ValueEqual(v, other) {
		t.Errorf("NaNs differ: %s %s", v, other)
	}
	pz, _ := ValueOf(s.MustApply(OpFPPosZero, []int{8, 24}))
	nz, _ := ValueOf(s.MustApply(OpFPNegZero, []int{8, 24}))
	if ValueEqual(pz, nz) {
		t.Error("+0 = -0 under SMT-LIB =")
	}
	if pz.String() != "(fp #b0 #x00 #b00000000000000000000000)" {
		t.Errorf("+zero prints as %s", pz)
	}
}
