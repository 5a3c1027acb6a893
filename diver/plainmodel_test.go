package diver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

// samePlainModel reports (as a test error) where the model readPlainModel
// read (em) differs from what smtlib.ParseModel and eval.ModelFromSMTLIB
// make of the same text against the same script: the text must parse,
// be plain (see plainModel), and give every constant it defines the same
// value, and em no other.
func samePlainModel(t testing.TB, text string, em *eval.Model, sc *smtlib.Script, names map[string]*smt.Func) {
	t.Helper()
	sm, err := smtlib.ParseModel([]byte(text), sc)
	if err != nil {
		t.Fatalf("readPlainModel read a model smtlib.ParseModel refuses (%v):\n%s", err, text)
	}
	em2, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		t.Fatalf("readPlainModel read a model eval.ModelFromSMTLIB refuses (%v):\n%s", err, text)
	}
	if !plainModel(sm, em2) {
		t.Fatalf("readPlainModel read a model that is not plain:\n%s", text)
	}
	for _, d := range sm.Defs {
		v, ok := em.Const(d.Func)
		w, _ := em2.Const(d.Func)
		if !ok || !smt.ValueEqual(v, w) || v.String() != w.String() {
			t.Fatalf("%s: readPlainModel %v (%v), smtlib %v in\n%s", d.Func.Name, v, ok, w, text)
		}
	}
	n := 0
	for _, f := range names {
		if _, ok := em.Const(f); ok {
			n++
		}
	}
	if n != len(sm.Defs) {
		t.Fatalf("readPlainModel has %d constants, smtlib %d definitions in\n%s", n, len(sm.Defs), text)
	}
}

const plainModelSeed = `(set-logic QF_LIRA)(declare-fun x () Int)(declare-fun y () Real)(declare-fun b () Bool)
(declare-fun |q r| () Real)(declare-fun s () String)(declare-fun z () Int)(assert (> x 0))(check-sat)`

var plainModelCases = []struct {
	text  string
	plain bool // readPlainModel reads it
}{
	{"((define-fun x () Int 3)(define-fun y () Real (/ 1.0 3.0))(define-fun b () Bool false))", true},
	{"(model (define-fun x () Int (- 3)) (define-fun y () Real (- 2.5)))", true},
	{"(\n  (define-fun y () Real\n    (/ (- 1.0) 3.0))\n  (define-fun z () Int\n    0)\n)\n", true},
	{"((define-fun y () Real (- (/ 7.0 2.0))))", true},
	{"((define-fun y () Real 0.0))", true},
	{"()", true},
	{"((define-fun y () Real 2))", false},                              // a numeral for a Real: left to smtlib
	{"((define-fun y () Real (/ 1 3)))", false},                        // numerals in a division
	{"((define-fun y () Real (/ 1.0 0.0)))", false},                    // division by zero
	{"((define-fun y () Real (- (/ (- 1.0) 2.0))))", false},            // double negation
	{"((define-fun x () Int 03))", false},                              // leading zero
	{"((define-fun x () Int 3)(define-fun x () Int 4))", false},        // repeated
	{"((define-fun w () Int 3))", false},                               // not declared
	{"((define-fun |q r| () Real 1.0))", false},                        // quoted symbol
	{"((define-fun s () String \"a\"))", false},                        // a string
	{"((define-fun x () Int 3) ; c\n)", false},                         // a comment
	{"((define-fun x () Real 3.0))", false},                            // wrong sort
	{"((define-fun x ((a Int)) Int a))", false},                        // a function
	{"((define-fun x () Int (+ 1 2)))", false},                         // a term
	{"((define-fun x () Int 3)) junk", false},                          // trailing text
	{"((define-fun x () Int 3)", false},                                // unterminated
	{"((define-fun y () Real (root-obj (+ (^ x 2) (- 2)) 1)))", false}, // z3's algebraic number
}

// TestPlainModelMatchesParseModel: readPlainModel reads what it reads as
// smtlib.ParseModel and eval.ModelFromSMTLIB do, on hand-made models, on
// the models DIVER prints for its own mutants in every built-in logic
// (harness-only iterations), and on z3's models of mutants of the QF_LRA
// and QF_NRA corpus seeds (TestIncrementalMatchesOneShot checks z3's and
// cvc5's on its seeds of every logic too).
func TestPlainModelMatchesParseModel(t *testing.T) {
	ss, err := parseSeed("plain.smt2", []byte(plainModelSeed))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]*smt.Func{}
	for _, c := range ss.consts {
		names[smt.QuoteSymbol(c.Name)] = c
	}
	for _, c := range plainModelCases {
		em, ok := readPlainModel(c.text, names)
		if ok != c.plain {
			t.Errorf("%q: read %v, want %v", c.text, ok, c.plain)
		}
		if ok {
			samePlainModel(t, c.text, em, ss.sc, names)
		}
	}
	for _, logic := range BuiltinLogics {
		d, err := New(Options{NoSolver: true, Logics: []string{logic}, Mutants: 60})
		if err != nil {
			t.Fatal(err)
		}
		read := plainReads(t, d, rand.New(rand.NewPCG(7, uint64(len(logic)))), 2)
		switch logic {
		case "QF_LIA", "QF_NIA", "QF_LRA", "QF_NRA", "QF_LIRA":
			if read < 100 {
				t.Errorf("%s: %d models read by readPlainModel", logic, read)
			}
		}
	}
	testutil.RequireBinary(t, "z3")
	for _, logic := range []string{"QF_LRA", "QF_NRA"} {
		dir := testutil.Corpus(t, "seeds/"+logic+"/sat")
		d, err := New(Options{Solver: "z3", Seeds: []string{dir}, Mutants: 12, Timeout: 2 * time.Second, NoOptionFuzz: true, Session: SessionPush})
		if err != nil {
			t.Fatal(err)
		}
		read := plainReads(t, d, rand.New(rand.NewPCG(8, uint64(len(logic)))), 3)
		if read == 0 {
			t.Errorf("%s: no z3 model read by readPlainModel", logic)
		}
		t.Logf("%s: %d z3 models read by readPlainModel", logic, read)
	}
}

// plainReads runs rounds rounds of d, checking every model read by
// readPlainModel against the parser, and says how many there were.
func plainReads(t *testing.T, d *Diver, r *rand.Rand, rounds int) int {
	t.Helper()
	read := 0
	d.checkPlainModel = func(text string, em *eval.Model, sc *smtlib.Script, names map[string]*smt.Func) {
		read++
		samePlainModel(t, text, em, sc, names)
	}
	for range rounds {
		var st Stats
		var cst campaign.Stats
		if _, err := d.round(context.Background(), r, &st, &cst); err != nil {
			t.Fatal(err)
		}
	}
	return read
}

func FuzzPlainModel(f *testing.F) {
	for _, c := range plainModelCases {
		f.Add(c.text)
	}
	ss, err := parseSeed("plain.smt2", []byte(plainModelSeed))
	if err != nil {
		f.Fatal(err)
	}
	names := map[string]*smt.Func{}
	for _, c := range ss.consts {
		names[smt.QuoteSymbol(c.Name)] = c
	}
	f.Fuzz(func(t *testing.T, text string) {
		if em, ok := readPlainModel(text, names); ok {
			samePlainModel(t, text, em, ss.sc, names)
		}
	})
}
