; From a SAGE path constraint (corpus seeds/QF_BV/sat/bench_2288.smt2 and
; its kin): the 16-bit word T2 assembled from two input bytes, with the
; assembly (bvor (bvshl (zext hi) 8) (zext lo)) made a closed box. The word
; must be a non-zero multiple of 997 whose bytes are both printable and
; whose 32-bit extension stays below a bound.
(set-logic QF_BV)
(declare-cb le16 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 16))
(declare-fun T1_697 () (_ BitVec 8))
(declare-fun T1_698 () (_ BitVec 8))
(declare-fun T2_697 () (_ BitVec 16))
(assert (= T2_697 (le16 T1_697 T1_698)))
(assert (let ((?v_0 ((_ zero_extend 16) T2_697)))
  (and (bvule ?v_0 (_ bv4294967264 32)) (not (= ?v_0 (_ bv0 32))) (= (bvurem ?v_0 (_ bv997 32)) (_ bv0 32)))))
(assert (and (bvuge T1_697 (_ bv32 8)) (bvule T1_697 (_ bv126 8)) (bvuge T1_698 (_ bv32 8)) (bvule T1_698 (_ bv126 8))))
(check-sat)
