; A 63-bit addition (as in the 63-bit schedule vectors of the rotating
; workforce benchmarks) as a closed box: a and b cancel, a and c sum to 1,
; and a is a multiple of 2^40 + 1 below 2^50.
(set-logic QF_BV)
(declare-cb add63 ((_ BitVec 63) (_ BitVec 63)) (_ BitVec 63))
(declare-const a (_ BitVec 63))
(declare-const b (_ BitVec 63))
(declare-const c (_ BitVec 63))
(declare-const k (_ BitVec 63))
(assert (= (add63 a b) (_ bv0 63)))
(assert (= (add63 a c) (_ bv1 63)))
(assert (not (= a (_ bv0 63))))
(assert (= a (bvmul k (_ bv1099511627777 63))))
(assert (bvult a (_ bv1125899906842624 63)))
(check-sat)
