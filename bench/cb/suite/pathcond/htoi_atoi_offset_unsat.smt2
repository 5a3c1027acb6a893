; Path constraint around atoi and strtoul(., 16) of the same field,
; unsatisfiable in the theory part alone: each value is asked to exceed the
; other by one.
(set-logic QF_BV)
(declare-cb atoi4 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb htoi4 ((_ BitVec 32)) (_ BitVec 16))
(declare-const s (_ BitVec 32))
(declare-const n (_ BitVec 32))
(declare-const h (_ BitVec 32))
(assert (= n (atoi4 s)))
(assert (= h ((_ zero_extend 16) (htoi4 s))))
(assert (= n (bvadd h #x00000001)))
(assert (= h (bvadd n #x00000001)))
(check-sat)
