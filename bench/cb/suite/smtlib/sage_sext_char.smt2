; From SAGE path constraints on single input characters (corpus
; seeds/QF_BV/sat/bench_1883.smt2, bench_3380.smt2): the sign extension of
; a byte to 16 bits is a closed box. Three characters: '/' exactly, one
; below 128 that is neither '\\' nor NUL, one negative as a signed char;
; their 16-bit sum is fixed.
(set-logic QF_BV)
(declare-cb sext8_16 ((_ BitVec 8)) (_ BitVec 16))
(declare-fun T1_10962 () (_ BitVec 8))
(declare-fun T1_10436 () (_ BitVec 8))
(declare-fun T1_10500 () (_ BitVec 8))
(assert (let ((?v_0 (sext8_16 T1_10962))) (and true (= ?v_0 (_ bv47 16)) (not (= ?v_0 (_ bv46 16))) (not (= ?v_0 (_ bv0 16))))))
(assert (let ((?v_0 (sext8_16 T1_10436))) (and true (not (= T1_10436 (_ bv92 8))) (not (= T1_10436 (_ bv0 8))) (bvult ?v_0 (_ bv128 16)) (not (= ?v_0 (_ bv0 16))))))
(assert (bvslt (sext8_16 T1_10500) (_ bv0 16)))
(assert (= (bvadd (sext8_16 T1_10962) (sext8_16 T1_10436) (sext8_16 T1_10500)) (_ bv65500 16)))
(check-sat)
