package smt

import (
	"fmt"
	"math/big"
	"sync/atomic"
	"unsafe"
)

var datatypeUID atomic.Uint64

// Apply builds the application of a theory operator with its numeral
// indices (nil for a plain operator). It type-checks and returns a
// [*SortError] naming the operator and the offending sorts.
func (s *Store) Apply(op Op, idx []int, args ...*Term) (*Term, error) {
	if op == OpNone || op >= numOps {
		return nil, fmt.Errorf("unknown operator %d", op)
	}
	if op == OpSub && len(args) == 1 {
		op = OpNeg
	}
	info := &opTable[op]
	if len(idx) != info.Indices {
		return nil, &SortError{Op: info.Name, Indices: idx, Msg: fmt.Sprintf("takes %d indices, got %d", info.Indices, len(idx))}
	}
	if !info.AcceptsArgs(len(args)) {
		// Checked here, once for every operator, so that no sort rule
		// indexes an argument list of the wrong length (issue 28 item 4).
		return nil, &SortError{Op: info.Name, Indices: idx, Msg: arityMsg(info.MinArgs, info.MaxArgs, len(args))}
	}
	sorts := s.sortBuf[:0] // a scratch slice: a local array would escape to the heap
	for _, a := range args {
		sorts = append(sorts, a.Sort())
	}
	s.sortBuf = sorts[:0]
	res, msg := info.check(idx, sorts, !s.Options.StrictArith)
	if msg != "" {
		return nil, &SortError{Op: info.Name, Indices: idx, Args: append([]*Sort(nil), sorts...), Msg: msg}
	}
	if len(idx) > 0 {
		return s.node(shape{sort: res, op: op, kind: App, aux: auxIdx}, args, unsafe.Pointer(s.internIdx(idx)), 0), nil
	}
	return s.node(shape{sort: res, op: op, kind: App}, args, nil, 0), nil
}

// MustApply is [Store.Apply] for terms known to be well-sorted (tests,
// generators that construct sorts correctly); it panics on a sort error.
func (s *Store) MustApply(op Op, idx []int, args ...*Term) *Term {
	t, err := s.Apply(op, idx, args...)
	if err != nil {
		panic(err)
	}
	return t
}

// True is the constant true.
func (s *Store) True() *Term { return s.MustApply(OpTrue, nil) }

// False is the constant false.
func (s *Store) False() *Term { return s.MustApply(OpFalse, nil) }

// Bool is true or false.
func (s *Store) Bool(b bool) *Term {
	if b {
		return s.True()
	}
	return s.False()
}

// Numeral is an Int literal. Negative values are built as (- n).
func (s *Store) Numeral(v *big.Int) *Term {
	if v.Sign() < 0 {
		return s.MustApply(OpNeg, nil, s.natural(new(big.Int).Neg(v)))
	}
	return s.natural(v)
}

// natural is the Int literal v >= 0; v is copied when it is kept.
func (s *Store) natural(v *big.Int) *Term {
	if v.IsUint64() {
		return s.literal(intSort, LitNumeral, v.Uint64())
	}
	return s.node(shape{sort: intSort, kind: Literal, lit: LitNumeral, aux: auxBig}, nil, unsafe.Pointer(new(big.Int).Set(v)), 0)
}

// literal is a numeral or bit-vector literal of a value below 2^64. Every
// such value is held this way, whichever builder made it, so that equal
// literals are one node.
func (s *Store) literal(sort *Sort, lit LiteralKind, v uint64) *Term {
	return s.node(shape{sort: sort, kind: Literal, lit: lit, aux: auxU64}, nil, nil, v)
}

// Int is an Int literal from an int64.
func (s *Store) Int(v int64) *Term {
	if v < 0 {
		return s.MustApply(OpNeg, nil, s.literal(intSort, LitNumeral, -uint64(v)))
	}
	return s.literal(intSort, LitNumeral, uint64(v))
}

// Decimal is a Real literal. Negative values are built as (- d); values that
// are not decimal fractions are built as (/ p q).
func (s *Store) Decimal(v *big.Rat) *Term {
	if v.Sign() < 0 {
		return s.MustApply(OpNeg, nil, s.Decimal(new(big.Rat).Neg(v)))
	}
	if !isDecimalFraction(v) {
		p := s.decimal(new(big.Rat).SetInt(v.Num()))
		q := s.decimal(new(big.Rat).SetInt(v.Denom()))
		return s.MustApply(OpDiv, nil, p, q)
	}
	return s.decimal(new(big.Rat).Set(v))
}

// decimal is the Real literal v, a non-negative decimal fraction that the
// term keeps.
func (s *Store) decimal(v *big.Rat) *Term {
	return s.node(shape{sort: realSort, kind: Literal, lit: LitDecimal, aux: auxRat}, nil, unsafe.Pointer(v), 0)
}

// isDecimalFraction reports whether the denominator of v is 2^a 5^b.
func isDecimalFraction(v *big.Rat) bool {
	d := new(big.Int).Set(v.Denom())
	two, five := big.NewInt(2), big.NewInt(5)
	m := new(big.Int)
	for {
		q, r := new(big.Int).QuoRem(d, two, m)
		if r.Sign() != 0 {
			break
		}
		d = q
	}
	for {
		q, r := new(big.Int).QuoRem(d, five, m)
		if r.Sign() != 0 {
			break
		}
		d = q
	}
	return d.IsInt64() && d.Int64() == 1
}

// BV is a bit-vector literal of width w; v is taken modulo 2^w.
func (s *Store) BV(v *big.Int, w int) (*Term, error) {
	if w <= 0 {
		return nil, fmt.Errorf("bit-vector width must be positive, got %d", w)
	}
	if v.Sign() >= 0 && v.IsUint64() {
		return s.BVUint64(v.Uint64(), w), nil
	}
	n := new(big.Int).Set(v)
	if n.Sign() < 0 || n.BitLen() > w {
		mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
		n.Mod(n, mod)
	}
	if n.IsUint64() {
		return s.literal(BitVecSort(w), LitBitVec, n.Uint64()), nil
	}
	return s.node(shape{sort: BitVecSort(w), kind: Literal, lit: LitBitVec, aux: auxBig}, nil, unsafe.Pointer(n), 0), nil
}

// BVUint64 is a bit-vector literal from the low w bits of v (w >= 1).
func (s *Store) BVUint64(v uint64, w int) *Term {
	if w <= 0 {
		panic(fmt.Sprintf("bit-vector width must be positive, got %d", w))
	}
	if w < 64 {
		v &= 1<<uint(w) - 1
	}
	return s.literal(BitVecSort(w), LitBitVec, v)
}

// String is a string literal of code points (each must be in 0..0x2FFFF).
func (s *Store) String(cps []rune) (*Term, error) {
	for _, c := range cps {
		if c < 0 || c > MaxCodePoint {
			return nil, fmt.Errorf("code point %#x is outside the SMT-LIB range 0..0x2FFFF", c)
		}
	}
	return s.node(shape{sort: strSort, kind: Literal, lit: LitString, aux: auxRunes}, nil, unsafe.Pointer(&runesRec{append([]rune{}, cps...)}), 0), nil
}

// MaxCodePoint is the largest code point of an SMT-LIB string.
const MaxCodePoint = 0x2FFFF

// Var is the bound variable name of the given sort (for let, quantifiers
// and function definitions). Variables are identified by name and sort:
// scoping is positional, as in SMT-LIB text.
func (s *Store) Var(name string, sort *Sort) *Term {
	return s.node(shape{sort: sort, kind: Var, aux: auxName}, nil, unsafe.Pointer(s.internName(name)), 0)
}

// Let builds (let ((v1 t1) … ) body).
func (s *Store) Let(vars, vals []*Term, body *Term) (*Term, error) {
	if len(vars) != len(vals) || len(vars) == 0 {
		return nil, fmt.Errorf("let needs as many values as variables, and at least one")
	}
	for i, v := range vars {
		if v.Kind() != Var {
			return nil, fmt.Errorf("let binds a non-variable")
		}
		if v.Sort() != vals[i].Sort() {
			return nil, fmt.Errorf("let variable %s has sort %s but is bound to a %s", v.Name(), v.Sort(), vals[i].Sort())
		}
	}
	args := append(append(make([]*Term, 0, len(vals)+1), vals...), body)
	return s.node(shape{sort: body.Sort(), kind: Let, aux: auxBinders}, args, unsafe.Pointer(s.internBinders(vars)), 0), nil
}

// Quantifier builds (forall (vars) body) or (exists (vars) body).
func (s *Store) Quantifier(forall bool, vars []*Term, body *Term) (*Term, error) {
	if body.Sort() != boolSort {
		return nil, fmt.Errorf("quantifier body must be Bool, got %s", body.Sort())
	}
	if len(vars) == 0 {
		return nil, fmt.Errorf("quantifier binds no variable")
	}
	k := Exists
	if forall {
		k = Forall
	}
	return s.node(shape{sort: boolSort, kind: k, aux: auxBinders}, []*Term{body}, unsafe.Pointer(s.internBinders(vars)), 0), nil
}

// Match builds (match t ((p1 b1) … (pn bn))) from the patterns of cases
// and their bodies. t must be of a datatype sort; a constructor pattern
// names a constructor of that datatype and binds one variable per field,
// of the field's sort (at t's sort parameters); a variable pattern binds
// one variable of t's sort. All bodies have one sort, the match's. The
// cases need not cover every constructor: a value no case matches makes
// the match's value undefined.
func (s *Store) Match(t *Term, cases []MatchCase, bodies []*Term) (*Term, error) {
	ts := t.Sort()
	if ts.Kind != KindDatatype || ts.Datatype == nil {
		return nil, fmt.Errorf("match needs a term of a datatype sort, got %s", ts)
	}
	if len(cases) == 0 || len(cases) != len(bodies) {
		return nil, fmt.Errorf("match needs at least one case, and one body per pattern")
	}
	bind := map[string]*Sort{}
	for i, p := range ts.Datatype.Params {
		bind[p] = ts.Params[i]
	}
	for i, c := range cases {
		if err := checkPattern(c, ts, bind); err != nil {
			return nil, fmt.Errorf("match case %d: %w", i+1, err)
		}
		if bodies[i].Sort() != bodies[0].Sort() {
			return nil, fmt.Errorf("match case %d has sort %s, but case 1 has sort %s", i+1, bodies[i].Sort(), bodies[0].Sort())
		}
	}
	args := append(append(make([]*Term, 0, len(bodies)+1), t), bodies...)
	return s.node(shape{sort: bodies[0].Sort(), kind: MatchTerm, aux: auxMatch}, args, unsafe.Pointer(s.internMatch(cases)), 0), nil
}

// checkPattern checks one pattern of a match on a term of sort ts, whose
// datatype's parameters are bound in bind.
func checkPattern(c MatchCase, ts *Sort, bind map[string]*Sort) error {
	for i, v := range c.Vars {
		if v == nil || v.Kind() != Var {
			return fmt.Errorf("a pattern binds a non-variable")
		}
		for _, w := range c.Vars[:i] {
			if w.Name() == v.Name() {
				return fmt.Errorf("pattern variable %s occurs twice", v.Name())
			}
		}
	}
	f := c.Constructor
	if f == nil {
		if len(c.Vars) != 1 || c.Vars[0].Sort() != ts {
			return fmt.Errorf("a variable pattern binds one variable of sort %s", ts)
		}
		return nil
	}
	if f.Kind != FuncConstructor || f.Datatype != ts.Datatype {
		return fmt.Errorf("%s is not a constructor of %s", f.Name, ts)
	}
	if len(c.Vars) != len(f.Params) {
		return fmt.Errorf("constructor %s has %d fields, the pattern binds %d variables", f.Name, len(f.Params), len(c.Vars))
	}
	for i, p := range f.Params {
		if want := p.Subst(bind); c.Vars[i].Sort() != want {
			return fmt.Errorf("pattern variable %s of %s has sort %s, the field has sort %s", c.Vars[i].Name(), f.Name, c.Vars[i].Sort(), want)
		}
	}
	return nil
}

// Annotate builds (! t attrs…).
func (s *Store) Annotate(t *Term, attrs []Attribute) *Term {
	return s.node(shape{sort: t.Sort(), kind: Annotated, aux: auxAttrs}, []*Term{t}, unsafe.Pointer(&attrsRec{append([]Attribute(nil), attrs...)}), 0)
}

// ConstArray builds ((as const sort) v), the array mapping every index to v.
func (s *Store) ConstArray(sort *Sort, v *Term) (*Term, error) {
	if sort.Kind != KindArray {
		return nil, fmt.Errorf("as const needs an array sort, got %s", sort)
	}
	if !accepts(sort.Elem(), v.Sort(), !s.Options.StrictArith) {
		return nil, fmt.Errorf("constant array of %s with a %s value", sort, v.Sort())
	}
	return s.node(shape{sort: sort, op: OpConstArray, kind: App}, []*Term{v}, nil, 0), nil
}

// NewFunc creates a function symbol. It does not check names; scopes are
// the parser's business.
func (s *Store) NewFunc(name string, kind FuncKind, params []*Sort, result *Sort) *Func {
	s.funcs++
	return &Func{Name: name, Kind: kind, Params: append([]*Sort(nil), params...), Result: result, id: s.funcs}
}

// Const is the application of a constant symbol (a Func of no parameters).
func (s *Store) Const(f *Func) *Term {
	t, err := s.ApplyFunc(f, nil)
	if err != nil {
		panic(err)
	}
	return t
}

// ApplyFunc applies a function symbol. For datatype constructors of a
// parametric datatype the result sort is inferred from the arguments;
// when it cannot be (nullary constructors), use [Store.ApplyFuncAs].
func (s *Store) ApplyFunc(f *Func, args []*Term) (*Term, error) {
	return s.ApplyFuncAs(f, args, nil)
}

// ApplyFuncAs applies f with its result sort fixed to as (nil: inferred),
// as in ((as nil (List Int))).
func (s *Store) ApplyFuncAs(f *Func, args []*Term, as *Sort) (*Term, error) {
	if len(args) != len(f.Params) {
		return nil, &SortError{Op: f.Name, Args: sortsOf(args), Msg: fmt.Sprintf("takes %d arguments, got %d", len(f.Params), len(args))}
	}
	res := f.Result
	poly := res.HasParams()
	for _, p := range f.Params {
		poly = poly || p.HasParams()
	}
	if poly {
		bind := map[string]*Sort{}
		if as != nil && !Match(res, as, bind) {
			return nil, &SortError{Op: f.Name, Msg: fmt.Sprintf("cannot have sort %s", as)}
		}
		for i, p := range f.Params {
			if !Match(p, args[i].Sort(), bind) {
				return nil, &SortError{Op: f.Name, Args: sortsOf(args), Msg: fmt.Sprintf("argument %d must be %s, got %s", i+1, p, args[i].Sort())}
			}
		}
		res = res.Subst(bind)
		if res.HasParams() {
			return nil, &SortError{Op: f.Name, Msg: "result sort is ambiguous; qualify it with (as " + f.Name + " SORT)"}
		}
	} else {
		for i, p := range f.Params {
			if !accepts(p, args[i].Sort(), !s.Options.StrictArith) {
				return nil, &SortError{Op: f.Name, Args: sortsOf(args), Msg: fmt.Sprintf("argument %d must be %s, got %s", i+1, p, args[i].Sort())}
			}
		}
		if as != nil && as != res {
			return nil, &SortError{Op: f.Name, Msg: fmt.Sprintf("has sort %s, not %s", res, as)}
		}
	}
	return s.node(shape{sort: res, kind: App, aux: auxFunc}, args, unsafe.Pointer(f), 0), nil
}

func sortsOf(ts []*Term) []*Sort {
	r := make([]*Sort, len(ts))
	for i, t := range ts {
		r[i] = t.Sort()
	}
	return r
}

// DatatypeDecl is the input of [Store.DeclareDatatypes]: a name, its sort
// parameters, and constructors with their fields.
type DatatypeDecl struct {
	Name         string
	Params       []string
	Constructors []ConstructorDecl
}

// ConstructorDecl is one constructor: its name and its fields (selector name
// and sort). Field sorts may mention the sort parameters of the datatype and
// the datatypes being declared (through [Store.DeclareDatatypes]' sortOf).
type ConstructorDecl struct {
	Name   string
	Fields []FieldDecl
}

// FieldDecl is one field of a constructor.
type FieldDecl struct {
	Name string
	Sort *Sort
}

// NewDatatypes creates the datatypes of one declare-datatypes command,
// before their constructors are known, so that field sorts can refer to
// them. Complete each with [Store.DefineConstructors].
func (s *Store) NewDatatypes(names []string, params [][]string) []*Datatype {
	out := make([]*Datatype, len(names))
	for i, n := range names {
		// uids are process-wide: datatype sorts are interned globally, and
		// two stores' datatypes of the same name must stay distinct.
		out[i] = &Datatype{Name: n, Params: params[i], uid: datatypeUID.Add(1)}
	}
	return out
}

// DefineConstructors gives d its constructors, creating constructor,
// selector and tester functions. The datatype sort used as their result is
// d applied to its own parameters.
func (s *Store) DefineConstructors(d *Datatype, cons []ConstructorDecl) error {
	if len(cons) == 0 {
		return fmt.Errorf("datatype %s has no constructor", d.Name)
	}
	ps := make([]*Sort, len(d.Params))
	for i, p := range d.Params {
		ps[i] = ParamSort(p)
	}
	self := DatatypeSort(d, ps...)
	for _, c := range cons {
		fs := make([]*Sort, len(c.Fields))
		for i, f := range c.Fields {
			fs[i] = f.Sort
		}
		cf := s.NewFunc(c.Name, FuncConstructor, fs, self)
		cf.Datatype = d
		for i, f := range c.Fields {
			sel := s.NewFunc(f.Name, FuncSelector, []*Sort{self}, f.Sort)
			sel.Datatype, sel.Constructor, sel.Field = d, cf, i
			cf.Selectors = append(cf.Selectors, sel)
		}
		tf := s.NewFunc(c.Name, FuncTester, []*Sort{self}, boolSort)
		tf.Datatype, tf.Constructor = d, cf
		cf.Tester = tf
		d.Constructors = append(d.Constructors, cf)
	}
	return nil
}

// AsArray builds z3's (_ as-array f) for a unary function f: the array of
// sort (Array P R) whose value at i is (f i).
func (s *Store) AsArray(f *Func) (*Term, error) {
	if len(f.Params) != 1 {
		return nil, fmt.Errorf("as-array needs a function of one argument, %s takes %d", f.Name, len(f.Params))
	}
	return s.node(shape{sort: ArraySort(f.Params[0], f.Result), op: OpAsArray, kind: App, aux: auxFunc}, nil, unsafe.Pointer(f), 0), nil
}

// SeqEmpty builds (as seq.empty sort), the empty sequence of a sequence sort.
func (s *Store) SeqEmpty(sort *Sort) (*Term, error) {
	if sort.Kind != KindSeq {
		return nil, fmt.Errorf("seq.empty needs a sequence sort, got %s", sort)
	}
	return s.node(shape{sort: sort, op: OpSeqEmpty, kind: App}, nil, nil, 0), nil
}
