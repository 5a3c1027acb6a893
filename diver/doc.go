// Package diver is DIVER (Kim, So, Oh, ICSE 2023): oracle-guided testing of
// SMT solvers by model-preserving mutation. Take a satisfiable seed φ and a
// model M of it; replace a subterm p by a random term q of the same sort
// such that the whole formula is still true under M. The mutant is
// satisfiable by construction, so a solver answering unsat has a soundness
// bug and a solver whose model falsifies the mutant an invalid-model bug —
// with one solver and no reference. The target is drawn with weights from a
// pre-analysis (PreAnalysis, Score, Selector: labels where many values keep
// φ true are preferred), Complicate adds fresh bounded variables, and
// mutants answered sat are mutated further.
//
// tandem's evaluator (package eval) is the oracle: a mutant is accepted
// only when the evaluator says the whole mutant is true under M and no
// undefined value occurs in the new term (Check); every reported soundness
// bug is re-checked from the printed texts (SatisfiedBy) and re-run.
//
// Diver is a campaign.System registered as "diver"; a program runs it with
// campaign.Run(ctx, dir, diver.Name, configJSON, campaign.Options{…}), where
// the configuration is a JSON Options. `tandem diver` is the command line.
// See docs/diver.md for the decisions on the paper's open points.
package diver
