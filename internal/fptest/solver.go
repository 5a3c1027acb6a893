package fptest

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"tandem/smt"
	"tandem/smt/fp"
	"tandem/smtlib"
	"tandem/solver"
)

// Term is one ground term of the solver comparison: its SMT-LIB text, the
// operation it exercises and fp's value for it.
type Term struct {
	Op   string
	Text string
	Want smt.Value
}

// Formats are the default formats of the solver comparison: small ones,
// where every exponent and rounding boundary is reached often, and the
// IEEE binary16/32/64/128 ones. Formats with eb = 2 are left out: both z3
// 4.8.12 and cvc5 1.0.3 compute wrong results there (see
// docs/fp-solver-disagreements.md); pass them explicitly to see it.
var Formats = [][2]int{{3, 5}, {4, 4}, {5, 11}, {8, 24}, {11, 53}, {15, 113}}

// SolverOps names the operations RunSolver draws from.
var SolverOps = []string{"fp.abs", "fp.neg", "fp.add", "fp.sub", "fp.mul", "fp.div", "fp.fma", "fp.sqrt", "fp.rem",
	"fp.roundToIntegral", "fp.min", "fp.max", "fp.leq", "fp.lt", "fp.geq", "fp.gt", "fp.eq", "=",
	"fp.isNormal", "fp.isSubnormal", "fp.isZero", "fp.isInfinite", "fp.isNaN", "fp.isNegative", "fp.isPositive",
	"to_fp/bv", "to_fp/fp", "to_fp/real", "to_fp/sbv", "to_fp_unsigned", "fp.to_ubv", "fp.to_sbv", "fp.to_real", "fp"}

// TermGen draws random ground terms and computes their values with fp.
type TermGen struct {
	R       *rand.Rand
	Formats [][2]int
	gens    map[[2]int]*Gen
	// Skipped counts, by operation, the drawn terms whose value the
	// standard leaves unspecified; they are not sent to the solver.
	Skipped map[string]int
}

// NewTermGen is a generator of terms over formats (nil: [Formats]),
// seeded by seed.
func NewTermGen(seed uint64, formats [][2]int) *TermGen {
	if formats == nil {
		formats = Formats
	}
	r := rand.New(rand.NewPCG(seed, 0x5851f42d4c957f2d))
	g := &TermGen{R: r, Formats: formats, gens: map[[2]int]*Gen{}, Skipped: map[string]int{}}
	for _, f := range formats {
		g.gens[f] = NewGen(f[0], f[1], r)
	}
	return g
}

func (g *TermGen) fmtGen(f [2]int) *Gen {
	if x, ok := g.gens[f]; ok {
		return x
	}
	x := NewGen(f[0], f[1], g.R)
	g.gens[f] = x
	return x
}

func lit(x fp.Float) string {
	if x.IsNaN() || x.IsInfinite() || x.IsZero() {
		return x.String()
	}
	return x.Triple()
}

func bvLit(v *big.Int, w int) string {
	s := v.Text(2)
	return "#b" + strings.Repeat("0", w-len(s)) + s
}

func realLit(r *big.Rat) string {
	a := new(big.Rat).Abs(r)
	s := a.Num().String() + ".0"
	if !a.IsInt() {
		s = "(/ " + s + " " + a.Denom().String() + ".0)"
	}
	if r.Sign() < 0 {
		s = "(- " + s + ")"
	}
	return s
}

func fv(x fp.Float) smt.Value { return smt.FPValue(x) }

// Next draws one term whose value the standard defines.
func (g *TermGen) Next() Term {
	for {
		if t, ok := g.next(); ok {
			return t
		}
	}
}

func (g *TermGen) next() (Term, bool) {
	f := g.Formats[g.R.IntN(len(g.Formats))]
	gen := g.fmtGen(f)
	eb, sb := f[0], f[1]
	op := SolverOps[g.R.IntN(len(SolverOps))]
	rm := fp.RoundingModes[g.R.IntN(5)]
	a, b := pair(gen)
	c := gen.Float()
	if op == "fp.fma" && g.R.IntN(3) == 0 {
		c = gen.Near(fp.Neg(fp.Mul(fp.RoundingModes[g.R.IntN(5)], a, b)))
	}
	if op == "fp.sqrt" && g.R.IntN(3) == 0 {
		a = gen.Near(fp.Mul(fp.RNE, a, a))
	}
	skip := func() (Term, bool) { g.Skipped[op]++; return Term{}, false }
	t := Term{Op: op}
	rms := rm.String()
	switch op {
	case "fp.abs", "fp.neg":
		t.Text = "(" + op + " " + lit(a) + ")"
		t.Want = fv(map[string]func(fp.Float) fp.Float{"fp.abs": fp.Abs, "fp.neg": fp.Neg}[op](a))
	case "fp.add", "fp.sub", "fp.mul", "fp.div":
		fn := map[string]func(fp.RoundingMode, fp.Float, fp.Float) fp.Float{"fp.add": fp.Add, "fp.sub": fp.Sub, "fp.mul": fp.Mul, "fp.div": fp.Div}[op]
		t.Text = "(" + op + " " + rms + " " + lit(a) + " " + lit(b) + ")"
		t.Want = fv(fn(rm, a, b))
	case "fp.fma":
		t.Text = "(fp.fma " + rms + " " + lit(a) + " " + lit(b) + " " + lit(c) + ")"
		t.Want = fv(fp.Fma(rm, a, b, c))
	case "fp.sqrt", "fp.roundToIntegral":
		t.Text = "(" + op + " " + rms + " " + lit(a) + ")"
		if op == "fp.sqrt" {
			t.Want = fv(fp.Sqrt(rm, a))
		} else {
			t.Want = fv(fp.RoundToIntegral(rm, a))
		}
	case "fp.rem":
		t.Text = "(fp.rem " + lit(a) + " " + lit(b) + ")"
		t.Want = fv(fp.Rem(a, b))
	case "fp.min", "fp.max":
		fn := fp.Min
		if op == "fp.max" {
			fn = fp.Max
		}
		if g.R.IntN(8) == 0 {
			b = fp.Neg(a)
		}
		v, ok := fn(a, b)
		if !ok {
			return skip()
		}
		t.Text = "(" + op + " " + lit(a) + " " + lit(b) + ")"
		t.Want = fv(v)
	case "fp.leq", "fp.lt", "fp.geq", "fp.gt", "fp.eq", "=":
		fn := map[string]func(x, y fp.Float) bool{"fp.leq": fp.Leq, "fp.lt": fp.Lt, "fp.geq": fp.Geq, "fp.gt": fp.Gt, "fp.eq": fp.Eq, "=": fp.Equal}[op]
		if g.R.IntN(8) == 0 {
			b = fp.Neg(a)
		}
		args := []fp.Float{a, b}
		if g.R.IntN(5) == 0 {
			args = append(args, gen.Near(b))
		}
		v := true
		var sb strings.Builder
		sb.WriteString("(" + op)
		for i, x := range args {
			sb.WriteString(" " + lit(x))
			if i > 0 {
				if op == "=" {
					v = v && fn(args[0], x) // = is transitive anyway
				} else {
					v = v && fn(args[i-1], x)
				}
			}
		}
		t.Text = sb.String() + ")"
		t.Want = smt.BoolValue(v)
	case "fp.isNormal", "fp.isSubnormal", "fp.isZero", "fp.isInfinite", "fp.isNaN", "fp.isNegative", "fp.isPositive":
		fn := map[string]func(fp.Float) bool{"fp.isNormal": fp.Float.IsNormal, "fp.isSubnormal": fp.Float.IsSubnormal,
			"fp.isZero": fp.Float.IsZero, "fp.isInfinite": fp.Float.IsInfinite, "fp.isNaN": fp.Float.IsNaN,
			"fp.isNegative": fp.Float.IsNegative, "fp.isPositive": fp.Float.IsPositive}[op]
		t.Text = "(" + op + " " + lit(a) + ")"
		t.Want = smt.BoolValue(fn(a))
	case "fp":
		bits := gen.randBits(eb + sb)
		x := fp.FromBits(eb, sb, bits)
		t.Text = fmt.Sprintf("(fp %s %s %s)", bvLit(new(big.Int).Rsh(bits, uint(eb+sb-1)), 1),
			bvLit(new(big.Int).And(new(big.Int).Rsh(bits, uint(sb-1)), mask(eb)), eb), bvLit(new(big.Int).And(bits, mask(sb-1)), sb-1))
		t.Want = fv(x)
	case "to_fp/bv":
		bits := gen.randBits(eb + sb)
		if g.R.IntN(2) == 0 {
			bits = a.Bits
			if a.IsNaN() { // a non-canonical NaN pattern
				bits = new(big.Int).Or(bits, big.NewInt(int64(g.R.IntN(3))))
			}
		}
		t.Text = fmt.Sprintf("((_ to_fp %d %d) %s)", eb, sb, bvLit(bits, eb+sb))
		t.Want = fv(fp.FromBits(eb, sb, bits))
	case "to_fp/fp":
		d := g.Formats[g.R.IntN(len(g.Formats))]
		t.Text = fmt.Sprintf("((_ to_fp %d %d) %s %s)", d[0], d[1], rms, lit(a))
		t.Want = fv(fp.Convert(rm, a, d[0], d[1]))
	case "to_fp/real":
		q := g.rat(gen)
		t.Text = fmt.Sprintf("((_ to_fp %d %d) %s %s)", eb, sb, rms, realLit(q))
		t.Want = fv(fp.FromRat(rm, q, eb, sb))
	case "to_fp/sbv", "to_fp_unsigned":
		w := 1 + g.R.IntN(80)
		v := gen.randBits(w)
		if g.R.IntN(2) == 0 && w > 2 { // a power of two and a few low bits: ties
			v = new(big.Int).Lsh(big.NewInt(1), uint(g.R.IntN(w-1)))
			v.Add(v, big.NewInt(int64(g.R.IntN(16))))
			v.And(v, mask(w))
		}
		name := "to_fp"
		want := fp.FromSigned(rm, v, w, eb, sb)
		if op == "to_fp_unsigned" {
			name = op
			want = fp.FromUnsigned(rm, v, w, eb, sb)
		}
		t.Text = fmt.Sprintf("((_ %s %d %d) %s %s)", name, eb, sb, rms, bvLit(v, w))
		t.Want = fv(want)
	case "fp.to_ubv", "fp.to_sbv":
		w := 1 + g.R.IntN(70)
		if g.R.IntN(2) == 0 { // a value in or near range
			x := new(big.Rat).SetFrac(gen.randBits(w+1), new(big.Int).Lsh(big.NewInt(1), uint(g.R.IntN(8))))
			if g.R.IntN(3) == 0 {
				x.Neg(x)
			}
			a = fp.FromRat(rm, x, eb, sb)
		}
		var v *big.Int
		var ok bool
		if op == "fp.to_ubv" {
			v, ok = fp.ToUnsigned(rm, a, w)
		} else {
			v, ok = fp.ToSigned(rm, a, w)
		}
		if !ok {
			return skip()
		}
		t.Text = fmt.Sprintf("((_ %s %d) %s %s)", op, w, rms, lit(a))
		t.Want = smt.NewBVValue(v, w)
	case "fp.to_real":
		q, ok := fp.ToRat(a)
		if !ok {
			return skip()
		}
		t.Text = "(fp.to_real " + lit(a) + ")"
		t.Want = smt.RealValue{V: q}
	}
	return t, true
}

func mask(n int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(n))
	return m.Sub(m, big.NewInt(1))
}

// rat draws a rational near the format's numbers, or a random quotient.
func (g *TermGen) rat(gen *Gen) *big.Rat {
	if g.R.IntN(2) == 0 {
		x := gen.Float()
		q, ok := fp.ToRat(x)
		if !ok {
			q = big.NewRat(1, 1)
		}
		y, ok := fp.ToRat(gen.Near(x))
		if ok && g.R.IntN(2) == 0 { // the midpoint, or near it
			q.Add(q, y)
			q.Quo(q, big.NewRat(2, 1))
		}
		d := new(big.Rat).SetFrac(big.NewInt(g.R.Int64N(3)-1), new(big.Int).Lsh(big.NewInt(1), uint(200+g.R.IntN(200))))
		return q.Add(q, d)
	}
	n := gen.randBits(1 + g.R.IntN(120))
	d := gen.randBits(1 + g.R.IntN(120))
	if d.Sign() == 0 {
		d.SetInt64(1)
	}
	if g.R.IntN(2) == 0 {
		n.Neg(n)
	}
	return new(big.Rat).SetFrac(n, d)
}

// Solver is how to run a solver that reads a script on stdin.
type Solver struct {
	Name string
	Bin  string
	Args []string
}

// Z3 and CVC5 are the solver invocations for a binary path.
func Z3(bin string) Solver   { return Solver{Name: "z3", Bin: bin, Args: []string{"-in", "-smt2"}} }
func CVC5(bin string) Solver { return Solver{Name: "cvc5", Bin: bin, Args: []string{"--lang=smt2"}} }

// Disagreement is a term on which fp and the solver differ.
type Disagreement struct {
	Op, Term, Ours, Theirs string
}

// OpCount counts one operation's terms.
type OpCount struct {
	Compared, Agree, Skipped, SolverErrors int
}

// SolverReport is the result of RunSolver.
type SolverReport struct {
	Solver                                        string
	Terms, Compared, Agree, Skipped, SolverErrors int
	Disagreements                                 []Disagreement
	Errors                                        []string // the first solver error messages
	ByOp                                          map[string]*OpCount
	Elapsed                                       time.Duration
}

// RunSolver draws n terms over formats (nil: [Formats]), not counting the
// unspecified ones it skips, sends them to the solver in batches of batch
// terms per process, and compares the solver's get-value answers with
// fp's values.
func RunSolver(ctx context.Context, s Solver, n, batch int, seed uint64, formats [][2]int) (*SolverReport, error) {
	start := time.Now()
	g := NewTermGen(seed, formats)
	rep := &SolverReport{Solver: s.Name, ByOp: map[string]*OpCount{}}
	for _, op := range SolverOps {
		rep.ByOp[op] = &OpCount{}
	}
	for done := 0; done < n; {
		k := min(batch, n-done)
		terms := make([]Term, k)
		for i := range terms {
			terms[i] = g.Next()
		}
		done += k
		if err := runBatch(ctx, s, terms, rep); err != nil {
			return rep, err
		}
	}
	for op, c := range g.Skipped {
		rep.ByOp[op].Skipped += c
		rep.Skipped += c
	}
	rep.Terms = n
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// runBatch evaluates terms in one solver process; when the solver rejects
// the batch it is split in halves until the culprit term is alone.
func runBatch(ctx context.Context, s Solver, terms []Term, rep *SolverReport) error {
	vals, errMsg, err := getValues(ctx, s, terms)
	if err != nil {
		return err
	}
	if errMsg != "" {
		if len(terms) == 1 {
			rep.SolverErrors++
			rep.ByOp[terms[0].Op].SolverErrors++
			if len(rep.Errors) < 20 {
				rep.Errors = append(rep.Errors, terms[0].Text+": "+errMsg)
			}
			return nil
		}
		h := len(terms) / 2
		if err := runBatch(ctx, s, terms[:h], rep); err != nil {
			return err
		}
		return runBatch(ctx, s, terms[h:], rep)
	}
	for i, t := range terms {
		c := rep.ByOp[t.Op]
		c.Compared++
		rep.Compared++
		if Same(t.Want, vals[i]) {
			c.Agree++
			rep.Agree++
			continue
		}
		rep.Disagreements = append(rep.Disagreements, Disagreement{Op: t.Op, Term: t.Text, Ours: valueString(t.Want), Theirs: valueString(vals[i])})
	}
	return nil
}

func valueString(v smt.Value) string {
	if x, ok := v.(smt.FPValue); ok {
		return fp.Float(x).String()
	}
	if v == nil {
		return "<nil>"
	}
	return v.String()
}

// Same compares fp's value with a solver's: floats by canonical bit
// pattern, reals exactly.
func Same(ours, theirs smt.Value) bool {
	switch x := ours.(type) {
	case smt.FPValue:
		y, ok := theirs.(smt.FPValue)
		return ok && fp.Equal(fp.Float(x), fp.Float(y))
	case smt.RealValue:
		switch y := theirs.(type) {
		case smt.RealValue:
			return x.V.Cmp(y.V) == 0
		case smt.IntValue:
			return x.V.IsInt() && x.V.Num().Cmp(y.V) == 0
		}
		return false
	}
	return smt.ValueEqual(ours, theirs)
}

// getValues runs one solver process on the batch's get-value query.
func getValues(ctx context.Context, s Solver, terms []Term) ([]smt.Value, string, error) {
	var script bytes.Buffer
	script.WriteString("(set-option :produce-models true)\n(set-logic ALL)\n(check-sat)\n(get-value (")
	for _, t := range terms {
		script.WriteString(t.Text)
		script.WriteByte('\n')
	}
	script.WriteString("))\n")
	res, err := solver.Run(ctx, solver.Command(s.Name, s.Bin, s.Args...), solver.BytesInput(script.Bytes()),
		solver.RunOptions{Limits: solver.Limits{Wall: 5 * time.Minute}})
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", s.Name, err)
	}
	if ctx.Err() != nil || res.Status == solver.StatusTimeout {
		return nil, "", fmt.Errorf("%s: batch of %d terms: %s (%s)", s.Name, len(terms), res.Status, res.Reason)
	}
	text := res.Stdout
	if i := bytes.Index(text, []byte("(error")); i >= 0 {
		return nil, strings.TrimSpace(string(text[i:])), nil
	}
	if res.Signal != "" || res.ExitCode != 0 {
		return nil, fmt.Sprintf("exit %d%s: %s", res.ExitCode, res.Signal, strings.TrimSpace(string(res.Stderr))), nil
	}
	first, rest, _ := bytes.Cut(text, []byte("\n"))
	if string(bytes.TrimSpace(first)) != "sat" {
		return nil, "answer " + strconv.Quote(string(first)), nil
	}
	sc, err := smtlib.Parse("batch.smt2", script.Bytes())
	if err != nil {
		return nil, "", fmt.Errorf("fptest: our batch does not parse: %w", err)
	}
	pairs, err := smtlib.ParseValues(rest, sc)
	if err != nil {
		return nil, "get-value answer does not parse: " + err.Error(), nil
	}
	if len(pairs) != len(terms) {
		return nil, fmt.Sprintf("%d values for %d terms", len(pairs), len(terms)), nil
	}
	vals := make([]smt.Value, len(pairs))
	for i, p := range pairs {
		v, err := smt.ValueOf(p.Value)
		if err != nil {
			return nil, fmt.Sprintf("value %s: %v", p.Value, err), nil
		}
		vals[i] = v
	}
	return vals, "", nil
}

// SortedOps lists the operations of a report in SolverOps order.
func (r *SolverReport) SortedOps() []string {
	ops := make([]string, 0, len(r.ByOp))
	for op := range r.ByOp {
		ops = append(ops, op)
	}
	idx := map[string]int{}
	for i, op := range SolverOps {
		idx[op] = i
	}
	sort.Slice(ops, func(i, j int) bool { return idx[ops[i]] < idx[ops[j]] })
	return ops
}
