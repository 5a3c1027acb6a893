package eval_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// verdicts evaluates every assertion of script under model and returns
// "true", "false" or "undefined" for each.
func verdicts(t *testing.T, script, model string) []string {
	t.Helper()
	sc, err := smtlib.Parse("u.smt2", []byte(script))
	if err != nil {
		t.Fatal(err)
	}
	sm, err := smtlib.ParseModel([]byte(model), sc)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.New(m)
	var out []string
	for _, a := range sc.Assertions() {
		v, err := ev.Eval(a)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if _, ok := v.(smt.Undefined); ok {
			out = append(out, "undefined")
		} else {
			out = append(out, v.String())
		}
	}
	return out
}

// TestUnderSpecifiedApplications: an open result is one fixed value of
// its arguments (issue 23 item 9). Identical applications are equal;
// anything whose truth depends on the open value stays undefined, never
// false.
func TestUnderSpecifiedApplications(t *testing.T) {
	script := `(declare-datatypes ((L 0)) (((cons (head Int) (tail L)) (nil))))
(declare-const x Int)
(declare-const r Real)
(declare-const l L)
(declare-fun f (Int) Int)
(declare-fun k (Int) Int)
(declare-const a (_ FloatingPoint 8 24))
(declare-const b (_ FloatingPoint 8 24))
(declare-const bv (_ BitVec 8))
(define-fun g ((y Int)) Int 5)
(assert (= (div 1 x) (div 1 x)))
(assert (= (div 1 x) (div 2 x)))
(assert (distinct (div 1 x) (div 1 x)))
(assert (= (+ (div 1 x) 1) (+ (div 1 x) 1)))
(assert (= (mod 5 x) (mod 5 x)))
(assert (= (/ 1.0 r) (/ 1.0 r)))
(assert (= (div 1 x) (mod 1 x)))
(assert (or (= (div 1 x) 3) (= x 0)))
(assert (= (ite (> (div 1 x) 0) 5 5) 5))
(assert (= (f (div 1 x)) (f (div 1 x))))
(assert (= (k (div 1 x)) 9))
(assert (= (head l) (head l)))
(assert (= (head l) 0))
(assert (= (fp.min a b) (fp.min a b)))
(assert (fp.isZero (fp.min a b)))
(assert (= ((_ fp.to_ubv 8) RNE (fp.div RNE a a)) ((_ fp.to_ubv 8) RNE (fp.div RNE a a))))
(assert (= (bvudiv bv #x00) #xff))
(assert (= (div 1 x) 0))
(assert (and (= (div 1 x) 0) (= (div 1 x) 1)))
(assert (= (g (div 1 x)) 5))
(assert (not (= (div 1 x) (div 1 x))))
(assert (= (store ((as const (Array Int Int)) 0) 1 (div 1 x)) (store ((as const (Array Int Int)) 0) 1 (div 1 x))))
(assert (=> (= (div 1 x) 2) (= (div 1 x) 2)))
`
	model := `((define-fun x () Int 0) (define-fun r () Real 0.0) (define-fun l () L nil)
(define-fun f ((y Int)) Int (ite (= y 3) 4 7)) (define-fun k ((y Int)) Int 9)
(define-fun a () (_ FloatingPoint 8 24) (_ +zero 8 24)) (define-fun b () (_ FloatingPoint 8 24) (_ -zero 8 24))
(define-fun bv () (_ BitVec 8) #x05))`
	want := []string{"true", "undefined", "false", "true", "true", "true", "undefined", "true", "true", "true", "true",
		"true", "undefined", "true", "undefined", "true", "true", "undefined", "undefined", "true", "false", "true", "undefined"}
	got := verdicts(t, script, model)
	if len(got) != len(want) {
		t.Fatalf("%d verdicts, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("assertion %d: %s, want %s", i+1, got[i], want[i])
		}
	}
}

// TestOpenValuesAreSound closes the class of item 9: on random terms that
// share subterms (so identical open applications recur), every verdict
// the evaluator gives while division by zero is open must be the value
// under every interpretation of division by zero; a sample of
// interpretations (tables for div0, mod0 and /0) is tried on each.
func TestOpenValuesAreSound(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 9))
	I, R := smt.IntSort(), smt.RealSort()
	small := func() int64 { return int64(r.IntN(7)) - 3 }
	table := func(s *smt.Sort) *eval.FuncInterp {
		v := func() smt.Value {
			if s == R {
				return smt.RealValue{V: big.NewRat(small(), 1)}
			}
			return smt.IntValue{V: big.NewInt(small())}
		}
		fi := &eval.FuncInterp{Default: v()}
		for i := int64(-3); i <= 3; i++ {
			if r.IntN(2) == 0 {
				var a smt.Value = smt.IntValue{V: big.NewInt(i)}
				if s == R {
					a = smt.RealValue{V: big.NewRat(i, 1)}
				}
				fi.Entries = append(fi.Entries, eval.FuncEntry{Args: []smt.Value{a}, Value: v()})
			}
		}
		return fi
	}
	decided, checked := 0, 0
	for n := 0; n < 400; n++ {
		st := smt.NewStore()
		x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, I))
		y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, I))
		q := st.Const(st.NewFunc("q", smt.FuncDeclared, nil, R))
		ints := []*smt.Term{x, y, st.Int(0), st.Int(1), st.Int(-1)}
		reals := []*smt.Term{q, st.Decimal(big.NewRat(0, 1)), st.Decimal(big.NewRat(1, 2))}
		for k := 0; k < 8; k++ {
			a, b := ints[r.IntN(len(ints))], ints[r.IntN(len(ints))]
			op := []smt.Op{smt.OpIntDiv, smt.OpMod, smt.OpAdd, smt.OpMul, smt.OpIntDiv}[r.IntN(5)]
			ints = append(ints, st.MustApply(op, nil, a, b))
			c, d := reals[r.IntN(len(reals))], reals[r.IntN(len(reals))]
			rop := []smt.Op{smt.OpDiv, smt.OpAdd, smt.OpDiv}[r.IntN(3)]
			reals = append(reals, st.MustApply(rop, nil, c, d))
		}
		var bools []*smt.Term
		for k := 0; k < 6; k++ {
			a, b := ints[5+r.IntN(len(ints)-5)], ints[r.IntN(len(ints))]
			c, d := reals[3+r.IntN(len(reals)-3)], reals[r.IntN(len(reals))]
			switch r.IntN(6) {
			case 0:
				bools = append(bools, st.MustApply(smt.OpEq, nil, a, b))
			case 1:
				bools = append(bools, st.MustApply(smt.OpDistinct, nil, a, b))
			case 2:
				bools = append(bools, st.MustApply(smt.OpLe, nil, a, b))
			case 3:
				bools = append(bools, st.MustApply(smt.OpEq, nil, c, d))
			case 4:
				bools = append(bools, st.MustApply(smt.OpEq, nil, st.MustApply(smt.OpIte, nil, st.MustApply(smt.OpLe, nil, a, b), a, a), a))
			default:
				bools = append(bools, st.MustApply(smt.OpEq, nil, st.MustApply(smt.OpAdd, nil, a, a), st.MustApply(smt.OpAdd, nil, a, a)))
			}
		}
		for k := 0; k < 6; k++ {
			a, b := bools[r.IntN(len(bools))], bools[r.IntN(len(bools))]
			op := []smt.Op{smt.OpAnd, smt.OpOr, smt.OpImplies, smt.OpXor, smt.OpEq}[r.IntN(5)]
			bools = append(bools, st.MustApply(op, nil, a, b))
			bools = append(bools, st.MustApply(smt.OpNot, nil, a))
		}
		m := eval.NewModel()
		must(t, m.SetConst(x.Func(), smt.IntValue{V: big.NewInt(int64(r.IntN(3)) - 1)}))
		must(t, m.SetConst(y.Func(), smt.IntValue{V: big.NewInt(0)}))
		must(t, m.SetConst(q.Func(), smt.RealValue{V: big.NewRat(int64(r.IntN(2)), 1)}))
		open := eval.New(m)
		for _, b := range bools {
			v, err := open.Eval(b)
			if err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if _, ok := v.(smt.Undefined); ok {
				continue
			}
			decided++
			for c := 0; c < 4; c++ {
				mc := *m
				mc.IntDivByZero, mc.IntModByZero, mc.RealDivByZero = table(I), table(I), table(R)
				w, err := eval.New(&mc).Eval(b)
				if err != nil {
					t.Fatalf("%s: %v", b, err)
				}
				checked++
				if _, ok := w.(smt.Undefined); !ok && !smt.ValueEqual(v, w) {
					t.Fatalf("%s is %s with division by zero open, but %s under one interpretation of it", b, v, w)
				}
			}
		}
	}
	t.Logf("%d verdicts with division by zero open each checked under 4 interpretations (%d checks)", decided, checked)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
