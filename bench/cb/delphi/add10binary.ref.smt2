; The definition commented out in Delphi's examples/first_order/simple.smt2.
(define-fun add10binary ((x (_ BitVec 32))) (_ BitVec 32) (bvadd x (_ bv10 32)))
