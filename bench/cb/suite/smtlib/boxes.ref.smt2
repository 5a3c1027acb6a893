; Reference definitions of the closed boxes in boxes.c: the SMT-LIB terms the
; boxes stand for.
(define-fun le16 ((lo (_ BitVec 8)) (hi (_ BitVec 8))) (_ BitVec 16)
  (bvor (bvshl ((_ zero_extend 8) hi) #x0008) ((_ zero_extend 8) lo)))
(define-fun sext8_16 ((b (_ BitVec 8))) (_ BitVec 16) ((_ sign_extend 8) b))
(define-fun low3 ((t (_ BitVec 8))) (_ BitVec 32)
  (bvand (bvand ((_ zero_extend 24) t) #x000000ff) #x00000007))
(define-fun dbl5 ((x (_ BitVec 5))) (_ BitVec 5) (bvadd x x))
(define-fun clearlow9 ((x (_ BitVec 9))) (_ BitVec 9) (bvand x (bvsub x #b000000001)))
(define-fun add63 ((a (_ BitVec 63)) (b (_ BitVec 63))) (_ BitVec 63) (bvadd a b))
(define-fun sdiv32 ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32) (bvsdiv a b))
(define-fun srem32 ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32) (bvsrem a b))
(define-fun smod32 ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32) (bvsmod a b))
(define-fun smod13 ((a (_ BitVec 13)) (b (_ BitVec 13))) (_ BitVec 13) (bvsmod a b))
(define-fun udiv8 ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 8) (bvudiv a b))
(define-fun urem8 ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 8) (bvurem a b))
(define-fun ashr32 ((a (_ BitVec 32)) (s (_ BitVec 32))) (_ BitVec 32) (bvashr a s))
(define-fun uaddo32 ((a (_ BitVec 32)) (b (_ BitVec 32))) Bool
  (= #b1 ((_ extract 32 32) (bvadd ((_ zero_extend 1) a) ((_ zero_extend 1) b)))))
(define-fun saddo32 ((a (_ BitVec 32)) (b (_ BitVec 32))) Bool
  (let ((s (bvadd ((_ sign_extend 1) a) ((_ sign_extend 1) b))))
    (not (= ((_ extract 32 32) s) ((_ extract 31 31) s)))))
(define-fun umulo16 ((a (_ BitVec 16)) (b (_ BitVec 16))) Bool
  (not (= #x0000 ((_ extract 31 16) (bvmul ((_ zero_extend 16) a) ((_ zero_extend 16) b))))))
(define-fun smulo16 ((a (_ BitVec 16)) (b (_ BitVec 16))) Bool
  (let ((p (bvmul ((_ sign_extend 16) a) ((_ sign_extend 16) b))))
    (or (bvslt p #xffff8000) (bvsgt p #x00007fff))))
(define-fun comp8 ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 1) (bvcomp a b))
(define-fun redor32 ((x (_ BitVec 32))) (_ BitVec 1) (bvredor x))
(define-fun redand32 ((x (_ BitVec 32))) (_ BitVec 1) (bvredand x))
