package solver

import "testing"

// TestTrunkCrashSignatures checks that the crash reports of the solvers'
// current sources (z3, cvc5 and Bitwuzla trunk, read in their sources:
// z3 util/debug.h, cvc5 base/check.h and main/signal_handlers.cpp,
// Bitwuzla solving_context.cpp and main/error.h) match a signature of the
// built-in profile, and that their ordinary error messages do not.
func TestTrunkCrashSignatures(t *testing.T) {
	reg := NewRegistry()
	cases := []struct {
		solver, out string
		crash       bool
	}{
		{"z3", "ASSERTION VIOLATION\nFile: ../src/smt/theory_lra.cpp\nLine: 1234\nUNEXPECTED CODE WAS REACHED.\n", true},
		{"z3", "UNEXPECTED CODE WAS REACHED.\n", true},
		{"z3", "(error \"an invalid model was generated\")\n", true},
		{"z3", "(error \"line 9 column 1: An invalid model was generated\")\n", true},
		{"z3", "(error \"line 3 column 10: invalid model value\")\n", false},
		{"z3", "sat\n(\n  (define-fun x () Int\n    2)\n)\n", false},
		{"z3", "(error \"line 3 column 10: unknown constant y\")\n", false},
		{"cvc5", "Fatal failure within void cvc5::internal::Foo() at src/theory/foo.cpp:12\nCheck failure\n\n x != y\n", true},
		{"cvc5", "cvc5 suffered a segfault.\n", true},
		{"cvc5", "(error \"Parse Error: <stdin>:1.8: Symbol 'x' not declared as a variable\")\n", false},
		{"bitwuzla", "terminate called after throwing an instance of 'bzla::Error'\n  what():  model check failed\n", true},
		{"bitwuzla", "[error] unsat core failed\n", true},
		{"bitwuzla", "sat\n[error] expected non-null object\n", true},
		{"bitwuzla", "[error] <stdin>:1:11: unsupported logic 'QF_LIA'\n", false},
		{"bitwuzla", "[error] q.smt2:1:40: expected 2 arguments to 'bvult', got 1\n", false},
		{"bitwuzla", "sat\n(\n  (define-fun x () (_ BitVec 8) #b00101010)\n)\n", false},
	}
	for _, c := range cases {
		p, ok := reg.Get(c.solver)
		if !ok {
			t.Fatalf("no profile %s", c.solver)
		}
		_, norm, found := findSignature([]byte(c.out), p.Signatures)
		if found != c.crash {
			t.Errorf("%s: %q: signature found = %v (%q), want %v", c.solver, c.out, found, norm, c.crash)
		}
	}
}
