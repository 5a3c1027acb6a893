package eval

import (
	"fmt"
	"math"

	"tandem/smt"
)

// Machine runs a [Program]: it owns the register file, so one Machine
// serves one goroutine, and running it allocates nothing.
type Machine struct {
	p      *Program
	regs   []uint64
	args   []uint64
	callee Callee
}

// NewMachine prepares a machine for p; callee computes the program's
// uninterpreted and closed-box functions (it may be nil when p has none).
func (p *Program) NewMachine(callee Callee) *Machine {
	m := &Machine{p: p, regs: make([]uint64, len(p.init)), callee: callee}
	copy(m.regs, p.init)
	maxArgs := 0
	for _, c := range p.calls {
		maxArgs = max(maxArgs, c.end-c.start)
	}
	m.args = make([]uint64, maxArgs)
	return m
}

// Program is the program the machine runs.
func (m *Machine) Program() *Program { return m.p }

// Run evaluates the program on inputs (one value per [Program.Inputs],
// in order; each is masked to its width, Bool is 0 or 1). The error comes
// from the Callee, or says that inputs has the wrong length.
func (m *Machine) Run(inputs []uint64) error {
	p := m.p
	if len(inputs) != len(p.inputs) {
		return fmt.Errorf("program has %d inputs, got %d values", len(p.inputs), len(inputs))
	}
	r := m.regs
	for i, v := range inputs {
		r[i] = v & p.inMask[i]
	}
	return m.exec()
}

// exec runs the instructions over the register file.
func (m *Machine) exec() error {
	r := m.regs
	code := m.p.code
	for i := range code {
		in := &code[i]
		a, b := r[in.a], r[in.b]
		var x uint64
		switch in.op {
		case opMov:
			x = a
		case opNot1:
			x = a ^ 1
		case opAnd:
			x = a & b
		case opOr:
			x = a | b
		case opXor:
			x = a ^ b
		case opNand:
			x = ^(a & b) & in.m
		case opNor:
			x = ^(a | b) & in.m
		case opXnor:
			x = ^(a ^ b) & in.m
		case opBVNot:
			x = ^a & in.m
		case opNeg:
			x = -a & in.m
		case opAdd:
			x = (a + b) & in.m
		case opSub:
			x = (a - b) & in.m
		case opMul:
			x = (a * b) & in.m
		case opUdiv:
			if b == 0 {
				x = in.m
			} else {
				x = a / b
			}
		case opUrem:
			if b == 0 {
				x = a
			} else {
				x = a % b
			}
		case opSdiv:
			x = sdiv64(a, b, uint(in.w), in.m)
		case opSrem:
			x = srem64(a, b, uint(in.w), in.m)
		case opSmod:
			x = smod64(a, b, uint(in.w), in.m)
		case opShl:
			if b >= uint64(in.w) {
				x = 0
			} else {
				x = (a << b) & in.m
			}
		case opLshr:
			if b >= uint64(in.w) {
				x = 0
			} else {
				x = a >> b
			}
		case opAshr:
			s := uint(64 - in.w)
			sa := int64(a<<s) >> s
			if b >= uint64(in.w) {
				b = uint64(in.w) - 1
			}
			x = uint64(sa>>b) & in.m
		case opEq:
			x = b2u(a == b)
		case opNe:
			x = b2u(a != b)
		case opUlt:
			x = b2u(a < b)
		case opUle:
			x = b2u(a <= b)
		case opSlt:
			s := uint(64 - in.w)
			x = b2u(int64(a<<s) < int64(b<<s))
		case opSle:
			s := uint(64 - in.w)
			x = b2u(int64(a<<s) <= int64(b<<s))
		case opIte:
			if a != 0 {
				x = b
			} else {
				x = r[in.c]
			}
		case opConcat:
			x = a<<in.k | b
		case opExtract:
			x = (a >> in.k) & in.m
		case opSext:
			s := uint(64 - in.w)
			x = uint64(int64(a<<s)>>s) & in.m
		case opRotl:
			w := uint64(in.w)
			x = (a<<in.k | a>>(w-in.k)) & in.m
		case opRepeat:
			for k := uint64(0); k < in.k; k++ {
				x = x<<in.w | a
			}
		case opCall:
			v, err := m.call(in)
			if err != nil {
				return err
			}
			x = v
		}
		r[in.dst] = x
	}
	return nil
}

func (m *Machine) call(in *instr) (uint64, error) {
	cs := &m.p.calls[in.a]
	if m.callee == nil {
		return 0, fmt.Errorf("function %s needs a Callee", cs.f.Name)
	}
	args := m.args[:cs.end-cs.start]
	for i, reg := range m.p.callArgs[cs.start:cs.end] {
		args[i] = m.regs[reg]
	}
	v, err := m.callee.Call(cs.f, args)
	if err != nil {
		return 0, fmt.Errorf("calling %s: %w", cs.f.Name, err)
	}
	return v & in.m, nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func udiv64(a, b, m uint64) uint64 {
	if b == 0 {
		return m
	}
	return a / b
}

func urem64(a, b uint64) uint64 {
	if b == 0 {
		return a
	}
	return a % b
}

// sdiv64, srem64 and smod64 follow the SMT-LIB definitions through the
// unsigned operations on absolute values (w is the width, m its mask).
func sdiv64(a, b uint64, w uint, m uint64) uint64 {
	na, nb := a>>(w-1)&1 == 1, b>>(w-1)&1 == 1
	if na {
		a = -a & m
	}
	if nb {
		b = -b & m
	}
	q := udiv64(a, b, m)
	if na != nb {
		q = -q & m
	}
	return q
}

func srem64(a, b uint64, w uint, m uint64) uint64 {
	na, nb := a>>(w-1)&1 == 1, b>>(w-1)&1 == 1
	if na {
		a = -a & m
	}
	if nb {
		b = -b & m
	}
	r := urem64(a, b)
	if na {
		r = -r & m
	}
	return r
}

func smod64(a, b uint64, w uint, m uint64) uint64 {
	na, nb := a>>(w-1)&1 == 1, b>>(w-1)&1 == 1
	t := b
	if na {
		a = -a & m
	}
	if nb {
		b = -b & m
	}
	u := urem64(a, b)
	switch {
	case u == 0 || (!na && !nb):
		return u
	case na && !nb:
		return (-u + t) & m
	case !na && nb:
		return (u + t) & m
	}
	return -u & m
}

// Value is the value of root i after [Machine.Run] (0/1 for Bool).
func (m *Machine) Value(i int) uint64 { return m.regs[m.p.rootReg[i]] }

// Holds reports whether every root is true after [Machine.Run].
func (m *Machine) Holds() bool {
	for _, r := range m.p.rootReg {
		if m.regs[r] != 1 {
			return false
		}
	}
	return true
}

// Depth is the number of roots, in order, that hold before the first one
// that does not (len(Roots) when all hold): the progress measure of a
// fuzzing solver.
func (m *Machine) Depth() int {
	for i, r := range m.p.rootReg {
		if m.regs[r] != 1 {
			return i
		}
	}
	return len(m.p.rootReg)
}

// Distance is how far root i is from true after [Machine.Run]: 0 when it
// holds; for a comparison the gap between its operands (|a-b| for =,
// a-b+1 for a failed bvult a b, 1 for a failed distinct; signed
// comparisons on the two's-complement order); the sum over an and and the
// minimum over an or (negations push inward); 1 for any other false Bool.
// It saturates at math.MaxUint64.
func (m *Machine) Distance(i int) uint64 {
	return m.dist(m.p.rootDist[i])
}

// TotalDistance is the saturating sum of the distances of all roots.
func (m *Machine) TotalDistance() uint64 {
	var s uint64
	for i := range m.p.rootReg {
		s = addSat(s, m.Distance(i))
	}
	return s
}

func addSat(a, b uint64) uint64 {
	if s := a + b; s >= a {
		return s
	}
	return math.MaxUint64
}

func (m *Machine) dist(n int) uint64 {
	d := &m.p.dist[n]
	switch d.kind {
	case distBool:
		if m.regs[d.a] == uint64(d.w) {
			return 0
		}
		return 1
	case distAnd:
		var s uint64
		for _, c := range d.children {
			s = addSat(s, m.dist(c))
		}
		return s
	case distOr:
		best := uint64(math.MaxUint64)
		for _, c := range d.children {
			best = min(best, m.dist(c))
		}
		return best
	}
	a, b := m.regs[d.a], m.regs[d.b]
	if d.kind == distSlt || d.kind == distSle {
		// map the signed order onto the unsigned one
		sign := uint64(1) << (d.w - 1)
		a, b = a^sign, b^sign
	}
	switch d.kind {
	case distEq:
		if a > b {
			return a - b
		}
		return b - a
	case distNe:
		if a == b {
			return 1
		}
		return 0
	case distUlt, distSlt:
		if a < b {
			return 0
		}
		return addSat(a-b, 1)
	case distUle, distSle:
		if a <= b {
			return 0
		}
		return a - b
	}
	return 1
}

// InputsFrom converts a model's values of the program's inputs into the input
// vector of [Machine.Run]. Constants the model does not interpret are 0.
func (p *Program) InputsFrom(model *Model, dst []uint64) ([]uint64, error) {
	dst = append(dst[:0], make([]uint64, len(p.inputs))...)
	for i, f := range p.inputs {
		v, ok := model.Const(f)
		if !ok {
			continue
		}
		switch x := v.(type) {
		case smt.BoolValue:
			dst[i] = b2u(bool(x))
		case smt.BVValue:
			dst[i] = x.V.Uint64()
		default:
			return nil, fmt.Errorf("input %s has value %s, not a Bool or bit-vector", f.Name, v)
		}
	}
	return dst, nil
}
