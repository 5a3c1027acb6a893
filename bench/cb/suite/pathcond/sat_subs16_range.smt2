; Path constraint around a signed saturating 16-bit subtraction: the
; difference clips at the minimum, and the same operands swapped clip at
; the maximum; a is a multiple of 1000.
(set-logic QF_BV)
(declare-cb sat_subs16 ((_ BitVec 16) (_ BitVec 16)) (_ BitVec 16))
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(assert (= (sat_subs16 a b) #x8000))
(assert (= (sat_subs16 b a) #x7fff))
(assert (= (bvsrem a #x03e8) #x0000))
(assert (bvsgt a #xc000))
(check-sat)
