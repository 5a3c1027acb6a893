; Path constraint around a PRNG: the seed whose second xorshift32 output is
; 0x652a09af (the seed is 12345), plus a 64-bit counter that must equal the
; first output scaled by an odd constant.
(set-logic QF_BV)
(declare-cb xorshift32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const s (_ BitVec 32))
(declare-const t (_ BitVec 32))
(declare-const ctr (_ BitVec 64))
(assert (= t (xorshift32 s)))
(assert (= (xorshift32 t) #x652a09af))
(assert (= (bvmul ctr #x00000000000186a3) ((_ zero_extend 32) t)))
(check-sat)
