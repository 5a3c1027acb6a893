; Path constraint of an allocator: the address has at least 12 trailing
; zeros (page aligned, ctz32), lies in a window, and the page number times
; an odd stride lands on a given slot.
(set-logic QF_BV)
(declare-cb ctz32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const addr (_ BitVec 32))
(assert (bvuge (ctz32 addr) #x0000000c))
(assert (bvult (ctz32 addr) #x00000020))
(assert (bvuge addr #x40000000))
(assert (bvult addr #x80000000))
(assert (= ((_ extract 15 0) (bvmul (bvlshr addr #x0000000c) #x00000fff)) #x1001))
(check-sat)
