; The comment in Delphi's bitsumhelperbinary*.cpp: (bvand x (bvsub x 1)).
(define-fun bitsumhelperbinary11 ((x (_ BitVec 11))) (_ BitVec 11)
  (bvand x (bvsub x (_ bv1 11))))
