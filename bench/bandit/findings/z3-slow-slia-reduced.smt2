; reduced from z3-slow-slia.smt2 with: tandem reduce --match-out YES --ignore-exitcode IN OUT -- pred.sh (z3 times out at 3 s, cvc5 sat); 553 -> 224 bytes
; after reduction: z3 4.8.12 sat in 5.9 s; cvc5 1.0.3 sat instantly; cvc5's model holds by tandem eval
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ "ab" (str.at x1 0)) (str.at x0 0)))
(assert (str.in_re (str.replace "" (str.++ x0 x1) "ccb") (str.to_re "")))
(check-sat)
