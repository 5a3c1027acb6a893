package diver

import (
	"math/rand/v2"
	"testing"

	"tandem/eval"
	"tandem/smt"
)

// checkRewrites is the class check of the unsat side's equivalence
// rewrites: over random terms of a built-in logic (DIVER's generator),
// every rule that applies at every subterm, and the random-position
// rewrite of the whole term, must give a term of the same value as the
// original under random models, by tandem's evaluator. An original whose
// value is undefined (x/0 and the like) proves nothing and is skipped; a
// defined original must keep a defined, equal value. It returns how many
// comparisons were made.
func checkRewrites(t testing.TB, r *rand.Rand, logic string, terms int) int {
	t.Helper()
	src, model, err := BuiltinSeed(r, logic)
	if err != nil {
		t.Fatal(err)
	}
	ss, _ := setup(t, string(src), model, true)
	opt, _ := Options{MaxDepth: 4}.withDefaults()
	var vars []*smt.Term
	for _, c := range ss.consts {
		vars = append(vars, ss.st.Const(c))
	}
	// no solver-specific operators: nested int.pow2 and ^ make numbers
	// whose evaluation (and the evaluator's error text) takes seconds
	gen := NewGenerator(ss.st, &opt, logic, vars, ss.literals, nil)
	w := newRewriter(ss.st, gen)
	models := make([]*eval.Evaluator, 4)
	for i := range models {
		em := eval.NewModel()
		for _, c := range ss.consts {
			v, err := smt.ValueOf(gen.literal(r, c.Result))
			if err != nil {
				t.Fatal(err)
			}
			if err := em.SetConst(c, v); err != nil {
				t.Fatal(err)
			}
		}
		models[i] = eval.New(em)
	}
	compared := 0
	same := func(what string, a, b *smt.Term) {
		t.Helper()
		for _, ev := range models {
			va, err := ev.Eval(a)
			if err != nil || isUndefined(va) {
				continue
			}
			vb, err := ev.Eval(b)
			if err != nil || isUndefined(vb) || !smt.ValueEqual(va, vb) {
				t.Fatalf("%s (%s): %s = %v, but its rewrite %s = %v (%v)", logic, what, a, va, b, vb, err)
			}
			compared++
		}
	}
	for k := 0; k < terms; k++ {
		sorts := gen.atomSorts()
		s := smt.BoolSort()
		if r.IntN(3) == 0 && len(sorts) > 0 {
			s = sorts[r.IntN(len(sorts))]
		}
		a := gen.Term(r, s)
		if a == nil {
			continue
		}
		seen := map[*smt.Term]bool{}
		smt.Inspect(a, func(u *smt.Term) bool {
			if seen[u] {
				return false
			}
			seen[u] = true
			for i, rl := range w.rules(u) {
				if q := rl(r); q != nil {
					if q.Sort() != u.Sort() {
						t.Fatalf("%s: rule %d of %s gives %s of sort %s", logic, i, u, q, q.Sort())
					}
					same("rule", u, q)
				}
			}
			return true
		})
		b := a
		for j := 0; j < 5; j++ {
			if q := w.rewriteAssertion(r, b); q != nil {
				b = q
			}
		}
		same("chained rewrites", a, b)
	}
	return compared
}

// TestRewritesPreserveValues runs checkRewrites over every built-in logic.
func TestRewritesPreserveValues(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 3))
	for _, logic := range BuiltinLogics {
		n := 0
		for i := 0; i < 4; i++ {
			n += checkRewrites(t, r, logic, 40)
		}
		if n < 100 {
			t.Errorf("%s: only %d comparisons", logic, n)
		}
	}
}

// FuzzRewrite is checkRewrites from a fuzzed random seed and logic.
func FuzzRewrite(f *testing.F) {
	for i := range BuiltinLogics {
		f.Add(uint64(i), uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, logic uint8) {
		r := rand.New(rand.NewPCG(seed, 26))
		checkRewrites(t, r, BuiltinLogics[int(logic)%len(BuiltinLogics)], 5)
	})
}
