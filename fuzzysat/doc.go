// Package fuzzysat is FUZZY-SAT: approximate, seed-driven solving of the
// bit-vector queries a concolic or hybrid fuzzer asks (Borzacchiello,
// Coppa, Demetrescu, "Fuzzing Symbolic Expressions", ICSE 2021).
//
// A query is a branch condition e and the path constraints π of the run
// that reached it. The input that drove the run already satisfies π, so
// instead of calling an SMT solver FUZZY-SAT mutates that seed — only the
// few bytes e reads, guided by a cached analysis of the expressions
// (input groups, input-to-state comparisons, interesting constants, range
// intervals, uniquely defined inputs) — until e ∧ π holds, evaluating
// each candidate with the compiled evaluator of package eval. The answer
// is sat with an assignment, or unknown; unsat only when an exhaustive
// phase enumerated every value of all the query's inputs (Result.Phase
// says which). With Options.Fallback a complete solver answers what
// fuzzing leaves unknown.
//
// The package has two layers. [Search] is the search engine on its own:
// bit-vector variables laid out as bytes ([Layout]), constraints to
// satisfy and path constraints to keep (compiled, and calling closed-box
// functions through an eval.Callee when needed), a seed, budgets and a
// *rand.Rand. [Solver] adds FUZZY-SAT's conventions on top: the k!i byte
// symbols of a seed file, one query per assert with the branch condition
// first ([LoadFile]), π notified incrementally ([Solver.NotifyConstraint])
// with the analysis cache and earlier solutions kept across queries,
// optimistic answers, and SOLVEMAX/SOLVEMIN/SOLVEALL ([Solver.Maximize],
// [Solver.Minimize], [Solver.AllValues]).
//
// Every tunable, with the paper's value and section, is in [Options];
// docs/fuzzysat.md says how this port decides the paper's open points and
// what it measures on the SAGE queries.
package fuzzysat
