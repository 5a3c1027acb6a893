package fuzzysat

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// Var is one input variable laid out in the input bytes: Width bits
// (1 for Bool) stored little-endian in the bytes Offset … Offset+Bytes()-1.
type Var struct {
	Func   *smt.Func
	Width  int
	Offset int
	Bool   bool
}

// Bytes is the number of bytes the variable occupies.
func (v Var) Bytes() int { return (v.Width + 7) / 8 }

// Layout places a set of bit-vector and Bool variables in a flat byte
// array, the search space of the byte-level mutations. In the FUZZY-SAT
// convention (see [KLayout]) the symbol k!i is byte i of the seed file; in
// the general one ([NewLayout]) variables follow each other in the order
// given, each in ceil(width/8) bytes, least significant byte first.
type Layout struct {
	Vars []Var
	// Size is the number of bytes of an assignment (for the k!i convention,
	// at least the seed file's length).
	Size int
	// K is true for the FUZZY-SAT k!i convention.
	K     bool
	index map[*smt.Func]int
	owner []int // byte -> var index (-1: no var)
}

// NewLayout lays out the declared constants funcs one after the other.
// Every one must be a Bool or a bit-vector constant.
func NewLayout(funcs []*smt.Func) (*Layout, error) {
	l := &Layout{index: map[*smt.Func]int{}}
	off := 0
	for _, f := range funcs {
		v, err := varOf(f)
		if err != nil {
			return nil, err
		}
		if _, dup := l.index[f]; dup {
			continue
		}
		v.Offset = off
		off += v.Bytes()
		l.index[f] = len(l.Vars)
		l.Vars = append(l.Vars, v)
	}
	l.Size = off
	l.finish()
	return l, nil
}

// KLayout lays out the FUZZY-SAT symbols k!0, k!1, …: each is an 8-bit
// constant equal to byte i of the seed. size is the seed's length (the
// layout grows to the largest index if that is longer).
func KLayout(funcs []*smt.Func, size int) (*Layout, error) {
	l := &Layout{index: map[*smt.Func]int{}, K: true}
	for _, f := range funcs {
		i, ok := KIndex(f)
		if !ok {
			return nil, fmt.Errorf("fuzzysat: %s is not a FUZZY-SAT input symbol (k!N of sort (_ BitVec 8))", f.Name)
		}
		if _, dup := l.index[f]; dup {
			continue
		}
		l.index[f] = len(l.Vars)
		l.Vars = append(l.Vars, Var{Func: f, Width: 8, Offset: i})
		if i+1 > size {
			size = i + 1
		}
	}
	l.Size = size
	l.finish()
	return l, nil
}

// KIndex reports whether f is the FUZZY-SAT symbol k!i of sort
// (_ BitVec 8), and i.
func KIndex(f *smt.Func) (int, bool) {
	if f == nil || !f.IsConst() || f.Result == nil || f.Result.Kind != smt.KindBitVec || f.Result.Width != 8 {
		return 0, false
	}
	s, ok := strings.CutPrefix(f.Name, "k!")
	if !ok || s == "" {
		return 0, false
	}
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || i > 1<<26 {
		return 0, false
	}
	return i, true
}

func varOf(f *smt.Func) (Var, error) {
	if f == nil || !f.IsConst() || f.Result == nil {
		return Var{}, fmt.Errorf("fuzzysat: %v is not a constant", f)
	}
	switch f.Result.Kind {
	case smt.KindBool:
		return Var{Func: f, Width: 1, Bool: true}, nil
	case smt.KindBitVec:
		return Var{Func: f, Width: f.Result.Width}, nil
	}
	return Var{}, fmt.Errorf("fuzzysat: %s has sort %s; only Bool and bit-vector inputs are supported", f.Name, f.Result)
}

func (l *Layout) finish() {
	l.owner = make([]int, l.Size)
	for i := range l.owner {
		l.owner[i] = -1
	}
	for i, v := range l.Vars {
		for b := 0; b < v.Bytes(); b++ {
			if v.Offset+b < l.Size {
				l.owner[v.Offset+b] = i
			}
		}
	}
}

// Index is the position of f in Vars, or -1.
func (l *Layout) Index(f *smt.Func) int {
	if i, ok := l.index[f]; ok {
		return i
	}
	return -1
}

// Owner is the variable that byte b belongs to, or -1.
func (l *Layout) Owner(b int) int {
	if b < 0 || b >= len(l.owner) {
		return -1
	}
	return l.owner[b]
}

// Uint64 is the value of variable i in the assignment b (width <= 64).
func (l *Layout) Uint64(b []byte, i int) uint64 {
	v := l.Vars[i]
	var x uint64
	n := v.Bytes()
	if n > 8 {
		n = 8
	}
	for j := n - 1; j >= 0; j-- {
		x = x<<8 | uint64(b[v.Offset+j])
	}
	if v.Width < 64 {
		x &= 1<<uint(v.Width) - 1
	}
	return x
}

// Big is the value of variable i in the assignment b, any width.
func (l *Layout) Big(b []byte, i int) *big.Int {
	v := l.Vars[i]
	n := v.Bytes()
	be := make([]byte, n)
	for j := 0; j < n; j++ {
		be[n-1-j] = b[v.Offset+j]
	}
	x := new(big.Int).SetBytes(be)
	if n*8 > v.Width {
		x.Mod(x, new(big.Int).Lsh(big.NewInt(1), uint(v.Width)))
	}
	return x
}

// SetBig writes the value x of variable i into b.
func (l *Layout) SetBig(b []byte, i int, x *big.Int) {
	v := l.Vars[i]
	n := v.Bytes()
	y := new(big.Int).Set(x)
	mask := new(big.Int).Lsh(big.NewInt(1), uint(v.Width))
	y.Mod(y, mask)
	bs := y.FillBytes(make([]byte, n))
	for j := 0; j < n; j++ {
		b[v.Offset+j] = bs[n-1-j]
	}
}

// Value is variable i as an SMT value in the assignment b.
func (l *Layout) Value(b []byte, i int) smt.Value {
	v := l.Vars[i]
	if v.Bool {
		return smt.BoolValue(b[v.Offset]&1 == 1)
	}
	return smt.NewBVValue(l.Big(b, i), v.Width)
}

// Model is the assignment b as an evaluator model.
func (l *Layout) Model(b []byte) *eval.Model {
	m := eval.NewModel()
	for i, v := range l.Vars {
		_ = m.SetConst(v.Func, l.Value(b, i)) // sorts match by construction
	}
	return m
}

// FromModel writes the values a model gives the variables into b
// (variables the model does not interpret keep their bytes).
func (l *Layout) FromModel(m *eval.Model, b []byte) error {
	for i, v := range l.Vars {
		if val, ok := m.Const(v.Func); ok {
			if err := l.set(b, i, val); err != nil {
				return err
			}
		}
	}
	return nil
}

// FromValues writes into b the values of a solver's get-value answer
// ((x #x0a) (b true) …) about the layout's variables, read by
// [smtlib.ParseValues] (variables the answer does not name keep their
// bytes).
func (l *Layout) FromValues(answer []byte, b []byte) error {
	sc := &smtlib.Script{Filename: "get-value", Store: smt.NewStore()}
	for _, v := range l.Vars {
		if err := sc.Declare(v.Func); err != nil {
			return fmt.Errorf("fuzzysat: %w", err)
		}
	}
	pairs, err := smtlib.ParseValues(answer, sc)
	if err != nil {
		return fmt.Errorf("fuzzysat: get-value answer: %w", err)
	}
	for _, p := range pairs {
		i := -1
		if f := p.Term.Func(); f != nil && p.Term.IsConst() {
			i = l.Index(f)
		}
		if i < 0 {
			continue
		}
		val, err := smt.ValueOf(p.Value)
		if err != nil {
			return fmt.Errorf("fuzzysat: get-value answer: %w", err)
		}
		if err := l.set(b, i, val); err != nil {
			return err
		}
	}
	return nil
}

// set writes value val of variable i into b.
func (l *Layout) set(b []byte, i int, val smt.Value) error {
	v := l.Vars[i]
	switch x := val.(type) {
	case smt.BoolValue:
		if x {
			b[v.Offset] = 1
		} else {
			b[v.Offset] = 0
		}
	case smt.BVValue:
		l.SetBig(b, i, x.V)
	default:
		return fmt.Errorf("fuzzysat: %s has the value %v, not a bit-vector or Bool", v.Func.Name, val)
	}
	return nil
}

// Assignment is a solution printed as an SMT-LIB model, one define-fun
// per variable.
func (l *Layout) Assignment(b []byte) string {
	var sb strings.Builder
	sb.WriteString("(\n")
	for i, v := range l.Vars {
		fmt.Fprintf(&sb, "  (define-fun %s () %s %s)\n", smt.QuoteSymbol(v.Func.Name), v.Func.Result, valueText(l.Value(b, i)))
	}
	sb.WriteString(")\n")
	return sb.String()
}

func valueText(v smt.Value) string {
	if bv, ok := v.(smt.BVValue); ok {
		return smt.BVString(bv.V, bv.W)
	}
	return fmt.Sprint(v)
}
