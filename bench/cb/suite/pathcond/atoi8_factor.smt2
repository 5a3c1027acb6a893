; Path constraint around atoi: a program reads an 8-byte buffer s, parses it
; with atoi (box atoi8) and takes the branch where the 7-digit number is in
; a narrow range and splits into two factors above 100.
(set-logic QF_BV)
(declare-cb atoi8 ((_ BitVec 64)) (_ BitVec 32))
(declare-cb strlen8 ((_ BitVec 64)) (_ BitVec 8))
(declare-const s (_ BitVec 64))
(declare-const n (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (= n (atoi8 s)))
(assert (= (strlen8 s) #x07))
(assert (bvuge n #x000f4240))
(assert (bvule n #x000f4434))
(assert (bvugt a #x00000064))
(assert (bvugt b a))
(assert (bvult b #x00010000))
(assert (= (bvmul a b) n))
(check-sat)
