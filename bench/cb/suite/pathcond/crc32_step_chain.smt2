; Path constraint around a byte-at-a-time CRC-32 loop unrolled twice: the
; two bytes whose zlib crc32 is that of "ab" (0x9e83486d); the bytes are
; lowercase letters and their sum is a given value.
(set-logic QF_BV)
(declare-cb crc32_step ((_ BitVec 32) (_ BitVec 8)) (_ BitVec 32))
(declare-const b1 (_ BitVec 8))
(declare-const b2 (_ BitVec 8))
(declare-const c1 (_ BitVec 32))
(assert (= c1 (crc32_step #xffffffff b1)))
(assert (= (bvnot (crc32_step c1 b2)) #x9e83486d))
(assert (and (bvuge b1 #x61) (bvule b1 #x7a)))
(assert (= (bvadd ((_ zero_extend 8) b1) ((_ zero_extend 8) b2)) #x00c3))
(check-sat)
