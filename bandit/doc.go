// Package bandit is BanditFuzz (Scott, Mora, Ganesh: "BanditFuzz: Fuzzing
// SMT Solvers with Reinforcement Learning"; ../shared/papers/
// banditfuzz-rl-smt-fuzzing.txt, digest ../shared/papers/digests/
// banditfuzz.md): a multi-armed bandit whose arms are grammar constructs
// (FP operators, predicates and rounding modes; string functions; beyond the
// paper BV and arithmetic operators) learns which constructs, mutated into
// an input, make a target solver slower than its references (performance
// mode, Algorithm 1: hill-climbing on the PAR-2 time of the target minus
// the slowest reference) or make solvers disagree (bug mode, Algorithm 2).
// Its result is the worst inputs and a ranking of culprit constructs by
// expected reward α/(α+β), which a solver developer reads as "look at
// fp.roundToIntegral".
//
// The pieces: grammars as data ([Grammar], [FPGrammar] with the paper's 27
// arms, [StringGrammar], [BVGrammar], [ArithGrammar]); the generator and the
// grammar-preserving mutator ([Generator.Generate], [Generator.Mutate]);
// the agents ([Thompson] with Beta(1,1) priors, [EpsilonGreedy], [UCB1],
// [Uniform]); the loops ([Perf], [Bug]) with the paper's baselines (random,
// mutational, evolutionary); tandem's evaluator judging every disagreement
// ([Judge]: a sat model that satisfies the input proves the unsat answer
// wrong, one that falsifies it proves the sat answer wrong); and the
// campaign system [System] ("bandit") whose report panel is the ranking.
// A performance run measures CPU time, wall time or, to compare a solver
// with itself, the solver's own deterministic effort count ([Measure],
// [Env.UseMeasure]). Side-by-side comparisons of the fuzzers are campaigns
// of the system ([SystemOptions].Fuzzers), read back with
// [ReadComparison]. The command is `tandem bandit perf|bug`; docs/bandit.md
// records the decisions on the paper's open points and the measured
// results.
//
// Replay: one campaign iteration is one whole run with a fresh agent seeded
// by the iteration, so an iteration replays alone; within a run the agent
// learns from solver answers and (in perf mode) solver times, so a replay
// follows the same path only when the solvers answer and time alike.
package bandit
