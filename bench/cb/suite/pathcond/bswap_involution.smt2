; Path constraint around bswap32 applied twice: a word that a double swap
; does not restore. Unsatisfiable by the box's semantics (a byte swap is an
; involution); satisfiable with bswap32 uninterpreted.
(set-logic QF_BV)
(declare-cb bswap32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(assert (not (= (bswap32 (bswap32 x)) x)))
(check-sat)
