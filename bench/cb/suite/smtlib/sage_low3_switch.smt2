; From a SAGE path constraint (corpus seeds/QF_BV/sat/bench_4633.smt2 and
; its kin): the switch on the low three bits of an input byte,
; (bvand (bvand (zext T) 255) 7), is a closed box. Two bytes take cases
; 3..5 and 6; a 32-bit checksum over them is fixed.
(set-logic QF_BV)
(declare-cb low3 ((_ BitVec 8)) (_ BitVec 32))
(declare-fun T1_14004 () (_ BitVec 8))
(declare-fun T1_14005 () (_ BitVec 8))
(assert (let ((?v_0 (low3 T1_14004))) (and true (bvslt ?v_0 (_ bv6 32)) (bvsle (_ bv1 32) ?v_0) (bvslt (_ bv2 32) ?v_0))))
(assert (= (low3 T1_14005) (_ bv6 32)))
(assert (= (bvmul (bvadd ((_ zero_extend 24) T1_14004) (_ bv1 32)) (bvadd ((_ zero_extend 24) T1_14005) (_ bv3 32))) (_ bv588 32)))
(check-sat)
