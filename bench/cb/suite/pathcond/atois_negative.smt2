; Path constraint around a signed atoi: the 8-byte buffer parses to -12345
; and has no byte equal to 0; a 64-bit balance b then satisfies
; b * 7 = v (sign-extended) + 2^40.
(set-logic QF_BV)
(declare-cb atois8 ((_ BitVec 64)) (_ BitVec 32))
(declare-const s (_ BitVec 64))
(declare-const b (_ BitVec 64))
(assert (= (atois8 s) #xffffcfc7))
(assert (not (= ((_ extract 55 48) s) #x00)))
(assert (not (= ((_ extract 63 56) s) #x00)))
(assert (= (bvmul b #x0000000000000007) (bvadd ((_ sign_extend 32) (atois8 s)) #x0000010000000000)))
(check-sat)
