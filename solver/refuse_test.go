package solver_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/solver"
)

// TestRefusesRealMessages holds the refusals z3 4.8.12, cvc5 1.0.3 and
// cvc4 1.8 print (obtained by running them on the option shown, on the
// command line or in set-option, before and after set-logic) and
// Bitwuzla's (from its option parser's source, src/api/cpp/bitwuzla.cpp;
// not installed here), each against the option it refuses and against a
// pool option it does not name. Issue 26: z3's "unknown parameter
// 'bv.solver' at module 'smt'" for smt.bv.solver=2 names neither the whole
// key nor its last part, so DIVER never retired the option.
func TestRefusesRealMessages(t *testing.T) {
	const z3Legal = "\nLegal parameters are:\n  arith.solver (unsigned int) (default: 6)\n  bv.delay (bool) (default: true)\n  string_solver (symbol) (default: seq)"
	for _, c := range []struct {
		msg, refused, other string
	}{
		// z3: a parameter its module lacks, on the command line and in set-option
		{"ERROR: unknown parameter 'bv.solver' at module 'smt'" + z3Legal, "smt.bv.solver=2", "smt.arith.solver=2"},
		{"line 1 column 28: unknown parameter 'bv.solver' at module 'smt'" + z3Legal, ":smt.bv.solver", "smt.bv.delay=false"},
		{"ERROR: unknown parameter 'foo' at module 'rewriter'" + z3Legal, "rewriter.foo=true", "rewriter.flat=false"},
		// z3: a global parameter it lacks (cvc5's option name in set-option)
		{"line 5 column 25: unknown parameter 'strings_exp'\nLegal parameters are:\n  auto_config (bool) (default: true)", ":strings-exp", "smt.string_solver=z3str3"},
		{"ERROR: unknown parameter 'foobar'" + z3Legal, "foobar=1", "smt.arith.solver=2"},
		// z3: a module it lacks
		{"ERROR: invalid parameter, unknown module 'foo'", "foo.bar=1", "smt.arith.solver=2"},
		// z3: a value of the wrong type
		{"ERROR: Expected values for parameter arith.solver is an unsigned integer. It was given argument 'abc'", "smt.arith.solver=abc", "smt.arith.nl=false"},
		{"line 2 column 30: Expected values for parameter arith.nl are 'true' or 'false'. It was given argument 'maybe'", "smt.arith.nl=maybe", "smt.arith.nl.order=false"},
		// z3: a value its solver lacks (4.8.12 at check-sat; trunk for z3str3)
		{"line 2 column 15: Invalid string solver value. Legal values are z3str3, seq, empty, auto, none", "smt.string_solver=foo", "smt.arith.solver=2"},
		{"line 10 column 7: invalid parameter for smt.string_solver, valid options are 'seq', 'auto'", "smt.string_solver=z3str3", "smt.seq.split_w_len=false"},
		// cvc5 and cvc4: an option they lack, a value they lack, a value of the wrong type
		{"Error in option parsing: can't understand option `--foo'\n\nDid you mean any of these?\n    --fmf-bound", "--foo", "--strings-exp"},
		{"Error in option parsing: can't understand option `--nl-ext-tplanes=2'\n\nDid you mean this?\n    --nl-ext-tplanes", "--nl-ext-tplanes=2", "--nl-ext-tf-tplanes"},
		{"Error in option parsing: unknown option for --bv-solver: `foo'.  Try --bv-solver=help.", "--bv-solver=foo", "--bv-to-bool"},
		{"Error in option parsing: unknown option for --decision: `foo'.  Try --decision=help.", "--decision=foo", "--strings-exp"},
		{"Error in option parsing: Argument 'abc' for uint64_t option tlimit did not parse as uint64_t", "--tlimit=abc", "--tlimit-per=5"},
		{"Error in option parsing: option `--tlimit=abc` requires a number as an argument", "--tlimit=abc", "--strings-exp"},
		// cvc5 and cvc4: an option not taken with another, or not after initialization
		{"Error in option parsing: unconstrained simplification not supported with incremental solving. ", "--unconstrained-simp", "--strings-exp"},
		{"Invalid call to 'setOption' for option 'produce-models', solver is already fully initialized", ":produce-models", "--strings-exp"},
		{"cannot change option `produce-models' after final initialization", ":produce-models", "--strings-exp"},
		// Bitwuzla
		{"[error] invalid option '--foo'", "--foo", "--abstraction"},
		{"invalid mode 'foo' for option '--bv-solver'", "--bv-solver=foo", "--no-preprocess"},
		{"invalid value 'x' for numeric option '--rewrite-level'", "--rewrite-level=x", "--bv-solver=preprop"},
		{"invalid --no- prefix for non-Boolean option: '--no-bv-solver'", "--no-bv-solver", "--no-preprocess"},
		{"expected value for option '--bv-solver'", "--bv-solver", "--abstraction"},
	} {
		if !solver.RefusesOption(c.msg, c.refused) {
			t.Errorf("RefusesOption(%q, %q) = false, want true", c.msg, c.refused)
		}
		if solver.RefusesOption(c.msg, c.other) {
			t.Errorf("RefusesOption(%q, %q) = true, want false", c.msg, c.other)
		}
	}
}

// Every option of the z3, cvc5, cvc4 and Bitwuzla fuzz pools, run once
// against each installed solver that spells options the same way (cvc5's
// pool on cvc4 and the other way round, Bitwuzla's on both), either is
// taken or its refusal is recognised by RefusesOption, so DIVER retires
// it at its first refusal. The refusals come from the real solvers: this
// is the class of item 2 of issue 26 (a refusal shape RefusesOption
// misses), checked for every pool option.
func TestPoolRefusalsRecognised(t *testing.T) {
	script := "(set-logic ALL)\n(declare-const x Int)\n(assert (> x 3))\n(check-sat)\n"
	reg := solver.NewRegistry()
	pools := map[string][]string{}
	for _, name := range []string{"z3", "cvc5", "cvc4", "bitwuzla"} {
		p, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		pools[name] = p.FuzzOptions
	}
	targets := map[string][]string{"z3": {"z3"}, "cvc5": {"cvc5", "cvc4", "bitwuzla"}, "cvc4": {"cvc5", "cvc4", "bitwuzla"}}
	refused := 0
	for _, name := range []string{"z3", "cvc5", "cvc4"} {
		testutil.RequireBinary(t, name)
		p, _ := reg.Lookup(name)
		for _, from := range targets[name] {
			for _, o := range pools[from] {
				q, err := p.WithOptions(o)
				if err != nil {
					t.Errorf("%s %s: %v", name, o, err)
					continue
				}
				res, err := solver.Run(context.Background(), q, solver.BytesInput([]byte(script)), solver.RunOptions{
					Limits: solver.Limits{CPU: 10 * time.Second, Wall: time.Minute},
					Mode:   solver.Mode{Models: true, SelfCheck: true, Incremental: true}})
				if err != nil {
					t.Fatalf("%s %s: %v", name, o, err)
				}
				if res.Status == solver.StatusSat && len(res.Errors) == 0 {
					continue
				}
				refused++
				t.Logf("%s refuses %s: %s", name, o, firstLine(strings.Join(res.Errors, "\n")+"\n"+string(res.Stdout)+"\n"+string(res.Stderr)))
				msg := strings.Join(res.Errors, "\n") + "\n" + string(res.Stdout) + "\n" + string(res.Stderr)
				if !solver.RefusesOption(msg, o) {
					t.Errorf("%s refuses %s (%s, %s) and RefusesOption does not see it: %q", name, o, res.Status, res.Reason, firstLine(msg))
				}
			}
		}
	}
	t.Logf("%d refusals recognised", refused)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
