; Path constraint of a packet-header parser: version (4 bits at 28) is 4,
; header length (4 bits at 24) is 5, and the 8-bit field at 16 is 0x2a,
; all through a closed-box bit-field extractor; the word is 5 mod 11.
(set-logic QF_BV)
(declare-cb getbits32 ((_ BitVec 32) (_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const w (_ BitVec 32))
(assert (= (getbits32 w #x0000001c #x00000004) #x00000004))
(assert (= (getbits32 w #x00000018 #x00000004) #x00000005))
(assert (= (getbits32 w #x00000010 #x00000008) #x0000002a))
(assert (= (bvurem w #x0000000b) #x00000005))
(check-sat)
