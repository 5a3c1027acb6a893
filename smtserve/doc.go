// Package smtserve is tandem as a drop-in SMT-LIB solver: an interactive
// session that reads SMT-LIB 2.6 commands from a stream, answers each one as
// it arrives, as z3 -in does, and answers each check-sat by fuzzing first
// (FUZZY-SAT, package fuzzysat) and by a real solver behind it when fuzzing
// has no proof (issue 27; `tandem smt`).
//
// A concolic executor's queries are a path π and a branch e; the input that
// drove the run, or the last model, usually satisfies π, and FUZZY-SAT
// (Borzacchiello, Coppa, Demetrescu, ICSE 2021) answers most such queries by
// mutating it. A Session takes the assertions made since the previous
// check-sat as the branch and the others as π (the literals of
// check-sat-assuming are the branch), seeds the search with one of the last
// models it produced — the one checked on the most of the query's
// assertions (or Options.Seed, else zeros) — and answers:
//
//   - unsat at once when the assertions include a set proved unsat earlier
//     in the session (the unsat cache: monotonicity), or when the refuter
//     proves it (a conjunct and its negation, a cycle of comparisons with a
//     strict one, an empty set of values after interval propagation over
//     bit-vector terms: sound by construction, refute.go);
//   - sat from the seed or from fuzzing only with a model the evaluator
//     (package eval) finds true on every live assertion;
//   - unsat from fuzzing only with one of fuzzysat's proofs (pinned, range,
//     exhaustive enumeration);
//   - everything else from the fallback, an incremental solver.Session kept
//     in step lazily: declarations and assertions are sent once, when a
//     query first needs them, and a push whose scope never reached the
//     solver is dropped with its pop. The fallback's models are re-checked
//     by the evaluator too: a model that falsifies an assertion is reported
//     on the log and the answer is unknown.
//
// The get-* commands answer as z3's do after each kind of answer; an
// unsat core or proof after an unsat tandem proved itself comes from the
// fallback, asked the same query again. reset-assertions follows SMT-LIB
// 2.6 (declarations not made under :global-declarations are gone), and a
// fallback that would keep them (z3) is restarted.
//
// Outside bit-vectors and Booleans (integers, reals, strings, arrays, UF, …)
// every query the unsat cache and the refuter do not prove goes to the
// fallback. A query with closed boxes in scope (declare-cb,
// declare-oracle-fun) is solved by SADHAK (tandem/cbsolve) on the live scope
// as one script, with the implementations of Options.Boxes (tandem smt
// --cb, --oracle-dir), and is unknown without them; the fallback never
// answers it. docs/smt.md has the details and the measurements.
//
//	s, _ := smtserve.New(smtserve.Options{Fallback: smtserve.SolverFallback(prof, 0)})
//	defer s.Close()
//	err := s.Serve(ctx, os.Stdin, os.Stdout)
package smtserve
