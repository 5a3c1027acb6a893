; Path constraint around Adler-32 of a 4-byte buffer: the checksum of
; "Wiki" (0x03da0195); the buffer must differ from "Wiki" only if one
; exists, which Adler-32's weak mixing allows.
(set-logic QF_BV)
(declare-cb adler32_4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(assert (= (adler32_4 x) #x03da0195))
(assert (not (= x #x696b6957)))
(check-sat)
