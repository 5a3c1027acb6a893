// Package sat is a small incremental CDCL SAT solver that writes IDRUP
// proofs: a checked reference for tandem's SAT API fuzzing and a fuzzing
// target of its own.
//
// Conflict-driven clause learning (Algorithm 1 of the Sat4j API-fuzzing
// thesis; MiniSat and Glucose for the details) repeats: propagate units
// through two watched literals per clause (with blocking literals; binary
// clauses from the watcher alone; all clauses in one flat arena); on a
// conflict, learn the first-UIP clause, shorten it (recursive
// minimization), backjump and assert it; else decide a variable (VSIDS,
// phase saving). As in CaDiCaL and Kissat the search alternates a focused
// mode (Glucose's LBD-average restarts, saved phases) and a stable mode
// (Luby·1024 restarts, target phases), rephases the saved phases, and
// forgets learned clauses in three LBD tiers. Incremental use follows IPASIR: clauses stay between
// calls, assumptions hold for one call, and an unsatisfiable answer under
// assumptions comes with failed assumptions (a core) found by final
// conflict analysis.
//
// A problem is a set of clauses in DIMACS numbering (variable v is the
// literal v, its negation -v):
//
//	s := sat.New(nil)                  // default Options
//	s.AddClause(1, 2)                  // x1 ∨ x2
//	s.AddClause(-1, 2)                 // ¬x1 ∨ x2
//	s.Assume(-2)                       // for the next Solve only
//	st := s.Solve(ctx)                 // sat.Unsatisfiable
//	s.Failed(-2)                       // true: ¬x2 is in the core
//	st = s.Solve(ctx)                  // sat.Satisfiable
//	s.Value(2)                         // 2: x2 is true
//
// [Solver.SetProof] makes the solver log everything in the IDRUP format of
// Fazekas, Pollitt, Fleury and Biere (MBMV'24): inputs 'i', lemmas 'l',
// deletions 'd', queries 'q', answers 's', models 'm' and cores 'u', with
// the lemma that refutes each core by propagation logged before it. The
// proof checks with [tandem/idrup.Check] against the interaction file that
// [RunICNF] writes. [Options] holds every tunable; all of them are meant to
// be fuzzed, since none may change an answer.
package sat
