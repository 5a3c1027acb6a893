; Path constraint of a decimal printer: x / 10 = 4242 and x % 10 = 7 (two
; closed boxes), and y / 10 = x / 10 with y odd and y * y ending in 9.
(set-logic QF_BV)
(declare-cb div10 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb mod10 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (div10 x) #x00001092))
(assert (= (mod10 x) #x00000007))
(assert (= (div10 y) (div10 x)))
(assert (not (= x y)))
(assert (= (bvurem (bvmul y y) #x0000000a) #x00000009))
(check-sat)
