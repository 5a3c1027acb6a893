; In the manner of the rotating-workforce scheduling benchmarks (SMT-LIB,
; C. Erkinger; Delphi's Example_*.smt2 derive from them): two 63-bit shift
; vectors, one bit per slot; the 9-bit vector of a shift's Monday slots
; (every 7th bit) must have exactly two bits set, tested with the bit-sum
; helper x & (x - 1) as a closed box (h(v) /= 0 and h(h(v)) = 0, six calls
; in all). The shifts are disjoint and together cover the last six slots.
(set-logic QF_BV)
(declare-cb clearlow9 ((_ BitVec 9)) (_ BitVec 9))
(declare-fun shift0 () (_ BitVec 63))
(declare-fun shift1 () (_ BitVec 63))
(define-fun mondays ((s (_ BitVec 63))) (_ BitVec 9)
  (concat ((_ extract 0 0) s) ((_ extract 7 7) s) ((_ extract 14 14) s) ((_ extract 21 21) s) ((_ extract 28 28) s)
          ((_ extract 35 35) s) ((_ extract 42 42) s) ((_ extract 49 49) s) ((_ extract 56 56) s)))
(assert (= (bvand shift0 shift1) (_ bv0 63)))
(assert (not (= (_ bv0 9) (clearlow9 (mondays shift0)))))
(assert (= (_ bv0 9) (clearlow9 (clearlow9 (mondays shift0)))))
(assert (not (= (_ bv0 9) (clearlow9 (mondays shift1)))))
(assert (= (_ bv0 9) (clearlow9 (clearlow9 (mondays shift1)))))
(assert (= ((_ extract 62 57) (bvor shift0 shift1)) #b111111))
(assert (not (= ((_ extract 62 57) shift0) #b000000)))
(check-sat)
