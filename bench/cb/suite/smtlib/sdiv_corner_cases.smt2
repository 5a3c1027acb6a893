; SMT-LIB's bvsdiv, whose corner cases C leaves undefined, as a closed box
; written in C with SMT-LIB semantics (cf. cvc5's div-zero-eval-tests.smt2):
; INT_MIN / -1 = INT_MIN, a negative number divided by 0 gives 1, and a
; truncated quotient of -1000 from a pair with a fixed product.
(set-logic QF_BV)
(declare-cb sdiv32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const c (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (sdiv32 a #xffffffff) #x80000000))
(assert (= (sdiv32 c #x00000000) #x00000001))
(assert (bvsgt c #xffff0000))
(assert (= (sdiv32 x y) #xfffffc18))
(assert (bvsgt y #x00000001))
(assert (bvslt y #x00000400))
(assert (= (bvmul x y) #xfc464c8a))
(check-sat)
