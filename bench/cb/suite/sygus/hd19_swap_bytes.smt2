; SyGuS hd-19 (exchange two bit fields: t = (x ^ (x >> k)) & m; x ^ t ^
; (t << k)) as a closed box with three arguments: with m = 0xff and k = 24 it
; swaps the outer bytes; the result is fixed, and a second call with
; unknown field parameters must undo it.
(set-logic QF_BV)
(declare-cb hd19 ((_ BitVec 32) (_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const m (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= (hd19 x #x000000ff #x00000018) #x12345678))
(assert (= (hd19 #x12345678 m k) x))
(assert (bvult k #x00000020))
(assert (not (= m #x000000ff)))
(check-sat)
