package smtlib

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func addSeeds(f *testing.F, glob string) {
	paths, _ := filepath.Glob(glob)
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && len(b) < 4096 {
			f.Add(b)
		}
	}
}

// FuzzParse checks that no input makes the script parser panic or hang, and
// that whatever parses prints to a script that parses to the same text and
// replays in a [Stack] to the parser's scope (push, pop, reset-assertions).
func FuzzParse(f *testing.F) {
	addSeeds(f, "../examples/*.smt2")
	addSeeds(f, "testdata/*.smt2")
	for _, s := range []string{
		`(declare-datatypes ((L 1)) ((par (T) ((n) (c (h T) (t (L T)))))))(assert ((_ is c) (as n (L Int))))`,
		`(assert (let ((x 1)) (forall ((y Int)) (! (> x y) :pattern (y)))))`,
		`(declare-fun f ((_ BitVec 4)) (_ FloatingPoint 3 5))(assert (fp.isNaN (f #x1)))`,
		`(assert (str.in_re "a\u{41}" (re.loop (re.range "a" "z") 1 2)))`,
		// match, update and unqualified parametric constructors (issue 23)
		`(declare-datatypes ((L 0)) (((c (h Int) (t L)) (n))))(declare-const x L)(assert (= 1 (match x (((c a b) (match b ((n a) (z 0)))) (n 2)))))`,
		`(declare-datatypes ((O 1)) ((par (T) ((no) (so (v T))))))(declare-const o (O Int))(assert (= o ((_ update v) (ite (= o no) (so 1) no) 2)))`,
		`(declare-datatypes ((P 2)) ((par (A B) ((p (f A) (s B))))))(assert (let ((x (p 1 true))) (match x (((p x y) (and y (= x 1)))))))`,
	} {
		f.Add([]byte(s))
	}
	for _, s := range []string{ // ambiguous constructors resolved late, or not (issue 23 item 3)
		polyDecls + `(assert (= (cons none nil) q))(assert (let ((n none)) (= n o)))`,
		polyDecls + `(assert (ite (= l l2) (= (cons nil nil) (cons l nil)) (= (cons (some nil) nil) (cons (some l) nil))))`,
	} {
		f.Add([]byte(s))
	}
	for _, s := range scopeScripts {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// A hang is a failure too: report the input instead of stalling.
		timer := time.AfterFunc(20*time.Second, func() { panic(fmt.Sprintf("parse hangs on %q", src)) })
		defer timer.Stop()
		sc, err := Parse("fuzz.smt2", src, Options{MaxDepth: 2000})
		if err != nil {
			return
		}
		checkStackAgrees(t, sc)
		out := Print(sc)
		if err := Expand(Clone(sc)); err != nil {
			t.Fatalf("expand: %v", err)
		}
		again, err := Parse("printed.smt2", []byte(out), Options{MaxDepth: 4000})
		if err != nil {
			t.Fatalf("printed script does not parse: %v\n%s", err, out)
		}
		if Print(again) != out {
			t.Fatalf("round trip differs:\n%s\n%s", out, Print(again))
		}
	})
}

// FuzzParseValues checks the one reader of get-value answers (FUZZY-SAT's
// fallback, the differential harnesses and modelcheck all go through it):
// no answer makes it panic, and the text it keeps of each value reads back
// as the same value.
func FuzzParseValues(f *testing.F) {
	for _, s := range []string{
		"((x 3) (y (/ 1 3)) (b true))",
		"((|k!0| #x0a) (w (_ bv258 16)) (s \"a\"\"b\\u{7f}\"))",
		"((x (- 5)) (y (- (/ 1.0 3.0))) (b false))",
		"((w #b0101) (s (str.++ \"a\" \"b\")))",
	} {
		f.Add([]byte(s))
	}
	decls := []byte(`(declare-const x Int)(declare-const y Real)(declare-const b Bool)(declare-const |k!0| (_ BitVec 8))(declare-const w (_ BitVec 16))(declare-const s String)`)
	f.Fuzz(func(t *testing.T, answer []byte) {
		sc, err := Parse("decls.smt2", decls)
		if err != nil {
			t.Fatal(err)
		}
		pairs, err := ParseValues(answer, sc)
		if err != nil {
			return
		}
		for _, p := range pairs {
			again, err := ParseValues([]byte("(("+p.Term.String()+" "+p.Text+"))"), sc)
			if err != nil || len(again) != 1 || again[0].Value != p.Value {
				t.Fatalf("value text %q of %s reads back as %v (%v), want %s", p.Text, p.Term, again, err, p.Value)
			}
		}
	})
}
