; The definition commented out in Delphi's invertibility benchmarks.
(define-fun udivtotal4 ((a (_ BitVec 4)) (b (_ BitVec 4))) (_ BitVec 4)
  (ite (= b (_ bv0 4)) (bvnot (_ bv0 4)) (bvudiv a b)))
