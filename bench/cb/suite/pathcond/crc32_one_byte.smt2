; Path constraint around zlib's crc32 of a one-byte buffer: the byte whose
; CRC-32 is 0xe8b7be43 (that of "a"), and a 64-bit counter that must reach
; a value derived from the byte through a multiplication.
(set-logic QF_BV)
(declare-cb crc32_u8 ((_ BitVec 8)) (_ BitVec 32))
(declare-const b (_ BitVec 8))
(declare-const n (_ BitVec 64))
(assert (= (crc32_u8 b) #xe8b7be43))
(assert (= (bvmul n #x00000000000003e9) (bvshl ((_ zero_extend 56) b) #x0000000000000014)))
(check-sat)
