// Package smt is tandem's vocabulary of SMT-LIB 2.6: sorts, operators,
// hash-consed terms and the values terms denote. Every other package
// speaks it: package smtlib reads and writes it as text, package eval
// computes values of it, the solver, reduce and system packages build
// and rewrite it.
//
// # Sorts
//
// A [*Sort] is interned: two sorts are equal exactly when their pointers
// are. Obtain them from the constructors ([BoolSort], [IntSort],
// [RealSort], [BitVecSort], [FloatSort], [StringSort], [ArraySort],
// [SeqSort], [UninterpretedSort], [DatatypeSort], …), never from a
// struct literal. A sort's Kind ([SortKind]) says which family it belongs to.
//
// # Terms
//
// A [*Term] is immutable and belongs to the [Store] that built it. A
// Store hash-conses: building the same term twice returns the same node,
// so equal terms of one store are equal pointers and [Term.ID] is a
// dense number for slices indexed by term. The builders type-check:
// [Store.Apply] applies a theory operator ([Op], found by name with
// [LookupOp]) and returns a [*SortError] naming the operator and the
// offending sorts when the arguments do not fit. Literals come from
// [Store.Bool], [Store.Int], [Store.Numeral], [Store.Decimal], [Store.BV],
// [Store.BVUint64] and [Store.String]; a symbol is a [*Func] made by
// [Store.NewFunc] (a constant is a Func with no parameters, applied with
// [Store.Const]; others with [Store.ApplyFunc]); binders are built by
// [Store.Let] and [Store.Quantifier] over variables from [Store.Var].
//
//	st := smt.NewStore()
//	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.BitVecSort(8)))
//	sum, err := st.Apply(smt.OpBVAdd, nil, x, st.BVUint64(1, 8)) // (bvadd x #x01)
//	_, err = st.Apply(smt.OpBVAdd, nil, x, st.Int(1))           // *SortError
//
// A Store is not safe for concurrent use; terms are, for reading.
// A term is read through [Term.Kind] (Literal, App, Var, Let, Forall,
// Exists, Annotated, MatchTerm), [Term.Op] or [Term.Func], [Term.Args] and
// [Term.Sort]; the binders of let, quantifiers and match are
// [Term.Binders], the patterns of a match [Term.Cases]. [Inspect] (and
// [Find], [InspectAll]) visits each distinct subterm once, top-down;
// [Rewrite] (and [RewriteAll]) rebuilds a term bottom-up, copy on write,
// through [Store.Rebuild], the term with new arguments type-checked again.
// Neither knows scopes: an [Expander] inlines let, define-fun and :named
// terms, substitutes variables without capture and, on request, turns
// match into testers and selectors. A checker that reads a stream forgets
// the terms of each command with [Store.Mark] and [Store.Rollback].
//
// # Values
//
// A [Value] is an element of a sort: [BoolValue], [IntValue],
// [RealValue], [BVValue], [FPValue], [StringValue], [*ArrayValue],
// [*DatatypeValue], … and [Undefined] for what the standard and the model
// leave open (integer div by zero, a symbol the model does not
// interpret), with the culprit subterm. [ValueOf] reads a ground value
// term, [Store.ValueTerm] builds one back, and [ValueEqual] compares
// values as SMT-LIB's = does.
//
// # Printing
//
// [Term.String] and [WriteTerm] print a term in SMT-LIB syntax that
// package smtlib parses back; [QuoteSymbol], [QuoteString] and [BVString]
// print the pieces. Subpackages fp and strs hold the exact semantics of
// the FloatingPoint and Strings theories.
package smt
