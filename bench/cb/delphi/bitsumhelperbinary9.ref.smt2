; The comment in Delphi's bitsumhelperbinary*.cpp: (bvand x (bvsub x 1)).
(define-fun bitsumhelperbinary9 ((x (_ BitVec 9))) (_ BitVec 9)
  (bvand x (bvsub x (_ bv1 9))))
