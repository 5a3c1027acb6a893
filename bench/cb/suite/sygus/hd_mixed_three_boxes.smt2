; Three Hacker's Delight boxes on one input, as in a SyGuS problem with
; several functions to synthesize: x's lowest set bit is bit 4 (hd03), its
; trailing-zero mask is 15 (hd08) and its rightmost run of ones has length
; 3 (hd17 clears it to x - 0x70); x's square has a fixed low byte.
(set-logic QF_BV)
(declare-cb hd03 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb hd08 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb hd17 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(assert (= (hd03 x) #x00000010))
(assert (= (hd08 x) #x0000000f))
(assert (= (hd17 x) (bvsub x #x00000070)))
(assert (bvugt x #x00010000))
(assert (= ((_ extract 15 0) (bvmul x x)) #x3100))
(check-sat)
