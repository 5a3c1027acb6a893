; Path constraint around a saturating byte add (an image brightness
; filter): the sum clips to 255 although the wrapped sum is small, for two
; pixels whose 16-bit product is fixed.
(set-logic QF_BV)
(declare-cb sat_addu8 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(assert (= (sat_addu8 a b) #xff))
(assert (bvult (bvadd a b) #x10))
(assert (= (bvmul ((_ zero_extend 8) a) ((_ zero_extend 8) b)) #x4380))
(check-sat)
