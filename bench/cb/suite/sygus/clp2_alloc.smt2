; Round a request up to a power of two (clp2) as a closed box: the request
; rounds to 4096, is 5 modulo 11, and the number of 48-byte objects that fit
; in the rest of the block is 10.
(set-logic QF_BV)
(declare-cb clp2 ((_ BitVec 32)) (_ BitVec 32))
(declare-const req (_ BitVec 32))
(assert (= (clp2 req) #x00001000))
(assert (= (bvurem req #x0000000b) #x00000005))
(assert (= (bvudiv (bvsub #x00001000 req) #x00000030) #x0000000a))
(check-sat)
