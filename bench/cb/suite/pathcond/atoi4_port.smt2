; Path constraint around atoi on a 4-byte field: the port number parsed from
; the buffer must be 8080 or 8443, and a 64-bit session key derived from it
; must hit a given value, which only the SMT side can invert.
(set-logic QF_BV)
(declare-cb atoi4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const s (_ BitVec 32))
(declare-const port (_ BitVec 32))
(declare-const key (_ BitVec 64))
(assert (= port (atoi4 s)))
(assert (or (= port #x00001f90) (= port #x000020fb)))
(assert (= ((_ extract 7 0) s) #x38))
(assert (= (bvmul key #x5851f42d4c957f2d) (bvadd ((_ zero_extend 32) port) #x14057b7ef767814f)))
(check-sat)
