package smtserve

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tandem/eval"
	"tandem/internal/smtdiff"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

// conjuncts parses decls and asserts and returns the assertions expanded,
// as the session gives them to the refuter.
func conjuncts(t testing.TB, text string) (*smtlib.Script, []*smt.Term) {
	t.Helper()
	sc, err := smtlib.Parse("refute", []byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	exp := smt.NewExpander(sc.Store)
	var out []*smt.Term
	for _, a := range sc.Assertions() {
		e, err := exp.Expand(a)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return sc, out
}

const refuteDecls = "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))(declare-const z (_ BitVec 8))(declare-const p Bool)(declare-const b (_ BitVec 32))\n"

// TestRefute: what the refuter proves (each kind of proof), and what it
// must not (satisfiable conjunctions, each with a model in the comment).
func TestRefute(t *testing.T) {
	unsat := []string{
		"(assert p)(assert (not p))",
		"(assert (and p (not (or (not p) false))))(assert (=> p (= x y)))(assert (not (=> p p)))",
		"(assert false)",
		"(assert (bvult x y))(assert (bvult y x))",
		"(assert (bvule x y))(assert (bvule y x))(assert (not (= x y)))",
		"(assert (bvult x y))(assert (bvule y z))(assert (bvuge x z))",
		"(assert (bvslt x y))(assert (bvsle y z))(assert (bvsgt y z))(assert (= z x))",
		"(assert (= x y))(assert (distinct y x))",
		"(assert (bvult x #x10))(assert (= x #x20))",
		"(assert (bvult x #x00))",
		"(assert (bvugt x #xff))",
		"(assert (bvslt x #x80))",
		"(assert (bvsgt x #x05))(assert (bvslt x #x06))",
		"(assert (bvult (bvadd x #x01) #x01))(assert (not (= x #xff)))",
		"(assert (= ((_ zero_extend 24) x) #x00000100))",
		"(assert (= (concat x y) #x1234))(assert (= y #x35))",
		"(assert (bvugt (bvand x y) #x10))(assert (bvult x #x10))",
		"(assert (bvult (bvor x y) #x10))(assert (= y #x20))",
		"(assert (= (bvlshr x #x04) #x03))(assert (bvult x #x30))",
		"(assert (= (ite p x y) #x07))(assert p)(assert (bvugt x #x07))",
		"(assert (bvule (bvsub #x10 x) #x01))(assert (not (= (bvsub #x10 x) #x01)))(assert (bvult x #x10))",
		// SAGE's sign test of a comparison no value satisfies: x <u 0 is
		// never true, so the ite is 0, and 0 ≤s −1 is false
		"(assert (not (bvslt #xff (bvsub #x00 ((_ zero_extend 7) (ite (bvult x #x00) #b1 #b0))))))",
		// the shape of the two SAGE queries z3 needs minutes for: a sum v
		// with 1 < c − v, v ≤ c, and c − 1 − v ≤ 1 but not 1
		"(assert (let ((v (bvadd ((_ zero_extend 24) x) ((_ zero_extend 24) y) #x0000007a))) (and (bvult #x00000001 (bvsub #x00000b8d v)) (bvule v #x00000b8d) (bvule (bvsub #x00000b8d (bvadd v #x00000001)) #x00000001) (not (= (bvsub #x00000b8d (bvadd v #x00000001)) #x00000001)))))",
	}
	for _, s := range unsat {
		_, cs := conjuncts(t, refuteDecls+s)
		if why, ok := refute(cs); !ok {
			t.Errorf("not refuted: %s", s)
		} else if why == "" {
			t.Errorf("refuted without a reason: %s", s)
		}
	}
	sat := []string{
		"(assert p)(assert (=> p (= x y)))",                           // p, x = y
		"(assert (bvule x y))(assert (bvule y x))",                    // x = y
		"(assert (bvult x y))(assert (bvslt y x))",                    // x = 0, y = #x80
		"(assert (bvult x #x10))(assert (not (= x #x03)))",            // x = 0
		"(assert (bvslt x #x00))(assert (bvugt x #x80))",              // x = #x81
		"(assert (bvult (bvadd x #x01) #x01))",                        // x = #xff
		"(assert (= (bvadd x y) #x00))(assert (bvugt x #x00))",        // x = 1, y = #xff
		"(assert (= (bvsub x y) #x01))(assert (bvult x y))",           // x = 0, y = #xff
		"(assert (= (concat x y) #x1234))(assert (= y #x34))",         // x = #x12
		"(assert (= (ite p x y) #x07))(assert (bvugt x #x07))",        // y = 7
		"(assert (bvule (bvsub #x10 x) #x01))(assert (bvult x #x10))", // x = #x0f
		"(assert (= ((_ extract 3 0) x) #x5))(assert (bvugt x #xf0))", // x = #xf5
		"(assert (bvslt #xff (bvsub #x00 ((_ zero_extend 7) (ite (bvult x #x00) #b1 #b0)))))",
		"(assert (= (ite (bvult x #x08) #x01 #x02) #x02))", // x = #x08
	}
	for _, s := range sat {
		_, cs := conjuncts(t, refuteDecls+s)
		if _, ok := refute(cs); ok {
			t.Errorf("refuted a satisfiable conjunction: %s", s)
		}
	}
}

// formulaGen writes random conjunctions over two 4-bit constants x and y
// and a Boolean p, with the operators the refuter has rules for (and a
// few it has none for), small enough to enumerate every model.
type formulaGen struct{ r *rand.Rand }

const genDecls = "(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(declare-const p Bool)\n"

func (g *formulaGen) lit4() string { return fmt.Sprintf("#x%x", g.r.IntN(16)) }

func (g *formulaGen) bv4(depth int) string {
	if depth == 0 || g.r.IntN(4) == 0 {
		switch g.r.IntN(5) {
		case 0, 1:
			return "x"
		case 2, 3:
			return "y"
		default:
			return g.lit4()
		}
	}
	a, b := g.bv4(depth-1), g.bv4(depth-1)
	switch g.r.IntN(15) {
	case 0, 1:
		return "(bvadd " + a + " " + b + ")"
	case 2:
		return "(bvadd " + a + " " + g.lit4() + ")"
	case 3, 4:
		return "(bvsub " + a + " " + b + ")"
	case 5:
		return "(bvneg " + a + ")"
	case 6:
		return "(bvand " + a + " " + b + ")"
	case 7:
		return "(bvor " + a + " " + b + ")"
	case 8:
		return fmt.Sprintf("(%s %s #x%x)", []string{"bvshl", "bvlshr", "bvudiv", "bvurem"}[g.r.IntN(4)], a, g.r.IntN(6))
	case 9:
		return "(ite " + g.atom(depth-1) + " " + a + " " + b + ")"
	case 10:
		return "(bvmul " + a + " " + b + ")"
	case 11:
		return fmt.Sprintf("((_ extract %d 0) (concat %s %s))", 3, a, b)
	case 12:
		return fmt.Sprintf("((_ extract 7 4) (concat %s %s))", a, b)
	case 13:
		return fmt.Sprintf("((_ extract %d %d) ((_ zero_extend 4) %s))", 5, 2, a)
	default:
		return "(bvxor " + a + " " + b + ")"
	}
}

func (g *formulaGen) bv8(depth int) string {
	switch g.r.IntN(3) {
	case 0:
		return "(concat " + g.bv4(depth) + " " + g.bv4(depth) + ")"
	case 1:
		return "((_ zero_extend 4) " + g.bv4(depth) + ")"
	default:
		return "((_ sign_extend 4) " + g.bv4(depth) + ")"
	}
}

func (g *formulaGen) atom(depth int) string {
	ops := []string{"=", "distinct", "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}
	op := ops[g.r.IntN(len(ops))]
	var a, b string
	switch g.r.IntN(6) {
	case 0:
		return "p"
	case 1:
		a, b = g.bv8(depth), fmt.Sprintf("#x%02x", g.r.IntN(256))
	case 2:
		a, b = g.bv4(depth), g.lit4()
	default:
		a, b = g.bv4(depth), g.bv4(depth)
	}
	return "(" + op + " " + a + " " + b + ")"
}

func (g *formulaGen) lit(depth int) string {
	a := g.atom(depth)
	switch g.r.IntN(8) {
	case 0, 1, 2:
		return "(not " + a + ")"
	case 3:
		return "(and " + a + " " + g.lit(depth) + ")"
	case 4:
		return "(not (or " + a + " " + g.lit(depth) + "))"
	}
	return a
}

// conjunction is a script asserting 1–6 random literals; a literal may
// repeat an earlier one, or its negation, as a concolic path does.
func (g *formulaGen) conjunction() string {
	var b strings.Builder
	b.WriteString(genDecls)
	var lits []string
	for range 1 + g.r.IntN(6) {
		l := g.lit(2)
		if len(lits) > 0 && g.r.IntN(5) == 0 {
			l = lits[g.r.IntN(len(lits))]
			if g.r.IntN(2) == 0 {
				l = "(not " + l + ")"
			}
		}
		lits = append(lits, l)
		b.WriteString("(assert " + l + ")\n")
	}
	return b.String()
}

// satisfiable enumerates every assignment of x, y and p with the
// evaluator: one under which every conjunct is true, or nil.
func satisfiable(t testing.TB, cs []*smt.Term) *eval.Model {
	consts := map[string]*smt.Func{}
	smt.InspectAll(cs, func(u *smt.Term) bool {
		if u.Kind() == smt.App && u.Func() != nil && u.NumArgs() == 0 {
			consts[u.Func().Name] = u.Func()
		}
		return true
	})
	set := func(m *eval.Model, name string, v smt.Value) {
		if f := consts[name]; f != nil {
			if err := m.SetConst(f, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	var ev *eval.Evaluator
	for v := range 512 {
		m := eval.NewModel()
		set(m, "x", smt.NewBVValue(big.NewInt(int64(v&15)), 4))
		set(m, "y", smt.NewBVValue(big.NewInt(int64(v>>4&15)), 4))
		set(m, "p", smt.BoolValue(v>>8 == 1))
		if ev == nil {
			ev = eval.New(m)
		} else {
			ev.SetModel(m)
		}
		all := true
		for _, c := range cs {
			r, err := ev.Eval(c)
			if b, ok := r.(smt.BoolValue); err != nil || !ok || !bool(b) {
				all = false
				break
			}
		}
		if all {
			return m
		}
	}
	return nil
}

// checkRefute is the refuter's invariant: whatever it refutes has no
// model (every assignment enumerated by the evaluator).
func checkRefute(t testing.TB, text string) (refuted, unsat bool) {
	_, cs := conjuncts(t, text)
	why, ok := refute(cs)
	m := satisfiable(t, cs)
	if ok && m != nil {
		t.Fatalf("refuted (%s), but it is satisfiable:\n%s", why, text)
	}
	return ok, m == nil
}

// TestRefuteSoundRandom: on thousands of random conjunctions over small
// bit-vectors, every refutation is checked against all 512 assignments;
// the refuter must also prove a good share of the unsat ones (a refuter
// that proves nothing is sound too).
func TestRefuteSoundRandom(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	g := &formulaGen{r: rand.New(rand.NewPCG(27, 1))}
	var refuted, unsat int
	for range n {
		r, u := checkRefute(t, g.conjunction())
		if r {
			refuted++
		}
		if u {
			unsat++
		}
	}
	t.Logf("%d conjunctions: %d unsat, %d of them refuted", n, unsat, refuted)
	if refuted*4 < unsat {
		t.Errorf("the refuter proved only %d of %d unsat conjunctions", refuted, unsat)
	}
}

// FuzzRefute: the same invariant on conjunctions drawn from the fuzzer's
// bytes.
func FuzzRefute(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 27} {
		f.Add(s, s*7)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		g := &formulaGen{r: rand.New(rand.NewPCG(a, b))}
		checkRefute(t, g.conjunction())
	})
}

// concolicStream is a concolic executor's session over random literals
// (formulaGen): per path, its constants declared in a push; each literal
// asked on both sides in a push/pop, then asserted into π; last, π alone.
// A literal may repeat an earlier one or its negation, so π often turns
// unsat part way, and the refuter and the unsat cache both answer.
func concolicStream(seed uint64, paths int) (string, int) {
	g := &formulaGen{r: rand.New(rand.NewPCG(seed, 28))}
	var b strings.Builder
	b.WriteString("(set-logic QF_BV)\n")
	n := 0
	for range paths {
		b.WriteString("(push 1)\n" + genDecls)
		var lits []string
		for range 2 + g.r.IntN(6) {
			l := g.lit(2)
			if len(lits) > 0 && g.r.IntN(4) == 0 {
				l = lits[g.r.IntN(len(lits))]
			}
			lits = append(lits, l)
			fmt.Fprintf(&b, "(push 1)\n(assert %s)\n(check-sat)\n(pop 1)\n(push 1)\n(assert (not %s))\n(check-sat)\n(pop 1)\n(assert %s)\n", l, l, l)
			n += 2
		}
		b.WriteString("(check-sat)\n(pop 1)\n")
		n++
	}
	return b.String(), n
}

// TestRefuterAgreesWithZ3 is the differential test of the in-process
// proofs: random concolic-style streams through tandem smt with z3 behind
// it and through z3 -in, the same sat/unsat on every query, and the
// refuter and the unsat cache answering a share of them.
func TestRefuterAgreesWithZ3(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	streams := 12
	if testutil.Short() {
		streams = 4
	}
	var refuted, cached, total int
	for seed := range uint64(streams) {
		script, n := concolicStream(seed, 12)
		za, err := smtdiff.RunStdin(context.Background(), []string{z3, "-in"}, []byte(script), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		ta, st := runZ3Session(t, "stream", []byte(script), DefaultBudget)
		d := smtdiff.Compare(ta, za.Answers)
		if d.Disagree != 0 || d.Misaligned || d.UnknownA != 0 || len(za.Answers) != n {
			t.Errorf("stream %d: %+v (z3 gave %d answers of %d)\n%s", seed, d, len(za.Answers), n, script)
		}
		refuted, cached, total = refuted+st.RefuteUnsat, cached+st.CacheUnsat, total+n
	}
	t.Logf("%d queries: %d refuted, %d from the unsat cache", total, refuted, cached)
	if refuted == 0 || cached == 0 {
		t.Errorf("the streams do not reach the refuter (%d) and the cache (%d)", refuted, cached)
	}
}
