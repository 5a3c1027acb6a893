package diver

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"tandem/campaign"
	"tandem/eval"
	"tandem/smt"
)

// TestJudgeMemoMatchesFreshEvaluator is the invariant behind judging with
// (and printing from) what the runner keeps across mutants. Printing: the
// scripts printed with the runner's assertTexts are the scripts printed
// anew. Judging: a memo kept across mutants (judgeMemo): over the
// mutants of real iterations in every built-in logic, each judged under a model that is
// the seed model, the seed model with a constant's value changed, or the
// seed model with a constant left out (as solvers' models differ from
// one mutant to the next), the memo's evaluator gives every assertion
// the verdict and value a fresh evaluator gives.
func TestJudgeMemoMatchesFreshEvaluator(t *testing.T) {
	for _, logic := range BuiltinLogics {
		d, err := New(Options{NoSolver: true, Logics: []string{logic}, Mutants: 120})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(5, uint64(len(logic))))
		var j *judgeMemo
		var texts *assertTexts
		var store *smt.Store
		seen := map[*smt.Sort][]smt.Value{}
		checked := 0
		var resets, reuses int64
		d.observe = func(e mutantEvent) {
			mu := e.mu
			if mu.st != store { // a new iteration: a new runner
				if j != nil {
					resets, reuses = resets+j.resets, reuses+j.reuses
				}
				j, store, texts = &judgeMemo{}, mu.st, &assertTexts{}
			}
			// the cached assertion texts are the printed ones
			if got, want := cachedScriptText(texts, nil, mu.Fresh, mu.Formula.Assertions(), true), scriptText(nil, mu.Fresh, mu.Formula.Assertions(), true); string(got) != string(want) {
				t.Fatalf("%s: cached script\n%s\nprinted\n%s", logic, got, want)
			}
			em := eval.NewModel()
			var consts []*smt.Func
			for c, v := range mu.Model {
				consts = append(consts, c)
				seen[c.Result] = append(seen[c.Result], v)
				if err := em.SetConst(c, v); err != nil {
					t.Fatal(err)
				}
			}
			if len(consts) > 0 {
				c := consts[r.IntN(len(consts))]
				switch r.IntN(4) {
				case 0: // another value of the sort
					vs := seen[c.Result]
					if err := em.SetConst(c, other(vs[r.IntN(len(vs))])); err != nil {
						t.Fatal(err)
					}
				case 1: // left out
					em2 := eval.NewModel()
					for _, k := range consts {
						if k != c {
							v, _ := em.Const(k)
							_ = em2.SetConst(k, v)
						}
					}
					em = em2
				}
			}
			got := evaluate(j.evaluator(em, true, mu.Model), mu.Formula.Assertions())
			want := evaluate(eval.New(em), mu.Formula.Assertions())
			for i := range want.Assertions {
				g, w := got.Assertions[i], want.Assertions[i]
				if g.Verdict != w.Verdict || (g.Value != nil) != (w.Value != nil) || g.Value != nil && !sameValue(g.Value, w.Value) {
					t.Fatalf("%s: assertion %d (%s): memo %v %v, fresh %v %v", logic, i, g.Term, g.Verdict, g.Value, w.Verdict, w.Value)
				}
			}
			checked++
		}
		for range 3 {
			var st Stats
			var cst campaign.Stats
			if _, err := d.round(context.Background(), r, &st, &cst); err != nil {
				t.Fatal(err)
			}
			if st.HarnessMismatch > 0 {
				t.Fatalf("%s: %d mutants not sat under their own model", logic, st.HarnessMismatch)
			}
		}
		resets, reuses = resets+j.resets, reuses+j.reuses
		if checked < 200 || reuses == 0 || resets == 0 {
			t.Errorf("%s: %d mutants checked, memo kept %d times and reset %d times", logic, checked, reuses, resets)
		}
		t.Logf("%s: %d mutants, memo kept %d, reset %d", logic, checked, reuses, resets)
	}
}

// other is a value of v's sort that differs from v where that is easy
// (numbers, Booleans), else v itself.
func other(v smt.Value) smt.Value {
	switch x := v.(type) {
	case smt.IntValue:
		return smt.IntValue{V: new(big.Int).Add(x.V, big.NewInt(1))}
	case smt.RealValue:
		return smt.RealValue{V: new(big.Rat).Add(x.V, big.NewRat(1, 2))}
	case smt.BoolValue:
		return !x
	}
	return v
}

func sameValue(a, b smt.Value) bool {
	_, ua := a.(smt.Undefined)
	_, ub := b.(smt.Undefined)
	return ua && ub || smt.ValueEqual(a, b)
}

// The int64 fast path of the +, − and unary − rules gives the big.Rat
// path's intervals, on integers and on fractions, including at the edges
// of its range (scaled values of 2⁶², sums that overflow, common
// denominators of 2⁴⁸) and beyond it.
func TestSmallArithRangesMatchesRat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	num := func() *big.Int {
		switch r.IntN(5) {
		case 0:
			return big.NewInt(r.Int64N(21) - 10)
		case 1:
			return new(big.Int).Lsh(big.NewInt(r.Int64N(3)-1), 40) // ±2⁴⁰, 0
		case 2:
			return new(big.Int).Lsh(big.NewInt(r.Int64N(5)+1), uint(36+r.IntN(30)))
		case 3:
			if r.IntN(2) == 0 { // at the int64 path's edges: 2⁶¹, 2⁶² − 1, −2⁶²
				return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(61+r.IntN(2))), big.NewInt(r.Int64N(2)))
			}
			return new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 62))
		}
		return big.NewInt(r.Int64N(1<<20) - 1<<19)
	}
	bound := func() *big.Rat {
		switch r.IntN(5) {
		case 0:
			return nil
		case 1:
			return big.NewRat(r.Int64N(7)-3, 2)
		case 2:
			return new(big.Rat).SetFrac(num(), big.NewInt(r.Int64N(1000)+1))
		}
		return new(big.Rat).SetInt(num())
	}
	fast, fractions := 0, 0
	for range 20000 {
		n := 1 + r.IntN(5)
		vals := make([]smt.Value, n)
		for i := range vals {
			vals[i] = smt.IntValue{V: num()}
		}
		if r.IntN(10) == 0 {
			vals[r.IntN(n)] = smt.RealValue{V: big.NewRat(1, 3)}
		}
		if r.IntN(3) == 0 { // fractions (QF_LRA), denominators up to and beyond 2²⁰ together
			for i := range vals {
				if r.IntN(2) == 0 {
					d := []int64{2, 3, 10, 7, 1000, 1 << 20, 1<<20 + 1, 999983, 20000000, 1 << 47, 1<<48 + 1, 1000003}[r.IntN(12)]
					vals[i] = smt.RealValue{V: new(big.Rat).SetFrac(num(), big.NewInt(d))}
				}
			}
		}
		cp := interval(bound(), bound())
		op := []smt.Op{smt.OpAdd, smt.OpSub, smt.OpNeg}[r.IntN(3)]
		if op == smt.OpNeg {
			vals = vals[:1]
			n = 1
		}
		got, want := make([]SatPreservingRange, n), make([]SatPreservingRange, n)
		if !smallArithRanges(got, vals, op, cp) {
			continue
		}
		fast++
		for _, v := range vals {
			if x, ok := v.(smt.RealValue); ok && !x.V.IsInt() {
				fractions++
				break
			}
		}
		if !ratArithRanges(want, vals, op, cp) {
			t.Fatalf("%v in %+v: the rat path refuses what the fast path takes", vals, cp)
		}
		for i := range want {
			if !rangeEqual(got[i], want[i]) {
				t.Fatalf("%v %v in [%v, %v]: argument %d: fast %+v, rat %+v", op, vals, cp.Lo, cp.Hi, i, got[i], want[i])
			}
		}
	}
	if fast < 1500 || fractions < 500 {
		t.Errorf("fast path taken %d times only (%d with fractions)", fast, fractions)
	}
}

// inspectCheck is Check as it was before checkWith: smt.Inspect over
// fresh, a new visited set per call. checkWith must agree with it.
func inspectCheck(ev *eval.Evaluator, root, fresh *smt.Term) Verdict {
	bad := VerdictTrue
	smt.Inspect(fresh, func(t *smt.Term) bool {
		if bad != VerdictTrue {
			return false
		}
		v, err := ev.Eval(t)
		switch {
		case err != nil:
			bad = VerdictUnsupported
		case isUndefined(v):
			bad = VerdictUndefined
		}
		return bad == VerdictTrue
	})
	if bad != VerdictTrue {
		return bad
	}
	return Check(ev, root, nil)
}

// checkWith, with its scratch reused across calls, gives the verdict of
// the smt.Inspect-based check on the subterms of real mutants in every
// built-in logic, and on terms built from them that are undefined only
// below the top (a division by zero in an untaken ite branch) or at it.
func TestCheckWithMatchesInspect(t *testing.T) {
	for _, logic := range BuiltinLogics {
		d, err := New(Options{NoSolver: true, Logics: []string{logic}, Mutants: 60})
		if err != nil {
			t.Fatal(err)
		}
		var sc checkScratch
		verdicts := map[Verdict]int{}
		d.observe = func(e mutantEvent) {
			s := e.mu.Seed
			s.Formula.expand()
			root := s.Formula.Root.Term
			for l := 0; l < len(s.Formula.Nodes); l += 1 + len(s.Formula.Nodes)/30 {
				q := s.Formula.Nodes[l].Term
				qs := []*smt.Term{q}
				if q.Sort() == smt.IntSort() && logic != "QF_LRA" && logic != "QF_NRA" {
					zero := s.st.Int(0)
					div, err1 := s.st.Apply(smt.OpIntDiv, nil, q, zero)
					eq, err2 := s.st.Apply(smt.OpEq, nil, q, q)
					if err1 == nil && err2 == nil {
						if ite, err := s.st.Apply(smt.OpIte, nil, eq, q, div); err == nil {
							qs = append(qs, ite, div)
						}
					}
				}
				for _, q := range qs {
					got, want := checkWith(s.ev, root, q, &sc), inspectCheck(s.ev, root, q)
					if got != want {
						t.Fatalf("%s: %s: checkWith %v, Inspect %v", logic, q, got, want)
					}
					verdicts[got]++
				}
			}
		}
		r := rand.New(rand.NewPCG(3, uint64(len(logic))))
		for range 2 {
			var st Stats
			var cst campaign.Stats
			if _, err := d.round(context.Background(), r, &st, &cst); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: verdicts %v", logic, verdicts)
	}
}
