; bvuaddo as a closed box, unsatisfiable with the box uninterpreted: the
; second application's arguments equal the first's (a rotated by 32 bits
; through concat and extract), yet the answers differ.
(set-logic QF_BV)
(declare-cb uaddo32 ((_ BitVec 32) (_ BitVec 32)) Bool)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (uaddo32 a b))
(assert (not (uaddo32 ((_ extract 31 0) (concat a a)) b)))
(check-sat)
