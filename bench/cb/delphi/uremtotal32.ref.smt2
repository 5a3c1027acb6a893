; The definition of uremtotal in Delphi's invertibility benchmarks that
; declare udivtotal as the oracle.
(define-fun uremtotal32 ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32)
  (ite (= b (_ bv0 32)) a (bvurem a b)))
