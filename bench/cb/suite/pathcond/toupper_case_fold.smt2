; Path constraint of a case-insensitive keyword match: toupper of two
; different bytes gives 'Q' and toupper of a third gives 'Z'; the three
; bytes also satisfy a weighted-sum check.
(set-logic QF_BV)
(declare-cb toupper8 ((_ BitVec 8)) (_ BitVec 8))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(declare-const c (_ BitVec 8))
(assert (= (toupper8 a) #x51))
(assert (= (toupper8 b) #x51))
(assert (= (toupper8 c) #x5a))
(assert (not (= a b)))
(assert (= (bvadd (bvmul #x03 a) (bvmul #x05 b) (bvmul #x07 c)) #x5e))
(check-sat)
