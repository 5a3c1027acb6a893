; Path constraint around crc32 of a 2-byte buffer: the CRC must be that of
; "hi"; a 64-bit nonce then solves a congruence keyed by the buffer.
(set-logic QF_BV)
(declare-cb crc32_u16 ((_ BitVec 16)) (_ BitVec 32))
(declare-const x (_ BitVec 16))
(declare-const nonce (_ BitVec 64))
(assert (= (crc32_u16 x) #xd8932aac))
(assert (= (bvmul nonce #x00000000c6a4a793) (bvor ((_ zero_extend 48) x) #x5bd1e99500000000)))
(check-sat)
