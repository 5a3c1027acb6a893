package eval_test

import (
	"fmt"
	"testing"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/smtlib"
)

// BenchmarkLetChain parses, expands and evaluates a chain of n nested lets
// (issue 28 item 8: expansion and evaluation were quadratic in n). Each
// phase should take time linear in n: compare the 10k and 100k rows.
//
//	go test ./eval -run '^$' -bench LetChain -benchtime 3x
//
// go run ./bench/letchain prints the same phases side by side with z3.
func BenchmarkLetChain(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		src := evaltest.LetChain(n)
		opts := smtlib.Options{MaxDepth: n + 100}
		b.Run(fmt.Sprintf("parse/%dk", n/1000), func(b *testing.B) {
			for b.Loop() {
				if _, err := smtlib.Parse("chain.smt2", src, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
		sc, err := smtlib.Parse("chain.smt2", src, opts)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("expand/%dk", n/1000), func(b *testing.B) {
			for b.Loop() {
				if err := smtlib.Expand(smtlib.Clone(sc)); err != nil {
					b.Fatal(err)
				}
			}
		})
		m, err := letChainModel(sc)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("eval/%dk", n/1000), func(b *testing.B) {
			for b.Loop() {
				v, err := eval.New(m).Eval(sc.Assertions()[0])
				if err != nil || v.String() != "true" {
					b.Fatalf("got %v, %v; want true", v, err)
				}
			}
		})
	}
}

// TestLetChainValue checks the chain's value, with and without expansion.
func TestLetChainValue(t *testing.T) {
	sc, err := smtlib.Parse("chain.smt2", evaltest.LetChain(3000))
	if err != nil {
		t.Fatal(err)
	}
	m, err := letChainModel(sc)
	if err != nil {
		t.Fatal(err)
	}
	exp := smtlib.Clone(sc)
	if err := smtlib.Expand(exp); err != nil {
		t.Fatal(err)
	}
	for _, a := range []*smtlib.Script{sc, exp} {
		v, err := eval.New(m).Eval(a.Assertions()[0])
		if err != nil || v.String() != "true" {
			t.Fatalf("got %v, %v; want true", v, err)
		}
	}
}

func letChainModel(sc *smtlib.Script) (*eval.Model, error) {
	sm, err := smtlib.ParseModel([]byte("((define-fun x0 () Int 0))"), sc)
	if err != nil {
		return nil, err
	}
	return eval.ModelFromSMTLIB(sm)
}
