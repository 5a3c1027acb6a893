// Package fp implements the SMT-LIB FloatingPoint theory exactly: values
// of any format (_ FloatingPoint eb sb), every operation of the theory in
// all five rounding modes, with subnormals, signed zeros, infinities and
// SMT-LIB's single NaN.
//
// It is the floating-point half of tandem's evaluator (package eval), the
// oracle that fuzzers and solvers are checked against, so it follows IEEE
// 754-2008 and the SMT-LIB definition, not any one solver and not the
// host's float64: every finite number is an exact integer times a power
// of two (math/big), each operation computes its exact result (or, for
// division, square root and rationals, enough bits of it plus a sticky
// bit) and rounds once.
//
// A [Float] is a bit pattern of a given format; build one from bits
// ([FromBits], [FromUint64]), an fp triple ([FromTriple]), a special
// value ([Zero], [Inf], [NaN]), a rational ([FromRat]), an integer
// ([FromSigned], [FromUnsigned]) or another Float ([Convert]):
//
//	x := fp.FromRat(fp.RNE, big.NewRat(1, 10), 8, 24) // 0.1 in Float32
//	y := fp.Add(fp.RTP, x, x)
//
// Where the standard leaves a result open — fp.min and fp.max of +0 and
// -0, fp.to_ubv and fp.to_sbv of NaN, ±∞ or an out-of-range number,
// fp.to_real of ±∞ or NaN — the function returns ok = false instead of a
// value, and the caller (eval) turns that into its Undefined value.
//
// The canonical NaN is the quiet NaN with sign 0, every exponent bit set
// and only the top significand bit set, as in [tandem/smt.NewFPValue].
//
// Checked against: an exhaustive reference on every operand of the
// formats (2,2), (2,3), (3,3), (3,5), (4,4) in every rounding mode; the
// host's binary32/binary64 arithmetic (package fptest, go run
// ./bench/fphost); z3 and cvc5 on random ground terms (go run
// ./bench/fpdiff).
package fp
