package diver

import (
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
	"tandem/smt"
)

func init() { verifySplice = true } // every spliced text of every test is compared with the printed one

// TestSpliceMatchesPrinter: over the mutants of real iterations in every
// built-in logic (and, with DIVER_SPLICE_SEEDS set to a seed directory,
// over every logic directory below it, e.g. the public corpus's), the
// script whose changed assertion was spliced from its parent's text is
// the script printed anew, and splicing did happen.
func TestSpliceMatchesPrinter(t *testing.T) {
	type run struct {
		name string
		opt  Options
	}
	var runs []run
	for _, logic := range BuiltinLogics {
		runs = append(runs, run{logic, Options{NoSolver: true, Logics: []string{logic}, Mutants: 150}})
	}
	// The corpus: every QF_*/sat directory, a fixed sample of 4 seeds each
	// (all of them with DIVER_SPLICE_SEEDS set to a seed directory). The
	// seeds' models come from z3: harness-only mode still solves the seeds.
	dir, sample := os.Getenv("DIVER_SPLICE_SEEDS"), 4
	if dir == "" {
		testutil.RequireBinary(t, "z3")
		dir = testutil.Corpus(t, "seeds")
	} else {
		sample = 0
	}
	subs, _ := filepath.Glob(filepath.Join(dir, "QF_*", "sat"))
	for _, s := range subs {
		seeds := []string{s}
		if sample > 0 {
			seeds = sampleFiles(t, s, sample)
		}
		runs = append(runs, run{s, Options{NoSolver: true, Seeds: seeds, Mutants: 150, Solver: "z3", SeedTimeout: 5 * time.Second}})
	}
	for _, rc := range runs {
		d, err := New(rc.opt)
		if err != nil {
			t.Fatal(err)
		}
		var texts *assertTexts
		var store *smt.Store
		mutants, spliced := 0, 0
		d.observe = func(e mutantEvent) {
			mu := e.mu
			if mu.st != store {
				if texts != nil {
					spliced += texts.spliced
				}
				texts, store = &assertTexts{}, mu.st
			}
			mutants++
			got := mutantScript(texts, nil, mu)
			if want := scriptText(nil, mu.Fresh, mu.Formula.Assertions(), true); string(got) != string(want) {
				t.Fatalf("%s: spliced script\n%s\nprinted\n%s", rc.name, got, want)
			}
		}
		r := rand.New(rand.NewPCG(11, uint64(len(rc.name))))
		for range 4 {
			var st Stats
			var cst campaign.Stats
			if _, err := d.round(t.Context(), r, &st, &cst); err != nil {
				t.Fatal(err)
			}
		}
		if texts != nil {
			spliced += texts.spliced
		}
		t.Logf("%s: %d mutants, %d assertions spliced", rc.name, mutants, spliced)
		if mutants > 50 && spliced < mutants/4 {
			t.Errorf("%s: only %d of %d mutants spliced", rc.name, spliced, mutants)
		}
	}
}

// sampleFiles returns n of dir's *.smt2 files spread evenly over its
// sorted listing, so the sample does not change from run to run.
func sampleFiles(t *testing.T, dir string, n int) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if err != nil || len(all) == 0 {
		t.Fatalf("no seeds in %s", dir)
	}
	slices.Sort(all)
	if len(all) <= n {
		return all
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, all[i*len(all)/n])
	}
	return out
}

// TestSpliceAssertShapes: spliceAssert finds the argument through string
// literals and quoted symbols holding parentheses, spaces and quotes,
// indexed heads and root-obj's trailing index, and refuses texts of
// another shape.
func TestSpliceAssertShapes(t *testing.T) {
	e := func(path ...int) *assertEdit { return &assertEdit{path: path} }
	for _, c := range []struct {
		from string
		e    *assertEdit
		want string // "" refused
	}{
		{`(assert (= x 1.5))`, e(1), `(assert (= x R))`},
		{`(assert (= x 1.5))`, e(), `(assert R)`},
		{`(assert (str.in_re "a(b"" c)" (re.* |sym (x|)))`, e(1, 0), `(assert (str.in_re "a(b"" c)" (re.* R)))`},
		{`(assert (str.in_re "a(b"" c)" (re.* |sym (x|)))`, e(0), `(assert (str.in_re R (re.* |sym (x|)))`},
		{`(assert (= ((_ extract 3 0) x) #x0))`, e(0, 0), `(assert (= ((_ extract 3 0) R) #x0))`},
		{`(assert (= (root-obj (+ x 1) 2) y))`, e(0, 0), `(assert (= (root-obj R 2) y))`},
		{`(assert (= ((as const (Array Int Int)) 0) a))`, e(0, 0), `(assert (= ((as const (Array Int Int)) R) a))`},
		{`(assert (and p  q))`, e(1), ""},
		{`(assert (and p q))`, e(2), ""},
		{`(assert (and p "q))`, e(1), ""},
		{`(assert p)`, e(0), ""},
		{`(check-sat)`, e(), ""},
	} {
		got, ok := spliceAssert(c.from, c.e, "R")
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s at %v: got %q, want %q", c.from, c.e.path, got, c.want)
		}
	}
}

// FuzzSpliceAssert: whatever the text and path, spliceAssert does not
// panic, and what it splices into is one S-expression of the text.
func FuzzSpliceAssert(f *testing.F) {
	f.Add(`(assert (str.in_re "a(b"" c)" (re.* |sym (x|)))`, uint8(1), uint8(0))
	f.Add(`(assert (= ((_ extract 3 0) x) #x0))`, uint8(0), uint8(0))
	f.Fuzz(func(t *testing.T, text string, i, j uint8) {
		got, ok := spliceAssert(text, &assertEdit{path: []int{int(i % 4), int(j % 4)}}, "R")
		if ok {
			back, ok2 := spliceAssert(got, &assertEdit{path: []int{int(i % 4), int(j % 4)}}, "R")
			if !ok2 || back != got {
				t.Fatalf("splicing %q into %q is not stable: %q", "R", got, back)
			}
		}
	})
}

// TestSubstLabelsConstArray: Complicate's substitution rebuilds a
// constant array around a replaced literal (it used to call Apply, which
// refuses const, and ended QF_ANIA/QF_AUFLIA iterations with an error).
func TestSubstLabelsConstArray(t *testing.T) {
	st := smt.NewStore()
	a, err := st.ConstArray(smt.ArraySort(smt.IntSort(), smt.IntSort()), st.Numeral(big.NewInt(0)))
	if err != nil {
		t.Fatal(err)
	}
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.IntSort()))
	sel, err := st.Apply(smt.OpSelect, nil, a, x)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFormula(st, []*smt.Term{sel}, 0)
	if err != nil {
		t.Fatal(err)
	}
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, smt.IntSort()))
	var lit *Node
	for _, n := range f.Nodes {
		if n.Term.Kind() == smt.Literal {
			lit = n
		}
	}
	got, err := substLabels(st, f.Root, map[int]*smt.Term{lit.Label: y})
	if err != nil {
		t.Fatal(err)
	}
	if want := "(select ((as const (Array Int Int)) y) x)"; got.String() != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
