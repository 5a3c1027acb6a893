; From a SAGE path constraint (corpus seeds/QF_BV/sat/bench_2288.smt2): the
; word assembled from two bytes (closed box le16) must extend to 0, yet one
; byte is non-zero and the word is asked to be above 0 as well. Unsatisfiable
; in the theory part alone (the word is both 0 and above 0).
(set-logic QF_BV)
(declare-cb le16 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 16))
(declare-fun T1_697 () (_ BitVec 8))
(declare-fun T1_698 () (_ BitVec 8))
(declare-fun T2_697 () (_ BitVec 16))
(assert (let ((?v_0 ((_ zero_extend 16) T2_697)))
  (and true (= T2_697 (le16 T1_697 T1_698)) (= ?v_0 (_ bv0 32)) (bvule ?v_0 (_ bv4294967264 32)))))
(assert (not (= T1_698 (_ bv0 8))))
(assert (bvugt T2_697 (_ bv0 16)))
(check-sat)
