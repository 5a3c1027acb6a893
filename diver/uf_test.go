package diver

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/solver"
)

const ufSeed = `(set-logic QF_UFLIA)
(declare-fun x () Int)
(declare-fun f (Int) Int)
(declare-fun g (Int Int) Int)
(declare-fun p (Int) Bool)
(declare-fun h (Int) Int)
(assert (= (f x) 3))
(assert (= (g x (f x)) 5))
(assert (p (+ x 1)))
(assert (= (h 0) (h 0)))
(check-sat)
`

// TestUFModelForms: M takes the functions of z3's models (ite chains over
// the formals, and for several formals), cvc5's (nested ites, a body that
// is not a table, a constant body), and a function the model leaves out
// (a constant default); its printed text says the same (SatisfiedBy); a
// function given through a helper the seed does not declare is refused.
func TestUFModelForms(t *testing.T) {
	models := map[string]string{
		"z3": `(
  (define-fun x () Int 2)
  (define-fun f ((x!0 Int)) Int (ite (= x!0 2) 3 (ite (= x!0 7) 1 0)))
  (define-fun g ((x!0 Int) (x!1 Int)) Int (ite (and (= x!0 2) (= x!1 3)) 5 (- 1)))
  (define-fun p ((x!0 Int)) Bool (ite (= x!0 3) true false))
)`,
		"cvc5": `(
(define-fun x () Int 2)
(define-fun f ((_arg_1 Int)) Int (ite (= _arg_1 2) 3 0))
(define-fun g ((_arg_1 Int) (_arg_2 Int)) Int (ite (= _arg_1 2) (ite (= _arg_2 3) 5 0) 0))
(define-fun p ((_arg_1 Int)) Bool (= _arg_1 3))
(define-fun h ((_arg_1 Int)) Int 7)
)`,
	}
	for name, model := range models {
		t.Run(name, func(t *testing.T) {
			ss, s, err := setupSeed(t, ufSeed, model, true)
			if err != nil {
				t.Fatal(err)
			}
			if len(ss.funcs) != 4 || len(ss.consts) != 1 {
				t.Fatalf("funcs %d, consts %d", len(ss.funcs), len(ss.consts))
			}
			if Check(s.ev, s.Formula.Root.Term, nil) != VerdictTrue {
				t.Fatal("the seed is not true under M")
			}
			mt := s.modelText(ss.consts)
			ok, err := SatisfiedBy([]byte(ufSeed), mt)
			if err != nil || !ok {
				t.Fatalf("M's text does not satisfy the seed (%v):\n%s", err, mt)
			}
			if strings.Count(mt, "define-fun") != 5 {
				t.Fatalf("M's text has not every function:\n%s", mt)
			}
		})
	}
	helper := `((define-fun x () Int 2)
(define-fun f ((x!0 Int)) Int (f!1 x!0))
(define-fun f!1 ((x!0 Int)) Int 3)
(define-fun g ((x!0 Int) (x!1 Int)) Int 5)
(define-fun p ((x!0 Int)) Bool true))`
	if _, _, err := setupSeed(t, ufSeed, helper, true); err == nil || !strings.Contains(err.Error(), "f!1") {
		t.Fatalf("a function given through a helper: err %v", err)
	}
}

// TestUFJudge: the oracle judges a solver's model of a UF formula with its
// functions: one whose f falsifies an assertion is an invalid model, one
// that leaves f out leaves the assertion open (no finding: any
// interpretation of f is a model completion), a correct one is sat.
func TestUFJudge(t *testing.T) {
	script := []byte(strings.Replace(ufSeed, "(check-sat)\n", "(check-sat)\n(get-model)\n", 1))
	for _, c := range []struct {
		model string
		want  Outcome
	}{
		{"((define-fun x () Int 2) (define-fun f ((y Int)) Int 3) (define-fun g ((a Int) (b Int)) Int 5) (define-fun p ((a Int)) Bool true) (define-fun h ((a Int)) Int 0))", OutcomeSat},
		{"((define-fun x () Int 2) (define-fun f ((y Int)) Int (ite (= y 2) 4 3)) (define-fun g ((a Int) (b Int)) Int 5) (define-fun p ((a Int)) Bool true))", OutcomeBug},
		{"((define-fun x () Int 2) (define-fun g ((a Int) (b Int)) Int 5) (define-fun p ((a Int)) Bool true))", OutcomeModelUndefined},
	} {
		res := &solver.Result{Status: solver.StatusSat, RawResponses: []string{c.model}}
		if out, f, _ := Judge(script, c.model, "QF_UFLIA", res); out != c.want {
			t.Errorf("model %s: outcome %v (%+v), want %v", c.model, out, f, c.want)
		}
	}
}

// randomUFSeed is a satisfiable QF_UFLIA seed with a known model: random
// constants, and functions f: Int→Int, g: Int×Int→Int, p: Int→Bool with
// random tables; assertions from the generator (with applications of the
// functions), each false one negated. It returns the script and M's text.
func randomUFSeed(r *rand.Rand) (string, string) {
	st := smt.NewStore()
	opt, _ := Options{MaxDepth: 3}.withDefaults()
	var consts []*smt.Func
	var vars, leaves []*smt.Term
	m := map[*smt.Func]smt.Value{}
	for i := 0; i < 2+r.IntN(3); i++ {
		f := st.NewFunc(fmt.Sprintf("x%d", i), smt.FuncDeclared, nil, smt.IntSort())
		v := int64(r.IntN(7) - 3)
		m[f] = smt.IntValue{V: big.NewInt(v)}
		consts = append(consts, f)
		vars = append(vars, st.Const(f))
		leaves = append(leaves, st.Int(v))
	}
	I, B := smt.IntSort(), smt.BoolSort()
	funcs := []*smt.Func{
		st.NewFunc("f", smt.FuncDeclared, []*smt.Sort{I}, I),
		st.NewFunc("g", smt.FuncDeclared, []*smt.Sort{I, I}, I),
		st.NewFunc("p", smt.FuncDeclared, []*smt.Sort{I}, B),
	}
	em, _ := evalModel(m)
	mf := &modelFuncs{interp: map[*smt.Func]*eval.FuncInterp{}}
	var text strings.Builder
	val := func(s *smt.Sort) smt.Value {
		if s == B {
			return smt.BoolValue(r.IntN(2) == 0)
		}
		return smt.IntValue{V: big.NewInt(int64(r.IntN(9) - 4))}
	}
	for _, f := range funcs {
		fi := &eval.FuncInterp{Default: val(f.Result)}
		for k := r.IntN(4); k > 0; k-- {
			var args []smt.Value
			for _, p := range f.Params {
				args = append(args, val(p))
			}
			fi.Entries = append(fi.Entries, eval.FuncEntry{Args: args, Value: val(f.Result)})
		}
		_ = em.SetFunc(f, fi)
		mf.interp[f] = fi
		writeFuncDef(&text, f, fi)
	}
	mf.text = text.String()
	g := NewGenerator(st, &opt, "QF_UFLIA", vars, leaves, nil)
	g.useFuncs(funcs)
	asserts := trueAssertions(r, st, g, eval.New(em))
	header := []string{"(set-logic QF_UFLIA)"}
	for _, f := range consts {
		header = append(header, fmt.Sprintf("(declare-fun %s () Int)", f.Name))
	}
	for _, f := range funcs {
		var ps []string
		for _, p := range f.Params {
			ps = append(ps, p.String())
		}
		header = append(header, fmt.Sprintf("(declare-fun %s (%s) %s)", f.Name, strings.Join(ps, " "), f.Result))
	}
	s := &Seed{Model: m, funcs: mf}
	return string(scriptText(header, nil, asserts, false)), s.modelText(consts)
}

// checkUFMutants is the class check of seeds with functions: every mutant
// of a random UF seed (Alg. 3 with the generator applying the seed's
// functions, and Complicate) is true under M by a fresh evaluator, and,
// every tenth, from its printed text and M's (SatisfiedBy, as a soundness
// finding is verified). It returns the mutants made and how many of them
// apply a function in their replacement.
func checkUFMutants(t testing.TB, seed uint64, n int) (total, withApps int) {
	r := rand.New(rand.NewPCG(seed, 77))
	script, model := randomUFSeed(r)
	ss, s, err := setupSeed(t, script, model, true)
	if err != nil {
		t.Fatal(err)
	}
	if Check(s.ev, s.Formula.Root.Term, nil) != VerdictTrue {
		t.Fatalf("the random seed is not true under its model:\n%s\n%s", script, model)
	}
	opt, _ := Options{Mutants: n}.withDefaults()
	var st Stats
	counter := 0
	var vars []*smt.Term
	for _, c := range ss.consts {
		vars = append(vars, ss.st.Const(c))
	}
	gen := NewGenerator(ss.st, &opt, ss.logic, vars, ss.literals, func(smt.Op) bool { return true })
	gen.useFuncs(ss.funcs)
	m := &mutator{st: ss.st, opt: &opt, stats: &st, fresh: &counter, names: ss.names, gen: gen}
	eachMutant(t, r, m, s, 3*n, n, func(mu *Mutant) {
		total++
		if mu.edit != nil && smt.Find(mu.edit.repl, func(u *smt.Term) bool { return u.Func() != nil && len(u.Args()) > 0 }) != nil {
			withApps++
		}
		em, _ := evalModel(mu.Model)
		for f, fi := range s.funcs.interp {
			_ = em.SetFunc(f, fi)
		}
		if Check(eval.New(em), mu.Formula.Root.Term, nil) != VerdictTrue {
			t.Fatalf("accepted mutant false under a fresh evaluator:\n%s", mu.Formula.Root.Term)
		}
		if total%10 == 0 {
			consts := append(append([]*smt.Func(nil), ss.consts...), mu.Fresh...)
			text := scriptText(ss.header, mu.Fresh, mu.Formula.Assertions(), true)
			if ok, err := SatisfiedBy(text, mu.modelText(consts)); err != nil || !ok {
				t.Fatalf("accepted mutant not satisfied by M from the texts (%v):\n%s\n%s", err, text, mu.modelText(consts))
			}
		}
	})
	return total, withApps
}

// TestUFMutantsTrueUnderM runs checkUFMutants over random UF seeds; some
// replacements must apply the seed's functions.
func TestUFMutantsTrueUnderM(t *testing.T) {
	total, apps := 0, 0
	for seed := uint64(1); seed <= 30; seed++ {
		n, a := checkUFMutants(t, seed, 60)
		total, apps = total+n, apps+a
	}
	if total < 500 || apps == 0 {
		t.Fatalf("%d mutants, %d with applications in their replacement", total, apps)
	}
	t.Logf("%d mutants, %d with applications of the seed's functions in their replacement", total, apps)
}

// FuzzUFMutants is TestUFMutantsTrueUnderM from a fuzzed seed.
func FuzzUFMutants(f *testing.F) {
	f.Add(uint64(1))
	f.Add(uint64(99))
	f.Fuzz(func(t *testing.T, seed uint64) {
		checkUFMutants(t, seed, 20)
	})
}

// TestUFUnsatSeed: an unsat seed with functions goes to the unsat side,
// whose conjuncts may apply the seed's functions; z3 answers every
// mutant unsat, and nothing is reported.
func TestUFUnsatSeed(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	dir := t.TempDir()
	testutil.WriteFile(t, dir, "uf.smt2", `(set-logic QF_UFLIA)
(declare-fun x () Int)
(declare-fun y () Int)
(declare-fun f (Int) Int)
(assert (= (f x) 1))
(assert (= (f y) 2))
(assert (= x y))
(check-sat)
`)
	d, err := New(Options{Solver: "z3", Seeds: []string{dir}, Mutants: 20, Timeout: 5 * time.Second, NoOptionFuzz: true})
	if err != nil {
		t.Fatal(err)
	}
	fs, cst, err := d.Iterate(context.Background(), campaign.NewIteration(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	c := cst.Counters
	if len(fs) > 0 || c["unsat_seeds"] != 1 || c["unsat_answer_unsat"] < 10 || c["unsat_answer_sat"] != 0 {
		t.Fatalf("findings %d, counters %v", len(fs), c)
	}
}

// TestUFCorpus runs DIVER with z3 and cvc5 on QF_AUFLIA corpus seeds
// (functions of arity > 0 and arrays): the seeds are used, the mutants
// are answered sat with models the oracle accepts, and nothing is
// reported. It fails under CI when a solver or the corpus is missing.
func TestUFCorpus(t *testing.T) {
	dir := testutil.Corpus(t, "seeds/QF_AUFLIA/sat")
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			d, err := New(Options{Solver: name, Seeds: []string{dir}, Mutants: 8, Timeout: 5 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			var total campaign.Stats
			for i := uint64(0); i < 4; i++ {
				fs, cst, err := d.Iterate(context.Background(), campaign.NewIteration(3, i))
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range fs {
					t.Errorf("finding on a corpus seed: %s: %s\n%s", f.Class, f.Message, f.Details)
				}
				total.Add(cst)
			}
			c := total.Counters
			if c["seeds: QF_AUFLIA"] == 0 || c["mutant_sat"] < 8 || c["model_undefined"] > 0 || c["mutant_error"] > 0 {
				t.Fatalf("counters %v", c)
			}
		})
	}
}
