; Reference definition of the closed box in motivating.c.
(define-fun f ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32) (bvmul a b))
