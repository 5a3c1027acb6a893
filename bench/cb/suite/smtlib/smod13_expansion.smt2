; From cvc5's rewrite hole smod-eliminate-fewer-bitwise-ops.smt2: bvsmod
; on 13 bits as a closed box (the corpus file hides its own expansion of
; it). Find a negative divisor and a positive dividend with remainder -2
; whose quotient-like ratio is pinned by a 13-bit product.
(set-logic QF_BV)
(declare-cb smod13 ((_ BitVec 13) (_ BitVec 13)) (_ BitVec 13))
(declare-const a (_ BitVec 13))
(declare-const b (_ BitVec 13))
(assert (= (smod13 a b) (_ bv8190 13)))
(assert (bvsgt a (_ bv0 13)))
(assert (bvslt b (_ bv0 13)))
(assert (bvsgt b (_ bv8100 13)))
(assert (= (bvmul a b) (_ bv7654 13)))
(check-sat)
