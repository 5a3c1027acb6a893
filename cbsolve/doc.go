// Package cbsolve is SADHAK: satisfiability modulo closed-box functions
// (Muduli and Roy, "Satisfiability Modulo Fuzzing: A Synergistic
// Combination of SMT Solving and Fuzzing", OOPSLA 2022).
//
// A closed box is a function of the formula whose meaning is code that can
// be run but not reasoned about — a library call, a hash step, an ML model
// — declared as (declare-cb NAME (ArgSort*) RetSort). Neither engine alone
// decides such formulas: an SMT solver cannot see into the box, a fuzzer
// that runs it is weak on the rest of the theory. The paper's
// conflict-driven fuzz loop (CDFL) splits the formula after purification into
// ω_fuzz, the closed-box applications the fuzzer runs, and ω_smt, the
// whole formula with each box read as an uninterpreted function. The
// fuzzer finds a partial model of ω_fuzz by running the boxes; the SMT
// engine tries to complete it under that partial model as assumptions,
// and when it cannot, the translatable terms of its unsat core join
// ω_fuzz, so the fuzzer learns only the constraints that matter. Since a
// model of the formula is a model of its uninterpreted-function
// abstraction, unsat of ω_smt proves unsat; sat is answered only for a
// model on which every box has been run and every assertion evaluates to
// true.
//
// [Solve] is the entry point. It takes a parsed script (package smtlib),
// a [cbox.Set] holding one [cbox.Box] per closed box and the [Options];
// the boxes come from package cbox: C or WebAssembly run in-process or
// an external program, from a command-line spec ([cbox.Open]); a Go
// function ([cbox.Go], [cbox.GoBits]); or a define-fun of the script
// whose body is hidden from the SMT engine ([cbox.Define], or the
// fromDefine argument of Solve).
// [ClosedBoxes] lists the boxes a script declares, and [FormatModel]
// prints a sat [Result]'s model as get-model output:
//
//	set := cbox.NewSet(cbox.Options{})
//	defer set.Close()
//	for _, f := range cbsolve.ClosedBoxes(sc) {
//		set.Add(cbox.GoBits(f, impl[f.Name]))
//	}
//	res, err := cbsolve.Solve(ctx, sc, set, nil, cbsolve.Options{Seed: 1})
//	if err == nil && res.Status == cbsolve.Sat {
//		fmt.Print(cbsolve.FormatModel(sc, res.Model))
//	}
//
// [Options.Mode] picks the strategy ([Mode], [ParseMode]): [CDFL], the
// paper's loop and the default; [FuzzOnly], the whole formula given to the
// fuzzer, which needs no SMT solver but only accepts Bool and bit-vectors
// up to 64 bits; and [ActiveLearning], Delphi's loop, the paper's baseline.
// CDFL and ActiveLearning run the SMT engine as an incremental session of
// the solver profile [Options.SMT] (z3 by default; package solver). The
// fuzzer is FUZZY-SAT's search engine (package fuzzysat) on ω_fuzz,
// calling the boxes through the compiled evaluator (package eval).
// [Result.Stats] counts what each engine did and traded ([Stats]).
//
// The code follows the paper's steps: segregate.go (SEGREGATE:
// purification and separation), fuzzengine.go and descent.go
// (FUZZENGINE), smtengine.go (SMTENGINE), solve.go (Algorithm 1 and the
// other modes). docs/solve.md says how this port decides the paper's open
// points, what it adds (tabulation of small boxes, proposals, a probe) and
// what it measures.
package cbsolve
