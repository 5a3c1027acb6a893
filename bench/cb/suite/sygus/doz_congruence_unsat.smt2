; Difference-or-zero (signed) as a closed box. Unsatisfiable with the box
; uninterpreted: the second call's arguments equal the first's after
; simplification ((x ^ y) ^ y = x), yet the results are asked to differ.
(set-logic QF_BV)
(declare-cb doz32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(assert (bvsgt x z))
(assert (= (doz32 x z) #x00000010))
(assert (not (= (doz32 (bvxor (bvxor x y) y) z) #x00000010)))
(check-sat)
