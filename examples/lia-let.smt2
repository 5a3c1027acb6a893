; Integer arithmetic with let, named terms and Euclidean div/mod.
(set-logic QF_LIA)
(declare-fun a () Int)
(declare-fun b () Int)
(define-fun between ((v Int) (lo Int) (hi Int)) Bool (and (<= lo v) (<= v hi)))
(assert (! (let ((q (div a 7)) (r (mod a 7))) (and (= a (+ (* 7 q) r)) (between r 0 6))) :named euclid))
(assert (> (+ a b) 10))
(check-sat)
(get-value (a b))
