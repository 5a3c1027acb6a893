; Path constraint of a card-number check: a 4-digit Luhn-valid code whose
; value (atoi) is above 9000 and 3 modulo 17.
(set-logic QF_BV)
(declare-cb luhn4 ((_ BitVec 32)) Bool)
(declare-cb atoi4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const s (_ BitVec 32))
(assert (luhn4 s))
(assert (bvugt (atoi4 s) #x00002328))
(assert (= (bvurem (atoi4 s) #x00000011) #x00000003))
(check-sat)
