; SyGuS array_search_3 as a closed box: in a sorted array of three numbers
; that double from one to the next, the key must land between the second
; and the third, and be a multiple of 1000.
(set-logic QF_BV)
(declare-cb search3 ((_ BitVec 32) (_ BitVec 32) (_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const y1 (_ BitVec 32))
(declare-const y2 (_ BitVec 32))
(declare-const y3 (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= (search3 y1 y2 y3 k) #x00000002))
(assert (bvsgt y1 #x00000064))
(assert (= y2 (bvmul y1 #x00000002)))
(assert (= y3 (bvmul y2 #x00000002)))
(assert (bvslt y3 #x00001000))
(assert (= (bvurem k #x000003e8) #x00000000))
(assert (bvsgt k #x00000000))
(check-sat)
