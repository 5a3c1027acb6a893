; SyGuS max2 (LIA track, here signed 32-bit) as a closed box: the maximum is
; the first argument, the arguments differ by 5 and multiply to 995000.
(set-logic QF_BV)
(declare-cb max2s ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (max2s x y) x))
(assert (= (bvsub x y) #x00000005))
(assert (= (bvmul x y) #x000f2eb8))
(assert (bvsgt y #x00000000))
(check-sat)
