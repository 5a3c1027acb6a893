; The comment in Delphi's bitsumhelperbinary*.cpp: (bvand x (bvsub x 1)).
(define-fun bitsumhelperbinary7 ((x (_ BitVec 7))) (_ BitVec 7)
  (bvand x (bvsub x (_ bv1 7))))
