package smtlib

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// scopeScripts are scripts whose declarations are scoped by push, pop,
// reset-assertions and :global-declarations; every one must parse, and
// Stack must replay it to the parser's final scope.
var scopeScripts = []string{
	// SMT-LIB 2.6 §4.2.2: reset-assertions pops the first level too, so
	// its declarations are gone and may be made again (cvc5 1.0.3 agrees;
	// z3 4.8.12 keeps them and rejects the redeclaration).
	`(declare-const x Int)(assert (> x 0))(reset-assertions)(declare-const x Bool)(assert x)(check-sat)`,
	`(declare-sort U 0)(declare-fun f (U) U)(reset-assertions)(declare-sort U 1)(declare-fun f (Int) Int)(check-sat)`,
	`(define-sort S () Int)(define-fun g ((a S)) S a)(reset-assertions)(define-sort S () Bool)(define-fun g () Bool true)(assert g)(check-sat)`,
	`(declare-datatypes ((L 0)) (((c (h Int) (t L)) (n))))(push 1)(declare-const y L)(reset-assertions)(declare-datatypes ((L 0)) (((c (h Bool)) (n))))(declare-const y L)(assert ((_ is c) y))(assert (is-n y))(check-sat)`,
	// Global declarations survive both pop and reset-assertions.
	`(set-option :global-declarations true)(declare-const x Int)(push 1)(declare-const y Int)(pop 1)(reset-assertions)(assert (= x y))(check-sat)`,
	// A pop beyond the open levels undoes nothing of the first level.
	`(declare-const x Int)(push 1)(pop 2)(assert (= x 0))(check-sat)`,
	// A :named term defines its name at the current level.
	`(declare-const x Int)(push 1)(assert (! (> x 0) :named p))(pop 1)(declare-const p Int)(assert (! (= p x) :named q))(check-sat)`,
	// Overloaded constructors are scoped too.
	`(declare-datatypes ((A 0)) (((k) (m))))(push 1)(declare-datatypes ((B 0)) (((k) (j))))(pop 1)(declare-const a A)(assert (= a k))(check-sat)`,
}

// scopeErrors are scripts that use a symbol out of scope, with the error
// they must give.
var scopeErrors = []struct{ Src, want string }{
	{`(declare-const x Int)(reset-assertions)(assert (= x 0))`, "x"},
	{`(declare-sort U 0)(reset-assertions)(declare-const u U)`, "U"},
	{`(define-fun g () Bool true)(reset-assertions)(assert g)`, "g"},
	{`(declare-datatypes ((L 0)) (((c) (n))))(reset-assertions)(declare-const b Bool)(assert (is-c b))`, "is-c"},
	{`(push 1)(declare-datatypes ((L 0)) (((c) (n))))(pop 1)(declare-const b Bool)(assert ((_ is c) b))`, "c"},
	{`(push 1)(set-option :global-declarations true)(declare-const x Int)(set-option :global-declarations false)(pop 1)(declare-const x Int)`, "already declared"},
}

func TestResetAssertionsScopes(t *testing.T) {
	for _, src := range scopeScripts {
		sc, err := Parse("scope.smt2", []byte(src))
		if err != nil {
			t.Errorf("%s\n%v", src, err)
			continue
		}
		checkStackAgrees(t, sc)
	}
	for _, c := range scopeErrors {
		_, err := Parse("scope.smt2", []byte(c.Src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s\ngot error %v, want one naming %q", c.Src, err, c.want)
		}
	}
}

// A Stack knows the names :named annotations define, so that it reads a
// get-value answer about one.
func TestStackNamed(t *testing.T) {
	sc, err := Parse("named.smt2", []byte(`(declare-const x Int)(assert (! (> x 0) :named pos))(check-sat)(get-value (pos))`))
	if err != nil {
		t.Fatal(err)
	}
	st := NewStack(sc)
	st.Seek(3)
	vals, err := st.ParseValues([]byte("((pos true))"))
	if err != nil || len(vals) != 1 {
		t.Fatalf("get-value answer about a named term: %v, %v", vals, err)
	}
}

// checkStackAgrees replays sc with a Stack and checks that every command
// replays and that the symbols in scope at the end are the parser's: the
// Stack that check-model uses per check-sat must scope as the parser does.
func checkStackAgrees(t *testing.T, sc *Script) {
	t.Helper()
	st := NewStack(sc)
	for st.Step() != nil {
	}
	if st.failed > 0 {
		t.Fatalf("Stack fails to replay %d commands the parser accepted:\n%s", st.failed, Print(sc))
	}
	p, q := sc.env, st.env
	for _, d := range []struct {
		what string
		a, b []string
	}{
		{"functions", slices.Sorted(maps.Keys(p.funs)), slices.Sorted(maps.Keys(q.funs))},
		{"sorts", slices.Sorted(maps.Keys(p.sorts)), slices.Sorted(maps.Keys(q.sorts))},
		{"testers", slices.Sorted(maps.Keys(p.testers)), slices.Sorted(maps.Keys(q.testers))},
		{"overloads", slices.Sorted(maps.Keys(p.overloads)), slices.Sorted(maps.Keys(q.overloads))},
	} {
		if !slices.Equal(d.a, d.b) {
			t.Fatalf("%s in scope: parser %v, Stack %v\n%s", d.what, d.a, d.b, Print(sc))
		}
	}
	if st.Depth() != p.pushes {
		t.Fatalf("push levels: parser %d, Stack %d", p.pushes, st.Depth())
	}
}

// For scope_solver_test.go, which runs the solvers on them.
var (
	ScopeScripts = scopeScripts
	ScopeErrors  = scopeErrors
)
