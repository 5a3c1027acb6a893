package diver

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// setup parses a script and a model text and returns the seed over them.
func setup(t testing.TB, script, model string, weighted bool) (*seedScript, *Seed) {
	t.Helper()
	ss, s, err := setupSeed(t, script, model, weighted)
	if err != nil {
		t.Fatal(err)
	}
	return ss, s
}

// setupSeed is setup, M's functions of arity > 0 included; the error is
// theirs (ss.funcValues).
func setupSeed(t testing.TB, script, model string, weighted bool) (*seedScript, *Seed, error) {
	t.Helper()
	ss, err := parseSeed("t", []byte(script))
	if err != nil {
		t.Fatal(err)
	}
	em, err := modelFromText(ss.sc, model)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := ss.constValues(em)
	if err != nil {
		t.Fatal(err)
	}
	mf, err := ss.funcValues(em)
	if err != nil {
		return ss, nil, err
	}
	f, err := NewFormula(ss.st, ss.assertions, 0)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSeed(ss.st, f, vals, nil, weighted, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.setFuncs(mf); err != nil {
		t.Fatal(err)
	}
	return ss, s, nil
}

// eachMutant runs Alg. 1's loop without a solver: up to tries GenMutant
// calls from the pool that starts with s (every mutant joins it), until n
// mutants; each mutant goes to check.
func eachMutant(t testing.TB, r *rand.Rand, m *mutator, s *Seed, tries, n int, check func(mu *Mutant)) {
	t.Helper()
	pool := []*Seed{s}
	for k, made := 0, 0; k < tries && made < n; k++ {
		mu, err := m.GenMutant(r, pool[r.IntN(len(pool))])
		if err != nil {
			t.Fatal(err)
		}
		if mu == nil {
			continue
		}
		made++
		pool = addPool(r, pool, mu.Seed)
		check(mu)
	}
}

func rat(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }

func wantInterval(t *testing.T, what string, c SatPreservingRange, lo, hi string) {
	t.Helper()
	if c.Kind != RangeInterval && !(lo == "" && hi == "" && c.Kind == RangeTop) {
		t.Fatalf("%s: range kind %d, want interval [%s,%s]", what, c.Kind, lo, hi)
	}
	chk := func(b *big.Rat, w string) bool {
		if w == "" {
			return b == nil
		}
		return b != nil && b.Cmp(rat(w)) == 0
	}
	if !chk(c.Lo, lo) || !chk(c.Hi, hi) {
		t.Fatalf("%s: [%v,%v], want [%s,%s]", what, c.Lo, c.Hi, lo, hi)
	}
}

// The digest's worked example (paper §IV): φ = (0.0 ≤ y) ∧ (x = 2.0 + y),
// M = [x ↦ 3.0, y ↦ 1.0].
func TestWorkedExample(t *testing.T) {
	_, s := setup(t, `(declare-fun x () Real)(declare-fun y () Real)
(assert (and (<= 0.0 y) (= x (+ 2.0 y))))`, `((define-fun x () Real 3.0) (define-fun y () Real 1.0))`, true)
	n := s.Formula.Nodes
	// preorder: 0 and, 1 <=, 2 0.0, 3 y, 4 =, 5 x, 6 +, 7 2.0, 8 y
	c := s.Ranges()
	for _, l := range []int{0, 1, 4} {
		if c[l].Kind != RangeTrue {
			t.Fatalf("label %d (%s): want truê", l, n[l].Term)
		}
	}
	wantInterval(t, "l3 (0.0)", c[2], "", "1")
	wantInterval(t, "l4 (y)", c[3], "0", "")
	wantInterval(t, "l5 (x)", c[5], "3", "3")
	wantInterval(t, "l6 (+)", c[6], "3", "3")
	wantInterval(t, "l7 (2.0)", c[7], "2", "2")
	wantInterval(t, "l8 (y)", c[8], "1", "1")
	if got := s.selector().Total(); math.Abs(got-3.504) > 1e-9 {
		t.Fatalf("total score %v, want 3.504", got)
	}
	for _, l := range []int{2, 3} {
		if p := s.selector().Probability(l); math.Abs(p-0.2854) > 0.00005 {
			t.Fatalf("P(label %d) = %.4f, want 0.2854", l, p)
		}
	}
	for _, l := range []int{5, 6, 7, 8} {
		if p := s.selector().Probability(l); math.Abs(p-0.0003) > 0.00005 {
			t.Fatalf("P(label %d) = %.4f, want 0.0003", l, p)
		}
	}
	// The paper's accepted mutation at l4: y → ((y − 1.0)/x).
	ss, s2 := setup(t, `(declare-fun x () Real)(declare-fun y () Real)
(assert (and (<= 0.0 y) (= x (+ 2.0 y))))`, `((define-fun x () Real 3.0) (define-fun y () Real 1.0))`, true)
	x, y := s2.Formula.Nodes[5].Term, s2.Formula.Nodes[3].Term
	q := ss.st.MustApply(smt.OpDiv, nil, ss.st.MustApply(smt.OpSub, nil, y, ss.st.Decimal(big.NewRat(1, 1))), x)
	root, err := s2.Formula.Replace(ss.st, s2.Formula.Nodes[3], q)
	if err != nil {
		t.Fatal(err)
	}
	if v := Check(s2.ev, root, q); v != VerdictTrue {
		t.Fatalf("paper's mutant at l4: verdict %d", v)
	}
	// Replacing at l5 (x) by y breaks the formula: rejected.
	root, _ = s2.Formula.Replace(ss.st, s2.Formula.Nodes[5], y)
	if v := Check(s2.ev, root, y); v != VerdictFalse {
		t.Fatalf("x → y: verdict %d, want false", v)
	}
}

// Table I rules, and Proposition 1 checked by brute force on each example.
func TestTableI(t *testing.T) {
	cases := []struct {
		script, model string
		check         func(t *testing.T, c []SatPreservingRange)
	}{
		{ // x ∧ y with M(x)=T, M(y)=F under falsê (the parent is (not (and x y)))
			`(declare-fun x () Bool)(declare-fun y () Bool)(assert (not (and x y)))`,
			`((define-fun x () Bool true) (define-fun y () Bool false))`,
			func(t *testing.T, c []SatPreservingRange) {
				if c[1].Kind != RangeFalse || c[2].Kind != RangeTop || c[3].Kind != RangeFalse {
					t.Fatalf("and under falsê: %v %v %v", c[1].Kind, c[2].Kind, c[3].Kind)
				}
			}},
		{ // both false: ⊤ ⊤
			`(declare-fun x () Bool)(declare-fun y () Bool)(assert (not (and x y)))`,
			`((define-fun x () Bool false) (define-fun y () Bool false))`,
			func(t *testing.T, c []SatPreservingRange) {
				if c[2].Kind != RangeTop || c[3].Kind != RangeTop {
					t.Fatalf("and, both false: %v %v", c[2].Kind, c[3].Kind)
				}
			}},
		{ // x ≥ y truê: [M(y),+∞], [−∞,M(x)]
			`(declare-fun x () Int)(declare-fun y () Int)(assert (>= x y))`,
			`((define-fun x () Int 5) (define-fun y () Int 2))`,
			func(t *testing.T, c []SatPreservingRange) {
				wantInterval(t, "x", c[1], "2", "")
				wantInterval(t, "y", c[2], "", "5")
			}},
		{ // x ≥ y falsê: [−∞,M(y)−1], [M(x)+1,+∞]
			`(declare-fun x () Int)(declare-fun y () Int)(assert (not (>= x y)))`,
			`((define-fun x () Int 1) (define-fun y () Int 4))`,
			func(t *testing.T, c []SatPreservingRange) {
				wantInterval(t, "x", c[2], "", "3")
				wantInterval(t, "y", c[3], "2", "")
			}},
		{ // Real falsê: n = 10⁻⁶
			`(declare-fun x () Real)(declare-fun y () Real)(assert (not (>= x y)))`,
			`((define-fun x () Real 1.0) (define-fun y () Real 4.0))`,
			func(t *testing.T, c []SatPreservingRange) {
				wantInterval(t, "x", c[2], "", "3999999/1000000")
				wantInterval(t, "y", c[3], "1000001/1000000", "")
			}},
		{ // x + y under [0, 10] (from (<= 0 (+ x y) 10)): C −̂ M(other)
			`(declare-fun x () Int)(declare-fun y () Int)(assert (<= 0 (+ x y) 10))`,
			`((define-fun x () Int 3) (define-fun y () Int 4))`,
			func(t *testing.T, c []SatPreservingRange) {
				wantInterval(t, "+", c[2], "0", "10")
				wantInterval(t, "x", c[3], "-4", "6")
				wantInterval(t, "y", c[4], "-3", "7")
			}},
		{ // str.< truê: X·Σ* with X = {c < M(y)[0]}, Y·Σ* with Y = {c > M(x)[0]}
			`(declare-fun x () String)(declare-fun y () String)(assert (str.< x y))`,
			`((define-fun x () String "b") (define-fun y () String "d"))`,
			func(t *testing.T, c []SatPreservingRange) {
				if c[1].Kind != RangeFirst || c[1].Last != 'd' || c[2].Kind != RangeFirst || c[2].First != 'b' {
					t.Fatalf("str.<: %+v %+v", c[1], c[2])
				}
				if !c[1].Contains(smt.StringValue{Runes: []rune("a")}) || c[1].Contains(smt.StringValue{Runes: []rune("e")}) {
					t.Fatal("str.< x range membership")
				}
			}},
		{ // mod: Table II pins both
			`(declare-fun x () Int)(declare-fun y () Int)(assert (= 1 (mod x y)))`,
			`((define-fun x () Int 7) (define-fun y () Int 3))`,
			func(t *testing.T, c []SatPreservingRange) {
				wantInterval(t, "x", c[3], "7", "7")
				wantInterval(t, "y", c[4], "3", "3")
			}},
		{ // bvuge truê: [M(y), 2ⁿ−1], [0, M(x)]
			`(declare-fun x () (_ BitVec 4))(declare-fun y () (_ BitVec 4))(assert (bvuge x y))`,
			`((define-fun x () (_ BitVec 4) #x9) (define-fun y () (_ BitVec 4) #x2))`,
			func(t *testing.T, c []SatPreservingRange) {
				wantInterval(t, "x", c[1], "2", "15")
				wantInterval(t, "y", c[2], "0", "9")
			}},
	}
	for i, tc := range cases {
		ss, s := setup(t, tc.script, tc.model, true)
		tc.check(t, s.Ranges())
		proposition1(t, i, ss.st, s)
	}
}

// proposition1 checks Proposition 1 on small values: any literal whose
// value lies in C(l), put at l, keeps the formula true under M.
func proposition1(t *testing.T, i int, st *smt.Store, s *Seed) {
	for _, n := range s.Formula.Nodes {
		if n.Label == 0 {
			continue
		}
		c := s.Ranges()[n.Label]
		for _, v := range sampleValues(n.Term.Sort()) {
			if !c.Contains(v) {
				continue
			}
			q, err := st.ValueTerm(v)
			if err != nil {
				t.Fatal(err)
			}
			root, err := s.Formula.Replace(st, n, q)
			if err != nil {
				t.Fatal(err)
			}
			if Check(s.ev, root, q) != VerdictTrue {
				t.Fatalf("case %d: label %d (%s) := %s is in C(l) but falsifies the formula", i, n.Label, n.Term, q)
			}
		}
	}
}

func sampleValues(s *smt.Sort) []smt.Value {
	var out []smt.Value
	switch s.Kind {
	case smt.KindInt:
		for k := int64(-12); k <= 12; k++ {
			out = append(out, smt.IntValue{V: big.NewInt(k)})
		}
	case smt.KindReal:
		for k := int64(-12); k <= 12; k++ {
			out = append(out, smt.RealValue{V: big.NewRat(k, 2)})
		}
	case smt.KindBool:
		out = append(out, smt.BoolValue(true), smt.BoolValue(false))
	case smt.KindBitVec:
		for k := int64(0); k < 16 && s.Width <= 4; k++ {
			out = append(out, smt.NewBVValue(big.NewInt(k), s.Width))
		}
	case smt.KindString:
		for _, x := range []string{"", "a", "b", "c", "d", "e", "ab", "zz"} {
			out = append(out, smt.StringValue{Runes: []rune(x)})
		}
	}
	return out
}

func TestScores(t *testing.T) {
	cases := []struct {
		c    SatPreservingRange
		want float64
	}{
		{top(), 1}, {boolRange(true), 0.5}, {boolRange(false), 0.5},
		{interval(nil, rat("3")), 1}, {interval(rat("0"), rat("2000")), 1},
		{interval(rat("0"), rat("9")), 0.01}, {interval(rat("4"), rat("4")), 0.001},
		{SatPreservingRange{Kind: RangePoint, Value: smt.StringValue{}}, 0.001},
		{SatPreservingRange{Kind: RangePrefix}, 1},
	}
	for _, tc := range cases {
		if got := Score(tc.c); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Score(%+v) = %v, want %v", tc.c, got, tc.want)
		}
	}
}

// Every generated term is well-sorted (the builders type-check; the sort
// must be the one asked for) for every built-in logic.
func TestGeneratorWellSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, logic := range BuiltinLogics {
		src, model, err := BuiltinSeed(r, logic)
		if err != nil {
			t.Fatal(err)
		}
		ss, s := setup(t, string(src), model, true)
		opt, _ := Options{}.withDefaults()
		var vars []*smt.Term
		for _, c := range ss.consts {
			vars = append(vars, ss.st.Const(c))
		}
		g := NewGenerator(ss.st, &opt, logic, vars, ss.literals, func(smt.Op) bool { return true })
		for _, n := range s.Formula.Nodes {
			for k := 0; k < 20; k++ {
				q := g.Term(r, n.Term.Sort())
				if q == nil {
					continue
				}
				if q.Sort() != n.Term.Sort() {
					t.Fatalf("%s: asked %s, got %s", logic, n.Term.Sort(), q.Sort())
				}
				if _, err := smtlib.Parse("q", []byte(string(scriptText(ss.header, nil, []*smt.Term{mustEq(t, ss.st, q)}, false)))); err != nil {
					t.Fatalf("%s: generated term does not re-parse: %v\n%s", logic, err, q)
				}
			}
		}
	}
}

func mustEq(t *testing.T, st *smt.Store, q *smt.Term) *smt.Term {
	e, err := st.Apply(smt.OpEq, nil, q, q)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Complicate adds fresh variables with bounds, and M extended stays a model.
func TestComplicate(t *testing.T) {
	ss, s := setup(t, `(declare-fun x () Int)(declare-fun y () Int)(assert (and (<= 0 y) (= x (+ 2 y))))`,
		`((define-fun x () Int 3) (define-fun y () Int 1))`, true)
	opt, _ := Options{}.withDefaults()
	var st Stats
	counter := 0
	m := &mutator{st: ss.st, opt: &opt, stats: &st, fresh: &counter, names: ss.names}
	r := rand.New(rand.NewPCG(3, 4))
	y := s.Formula.Nodes[3]
	q := ss.st.MustApply(smt.OpAdd, nil, y.Term, ss.st.Int(5)) // y+5 at l(y) in (<= 0 y)
	mu, err := m.Complicate(r, s, y, q)
	if err != nil || mu == nil {
		t.Fatalf("Complicate: %v %v", mu, err)
	}
	if len(mu.Fresh) == 0 || !mu.Formula.Virtual || len(mu.Formula.Assertions()) != 1+len(mu.Fresh) {
		t.Fatalf("fresh %d, assertions %d", len(mu.Fresh), len(mu.Formula.Assertions()))
	}
	consts := append(append([]*smt.Func(nil), ss.consts...), mu.Fresh...)
	script := scriptText(ss.header, mu.Fresh, mu.Formula.Assertions(), false)
	ok, err := SatisfiedBy(script, modelText(consts, mu.Model))
	if err != nil || !ok {
		t.Fatalf("M extended does not satisfy the complicated mutant: %v\n%s", err, script)
	}
	if !strings.Contains(string(script), "diver_n1") {
		t.Fatalf("no fresh variable in\n%s", script)
	}
}

func TestOracle(t *testing.T) {
	script := []byte("(declare-fun x () Int)\n(assert (> x 2))\n(check-sat)\n(get-model)\n")
	model := "(\n  (define-fun x () Int 3)\n)\n"
	res := &solver.Result{Status: solver.StatusUnsat}
	if out, f, _ := Judge(script, model, "QF_LIA", res); out != OutcomeBug || f.Class != campaign.Soundness {
		t.Fatalf("unsat: %v %+v", out, f)
	}
	res = &solver.Result{Status: solver.StatusSat, RawResponses: []string{"((define-fun x () Int 1))"}}
	if out, f, _ := Judge(script, model, "QF_LIA", res); out != OutcomeBug || f.Class != campaign.InvalidModel {
		t.Fatalf("bad model: %v %+v", out, f)
	}
	res = &solver.Result{Status: solver.StatusSat, RawResponses: []string{"((define-fun x () Int 7))"}}
	if out, _, _ := Judge(script, model, "QF_LIA", res); out != OutcomeSat {
		t.Fatalf("good model: %v", out)
	}
	res = &solver.Result{Status: solver.StatusCrash, Signature: "ASSERTION VIOLATION"}
	if out, f, _ := Judge(script, model, "QF_LIA", res); out != OutcomeBug || f.Class != campaign.Crash {
		t.Fatalf("crash: %v %+v", out, f)
	}
	if ok, err := SatisfiedBy(script, model); !ok || err != nil {
		t.Fatalf("SatisfiedBy: %v %v", ok, err)
	}
	if ok, _ := SatisfiedBy(script, "(\n  (define-fun x () Int 0)\n)\n"); ok {
		t.Fatal("SatisfiedBy accepts a falsifying model")
	}
	d := details("QF_LIA", model, modeIncrementalOnly, "x")
	if l, m, md := parseDetails(d); l != "QF_LIA" || m != model || md != modeIncrementalOnly {
		t.Fatalf("details round trip: %q %q %q", l, m, md)
	}
}

// Zero false positives by construction: a correct fake solver (one that
// answers sat with the seed model M) never yields a finding, and every
// accepted mutant is re-checked from its printed text by an independent
// parse and evaluation. Undefined values are never accepted.
func TestNoFalsePositives(t *testing.T) {
	n := 3000 // DIVER_LONG=1: the 100,000 (about 8 minutes)
	if os.Getenv("DIVER_LONG") != "" {
		n = 100000
	}
	opt, _ := Options{Mutants: 200, NoSolver: true}.withDefaults()
	r := rand.New(rand.NewPCG(5, 6))
	total, undefinedSeen := 0, int64(0)
	for total < n {
		logic := BuiltinLogics[r.IntN(len(BuiltinLogics))]
		src, model, err := BuiltinSeed(r, logic)
		if err != nil {
			t.Fatal(err)
		}
		ss, s := setup(t, string(src), model, true)
		var st Stats
		counter := 0
		var vars []*smt.Term
		for _, c := range ss.consts {
			vars = append(vars, ss.st.Const(c))
		}
		m := &mutator{st: ss.st, opt: &opt, stats: &st, fresh: &counter, names: ss.names,
			gen: NewGenerator(ss.st, &opt, logic, vars, ss.literals, func(smt.Op) bool { return true })}
		eachMutant(t, r, m, s, 200, n-total, func(mu *Mutant) {
			total++
			consts := append(append([]*smt.Func(nil), ss.consts...), mu.Fresh...)
			mt := modelText(consts, mu.Model)
			script := scriptText(ss.header, mu.Fresh, mu.Formula.Assertions(), true)
			// Every 10th mutant: the full text round trip (costly parse).
			if total%10 == 0 {
				ok, err := SatisfiedBy(script, mt)
				if err != nil || !ok {
					t.Fatalf("accepted mutant not satisfied by M from the texts: %v\n%s\n%s", err, script, mt)
				}
				res := &solver.Result{Status: solver.StatusSat, RawResponses: []string{mt}}
				if out, f, _ := Judge(script, mt, logic, res); out == OutcomeBug {
					t.Fatalf("fake correct solver gives a finding %+v", f)
				}
			} else {
				em, _ := evalModel(mu.Model)
				if Check(eval.New(em), mu.Formula.Root.Term, nil) != VerdictTrue {
					t.Fatalf("accepted mutant false under a fresh evaluator")
				}
			}
		})
		undefinedSeen += st.RejectedUndefined
	}
	t.Logf("%d mutants checked, %d candidates with undefined values rejected", total, undefinedSeen)
}

// A short campaign against z3 through the harness.
func TestCampaignZ3(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	dir := t.TempDir()
	cfg := []byte(`{"solver":"z3","mutants":15,"timeout":5000000000,"logics":["QF_LIA","QF_S","QF_LRA"]}`)
	sum, err := campaign.Run(context.Background(), dir, Name, cfg, campaign.Options{Seed: 3, Iterations: 3, Workers: 2, NoReduce: true})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Stats.SolverCalls < 10 || sum.Stats.Counters["mutants"] < 10 {
		t.Fatalf("too little work: %+v", sum.Stats)
	}
}

// BenchmarkMutants is the harness cost without the solver: Alg. 1's
// loop as a campaign iteration runs it (a built-in seed of a random logic,
// n = 1000 satisfiable mutants with the pool and Complicate, the
// commands of the incremental mode printed and each mutant judged under
// its own model printed as a get-model answer), with Options.NoSolver
// counting every accepted mutant as sat. One op is one satisfiable mutant; satmutants/cpu-s divides
// by the process's CPU time, which on a shared machine is the per-core
// figure (wall time includes waiting for a core).
func BenchmarkMutants(b *testing.B) {
	d, err := New(Options{NoSolver: true})
	if err != nil {
		b.Fatal(err)
	}
	benchRounds(b, d, func(sat int64) { d.opt.Mutants = min(DefaultMutants, b.N-int(sat)) })
}

// benchRounds runs iterations of d until b.N satisfiable mutants, with
// before called ahead of each, and reports them per second and per CPU
// second of this process.
func benchRounds(b *testing.B, d *Diver, before func(sat int64)) {
	verifySplice = false // measure what a campaign does, not the tests' check
	tuneGC()
	defer func() { verifySplice = true }()
	r := rand.New(rand.NewPCG(7, 8))
	ctx := context.Background()
	cpu0 := processCPU()
	b.ResetTimer()
	var sat int64
	for sat < int64(b.N) {
		before(sat)
		var st Stats
		var cst campaign.Stats
		if _, err := d.round(ctx, r, &st, &cst); err != nil {
			b.Fatal(err)
		}
		sat += st.MutantSat
	}
	b.StopTimer()
	b.ReportMetric(float64(sat)/b.Elapsed().Seconds(), "satmutants/s")
	b.ReportMetric(float64(sat)/(processCPU()-cpu0).Seconds(), "satmutants/cpu-s")
}

// processCPU is the user+system CPU time of this process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Mutants stay inside the seed's logic: z3 4.8.12 and cvc5 1.0.3 answer
// them without (error …) (Int symbols in QF_LRA, - in QF_S, int.pow2 or a
// product of variables in a linear logic, bit-vector operators in QF_FP,
// Float16 without cvc5's --fp-exp were all rejected before; z3 rejects a
// factor such as (+ 1 2) or (ite true 1 2) in a linear logic).
func TestMutantsInLogic(t *testing.T) {
	seeds := map[string]string{
		"lra.smt2":  "(set-logic QF_LRA)(declare-fun x () Real)(declare-fun y () Real)(assert (<= (+ (* x (- 1)) (* 2 y)) 3))(assert (> (/ x 2) (* y (/ 1 2000))))",
		"lia.smt2":  "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)(assert (= (mod x 3) 1))(assert (< (* 2 x) (div y 2)))",
		"nra.smt2":  "(set-logic QF_NRA)(declare-fun x () Real)(assert (> (* x x) 2))",
		"s.smt2":    `(set-logic QF_S)(declare-fun s () String)(assert (str.in_re s (re.+ (str.to_re "ab"))))(assert (= (str.len s) 4))`,
		"slia.smt2": `(set-logic QF_SLIA)(declare-fun s () String)(declare-fun i () Int)(assert (= (str.at s i) "a"))(assert (< (* 3 i) (str.len s)))`,
		"fp.smt2":   "(set-logic QF_FP)(declare-fun x () Float16)(declare-fun y () Float32)(assert (fp.lt x (fp #b0 #b10001 #b0000000000)))(assert (fp.isNormal y))",
		"bv.smt2":   "(set-logic QF_BV)(declare-fun x () (_ BitVec 8))(assert (bvult (bvmul x #x03) #x10))",
	}
	dir := t.TempDir()
	for name, text := range seeds {
		if err := os.WriteFile(dir+"/"+name, []byte(text+"(check-sat)\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			cfg, _ := json.Marshal(Options{Solver: name, Seeds: []string{dir}, Mutants: 6, Timeout: 2 * time.Second})
			sum, err := campaign.Run(context.Background(), t.TempDir(), Name, cfg, campaign.Options{Seed: 21, Iterations: 8, Workers: 1, NoReduce: true})
			if err != nil {
				t.Fatal(err)
			}
			c := sum.Stats.Counters
			if c["mutants"] < 20 {
				t.Fatalf("too little work: %v", c)
			}
			if sum.Stats.Error > 0 || c["mutant_error"] > 0 {
				t.Fatalf("%d error answers: %v", c["mutant_error"], c)
			}
		})
	}
}

// Replace under a constant array and a nullary datatype constructor rebuilds
// them with their sort (constructors need their 'as' sort; const needs its
// array sort), not as plain applications.
func TestReplaceKeepsSortedBuilders(t *testing.T) {
	ss, err := parseSeed("t", []byte(`(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))
(declare-const a (Array Int Int))
(declare-const l L)
(assert (and (= a ((as const (Array Int Int)) 0)) (= l (cons 1 (as nil L)))))`))
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFormula(ss.st, ss.assertions, 0)
	if err != nil {
		t.Fatal(err)
	}
	replaced := 0
	for _, n := range f.Nodes {
		if n.Term.Kind() != smt.Literal || n.Term.Sort() != smt.IntSort() {
			continue
		}
		q, err := ss.st.Apply(smt.OpAdd, nil, n.Term, n.Term)
		if err != nil {
			t.Fatal(err)
		}
		root, err := f.Replace(ss.st, n, q)
		if err != nil {
			t.Fatalf("replacing %s: %v", smt.Describe(n.Term), err)
		}
		if root.Sort() != smt.BoolSort() {
			t.Errorf("root sort %s", root.Sort())
		}
		replaced++
	}
	if replaced != 2 {
		t.Errorf("replaced %d integer literals, want 2 (the const array's 0 and the cons head 1)", replaced)
	}
}

// BenchmarkMutantsSeeds is BenchmarkMutants over seed files: the
// directory in DIVER_BENCH_SEEDS (an absolute path: the test runs in ./diver),
// harness only (the seeds' models come from z3, outside the timer's CPU
// count only in that their solver CPU is another process's). It measures
// what the harness costs on real seeds, which are larger than the
// built-in ones.
func BenchmarkMutantsSeeds(b *testing.B) {
	dir := os.Getenv("DIVER_BENCH_SEEDS")
	if dir == "" {
		b.Skip("set DIVER_BENCH_SEEDS to a seed directory")
	}
	d, err := New(Options{NoSolver: true, Seeds: []string{dir}, Mutants: 100})
	if err != nil {
		b.Fatal(err)
	}
	benchRounds(b, d, func(int64) {})
}
