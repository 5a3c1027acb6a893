; Listing 1 of the SADHAK paper (Muduli & Roy, OOPSLA 2022): f is a closed box,
; here the C function of examples/cb/mul.c. Solve it with
;   tandem solve examples/cb/motivating.smt2 --cb f=examples/cb/mul.c --stats
; One model: x=256, y=1, z=256, p, q, r powers of two with product 64.
(declare-cb f ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(declare-const p (_ BitVec 32))
(declare-const q (_ BitVec 32))
(declare-const r (_ BitVec 32))
(define-fun ispow2 ((v (_ BitVec 32))) Bool (= (_ bv0 32) (bvand v (bvsub v (_ bv1 32)))))
(assert (bvugt x y))
(assert (bvugt z (_ bv255 32)))
(assert (bvult z (_ bv65536 32)))
(assert (= z (f x y)))
(assert (ispow2 p))
(assert (ispow2 q))
(assert (ispow2 r))
(assert (bvugt p (_ bv1 32)))
(assert (bvugt q (_ bv1 32)))
(assert (bvugt r (_ bv1 32)))
(assert (= (_ bv64 32) (bvmul p (bvmul q r))))
(check-sat)
