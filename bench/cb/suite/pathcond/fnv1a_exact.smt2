; Path constraint around FNV-1a: the 4-byte key whose hash is that of
; "GET/" (0xe53da488); an SMT solver inverts the multiplications, a fuzzer
; must guess the key.
(set-logic QF_BV)
(declare-cb fnv1a32_4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= (fnv1a32_4 k) #xe53da488))
(check-sat)
