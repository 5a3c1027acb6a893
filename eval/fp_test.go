package eval_test

import (
	"strings"
	"testing"

	"tandem/eval"
	"tandem/internal/fptest"
	"tandem/smt"
	"tandem/smtlib"
)

// evalTexts parses ground terms and evaluates them with eval.
func evalTexts(t *testing.T, texts []string) []smt.Value {
	t.Helper()
	src := "(get-value (" + strings.Join(texts, "\n") + "))"
	sc, err := smtlib.Parse("fp.smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	terms := sc.Commands[len(sc.Commands)-1].Terms
	ev := eval.New(nil)
	out := make([]smt.Value, len(terms))
	for i, term := range terms {
		v, err := ev.Eval(term)
		if err != nil {
			t.Fatalf("%s: %v", texts[i], err)
		}
		out[i] = v
	}
	return out
}

// TestFPOperators evaluates random ground terms of every FP operator
// (the solver comparison's generator) and checks eval's values against
// package smt/fp's, which fptest checks against z3 and cvc5.
func TestFPOperators(t *testing.T) {
	g := fptest.NewTermGen(11, nil)
	var texts []string
	var want []smt.Value
	for range 5000 {
		term := g.Next()
		texts = append(texts, term.Text)
		want = append(want, term.Want)
	}
	got := evalTexts(t, texts)
	for i := range got {
		if !fptest.Same(want[i], got[i]) {
			t.Errorf("%s = %v, want %v", texts[i], got[i], want[i])
		}
	}
}

func TestFPUndefinedAndForms(t *testing.T) {
	cases := []struct{ term, want string }{
		{"(fp.min (_ +zero 3 5) (_ -zero 3 5))", "undefined"},
		{"(fp.max (_ -zero 8 24) (_ +zero 8 24))", "undefined"},
		{"(fp.min (_ -zero 8 24) (_ -zero 8 24))", "(fp #b1 #x00 #b00000000000000000000000)"},
		{"((_ fp.to_ubv 8) RTZ (_ NaN 8 24))", "undefined"},
		{"((_ fp.to_sbv 3) RNE ((_ to_fp 8 24) RNE 4.0))", "undefined"},
		{"((_ fp.to_sbv 3) RNE ((_ to_fp 8 24) RNE (- 4.0)))", "#b100"},
		{"((_ fp.to_ubv 3) RTZ ((_ to_fp 8 24) RNE (- 0.5)))", "#b000"},
		{"(fp.to_real (_ +oo 5 11))", "undefined"},
		{"(fp.to_real ((_ to_fp 5 11) RNE (/ 1.0 3.0)))", "(/ 1365 4096)"},
		{"((_ to_fp 5 11) RTP 3 (- 2))", "(fp #b0 #b01110 #b1000000000)"},
		{"((_ to_fp 5 11) RNE 1)", "(fp #b0 #b01111 #b0000000000)"},
		{"(fp.leq (_ -zero 3 5) (_ +zero 3 5) (_ -zero 3 5))", "true"},
		{"(fp.lt (_ -zero 3 5) (_ +zero 3 5))", "false"},
		{"(= (_ NaN 3 5) (fp.sqrt RNE (_ -oo 3 5)))", "true"},
		{"(fp.eq (_ NaN 3 5) (_ NaN 3 5))", "false"},
		{"(fp.to_ieee_bv (fp.neg (_ +zero 3 5)))", "#x80"},
		{"(fp.to_ieee_bv (_ NaN 3 5))", "undefined"},
		{"(ite (fp.isNaN (_ NaN 3 5)) (fp.rem ((_ to_fp 3 5) RNE 7.0) ((_ to_fp 3 5) RNE 2.0)) (_ +zero 3 5))", "(fp #b1 #b011 #x0)"},
	}
	var texts []string
	for _, c := range cases {
		texts = append(texts, c.term)
	}
	got := evalTexts(t, texts)
	for i, c := range cases {
		s := got[i].String()
		if rv, ok := got[i].(smt.RealValue); ok {
			s = "(/ " + rv.V.Num().String() + " " + rv.V.Denom().String() + ")"
		}
		if _, ok := got[i].(smt.Undefined); ok {
			s = "undefined"
		}
		if s != c.want {
			t.Errorf("%s = %s, want %s", c.term, s, c.want)
		}
	}
}
