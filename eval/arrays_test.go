package eval_test

import (
	"strings"
	"testing"

	"tandem/eval"
	"tandem/smtlib"
)

// TestArraysAsValues: arrays that are indices or elements of other arrays
// are found and compared by content, whether the model gives them as
// store chains or as (_ as-array k) of a table defined further down, and
// over a finite index sort whichever default they were written with
// (issue 23 item 8).
func TestArraysAsValues(t *testing.T) {
	script := `(declare-const m (Array (Array Int Int) Int))
(declare-const b (Array Int Int))
(declare-const n (Array Int (Array Int Int)))
(declare-const p (Array (Array Bool Int) Int))
(declare-fun f ((Array Int Int)) Int)
(assert (= (select m b) 7))
(assert (= (select n 3) b))
(assert (= (select (select n 4) 1) 6))
(assert (= (f b) 2))
(assert (= (f (store ((as const (Array Int Int)) 0) 1 5)) 2))
(assert (= (select p (store ((as const (Array Bool Int)) 1) false 0)) 9))
(assert (= m (store ((as const (Array (Array Int Int) Int)) 0) b 7)))
(assert (= (select n 3) (store ((as const (Array Int Int)) 0) 1 5)))
(assert (distinct (select n 3) (select n 4)))
`
	// z3's order: (_ as-array k!N) before k!N is defined, as an index, as
	// an element and as a value; g is defined by a table too.
	model := `(
  (define-fun m () (Array (Array Int Int) Int) (store ((as const (Array (Array Int Int) Int)) 0) (_ as-array k!0) 7))
  (define-fun n () (Array Int (Array Int Int)) (store ((as const (Array Int (Array Int Int))) (_ as-array k!1)) 3 (_ as-array k!0)))
  (define-fun b () (Array Int Int) (store ((as const (Array Int Int)) 0) 1 5))
  (define-fun p () (Array (Array Bool Int) Int) (store ((as const (Array (Array Bool Int) Int)) 0) (store ((as const (Array Bool Int)) 0) true 1) 9))
  (define-fun f ((x!0 (Array Int Int))) Int (ite (= x!0 (_ as-array k!0)) 2 3))
  (define-fun k!1 ((x!0 Int)) Int (ite (= x!0 1) 6 0))
  (define-fun k!0 ((x!0 Int)) Int (ite (= x!0 1) 5 0))
  (define-fun g ((x!0 Int)) Int (ite (= x!0 1) 5 0))
)`
	got := verdicts(t, script, model)
	for i, v := range got {
		if v != "true" {
			t.Errorf("assertion %d: %s", i+1, v)
		}
	}
}

// TestCyclicModelIsAnError: a model whose definitions go round in a
// circle is reported as such, not evaluated forever or guessed.
func TestCyclicModelIsAnError(t *testing.T) {
	sc, err := smtlib.Parse("c.smt2", []byte("(declare-const x Int)(declare-const y Int)(assert (= x 1))(check-sat)"))
	if err != nil {
		t.Fatal(err)
	}
	sm, err := smtlib.ParseModel([]byte("((define-fun x () Int (+ y 1)) (define-fun y () Int (- x 1)))"), sc)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		t.Fatal(err)
	}
	_, err = eval.New(m).Eval(sc.Assertions()[0])
	if err == nil || !strings.Contains(err.Error(), "cyclic") {
		t.Fatalf("err = %v", err)
	}
}
