; The comment in Delphi's bitsumhelperbinary*.cpp: (bvand x (bvsub x 1)).
(define-fun bitsumhelperbinary27 ((x (_ BitVec 27))) (_ BitVec 27)
  (bvand x (bvsub x (_ bv1 27))))
