// Package reduce is tandem's delta debugger: it shrinks an input that makes
// a program misbehave (an SMT-LIB script that crashes a solver or makes two
// solvers disagree, a SAT API trace that breaks an incremental solver) to a
// small input that still does.
//
// The idea is Zeller and Hildebrandt's: test smaller and smaller variants
// of the input against a caller-supplied [Predicate] ("is it still
// interesting?") and keep each one that is. [Reduce] runs a list of
// [Pass]es to a fixed point. Two drivers do the searching: [DDMin], the
// classic ddmin over a list (commands, lines), and [Greedy], which walks
// positions in order and is top-down (hierarchical, as ddSMT's default
// strategy) when the positions are the nodes of a tree in breadth-first
// order. Both propose candidates in a fixed order and take the first
// interesting one, through [Session.First], which runs up to
// [Options.Jobs] predicate calls at once and caches every answer by a hash
// of the candidate's text: the result is the same for any number of jobs.
//
// [SMTLIBPasses] are ddSMT-class passes over SMT-LIB scripts that rebuild
// terms through the smt package's type-checking builders and parse every
// candidate again, so a solver only ever sees well-sorted input.
// [TracePasses] are the trace reducer of the Sat4j API-fuzzing thesis
// (Parruca 2024, Algorithm 6): line ddmin, literal removal and variable
// renaming. [CommandPredicate] runs an external command on candidates the
// way ddSMT does (same exit code and output as the golden run, or a
// substring or regular expression, or a sat/unsat disagreement with a
// second command); the tandem reduce command is a thin shell over it.
//
// A reduction in a few lines, with a predicate in Go:
//
//	interesting := func(ctx context.Context, c []byte) (bool, error) {
//		return bytes.Contains(c, []byte("bvudiv")), nil // "the solver crashes"
//	}
//	res, err := reduce.Reduce(ctx, script, interesting, reduce.Options{Passes: reduce.SMTLIBPasses()})
//	// res.Output is the smallest script found; res.Stats counts the tests.
package reduce
