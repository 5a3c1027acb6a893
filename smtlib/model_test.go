package smtlib

import (
	"os"
	"strings"
	"testing"

	"tandem/smt"
)

// TestModelsOfZ3AndCVC5 reads get-model output captured from z3 4.8.12 and
// cvc5 1.0.3 for one script that exercises every model feature: universes
// of uninterpreted sorts, function ite-chains, const and store arrays,
// root-obj, rationals in both styles, escapes, bit-vectors and floats.
func TestModelsOfZ3AndCVC5(t *testing.T) {
	sc, err := ParseFile("testdata/model-script.smt2")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"testdata/model-script.z3-4.8.12.txt", "testdata/model-script.cvc5-1.0.3.txt"} {
		txt, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseModel(txt, sc)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		byName := map[string]*ModelDef{}
		for _, d := range m.Defs {
			if !d.Declared {
				t.Errorf("%s: %s is not tied to the script's declaration", file, d.Func.Name)
			}
			byName[d.Func.Name] = d
		}
		for _, name := range []string{"u", "v", "f", "a", "b", "r", "s", "x", "ff", "g"} {
			if byName[name] == nil {
				t.Errorf("%s: no definition of %s", file, name)
			}
		}
		if got := byName["s"].Body.Runes(); string(got) != "a\\\U0001F600" {
			t.Errorf("%s: s = %q", file, string(got))
		}
		if u := m.Universe[smt.UninterpretedSort("U")]; len(u) != 3 {
			t.Errorf("%s: universe of U has %d elements, want 3", file, len(u))
		}
	}
}

func TestModelAsArrayDefinedLater(t *testing.T) {
	sc := mustParse(t, `(declare-fun a () (Array Int Int))(declare-fun d () Int)`)
	m, err := ParseModel([]byte(`(model
  (define-fun a () (Array Int Int)
    (_ as-array k!0))
  (define-fun d () Int
    (- 2))
  (define-fun k!0 ((x!0 Int)) Int
    (ite (= x!0 1) 5 7))
  (define-fun div0 ((x!0 Int) (x!1 Int)) Int 0)
)`), sc)
	if err != nil {
		t.Fatal(err)
	}
	a := m.Defs[0]
	if a.Body.Op() != smt.OpAsArray || a.Body.Func().Body == nil || a.Body.Func().Body.String() != "(ite (= x!0 1) 5 7)" {
		t.Fatalf("as-array not linked: %s", a.Body)
	}
	if m.Defs[3].Declared || m.Defs[3].Func.Name != "div0" {
		t.Fatalf("div0 should be the solver's own function")
	}
}

func TestModelErrors(t *testing.T) {
	sc := mustParse(t, `(declare-fun x () Int)`)
	for _, bad := range []string{
		`((define-fun x () Bool true))`,
		`((define-fun x () Int 1)`,
		`((define-fun x ((y Int)) Int 1))`,
		`((define-fun y () (Array Int Int) (_ as-array k!9)))`,
		`(define-fun x () Int 1)`,
		``,
	} {
		if _, err := ParseModel([]byte(bad), sc); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}

func TestValuesAndCores(t *testing.T) {
	sc := mustParse(t, `(declare-fun x () Int)(declare-fun y () Real)`)
	vs, err := ParseValues([]byte("((x 3)\n (y (/ 1 3)) ((+ x 1) 4))"), sc)
	if err != nil || len(vs) != 3 || vs[1].Value.String() != "(/ 1 3)" {
		t.Fatalf("%v %v", vs, err)
	}
	if vs[0].Text != "3" || vs[1].Text != "(/ 1 3)" || vs[2].Text != "4" {
		t.Errorf("value texts %q %q %q", vs[0].Text, vs[1].Text, vs[2].Text)
	}
	// the symbols of a query sent as text, declared afterwards
	q := &Script{Store: smt.NewStore()}
	for _, f := range []*smt.Func{q.Store.NewFunc("k!0", smt.FuncDeclared, nil, smt.BitVecSort(8)), q.Store.NewFunc("b", smt.FuncDeclared, nil, smt.BoolSort())} {
		if err := q.Declare(f); err != nil {
			t.Fatal(err)
		}
	}
	vs, err = ParseValues([]byte(`((|k!0| #x0a) (b false))`), q)
	if err != nil || len(vs) != 2 || vs[0].Value.BigInt().Int64() != 10 || vs[1].Text != "false" {
		t.Fatalf("%v %v", vs, err)
	}
	core, err := ParseUnsatCore([]byte("(a1 |a 2|)"))
	if err != nil || strings.Join(core, ",") != "a1,a 2" {
		t.Fatalf("%v %v", core, err)
	}
	if msg, ok := ParseError(`(error "line 3 column 4: unknown constant ""q""")`); !ok || msg != `line 3 column 4: unknown constant "q"` {
		t.Fatalf("%q", msg)
	}
	if s, ok := ParseStatus(" unsat\n"); !ok || s != Unsat {
		t.Fatal(s)
	}
}

// FuzzResponse checks that no solver output makes the response parsers
// panic or hang.
func FuzzResponse(f *testing.F) {
	for _, p := range []string{"testdata/model-script.z3-4.8.12.txt", "testdata/model-script.cvc5-1.0.3.txt"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`((x 3) (y (/ 1 3)))`))
	f.Add([]byte(`((define-fun a () (Array Int Int) (_ as-array k!0)) (define-fun k!0 ((x!0 Int)) Int (ite (= x!0 1) 5 7)))`))
	f.Add([]byte(`(error "boom")`))
	src, err := os.ReadFile("testdata/model-script.smt2")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, txt []byte) {
		sc, err := Parse("model-script.smt2", src)
		if err != nil {
			t.Fatal(err)
		}
		ParseModel(txt, sc)
		ParseValues(txt, sc)
		ParseUnsatCore(txt)
		_, _ = ParseError(string(txt))
		_, _ = ParseStatus(string(txt))
	})
}

func TestModelUndeclaredZ3Element(t *testing.T) {
	sc := mustParse(t, `(declare-sort T 0)(declare-fun f (T) T)(declare-fun c () T)`)
	m, err := ParseModel([]byte(`((define-fun c () T T!val!0) (define-fun f ((x!0 T)) T T!val!0))`), sc)
	if err != nil {
		t.Fatal(err)
	}
	if m.Defs[0].Body != m.Defs[1].Body {
		t.Fatalf("the same element read twice differs: %s %s", m.Defs[0].Body, m.Defs[1].Body)
	}
}

func TestModelLetIsInlined(t *testing.T) {
	sc := mustParse(t, `(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))`)
	m, err := ParseModel([]byte(`((define-fun a () (Array (_ BitVec 32) (_ BitVec 8))
    (let ((a!1 (store ((as const (Array (_ BitVec 32) (_ BitVec 8))) #x01) #x00000006 #x00)))
      (store a!1 #x00000001 #x80))))`), sc)
	if err != nil {
		t.Fatal(err)
	}
	want := "(store (store ((as const (Array (_ BitVec 32) (_ BitVec 8))) #x01) #x00000006 #x00) #x00000001 #x80)"
	if got := m.Defs[0].Body.String(); got != want {
		t.Fatalf("got %s", got)
	}
	if _, err := smt.ValueOf(m.Defs[0].Body); err != nil {
		t.Fatal(err)
	}
}

func TestModelCVC4Quirks(t *testing.T) {
	sc := mustParse(t, `(declare-sort Index 0)(declare-fun i () Index)(declare-fun j () Index)`)
	m, err := ParseModel([]byte(`(model
; cardinality of Index is 2
(declare-sort Index 0)
; rep: @uc_Index_0
(define-fun i () Index @uc_Index_0)
(define-fun j () Index @uc_Index_1)
)`), sc)
	if err != nil {
		t.Fatal(err)
	}
	if m.Defs[0].Body == m.Defs[1].Body || len(m.Universe[smt.UninterpretedSort("Index")]) != 2 {
		t.Fatalf("elements wrong: %s %s", m.Defs[0].Body, m.Defs[1].Body)
	}
}

func TestModelSkipsRepeatedDatatypes(t *testing.T) {
	sc := mustParse(t, `(declare-datatypes ((pair 2)) ((par (T1 T2) ((mkpair (first T1) (second T2))))))(declare-fun x () (pair Bool Bool))`)
	m, err := ParseModel([]byte(`(model
(declare-datatypes ((pair 2)) ((par (T1 T2)((mkpair (first T1) (second T2))))))
(define-fun x () (pair Bool Bool) ((as mkpair (pair Bool Bool)) true true))
)`), sc)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Defs) != 1 {
		t.Fatalf("%d defs", len(m.Defs))
	}
}

func TestModelZ3DoubledBackslash(t *testing.T) {
	sc := mustParse(t, `(declare-fun |a\b| () Bool)`)
	m, err := ParseModel([]byte(`((define-fun |a\\b| () Bool true))`), sc)
	if err != nil || !m.Defs[0].Declared {
		t.Fatalf("%v %+v", err, m)
	}
}

// TestModelDefinesSymbolTwice: a model that defines a symbol twice is
// rejected with both places, instead of the last definition winning
// (issue 28).
func TestModelDefinesSymbolTwice(t *testing.T) {
	sc, err := Parse("s.smt2", []byte("(declare-const x Int)(declare-fun f (Int) Int)(assert (= (f x) 1))"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{
		"((define-fun x () Int 1)\n (define-fun x () Int 2))",
		"((define-fun f ((a Int)) Int 1)\n (define-fun f ((a Int)) Int 2) (define-fun x () Int 0))",
		"((define-fun h () Int 1) (define-fun x () Int h)\n (define-fun h () Int 2))",
	} {
		_, err := ParseModel([]byte(m), sc)
		if err == nil || !strings.Contains(err.Error(), "twice (first at 1:") || !strings.Contains(err.Error(), ":2:") {
			t.Errorf("model %q: got %v, want a located 'defines ... twice' error", m, err)
		}
	}
	if _, err := ParseModel([]byte("((define-fun x () Int 1) (define-fun f ((a Int)) Int 2))"), sc); err != nil {
		t.Errorf("a model defining each symbol once: %v", err)
	}
}
