package smtlib

import (
	"errors"
	"io"
	"strings"
	"testing"

	"tandem/smt"
)

var ioEOF = io.EOF

func mustParse(t *testing.T, src string) *Script {
	t.Helper()
	sc, err := Parse("test.smt2", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return sc
}

func TestRoundTripExamples(t *testing.T) {
	for _, src := range []string{
		`(set-logic QF_BV)(declare-const x (_ BitVec 8))(assert (= ((_ extract 3 0) x) #b1010))(check-sat)`,
		`(declare-fun f (Int Real) Bool)(assert (f 1 2.5))(assert (f (- 3) (/ 1.0 3.0)))`,
		`(declare-const s String)(assert (str.in_re s (re.* (str.to_re "a""b\u{1F600}"))))`,
		`(declare-const a (Array Int Int))(assert (= a ((as const (Array Int Int)) 0)))`,
		`(declare-const r RoundingMode)(declare-const f Float32)(assert (fp.eq (fp.add r f (_ +zero 8 24)) (fp #b0 #x7f #b00000000000000000000000)))`,
		`(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))(declare-const l (List Int))(assert (= l (cons 1 (as nil (List Int)))))(assert ((_ is cons) l))`,
		`(define-fun-rec fact ((n Int)) Int (ite (<= n 0) 1 (* n (fact (- n 1)))))(assert (= (fact 3) 6))`,
		`(assert (forall ((x Int)) (! (> (* x x) (- 1)) :pattern ((* x x)))))`,
		`(push 2)(declare-const b Bool)(assert b)(pop 2)(declare-const b Int)(check-sat-assuming ((= b 1)))`,
		`(set-option :produce-models true)(set-info :source |multi
line|)(frobnicate (weird 1 2) "keep me")(get-value ((+ 1 2)))(echo "hi")(exit)`,
		`(declare-cb g ((_ BitVec 32)) (_ BitVec 32))(declare-const x (_ BitVec 32))(assert (= (g x) #x00000001))`,
	} {
		sc := mustParse(t, src)
		out := Print(sc)
		again := mustParse(t, out)
		if Print(again) != out {
			t.Errorf("round trip differs:\n%s\n%s", out, Print(again))
		}
	}
}

func TestLetShadowing(t *testing.T) {
	sc := mustParse(t, `(declare-const x Int)(assert (let ((x 1)) (let ((x (+ x 1))) (= x 2))))`)
	got := sc.Assertions()[0].String()
	want := "(let ((x 1)) (let ((x (+ x 1))) (= x 2)))"
	if got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	// the outer x is the declared constant, not the let variable
	sc = mustParse(t, `(declare-const x Int)(assert (and (let ((x true)) x) (= x 0)))`)
	a := sc.Assertions()[0]
	if a.Arg(1).Arg(0).Kind() != smt.App || a.Arg(0).Arg(1).Kind() != smt.Var {
		t.Fatalf("scoping wrong: %s", a)
	}
}

func TestAliasesPrintIn26Form(t *testing.T) {
	sc := mustParse(t, `(declare-const s String)(assert (str.in.re (int.to.str (str.to.int s)) (re.loop (str.to.re s) 1 3)))`)
	got := sc.Assertions()[0].String()
	want := `(str.in_re (str.from_int (str.to_int s)) ((_ re.loop 1 3) (str.to_re s)))`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestErrorsAreLocatedAndCollected(t *testing.T) {
	src := "(declare-const x Int)\n(assert (+ x true))\n(assert (= y 1))\n(assert (bvadd #b1 #b01))\n(check-sat)\n"
	sc, err := Parse("bad.smt2", []byte(src))
	list, ok := err.(ErrorList)
	if !ok || len(list) != 3 {
		t.Fatalf("want 3 errors, got %v", err)
	}
	want := []string{
		"bad.smt2:2:9: + argument 2 must be Int or Real, got Bool",
		"bad.smt2:3:12: unknown symbol y (declare it with declare-fun or declare-const)",
		"bad.smt2:4:9: bvadd arguments must have one width, got (_ BitVec 1) and (_ BitVec 2)",
	}
	for i, e := range list {
		if e.Error() != want[i] {
			t.Errorf("error %d:\n got %s\nwant %s", i, e, want[i])
		}
	}
	// the builder's typed error is the cause, reachable from the list
	var se *smt.SortError
	if !errors.As(err, &se) || se.Op != "+" || !errors.As(list[2], &se) || se.Op != "bvadd" {
		t.Errorf("errors.As finds no *smt.SortError for + and bvadd in %v", err)
	}
	// the good commands are kept
	if len(sc.Commands) != 2 {
		t.Errorf("want the 2 good commands kept, got %d", len(sc.Commands))
	}
}

func TestUnsupportedTheoryIsNamed(t *testing.T) {
	_, err := Parse("s.smt2", []byte(`(set-logic ALL)(declare-const s (Set Int))`))
	if UnsupportedTheory(err) != "sets" {
		t.Fatalf("want sets, got %v", err)
	}
	// every way of meeting an extension theory gives the typed error
	for src, theory := range map[string]string{
		`(assert (= #f1m7 #f1m7))`:                       "finite fields",
		`(declare-const b (Bag Int))`:                    "bags",
		`(declare-const x Int)(assert (set.member x x))`: "sets",
		`(assert (sep.emp))`:                             "separation logic",
	} {
		_, err := Parse("x.smt2", []byte(src))
		var u *UnsupportedTheoryError
		if !errors.As(err, &u) || u.Theory != theory {
			t.Errorf("%s: errors.As gives %+v from %v, want theory %s", src, u, err, theory)
		}
	}
}

// TestSortErrorsNameSortsOnce: a message that already names the argument
// sorts does not list them again.
func TestSortErrorsNameSortsOnce(t *testing.T) {
	for _, src := range []string{
		`(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 1))(assert (= (bvadd x y) x))`,
		`(declare-const x Int)(assert (and x true))`,
		`(declare-fun f (Int) Bool)(assert (f true))`,
		`(assert (bvult #b1 #x01))`,
	} {
		_, err := Parse("x.smt2", []byte(src))
		if err == nil {
			t.Errorf("%s: no error", src)
			continue
		}
		msg := err.Error()
		for _, s := range []string{"(_ BitVec 8)", "(_ BitVec 1)", "Bool", "Int"} {
			if strings.Count(msg, s) > 1 {
				t.Errorf("%s: %s names %s twice", src, msg, s)
			}
		}
	}
}

func TestHostileInputs(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("(", 1<<20),
		"(assert " + strings.Repeat("(not ", 200000) + "true" + strings.Repeat(")", 200001),
		`(assert "unterminated`,
		`(declare-const x (_ BitVec 0))`,
		`(declare-const x (_ BitVec 99999999999999999999))`,
		`(assert ((_ extract 5 9) #x00))`,
		"(assert |abc",
		")))",
		"(check-sat",
	} {
		_, err := Parse("h.smt2", []byte(src))
		if err == nil {
			t.Errorf("no error for %.40q", src)
		}
	}
}

func TestReaderStreamsCommands(t *testing.T) {
	r := NewReader("r.smt2", strings.NewReader("(declare-const a Bool)(assert a)(assert b)(check-sat)"))
	var kinds []CommandKind
	errs := 0
	for {
		c, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs++
			continue
		}
		kinds = append(kinds, c.Kind)
	}
	if errs != 1 || len(kinds) != 3 {
		t.Fatalf("kinds %v errs %d", kinds, errs)
	}
}

// TestExitStopsParsing: commands after (exit) are not checked (z3 and
// cvc5 stop reading there), and the printed script keeps them verbatim
// (issue 23 item 2); from a stream too.
func TestExitStopsParsing(t *testing.T) {
	src := "(declare-const v0 Int)\n(assert (> v0 0))\n(exit)\n(declare-const v0 Int) ; redeclared\n(assert (bogus v0))\n\n"
	for _, stream := range []bool{false, true} {
		var sc *Script
		var err error
		if stream {
			sc, err = ParseReader("exit.smt2", strings.NewReader(src))
		} else {
			sc, err = Parse("exit.smt2", []byte(src))
		}
		if err != nil {
			t.Fatalf("stream=%v: %v", stream, err)
		}
		if n := len(sc.Commands); n != 3 || sc.Commands[2].Kind != CmdExit {
			t.Fatalf("stream=%v: %d commands, want 3 ending in exit", stream, n)
		}
		want := "(declare-const v0 Int)\n(assert (> v0 0))\n(exit)\n(declare-const v0 Int) ; redeclared\n(assert (bogus v0))\n"
		out := Print(sc)
		if out != want {
			t.Fatalf("stream=%v: printed\n%q\nwant\n%q", stream, out, want)
		}
		again, err := Parse("printed.smt2", []byte(out))
		if err != nil || Print(again) != out {
			t.Fatalf("stream=%v: the printed script does not round-trip: %v", stream, err)
		}
	}
}
