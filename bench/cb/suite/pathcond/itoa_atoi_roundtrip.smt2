; Path constraint around itoa and atoi: formatting n with four digits and
; parsing the result gives 4321, so n = 4321 mod 10000; n is above 10000
; and 3n (mod 2^16) is 4 modulo 7.
(set-logic QF_BV)
(declare-cb itoa4 ((_ BitVec 16)) (_ BitVec 32))
(declare-cb atoi4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const n (_ BitVec 16))
(assert (= (atoi4 (itoa4 n)) #x000010e1))
(assert (bvugt n #x2710))
(assert (= (bvurem (bvmul #x0003 n) #x0007) #x0004))
(check-sat)
