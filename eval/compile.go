package eval

import (
	"errors"
	"fmt"

	"tandem/smt"
)

// ErrNotCompilable is wrapped by [Compile]'s errors for terms outside the
// compiled fragment (sorts other than Bool and bit-vectors up to 64 bits,
// quantifiers, datatypes, arrays). Evaluate those with an [Evaluator].
var ErrNotCompilable = errors.New("not compilable to a uint64 program")

// MaxCompiledWidth is the widest bit-vector a [Program] computes on.
const MaxCompiledWidth = 64

// Callee computes uninterpreted and closed-box functions for a compiled
// [Program]: args holds one value per parameter (a bit-vector's unsigned
// value, or 0/1 for Bool), and the result is masked to the result width.
// args is only valid during the call.
type Callee interface {
	Call(f *smt.Func, args []uint64) (uint64, error)
}

type opcode uint8

const (
	opNop opcode = iota
	opMov
	opNot1 // Bool not
	opAnd
	opOr
	opXor
	opNand
	opNor
	opXnor
	opBVNot
	opNeg
	opAdd
	opSub
	opMul
	opUdiv
	opUrem
	opSdiv
	opSrem
	opSmod
	opShl
	opLshr
	opAshr
	opEq
	opNe
	opUlt
	opUle
	opSlt
	opSle
	opIte
	opConcat  // dst = a<<k | b
	opExtract // dst = a>>k & mask
	opSext    // from width w to mask
	opRotl    // by k
	opRepeat  // k copies of w bits
	opCall
)

// instr is one instruction: dst = op(a, b, c) at operand width w, with
// immediate k and result mask m.
type instr struct {
	op      opcode
	w       uint8
	dst     uint32
	a, b, c uint32
	k       uint64
	m       uint64
}

type callSite struct {
	f          *smt.Func
	start, end int // arguments in Program.callArgs
}

// distKind is what a root's distance measures.
type distKind uint8

const (
	distBool distKind = iota // 0 when the register is 1, else 1
	distEq
	distNe
	distUlt
	distUle
	distSlt
	distSle
	distAnd // sum over children
	distOr  // minimum over children
)

type distNode struct {
	kind     distKind
	w        uint8
	a, b     uint32 // registers (or, for and/or, child node range)
	children []int
}

// Program is a compiled conjunction of Bool (or bit-vector) terms: a flat
// instruction list over uint64 registers. Registers 0..len(Inputs)-1 are
// the inputs, then constants, then one register per computed node. A
// Program is immutable; run it with a [Machine], one per goroutine.
type Program struct {
	code     []instr
	nregs    int
	init     []uint64 // initial register file: constants in place
	inputs   []*smt.Func
	inIndex  map[*smt.Func]int
	inMask   []uint64
	roots    []*smt.Term
	rootReg  []uint32
	calls    []callSite
	callArgs []uint32
	dist     []distNode
	rootDist []int
	nodes    int
}

// Inputs are the declared constants the program reads, in input order.
func (p *Program) Inputs() []*smt.Func { return p.inputs }

// InputIndex is the input number of constant f, or -1.
func (p *Program) InputIndex(f *smt.Func) int {
	if i, ok := p.inIndex[f]; ok {
		return i
	}
	return -1
}

// Roots are the compiled terms: the arguments of [Compile], with top-level
// conjunctions flattened into their conjuncts, in order.
func (p *Program) Roots() []*smt.Term { return p.roots }

// Len is the number of instructions.
func (p *Program) Len() int { return len(p.code) }

// Nodes is the number of term nodes compiled (inputs, constants and
// operators; a node under a let or in a defined function's body counts
// once per scope it is compiled in), a size measure independent of
// instruction selection.
func (p *Program) Nodes() int { return p.nodes }

// Compile compiles terms of sort Bool or (_ BitVec w), w <= 64, into a
// Program. Top-level and's are flattened so that [Machine.Depth] counts
// conjuncts (an and under a let stays one root: its conjuncts mention the
// let's variables). Declared constants become inputs, define-fun applications
// and let are expanded, other function applications become calls to the
// Machine's [Callee]. Anything else gives an error wrapping
// [ErrNotCompilable].
func Compile(terms ...*smt.Term) (*Program, error) {
	c := &compiler{
		p:    &Program{inIndex: map[*smt.Func]int{}},
		memo: map[*smt.Term]uint32{},
	}
	var flat []*smt.Term
	var flatten func(t *smt.Term)
	flatten = func(t *smt.Term) {
		for t.Kind() == smt.Annotated {
			t = t.Arg(0)
		}
		if t.Kind() == smt.App && t.Op() == smt.OpAnd && t.Func() == nil {
			for _, a := range t.Args() {
				flatten(a)
			}
			return
		}
		flat = append(flat, t)
	}
	for _, t := range terms {
		if t == nil {
			return nil, fmt.Errorf("nil term: %w", ErrNotCompilable)
		}
		flatten(t)
	}
	// Inputs first, so that they take registers 0..n-1.
	if err := c.collectInputs(flat); err != nil {
		return nil, err
	}
	for _, t := range flat {
		r, err := c.term(t, nil)
		if err != nil {
			return nil, err
		}
		c.p.roots = append(c.p.roots, t)
		c.p.rootReg = append(c.p.rootReg, r)
		c.p.rootDist = append(c.p.rootDist, c.distOf(t))
	}
	c.p.nregs = len(c.p.init)
	c.p.nodes = c.nodes
	return c.p, nil
}

type compiler struct {
	p      *Program
	memo   map[*smt.Term]uint32
	consts map[uint64]uint32
	seen   map[*smt.Term]bool
	depth  int
	nodes  int // term nodes compiled, counting a node once per let/function scope
}

type cscope struct {
	vars   map[*smt.Term]uint32
	memo   map[*smt.Term]uint32
	parent *cscope
}

func (sc *cscope) lookup(v *smt.Term) (uint32, bool) {
	for ; sc != nil; sc = sc.parent {
		if r, ok := sc.vars[v]; ok {
			return r, true
		}
	}
	return 0, false
}

func widthOf(s *smt.Sort) (int, error) {
	switch s.Kind {
	case smt.KindBool:
		return 1, nil
	case smt.KindBitVec:
		if s.Width > MaxCompiledWidth {
			return 0, fmt.Errorf("sort %s is wider than %d bits: %w", s, MaxCompiledWidth, ErrNotCompilable)
		}
		return s.Width, nil
	}
	return 0, fmt.Errorf("sort %s: %w", s, ErrNotCompilable)
}

func maskOf(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// collectInputs walks the terms (and the bodies of defined functions) and
// gives every declared constant an input register, in order of first
// occurrence.
func (c *compiler) collectInputs(ts []*smt.Term) error {
	c.seen = map[*smt.Term]bool{}
	var walk func(t *smt.Term, depth int) error
	walk = func(t *smt.Term, depth int) error {
		if c.seen[t] {
			return nil
		}
		c.seen[t] = true
		if depth > 100000 {
			return fmt.Errorf("term too deep: %w", ErrNotCompilable)
		}
		if f := t.Func(); f != nil && t.Kind() == smt.App {
			if f.Kind == smt.FuncDeclared && len(t.Args()) == 0 {
				if _, ok := c.p.inIndex[f]; !ok {
					w, err := widthOf(f.Result)
					if err != nil {
						return fmt.Errorf("constant %s: %w", f.Name, err)
					}
					c.p.inIndex[f] = len(c.p.inputs)
					c.p.inputs = append(c.p.inputs, f)
					c.p.inMask = append(c.p.inMask, maskOf(w))
					c.p.init = append(c.p.init, 0)
				}
			}
			if (f.Kind == smt.FuncDefined || f.Kind == smt.FuncDefinedRec) && f.Body != nil {
				if f.Kind == smt.FuncDefinedRec {
					return fmt.Errorf("recursive function %s: %w", f.Name, ErrNotCompilable)
				}
				if err := walk(f.Body, depth+1); err != nil {
					return err
				}
			}
		}
		for _, a := range t.Args() {
			if err := walk(a, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, t := range ts {
		if err := walk(t, 0); err != nil {
			return err
		}
	}
	c.seen = nil
	return nil
}

func (c *compiler) newReg() uint32 {
	c.p.init = append(c.p.init, 0)
	return uint32(len(c.p.init) - 1)
}

func (c *compiler) constReg(v uint64) uint32 {
	if c.consts == nil {
		c.consts = map[uint64]uint32{}
	}
	if r, ok := c.consts[v]; ok {
		return r
	}
	r := c.newReg()
	c.p.init[r] = v
	c.consts[v] = r
	return r
}

func (c *compiler) emit(in instr) uint32 {
	in.dst = c.newReg()
	c.p.code = append(c.p.code, in)
	return in.dst
}

func (c *compiler) term(t *smt.Term, sc *cscope) (uint32, error) {
	if t.Kind() == smt.Var {
		if r, ok := sc.lookup(t); ok {
			return r, nil
		}
		return 0, fmt.Errorf("free variable %s: %w", t.Name(), ErrNotCompilable)
	}
	if sc == nil {
		if r, ok := c.memo[t]; ok {
			return r, nil
		}
	} else if r, ok := sc.memo[t]; ok {
		return r, nil
	}
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > 20000 {
		return 0, fmt.Errorf("term too deep: %w", ErrNotCompilable)
	}
	r, err := c.compute(t, sc)
	if err != nil {
		return 0, err
	}
	if t.Kind() != smt.Let && t.Kind() != smt.Annotated {
		c.nodes++
	}
	if sc == nil {
		c.memo[t] = r
	} else {
		sc.memo[t] = r
	}
	return r, nil
}

func (c *compiler) compute(t *smt.Term, sc *cscope) (uint32, error) {
	w, err := widthOf(t.Sort())
	if err != nil {
		return 0, fmt.Errorf("%s: %w", shortTerm(t), err)
	}
	switch t.Kind() {
	case smt.Literal:
		if t.LiteralKind() != smt.LitBitVec {
			return 0, fmt.Errorf("literal %s: %w", shortTerm(t), ErrNotCompilable)
		}
		return c.constReg(t.BigInt().Uint64()), nil
	case smt.Annotated:
		return c.term(t.Arg(0), sc)
	case smt.Let:
		bs := t.Binders()
		inner := &cscope{vars: map[*smt.Term]uint32{}, memo: map[*smt.Term]uint32{}, parent: sc}
		for i, b := range bs {
			r, err := c.term(t.Arg(i), sc)
			if err != nil {
				return 0, err
			}
			inner.vars[b] = r
		}
		return c.term(t.Arg(len(bs)), inner)
	case smt.App:
	default:
		return 0, fmt.Errorf("%s: %w", shortTerm(t), ErrNotCompilable)
	}
	if f := t.Func(); f != nil {
		return c.apply(t, f, sc)
	}
	args := make([]uint32, t.NumArgs())
	for i, a := range t.Args() {
		if t.Op() == smt.OpIte && i > 0 {
			// Both branches are computed; fine, since every compiled
			// operator is total.
		}
		if _, err := widthOf(a.Sort()); err != nil {
			return 0, fmt.Errorf("argument of %s: %w", t.Op(), err)
		}
		r, err := c.term(a, sc)
		if err != nil {
			return 0, err
		}
		args[i] = r
	}
	return c.op(t, w, args)
}

func (c *compiler) apply(t *smt.Term, f *smt.Func, sc *cscope) (uint32, error) {
	switch f.Kind {
	case smt.FuncDeclared:
		if len(t.Args()) == 0 {
			i, ok := c.p.inIndex[f]
			if !ok {
				return 0, fmt.Errorf("constant %s has no input: %w", f.Name, ErrNotCompilable)
			}
			return uint32(i), nil
		}
	case smt.FuncClosedBox, smt.FuncOracle:
	case smt.FuncDefined:
		if f.Body == nil || len(f.Formals) != len(t.Args()) {
			return 0, fmt.Errorf("defined function %s without a usable body: %w", f.Name, ErrNotCompilable)
		}
		inner := &cscope{vars: map[*smt.Term]uint32{}, memo: map[*smt.Term]uint32{}}
		for i, a := range t.Args() {
			r, err := c.term(a, sc)
			if err != nil {
				return 0, err
			}
			inner.vars[f.Formals[i]] = r
		}
		return c.term(f.Body, inner)
	default:
		return 0, fmt.Errorf("function %s: %w", f.Name, ErrNotCompilable)
	}
	// Compile every argument first: an argument that is itself a call
	// appends its own arguments to callArgs.
	regs := make([]uint32, len(t.Args()))
	for i, a := range t.Args() {
		if _, err := widthOf(a.Sort()); err != nil {
			return 0, fmt.Errorf("argument of %s: %w", f.Name, err)
		}
		r, err := c.term(a, sc)
		if err != nil {
			return 0, err
		}
		regs[i] = r
	}
	start := len(c.p.callArgs)
	c.p.callArgs = append(c.p.callArgs, regs...)
	w, _ := widthOf(t.Sort())
	c.p.calls = append(c.p.calls, callSite{f: f, start: start, end: len(c.p.callArgs)})
	return c.emit(instr{op: opCall, a: uint32(len(c.p.calls) - 1), m: maskOf(w)}), nil
}

// chain folds a left-associative operator over its arguments.
func (c *compiler) chain(op opcode, w int, args []uint32) uint32 {
	r := args[0]
	for _, a := range args[1:] {
		r = c.emit(instr{op: op, w: uint8(w), a: r, b: a, m: maskOf(w)})
	}
	return r
}

func (c *compiler) op(t *smt.Term, w int, a []uint32) (uint32, error) {
	m := maskOf(w)
	var aw int // operand width
	if t.NumArgs() > 0 {
		aw, _ = widthOf(t.Arg(0).Sort())
	}
	bin := func(op opcode) uint32 { return c.emit(instr{op: op, w: uint8(aw), a: a[0], b: a[1], m: maskOf(aw)}) }
	switch t.Op() {
	case smt.OpTrue:
		return c.constReg(1), nil
	case smt.OpFalse:
		return c.constReg(0), nil
	case smt.OpNot:
		return c.emit(instr{op: opNot1, a: a[0], m: 1}), nil
	case smt.OpAnd, smt.OpBVAnd:
		if len(a) == 1 {
			return a[0], nil
		}
		return c.chain(opAnd, w, a), nil
	case smt.OpOr, smt.OpBVOr:
		if len(a) == 1 {
			return a[0], nil
		}
		return c.chain(opOr, w, a), nil
	case smt.OpXor, smt.OpBVXor:
		return c.chain(opXor, w, a), nil
	case smt.OpImplies:
		// right-assoc: (=> a b c) = (=> a (=> b c)); x => y is (not x) or y
		r := a[len(a)-1]
		for i := len(a) - 2; i >= 0; i-- {
			nx := c.emit(instr{op: opNot1, a: a[i], m: 1})
			r = c.emit(instr{op: opOr, w: 1, a: nx, b: r, m: 1})
		}
		return r, nil
	case smt.OpEq:
		r := bin(opEq)
		for i := 2; i < len(a); i++ {
			e := c.emit(instr{op: opEq, w: uint8(aw), a: a[i-1], b: a[i]})
			r = c.emit(instr{op: opAnd, w: 1, a: r, b: e, m: 1})
		}
		return r, nil
	case smt.OpDistinct:
		var r uint32
		first := true
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				e := c.emit(instr{op: opNe, w: uint8(aw), a: a[i], b: a[j]})
				if first {
					r, first = e, false
				} else {
					r = c.emit(instr{op: opAnd, w: 1, a: r, b: e, m: 1})
				}
			}
		}
		return r, nil
	case smt.OpIte:
		return c.emit(instr{op: opIte, w: uint8(w), a: a[0], b: a[1], c: a[2]}), nil
	case smt.OpBVNot:
		return c.emit(instr{op: opBVNot, w: uint8(w), a: a[0], m: m}), nil
	case smt.OpBVNeg:
		return c.emit(instr{op: opNeg, w: uint8(w), a: a[0], m: m}), nil
	case smt.OpBVNand:
		return bin(opNand), nil
	case smt.OpBVNor:
		return bin(opNor), nil
	case smt.OpBVXnor:
		return bin(opXnor), nil
	case smt.OpBVComp:
		return c.emit(instr{op: opEq, w: uint8(aw), a: a[0], b: a[1]}), nil
	case smt.OpBVAdd:
		return c.chain(opAdd, w, a), nil
	case smt.OpBVSub:
		return c.chain(opSub, w, a), nil
	case smt.OpBVMul:
		return c.chain(opMul, w, a), nil
	case smt.OpBVUdiv:
		return bin(opUdiv), nil
	case smt.OpBVUrem:
		return bin(opUrem), nil
	case smt.OpBVSdiv:
		return bin(opSdiv), nil
	case smt.OpBVSrem:
		return bin(opSrem), nil
	case smt.OpBVSmod:
		return bin(opSmod), nil
	case smt.OpBVShl:
		return bin(opShl), nil
	case smt.OpBVLshr:
		return bin(opLshr), nil
	case smt.OpBVAshr:
		return bin(opAshr), nil
	case smt.OpBVUlt:
		return bin(opUlt), nil
	case smt.OpBVUle:
		return bin(opUle), nil
	case smt.OpBVUgt:
		return c.emit(instr{op: opUlt, w: uint8(aw), a: a[1], b: a[0]}), nil
	case smt.OpBVUge:
		return c.emit(instr{op: opUle, w: uint8(aw), a: a[1], b: a[0]}), nil
	case smt.OpBVSlt:
		return bin(opSlt), nil
	case smt.OpBVSle:
		return bin(opSle), nil
	case smt.OpBVSgt:
		return c.emit(instr{op: opSlt, w: uint8(aw), a: a[1], b: a[0]}), nil
	case smt.OpBVSge:
		return c.emit(instr{op: opSle, w: uint8(aw), a: a[1], b: a[0]}), nil
	case smt.OpConcat:
		r := a[0]
		for i := 1; i < len(a); i++ {
			bw, _ := widthOf(t.Arg(i).Sort())
			r = c.emit(instr{op: opConcat, a: r, b: a[i], k: uint64(bw)})
		}
		return r, nil
	case smt.OpExtract:
		i, j := t.Indices()[0], t.Indices()[1]
		if j == 0 && i == aw-1 {
			return a[0], nil
		}
		return c.emit(instr{op: opExtract, a: a[0], k: uint64(j), m: maskOf(i - j + 1)}), nil
	case smt.OpZeroExtend:
		return a[0], nil // registers hold unsigned values: nothing to do
	case smt.OpSignExtend:
		if w == aw {
			return a[0], nil
		}
		return c.emit(instr{op: opSext, w: uint8(aw), a: a[0], m: m}), nil
	case smt.OpRotateLeft, smt.OpRotateRight:
		k := t.Indices()[0] % aw
		if t.Op() == smt.OpRotateRight {
			k = (aw - k) % aw
		}
		if k == 0 {
			return a[0], nil
		}
		return c.emit(instr{op: opRotl, w: uint8(aw), a: a[0], k: uint64(k), m: m}), nil
	case smt.OpRepeat:
		n := t.Indices()[0]
		if n == 1 {
			return a[0], nil
		}
		return c.emit(instr{op: opRepeat, w: uint8(aw), a: a[0], k: uint64(n)}), nil
	}
	return 0, fmt.Errorf("operator %s: %w", t.Op(), ErrNotCompilable)
}

// distOf builds the distance tree of a compiled root.
func (c *compiler) distOf(t *smt.Term) int {
	return c.distNode(t, false, 0, c.memo[t], false)
}

// distNode builds the distance of t to true (to false when neg). A
// subterm without a register of its own (compiled under a let or inside a
// defined function) is measured by its nearest ancestor's register anc,
// wanted true unless ancNeg.
func (c *compiler) distNode(t *smt.Term, neg bool, depth int, anc uint32, ancNeg bool) int {
	for t.Kind() == smt.Annotated {
		t = t.Arg(0)
	}
	add := func(n distNode) int {
		c.p.dist = append(c.p.dist, n)
		return len(c.p.dist) - 1
	}
	reg, ok := c.memo[t]
	if !ok {
		return add(distNode{kind: distBool, a: anc, w: boolW(ancNeg)})
	}
	if t.Kind() != smt.App || t.Func() != nil || depth > 64 {
		return add(distNode{kind: distBool, a: reg, w: boolW(neg)})
	}
	args := t.Args()
	if t.Op() == smt.OpNot {
		return c.distNode(args[0], !neg, depth+1, reg, neg)
	}
	if (t.Op() == smt.OpAnd || t.Op() == smt.OpOr) && len(args) >= 1 {
		kind := distAnd
		if (t.Op() == smt.OpOr) != neg {
			kind = distOr
		}
		var ch []int
		for _, x := range args {
			ch = append(ch, c.distNode(x, neg, depth+1, reg, neg))
		}
		return add(distNode{kind: kind, children: ch})
	}
	if len(args) == 2 {
		x, okx := c.memo[args[0]]
		y, oky := c.memo[args[1]]
		w, err := widthOf(args[0].Sort())
		if okx && oky && err == nil {
			var k distKind
			found, swap := true, false
			switch t.Op() {
			case smt.OpEq:
				k = distEq
				if neg {
					k = distNe
				}
			case smt.OpDistinct:
				k = distNe
				if neg {
					k = distEq
				}
			// not (a < b) is b <= a, and so on.
			case smt.OpBVUlt:
				k, swap = pick(neg, distUlt, distUle)
			case smt.OpBVUle:
				k, swap = pick(neg, distUle, distUlt)
			case smt.OpBVUgt:
				k, swap = pick(neg, distUlt, distUle)
				swap = !swap
			case smt.OpBVUge:
				k, swap = pick(neg, distUle, distUlt)
				swap = !swap
			case smt.OpBVSlt:
				k, swap = pick(neg, distSlt, distSle)
			case smt.OpBVSle:
				k, swap = pick(neg, distSle, distSlt)
			case smt.OpBVSgt:
				k, swap = pick(neg, distSlt, distSle)
				swap = !swap
			case smt.OpBVSge:
				k, swap = pick(neg, distSle, distSlt)
				swap = !swap
			default:
				found = false
			}
			if found {
				if swap {
					x, y = y, x
				}
				return add(distNode{kind: k, w: uint8(w), a: x, b: y})
			}
		}
	}
	return add(distNode{kind: distBool, a: reg, w: boolW(neg)})
}

// pick returns the positive kind, or for a negated comparison the dual
// kind with swapped operands.
func pick(neg bool, pos, dual distKind) (distKind, bool) {
	if neg {
		return dual, true
	}
	return pos, false
}

// boolW encodes in the w field of a distBool node the value wanted (1 for
// true, 0 for false).
func boolW(neg bool) uint8 {
	if neg {
		return 0
	}
	return 1
}
