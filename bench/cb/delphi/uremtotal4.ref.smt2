; The definition of uremtotal in Delphi's invertibility benchmarks that
; declare udivtotal as the oracle.
(define-fun uremtotal4 ((a (_ BitVec 4)) (b (_ BitVec 4))) (_ BitVec 4)
  (ite (= b (_ bv0 4)) a (bvurem a b)))
