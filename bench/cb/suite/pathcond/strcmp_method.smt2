; Path constraint of an HTTP method dispatch: the method equals "GET" by
; strcmp, and a second string sorts after it; a 64-bit request id is then
; derived from the second string by an invertible multiplication.
(set-logic QF_BV)
(declare-cb strcmp4 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const m (_ BitVec 32))
(declare-const o (_ BitVec 32))
(declare-const id (_ BitVec 64))
(assert (= (strcmp4 m #x00544547) #x00000000))
(assert (= (strcmp4 o m) #x00000001))
(assert (bvult o #x00545000))
(assert (= (bvmul id #x9e3779b97f4a7c15) ((_ zero_extend 32) o)))
(check-sat)
