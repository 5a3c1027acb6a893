; The motivating example of SADHAK (Muduli and Roy, OOPSLA 2022), Listing 1,
; with the paper's typo bvsb written bvsub. f is the closed box of Listing 3,
; f(a, b) = a * b (motivating.c). A model: x=256, y=1, z=256, p=2, q=8, r=4.
(set-logic QF_BV)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(declare-const p (_ BitVec 32))
(declare-const q (_ BitVec 32))
(declare-const r (_ BitVec 32))

(declare-cb f ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))

(define-fun ispow2 ((x (_ BitVec 32))) Bool
  (= (_ bv0 32) (bvand x (bvsub x (_ bv1 32)))))

(assert (bvugt x y))
(assert (and (bvult (_ bv255 32) z) (bvult z (_ bv65536 32))))
(assert (= z (f x y)))

(assert (and (ispow2 p) (ispow2 q) (ispow2 r)))
(assert (and (bvugt p (_ bv1 32))
             (bvugt q (_ bv1 32)) (bvugt r (_ bv1 32))))
(assert (= (_ bv64 32) (bvmul p q r)))

(check-sat)
