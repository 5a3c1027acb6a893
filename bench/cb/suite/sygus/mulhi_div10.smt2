; The high word of a product as a closed box, used as compilers divide by
; 10 (multiply by 0xcccccccd, keep the high word, shift by 3): the quotient
; is 123456 and x ends in 7; x also splits into a + b with 7a = 4b mod 2^32.
(set-logic QF_BV)
(declare-cb mulhi32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (= (bvlshr (mulhi32 x #xcccccccd) #x00000003) #x0001e240))
(assert (= (bvurem x #x0000000a) #x00000007))
(assert (= x (bvadd a b)))
(assert (= (bvmul a #x00000007) (bvmul b #x00000004)))
(check-sat)
