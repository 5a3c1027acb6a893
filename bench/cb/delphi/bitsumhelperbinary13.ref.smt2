; The comment in Delphi's bitsumhelperbinary*.cpp: (bvand x (bvsub x 1)).
(define-fun bitsumhelperbinary13 ((x (_ BitVec 13))) (_ BitVec 13)
  (bvand x (bvsub x (_ bv1 13))))
