; The comment in Delphi's bitsumhelperbinary*.cpp: (bvand x (bvsub x 1)).
(define-fun bitsumhelperbinary30 ((x (_ BitVec 30))) (_ BitVec 30)
  (bvand x (bvsub x (_ bv1 30))))
