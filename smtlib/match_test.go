package smtlib

import (
	"strings"
	"testing"

	"tandem/smt"
)

const listDecls = `(declare-datatypes ((L 0)) (((cons (head Int) (tail L)) (nil))))
(declare-datatypes ((Opt 1)) ((par (T) ((none) (some (val T))))))
`

// TestMatchRoundTrip: match terms (constructor patterns with variables,
// nullary constructors, variable patterns, nested matches, parametric
// datatypes) and datatype updates print back byte for byte (issue 23
// items 1 and 7).
func TestMatchRoundTrip(t *testing.T) {
	src := listDecls + `(declare-const x L)
(declare-const o (Opt Int))
(define-fun len1 ((l L)) Int (match l ((nil 0) ((cons h t) (+ 1 (match t ((nil 0) (y 1))))))))
(assert (= (len1 x) 2))
(assert (= 3 (match o ((none 0) ((some v) v)))))
(assert (let ((h 5)) (match x (((cons h t) (> h 2)) (nil (> h 0))))))
(assert (= (head ((_ update head) x 3)) (val ((_ update val) o 4))))
(assert (match x (((cons |a b| c) (= |a b| 1)) (z false))))
`
	sc := mustParse(t, src)
	if got := Print(sc); got != src {
		t.Fatalf("round trip differs:\n got: %s\nwant: %s", got, src)
	}
	m := sc.Assertions()[2]
	if m.Kind() != smt.Let || m.Arg(1).Kind() != smt.MatchTerm {
		t.Fatalf("not a let of a match: %s", m)
	}
	// the h of the cons case is the pattern's, the h of the nil case is the let's
	mt := m.Arg(1)
	if cs := mt.Cases(); len(cs) != 2 || cs[0].Constructor == nil || len(cs[0].Vars) != 2 || cs[1].Constructor == nil || len(cs[1].Vars) != 0 {
		t.Fatalf("cases of %s: %+v", mt, mt.Cases())
	}
	exp := Clone(sc)
	if err := Expand(exp); err != nil {
		t.Fatal(err)
	}
	if got, want := exp.Assertions()[2].String(), "(match x (((cons h t) (> h 2)) (nil (> 5 0))))"; got != want {
		t.Errorf("expanded: got %s, want %s", got, want)
	}
}

// TestMatchErrors: every malformed match is reported at its place, and a
// pattern variable is not in scope outside its case.
func TestMatchErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`(match x (((cons h t) h) (nil h)))`, "4:44: unknown symbol h"},
		{`(match 1 ((y 0)))`, "4:21: match needs a term of a datatype sort, got Int"},
		{`(match x (((cons h) 0) (nil 1)))`, "4:25: constructor cons has 2 fields, the pattern binds 1 variables"},
		{`(match x (((cons h t u) 0) (nil 1)))`, "4:35: constructor cons has 2 fields, the pattern binds more variables"},
		{`(match x (((cons h h) 0) (nil 1)))`, "4:33: pattern variable h occurs twice"},
		{`(match x (((some h) 0) (nil 1)))`, "4:26: some is not a constructor of L"},
		{`(match x ((cons 0) (nil 1)))`, "4:25: constructor cons has 2 fields: write"},
		{`(match x ((nil 0) (y true)))`, "4:35: match case 2 has sort Bool, but the first case has sort Int"},
		{`(match x ())`, "4:14: match needs at least one case"},
	} {
		src := listDecls + "(declare-const x L)\n(assert (= 0 " + c.body + "))\n"
		_, err := Parse("m.smt2", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "m.smt2:"+c.want) {
			t.Errorf("%s: got %v, want m.smt2:%s", c.body, err, c.want)
		}
	}
}

// TestMatchParametric: pattern variables of a parametric datatype take
// the field sorts at the matched term's parameters.
func TestMatchParametric(t *testing.T) {
	sc := mustParse(t, listDecls+`(declare-const o (Opt (Opt Bool)))
(assert (match o ((none false) ((some p) (match p ((none true) ((some b) b)))))))`)
	m := sc.Assertions()[0]
	p := m.Cases()[1].Vars[0]
	if p.Sort().String() != "(Opt Bool)" {
		t.Errorf("p has sort %s", p.Sort())
	}
	if b := m.Arg(2).Cases()[1].Vars[0]; b.Sort() != smt.BoolSort() {
		t.Errorf("b has sort %s", b.Sort())
	}
}

// TestMatchExpandNoCapture: inlining a let into a match body renames a
// pattern variable that would capture the substituted value.
func TestMatchExpandNoCapture(t *testing.T) {
	sc := mustParse(t, listDecls+`(declare-const x L)
(assert (forall ((h Int)) (let ((z h)) (match x (((cons h t) (= z h)) (nil true))))))`)
	if err := Expand(sc); err != nil {
		t.Fatal(err)
	}
	got := sc.Assertions()[0].String()
	want := "(forall ((h Int)) (match x (((cons h!1 t) (= h h!1)) (nil true))))"
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := Parse("again.smt2", []byte(listDecls+"(declare-const x L)(assert "+got+")")); err != nil {
		t.Error(err)
	}
}
