; SyGuS hd-11 (nlz(x) < nlz(y)) as a closed-box predicate, twice: x has more
; significant bits than y, and y more than w; their sum is fixed and w is a
; multiple of 1000.
(set-logic QF_BV)
(declare-cb hd11 ((_ BitVec 32) (_ BitVec 32)) Bool)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const w (_ BitVec 32))
(assert (hd11 x y))
(assert (hd11 y w))
(assert (not (= w #x00000000)))
(assert (= (bvadd x y w) #x00c0ffee))
(assert (= (bvurem w #x000003e8) #x00000000))
(assert (bvugt w #x00002710))
(check-sat)
