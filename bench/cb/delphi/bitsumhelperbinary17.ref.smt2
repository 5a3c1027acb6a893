; The comment in Delphi's bitsumhelperbinary*.cpp: (bvand x (bvsub x 1)).
(define-fun bitsumhelperbinary17 ((x (_ BitVec 17))) (_ BitVec 17)
  (bvand x (bvsub x (_ bv1 17))))
