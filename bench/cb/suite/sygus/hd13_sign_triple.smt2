; SyGuS hd-13 (sign function) as a closed box on three inputs: one negative,
; one positive, one zero; the nonzero ones multiply to -100000 within small
; bounds, so only a few divisor pairs fit.
(set-logic QF_BV)
(declare-cb hd13 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(assert (= (hd13 x) #xffffffff))
(assert (= (hd13 y) #x00000001))
(assert (= (hd13 z) #x00000000))
(assert (bvsgt x #xffffff00))
(assert (bvslt y #x00002710))
(assert (= (bvmul x y) #xfffe7960))
(check-sat)
