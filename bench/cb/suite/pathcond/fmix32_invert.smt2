; Path constraint around MurmurHash3's finalizer: the key whose mixed
; value is 0xdeadbeef. The finalizer is a bijection, so exactly one key
; exists; an SMT solver must invert two multiplications and three
; xor-shifts.
(set-logic QF_BV)
(declare-cb fmix32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= (fmix32 k) #xdeadbeef))
(check-sat)
