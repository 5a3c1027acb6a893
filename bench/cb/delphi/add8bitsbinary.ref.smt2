; add8bitsbinary.cpp computes (x + y) % (1 << 8).
(define-fun add8bitsbinary ((x (_ BitVec 8)) (y (_ BitVec 8))) (_ BitVec 8) (bvadd x y))
