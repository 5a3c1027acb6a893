; The definition commented out in Delphi's invertibility benchmarks.
(define-fun udivtotal32 ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32)
  (ite (= b (_ bv0 32)) (bvnot (_ bv0 32)) (bvudiv a b)))
