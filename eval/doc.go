// Package eval computes the exact SMT-LIB value of terms under a model. It
// is the oracle every other part of tandem trusts, so it follows the
// standard, not any one solver.
//
// # Interpreter
//
// An [Evaluator] evaluates any quantifier-free term over Core, Ints, Reals,
// Reals_Ints, FixedSizeBitVectors (every width), ArraysEx, datatypes and
// uninterpreted functions, with let, define-fun and annotations, to an
// [smt.Value]. The [Model] interprets declared constants by values and
// functions by tables or definition bodies:
//
//	st := smt.NewStore()
//	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.IntSort()))
//	m := eval.NewModel()
//	m.SetConst(x.Func(), smt.IntValue{V: big.NewInt(-7)})
//	v, err := eval.New(m).Eval(st.MustApply(smt.OpIntDiv, nil, x, st.Int(2)))
//	// v is -4: div is Euclidean (-7 = 2*(-4) + 1)
//
// # Undefined values
//
// Where the standard leaves a result open — (div x 0), (mod x 0), (/ x 0),
// a selector applied to the wrong constructor, a symbol the model does not
// interpret — the value is an [smt.Undefined] naming the culprit subterm,
// unless the model interprets it ([Model.IntDivByZero] and friends, as z3
// models do with div0, mod0 and /0). The standard leaves such a value open
// but fixed, as an uninterpreted function of its arguments: (div 1 0) is
// one integer wherever it occurs. So an open value carries an ID naming
// the application it stands for (the operator and its evaluated
// arguments; an operation on open values is again one), and values with
// the same ID are equal: (= (div 1 x) (div 1 x)) is true at x = 0. A term
// is reported defined only when its value is the same under every
// interpretation of the open parts, by simple, sound rules: Boolean
// connectives (and, or, =>) and ite look at their arguments lazily — (and
// false u) is false, (ite true a u) is a, (ite u a a) is a — = and
// distinct decide on equal IDs, a defined function is evaluated with open
// arguments bound, and every other operator is strict: (* 0 u) and (= u
// 0) are undefined, and so is (or u (not u)). Undefined is a value, not an error; errors
// are for what cannot be evaluated at all (quantifiers, unimplemented
// theories: [ErrUnsupported]).
//
// # Compiled programs
//
// [Compile] turns Bool and bit-vector terms of width up to 64 into a
// [Program]: a flat instruction slice over uint64 registers, evaluated
// without allocation by a [Machine]. Declared constants are the inputs, by
// index; uninterpreted and closed-box functions are calls to a [Callee].
// For the conjunction of its roots a Machine reports how many hold in
// order ([Machine.Depth]) and how far each is from true
// ([Machine.Distance]), the two signals a fuzzing solver optimizes. Terms
// the compiler does not handle (wider bit-vectors, other sorts) give an
// error wrapping [ErrNotCompilable]; [NewChecker] picks the compiled
// program when it can and the interpreter otherwise.
package eval
