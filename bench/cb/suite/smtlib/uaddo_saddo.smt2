; Overflow predicates (bvuaddo, bvsaddo) as closed boxes: an addition that
; overflows unsigned but not signed, and another that overflows signed but
; not unsigned; the operands are tied by a multiplication.
(set-logic QF_BV)
(declare-cb uaddo32 ((_ BitVec 32) (_ BitVec 32)) Bool)
(declare-cb saddo32 ((_ BitVec 32) (_ BitVec 32)) Bool)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(declare-const c (_ BitVec 32))
(assert (uaddo32 a b))
(assert (not (saddo32 a b)))
(assert (saddo32 b c))
(assert (not (uaddo32 b c)))
(assert (= (bvmul a #x00000003) (bvadd b c)))
(check-sat)
