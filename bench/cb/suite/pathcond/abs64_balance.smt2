; Path constraint around labs on 64-bit balances: a debit and a credit whose
; absolute values add up to 2^40 and whose product is a given negative
; number.
(set-logic QF_BV)
(declare-cb abs64 ((_ BitVec 64)) (_ BitVec 64))
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(assert (bvslt a #x0000000000000000))
(assert (bvsgt b #x0000000000000000))
(assert (= (bvadd (abs64 a) (abs64 b)) #x0000010000000000))
(assert (= (bvmul a b) #xf000010000000000))
(assert (bvslt a (bvneg b)))
(check-sat)
