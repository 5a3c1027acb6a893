package diver

import (
	"strings"
	"testing"

	"tandem/smt"
)

// TestSeedWithMatch: a seed with match terms (issue 23) becomes a formula
// tree of applications only, the match turned into ite over testers and
// selectors, which the mutants print back as SMT-LIB.
func TestSeedWithMatch(t *testing.T) {
	src := `(declare-datatypes ((L 0)) (((cons (head Int) (tail L)) (nil))))
(declare-const x L)
(declare-const n Int)
(assert (= n (match x (((cons h r) (+ h (match r ((nil 0) (z 1))))) (nil 0)))))
(assert (> n 2))
(check-sat)
`
	s, err := parseSeed("m.smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFormula(s.st, s.assertions, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, nd := range f.Nodes {
		if nd.Term.Kind() == smt.MatchTerm {
			t.Fatalf("match left in the formula: %s", nd.Term)
		}
	}
	want := "(= n (ite ((_ is cons) x) (+ (head x) (ite ((_ is nil) (tail x)) 0 1)) 0))"
	if got := s.assertions[0].String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if text := string(scriptText(s.header, nil, s.assertions, false)); !strings.Contains(text, want) {
		t.Errorf("script text lacks the assertion:\n%s", text)
	}
}
