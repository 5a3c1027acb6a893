; Path constraint around a signed saturating 16-bit add (an audio mixer):
; two positive samples up to 0x4000 that just reach 0x7fff, and two
; negative ones that clip at 0x8000; the samples are tied by a product.
(set-logic QF_BV)
(declare-cb sat_adds16 ((_ BitVec 16) (_ BitVec 16)) (_ BitVec 16))
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(declare-const c (_ BitVec 16))
(declare-const d (_ BitVec 16))
(assert (= (sat_adds16 a b) #x7fff))
(assert (and (bvsgt a #x0000) (bvslt a #x4001) (bvsgt b #x0000) (bvslt b #x4001)))
(assert (= (sat_adds16 c d) #x8000))
(assert (bvslt c #x0000))
(assert (= c (bvneg a)))
(assert (= (bvmul ((_ zero_extend 16) a) ((_ zero_extend 16) b)) #x0fffc000))
(check-sat)
