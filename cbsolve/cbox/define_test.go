package cbox

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

func parse(t testing.TB, src string) *smtlib.Script {
	t.Helper()
	sc, err := smtlib.Parse("test.smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func funcNamed(t testing.TB, sc *smtlib.Script, name string) *smt.Func {
	t.Helper()
	for _, c := range sc.Commands {
		for _, f := range c.Funcs {
			if f.Name == name {
				return f
			}
		}
	}
	t.Fatalf("no function %s in the script", name)
	return nil
}

const defines = `
(define-fun inc ((b (_ BitVec 32))) (_ BitVec 32) (bvadd b #x00000001))
(define-fun mulx ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32) (bvmul a (inc b)))
(define-fun inrange ((a (_ BitVec 16))) Bool (and (bvugt a #x0010) (bvult a #x0100)))
(define-fun first ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 8) (bvudiv a #x00))
(define-fun wide ((a (_ BitVec 100))) (_ BitVec 100) (bvmul a a))
(define-fun viaint ((a (_ BitVec 8))) (_ BitVec 16) ((_ int2bv 16) (* (bv2nat a) 3)))
(define-fun idiv ((a Int) (b Int)) Int (div a b))
(declare-const k (_ BitVec 8))
(declare-fun u ((_ BitVec 8)) (_ BitVec 8))
(define-fun usesk ((a (_ BitVec 8))) (_ BitVec 8) (bvadd a k))
(define-fun usesu ((a (_ BitVec 8))) (_ BitVec 8) (u a))
`

// TestDefine: define-fun boxes give the evaluator's values, through the
// compiled fast path when the body compiles and the interpreter otherwise.
func TestDefine(t *testing.T) {
	sc := parse(t, defines)
	ev := eval.New(eval.NewModel())
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		name string
		bits bool
	}{{"mulx", true}, {"inrange", true}, {"first", true}, {"inc", true}, {"wide", false}, {"viaint", false}, {"idiv", false}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := funcNamed(t, sc, c.name)
			b, err := Define(f)
			if err != nil {
				t.Fatal(err)
			}
			bb, isBits := b.(Bits)
			if isBits != c.bits {
				t.Fatalf("implements Bits: %v, want %v", isBits, c.bits)
			}
			for i := 0; i < 200; i++ {
				vals := make([]smt.Value, len(f.Params))
				terms := make([]*smt.Term, len(f.Params))
				for j, p := range f.Params {
					vals[j] = randomValue(rng, p, i)
					tm, err := sc.Store.ValueTerm(vals[j])
					if err != nil {
						t.Fatal(err)
					}
					terms[j] = tm
				}
				app, err := sc.Store.ApplyFunc(f, terms)
				if err != nil {
					t.Fatal(err)
				}
				ev.Reset()
				want, err := ev.Eval(app)
				if err != nil {
					t.Fatal(err)
				}
				got, err := b.Call(context.Background(), vals)
				if _, undef := want.(smt.Undefined); undef {
					wantKind(t, err, Undefined)
					continue
				}
				if err != nil || !smt.ValueEqual(got, want) {
					t.Fatalf("%s%v = %v, %v; the evaluator says %s", c.name, vals, got, err, want)
				}
				if isBits {
					sig := signatureOf(f)
					args := sig.toBits(vals, nil)
					x, err := bb.CallBits(context.Background(), args)
					if err != nil || !smt.ValueEqual(bitsValue(f.Result, x), want) {
						t.Fatalf("CallBits %s%v = %d, %v; the evaluator says %s", c.name, args, x, err, want)
					}
				}
			}
		})
	}

	// Bodies that depend on more than their parameters are refused.
	_, err := Define(funcNamed(t, sc, "usesk"))
	wantKind(t, err, Signature, "constant k")
	_, err = Define(funcNamed(t, sc, "usesu"))
	wantKind(t, err, Signature, "uninterpreted function u")
	_, err = Define(funcNamed(t, sc, "k"))
	wantKind(t, err, Spec, "not a define-fun")
	_, err = Define(nil)
	wantKind(t, err, Signature, "nil")

	// The solver may turn the define-fun into a closed box before asking
	// for its box (--cb-from-define hides the body from the SMT engine).
	sc2 := parse(t, defines)
	f := funcNamed(t, sc2, "mulx")
	f.Kind = smt.FuncClosedBox
	funcNamed(t, sc2, "inc").Kind = smt.FuncClosedBox
	b, err := Define(f)
	if err != nil {
		t.Fatal(err)
	}
	if v := mustCall(t, b, bvv(3, 32), bvv(4, 32)); !smt.ValueEqual(v, bvv(15, 32)) {
		t.Fatalf("mulx 3 4 = %s", v)
	}
}

func randomValue(rng *rand.Rand, s *smt.Sort, i int) smt.Value {
	switch s.Kind {
	case smt.KindBool:
		return smt.BoolValue(rng.IntN(2) == 1)
	case smt.KindBitVec:
		x := new(big.Int)
		for w := 0; w < s.Width; w += 64 {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
		}
		x.And(x, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(s.Width)), big.NewInt(1)))
		if i%10 == 0 {
			x.SetInt64(int64(i % 3))
		}
		return smt.BVValue{W: s.Width, V: x}
	case smt.KindInt:
		if i%5 == 0 {
			return smt.IntValue{V: big.NewInt(0)}
		}
		return smt.IntValue{V: big.NewInt(rng.Int64N(2001) - 1000)}
	}
	panic("randomValue: sort " + s.String())
}
