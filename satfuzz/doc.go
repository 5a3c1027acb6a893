// Package satfuzz is tandem's model-based API fuzzer of incremental SAT
// solvers, after Parruca's thesis "Model-Based API Fuzzing for Sat4j, with
// incremental proof checking" (Univ. Freiburg 2024; digest in
// ../shared/papers/digests/sat4j-apifuzz.md) and Artho, Biere and Seidl's
// model-based testing of verification back-ends (TAP'13), whose mobical
// tests CaDiCaL.
//
// Random sequences of API calls — options, new variables, clauses, several
// solve calls under assumptions, model and failed-assumption queries,
// enumeration — find bugs that file-based testing misses, because they
// exercise what only the API can do: increments on a solver that already
// learned, assumptions, cores. The system has the thesis' three parts:
//
//   - a generator (Generate) with the thesis' distributions (Options, each
//     constant with its section) and an option model per target
//     (OptionSpec);
//   - one adapter per solver (Target): tandem's sat in process with its
//     IDRUP proof checked by tandem/idrup, gophersat in process, CaDiCaL
//     and Sat4j through drivers (satfuzz/target/…) run in their own process
//     group under time and memory limits; all speak the text trace of
//     package satfuzz/trace, the portable artifact of a finding;
//   - checks (Check) and a delta debugger (System.Reduce: tandem/reduce's
//     trace passes, the thesis' Algorithm 6).
//
// System runs it in the campaign harness (`tandem satfuzz`), and `tandem
// satfuzz replay TRACE --target T` replays any finding. docs/satfuzz.md has
// the decisions and the measured results.
package satfuzz
