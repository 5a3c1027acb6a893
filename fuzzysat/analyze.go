package fuzzysat

import (
	"math/big"
	"slices"
	"strconv"
	"strings"

	"tandem/smt"
)

// Slot values of an [InputGroup] that are not input bytes.
const (
	SlotZero  = -1 // a constant zero byte (zero extension, shifted-in bits)
	SlotConst = -2 // a constant byte that is not zero
)

// InputGroup is an expression equal to a concatenation of input bytes and
// constants whose bits never mix (§III-B.1): i1#i0, (0#i0), or
// (0#i0)+(i1<<8), which equals i1#i0. Slots lists its 8-bit slices, least
// significant first: an input byte index, [SlotZero] or [SlotConst].
type InputGroup struct {
	Slots []int
	Width int // bits of the expression
	key   string
	bytes []int
}

// Bytes are the input bytes of the group, least significant first.
// The slice must not be modified.
func (g *InputGroup) Bytes() []int {
	if g.bytes == nil {
		g.bytes = []int{}
		for _, s := range g.Slots {
			if s >= 0 {
				g.bytes = append(g.bytes, s)
			}
		}
	}
	return g.bytes
}

// ValueWidth is the number of low bits of the expression the group's bytes
// can change: the value of the group is below 2^ValueWidth.
func (g *InputGroup) ValueWidth() int {
	top := -1
	for i, s := range g.Slots {
		if s != SlotZero {
			top = i
		}
	}
	return min(g.Width, 8*(top+1))
}

// Key identifies the group by its slots.
func (g *InputGroup) Key() string {
	if g.key == "" {
		var sb strings.Builder
		for i, s := range g.Slots[:(g.ValueWidth()+7)/8] {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(s))
		}
		sb.WriteByte('/')
		sb.WriteString(strconv.Itoa(g.ValueWidth()))
		g.key = sb.String()
	}
	return g.key
}

func (g *InputGroup) hasConst() bool { return slices.Contains(g.Slots, SlotConst) }

// value assembles the group's value from assignment b (ValueWidth <= 64).
func (g *InputGroup) value(b []byte) uint64 {
	var v uint64
	for i, s := range g.Slots {
		if s >= 0 && i < 8 {
			v |= uint64(b[s]) << uint(8*i)
		}
	}
	if w := g.ValueWidth(); w < 64 {
		v &= 1<<uint(w) - 1
	}
	return v
}

// set writes v into the group's bytes of b.
func (g *InputGroup) set(b []byte, v uint64) {
	for i, s := range g.Slots {
		if s >= 0 {
			if i < 8 {
				b[s] = byte(v >> uint(8*i))
			} else {
				b[s] = 0
			}
		}
	}
}

// I2SCond is an input-to-state condition (§III-B.3): a comparison one of
// whose operands is an input group (or contains exactly one, the paper's
// relaxed form); Other is the other operand.
type I2SCond struct {
	Group *InputGroup
	Other *smt.Term
	Op    string
}

// RangeConstraint bounds the value of an input group (§III-B.5), as a set
// of ValueWidth-bit values.
type RangeConstraint struct {
	Group *InputGroup
	Set   IntervalSet
}

// UniqueDef says that an equality with a constant fixes an input byte
// (§III-B.2).
type UniqueDef struct {
	Byte  int
	Value byte
}

// ExprInfo is the analysis of one expression, the paper's metadata M,
// cached per expression by an [Analyzer].
type ExprInfo struct {
	Inputs    []int             // input bytes, sorted
	Groups    []*InputGroup     // maximal input groups in the expression
	I2S       []I2SCond         // input-to-state conditions
	Constants []uint64          // interesting constants and their variants
	Ranges    []RangeConstraint // ranges the expression implies on groups
	Unique    []UniqueDef       // bytes the expression fixes when it holds
}

// Analyzer computes and caches [ExprInfo] per expression, across queries
// over one layout and one term store.
type Analyzer struct {
	layout       *Layout
	info         map[*smt.Term]*ExprInfo
	grp          map[*smt.Term]*InputGroup
	grpDone      map[*smt.Term]bool
	ins          map[*smt.Term][]int
	maxConstants int
	progs        map[*smt.Term]*rootProg
	// checked holds, per constraint, the interpreter's last verdict and
	// the values of its input bytes then: the same bytes give the same
	// verdict, so a re-check skips it (exact, not a hash).
	checked map[*smt.Term]*checked
	it      *interp
	mark    []bool // scratch of union
	digest  digestSet
	vg, vc  visitSet // the walks of collectGroups and constants
	vs      visitSet // the walk of unsupported
	unsup   map[*smt.Term]error
	pi      piState
	// interpreted counts the interpreter's evaluations of constraints.
	interpreted int64
	// compiledChecks counts the exact checks run by compiled programs.
	compiledChecks int64
	// Hits and Misses count cache lookups.
	Hits, Misses int
}

// NewAnalyzer is an empty analysis cache for terms over layout l.
// maxConstants bounds the interesting constants kept per expression
// (0: 256).
func NewAnalyzer(l *Layout, maxConstants int) *Analyzer {
	if maxConstants <= 0 {
		maxConstants = 256
	}
	return &Analyzer{layout: l, info: map[*smt.Term]*ExprInfo{}, grp: map[*smt.Term]*InputGroup{},
		grpDone: map[*smt.Term]bool{}, ins: map[*smt.Term][]int{}, maxConstants: maxConstants,
		progs: map[*smt.Term]*rootProg{}, checked: map[*smt.Term]*checked{}, it: newInterp(l)}
}

// Layout is the layout the analyzer reads variables through.
func (a *Analyzer) Layout() *Layout { return a.layout }

// Analyze returns the (cached) analysis of t.
func (a *Analyzer) Analyze(t *smt.Term) *ExprInfo {
	if in, ok := a.info[t]; ok {
		a.Hits++
		return in
	}
	a.Misses++
	in := &ExprInfo{Inputs: a.Inputs(t)}
	a.vg.begin()
	a.collectGroups(t, &a.vg, in)
	a.boolStructure(t, false, in, true)
	in.Constants = a.constants(t)
	a.info[t] = in
	return in
}

// Inputs are the input bytes t reads, sorted.
func (a *Analyzer) Inputs(t *smt.Term) []int {
	if r, ok := a.ins[t]; ok {
		return r
	}
	var r []int
	switch {
	case t.Kind() == smt.App && t.IsConst():
		if i := a.layout.Index(t.Func()); i >= 0 {
			v := a.layout.Vars[i]
			for b := 0; b < v.Bytes(); b++ {
				r = append(r, v.Offset+b)
			}
		}
	default:
		for _, x := range t.Args() {
			r = mergeSorted(r, a.Inputs(x))
		}
	}
	a.ins[t] = r
	return r
}

func mergeSorted(a, b []int) []int {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// Group returns the input group t is, or nil (§III-B.1).
func (a *Analyzer) Group(t *smt.Term) *InputGroup {
	g := a.slots(t)
	if g == nil || len(g.Bytes()) == 0 || g.ValueWidth() > 64 {
		return nil
	}
	return g
}

// slots is the slot decomposition of t: a group or a byte-aligned
// constant; nil when t's bits mix.
func (a *Analyzer) slots(t *smt.Term) *InputGroup {
	if a.grpDone[t] {
		return a.grp[t]
	}
	g := a.slots1(t)
	a.grpDone[t] = true
	a.grp[t] = g
	return g
}

func (a *Analyzer) slots1(t *smt.Term) *InputGroup {
	s := t.Sort()
	if s.Kind != smt.KindBitVec {
		return nil
	}
	w := s.Width
	if t.Kind() == smt.Literal {
		if w%8 != 0 {
			return nil
		}
		v := t.BigInt()
		g := &InputGroup{Width: w}
		for i := 0; i < w/8; i++ {
			if byteOf(v, i) == 0 {
				g.Slots = append(g.Slots, SlotZero)
			} else {
				g.Slots = append(g.Slots, SlotConst)
			}
		}
		return g
	}
	if t.Kind() != smt.App {
		return nil
	}
	if t.IsConst() {
		i := a.layout.Index(t.Func())
		if i < 0 {
			return nil
		}
		v := a.layout.Vars[i]
		g := &InputGroup{Width: w}
		for b := 0; b < v.Bytes(); b++ {
			g.Slots = append(g.Slots, v.Offset+b)
		}
		return g
	}
	args := t.Args()
	switch t.Op() {
	case smt.OpConcat:
		g := &InputGroup{Width: w}
		for i := len(args) - 1; i >= 0; i-- {
			x := a.slots(args[i])
			if x == nil || x.Width%8 != 0 {
				return nil
			}
			g.Slots = append(g.Slots, x.Slots...)
		}
		return g
	case smt.OpZeroExtend:
		x := a.slots(args[0])
		n := t.Indices()[0]
		if x == nil || n%8 != 0 || x.Width%8 != 0 {
			return nil
		}
		g := &InputGroup{Width: w, Slots: slices.Clone(x.Slots)}
		for range n / 8 {
			g.Slots = append(g.Slots, SlotZero)
		}
		return g
	case smt.OpExtract:
		x := a.slots(args[0])
		hi, lo := t.Indices()[0], t.Indices()[1]
		if x == nil || lo%8 != 0 || (hi+1)%8 != 0 || x.Width%8 != 0 {
			return nil
		}
		return &InputGroup{Width: w, Slots: slices.Clone(x.Slots[lo/8 : (hi+1)/8])}
	case smt.OpBVShl, smt.OpBVLshr:
		x := a.slots(args[0])
		if x == nil || w%8 != 0 || args[1].Kind() != smt.Literal {
			return nil
		}
		sh := args[1].BigInt()
		if !sh.IsInt64() || sh.Int64()%8 != 0 {
			return nil
		}
		n := int(min(sh.Int64()/8, int64(w/8)))
		g := &InputGroup{Width: w, Slots: make([]int, w/8)}
		for i := range g.Slots {
			g.Slots[i] = SlotZero
		}
		for i := range g.Slots {
			if t.Op() == smt.OpBVShl && i-n >= 0 {
				g.Slots[i] = x.Slots[i-n]
			} else if t.Op() == smt.OpBVLshr && i+n < len(x.Slots) {
				g.Slots[i] = x.Slots[i+n]
			}
		}
		return g
	case smt.OpBVOr, smt.OpBVAdd, smt.OpBVXor:
		if w%8 != 0 {
			return nil
		}
		g := &InputGroup{Width: w, Slots: make([]int, w/8)}
		for i := range g.Slots {
			g.Slots[i] = SlotZero
		}
		for _, arg := range args {
			x := a.slots(arg)
			if x == nil {
				return nil
			}
			for i, s := range x.Slots {
				if s == SlotZero {
					continue
				}
				if g.Slots[i] != SlotZero {
					return nil // bits mix
				}
				g.Slots[i] = s
			}
		}
		return g
	}
	return nil
}

func byteOf(v *big.Int, i int) byte {
	var b byte
	for j := 0; j < 8; j++ {
		if v.Bit(8*i+j) == 1 {
			b |= 1 << uint(j)
		}
	}
	return b
}

func (a *Analyzer) collectGroups(t *smt.Term, seen *visitSet, in *ExprInfo) {
	if !seen.first(t) {
		return
	}
	if g := a.Group(t); g != nil {
		for _, h := range in.Groups {
			if h.Key() == g.Key() {
				return
			}
		}
		in.Groups = append(in.Groups, g)
		return
	}
	for _, x := range t.Args() {
		a.collectGroups(x, seen, in)
	}
}

// cmpOp is a comparison of the range and I2S patterns.
type cmpOp int

const (
	cmpNone cmpOp = iota
	cmpEq
	cmpNe
	cmpUlt
	cmpUle
	cmpUgt
	cmpUge
	cmpSlt
	cmpSle
	cmpSgt
	cmpSge
)

var cmpNames = [...]string{"", "=", "distinct", "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}

func (o cmpOp) String() string { return cmpNames[o] }

// swap: a o b  ==  b o.swap() a.
func (o cmpOp) swap() cmpOp {
	switch o {
	case cmpUlt:
		return cmpUgt
	case cmpUle:
		return cmpUge
	case cmpUgt:
		return cmpUlt
	case cmpUge:
		return cmpUle
	case cmpSlt:
		return cmpSgt
	case cmpSle:
		return cmpSge
	case cmpSgt:
		return cmpSlt
	case cmpSge:
		return cmpSle
	}
	return o
}

// negate: not (a o b)  ==  a o.negate() b.
func (o cmpOp) negate() cmpOp {
	switch o {
	case cmpEq:
		return cmpNe
	case cmpNe:
		return cmpEq
	case cmpUlt:
		return cmpUge
	case cmpUle:
		return cmpUgt
	case cmpUgt:
		return cmpUle
	case cmpUge:
		return cmpUlt
	case cmpSlt:
		return cmpSge
	case cmpSle:
		return cmpSgt
	case cmpSgt:
		return cmpSle
	case cmpSge:
		return cmpSlt
	}
	return o
}

// asCmp reads t as a bit-vector comparison, looking through not.
func asCmp(t *smt.Term) (cmpOp, *smt.Term, *smt.Term) {
	neg := false
	for t.Kind() == smt.App && t.Op() == smt.OpNot {
		neg = !neg
		t = t.Arg(0)
	}
	if t.Kind() != smt.App || t.NumArgs() != 2 || t.Arg(0).Sort().Kind != smt.KindBitVec {
		return cmpNone, nil, nil
	}
	var o cmpOp
	switch t.Op() {
	case smt.OpEq:
		o = cmpEq
	case smt.OpDistinct:
		o = cmpNe
	case smt.OpBVUlt:
		o = cmpUlt
	case smt.OpBVUle:
		o = cmpUle
	case smt.OpBVUgt:
		o = cmpUgt
	case smt.OpBVUge:
		o = cmpUge
	case smt.OpBVSlt:
		o = cmpSlt
	case smt.OpBVSle:
		o = cmpSle
	case smt.OpBVSgt:
		o = cmpSgt
	case smt.OpBVSge:
		o = cmpSge
	default:
		return cmpNone, nil, nil
	}
	if neg {
		o = o.negate()
	}
	return o, t.Arg(0), t.Arg(1)
}

func litU64(t *smt.Term) (uint64, bool) {
	if t.Kind() != smt.Literal || t.Sort().Kind != smt.KindBitVec || t.Sort().Width > 64 {
		return 0, false
	}
	return t.BigInt().Uint64(), true
}

// boolStructure finds I2S conditions, ranges and unique definitions in the
// Boolean structure of t. top is true while only and's lie above t (only
// then do its ranges and equalities hold whenever t holds).
func (a *Analyzer) boolStructure(t *smt.Term, under bool, in *ExprInfo, top bool) {
	if t.Kind() == smt.App {
		switch t.Op() {
		case smt.OpAnd:
			for _, x := range t.Args() {
				a.boolStructure(x, under, in, top)
			}
			return
		case smt.OpOr, smt.OpImplies, smt.OpXor:
			for _, x := range t.Args() {
				a.boolStructure(x, true, in, false)
			}
			return
		case smt.OpNot:
			if x := t.Arg(0); x.Kind() == smt.App && (x.Op() == smt.OpOr || x.Op() == smt.OpAnd) {
				for _, y := range x.Args() {
					a.boolStructure(y, true, in, false)
				}
				return
			}
		}
	}
	op, l, r := asCmp(t)
	if op == cmpNone {
		return
	}
	// input-to-state
	for side := 0; side < 2; side++ {
		x, o := l, r
		if side == 1 {
			x, o = r, l
		}
		g := a.Group(x)
		if g == nil && len(a.Inputs(o)) == 0 {
			// relaxed: x contains exactly one group covering its inputs
			var sub ExprInfo
			a.vg.begin()
			a.collectGroups(x, &a.vg, &sub)
			if len(sub.Groups) == 1 && slices.Equal(sortedCopy(sub.Groups[0].Bytes()), a.Inputs(x)) {
				g = sub.Groups[0]
			}
		}
		if g != nil {
			in.I2S = append(in.I2S, I2SCond{Group: g, Other: o, Op: op.String()})
		}
	}
	if !top {
		return
	}
	// range constraints: x op c with x = g, g+c1, c1+g, g-c1, and the
	// wrap-around forms (g ± c) op g
	rc, ok := a.rangeConstraint(op, l, r)
	if !ok {
		return
	}
	in.Ranges = append(in.Ranges, rc)
	// A conjunct that confines its group to one value defines its bytes
	// (§III-B.2): the defining value is the set's only element, after the
	// shift of g ± c1, not the literal of the comparison.
	if v, single := rc.Set.single(); single && !under {
		for i, s := range rc.Group.Slots {
			if s >= 0 && i < 8 {
				in.Unique = append(in.Unique, UniqueDef{Byte: s, Value: byte(v >> uint(8*i))})
			}
		}
	}
}

// rangeConstraint is the set of values of an input group that (l op r)
// implies, for the range patterns of decision 3: x op c and c op x with x
// a group, g + c1, c1 + g or g − c1, and the wrap-around idiom
// (g + c) op g, (g − c) op g and their mirror images (the overflow check
// x + c ≤ x, i.e. x ≥ 2^w − c). Every set is exact: a value of the group
// outside it falsifies the comparison.
func (a *Analyzer) rangeConstraint(op cmpOp, l, r *smt.Term) (RangeConstraint, bool) {
	for side := 0; side < 2; side++ {
		x, c := l, r
		if side == 1 {
			x, c = r, l
		}
		w := x.Sort().Width
		var g *InputGroup
		var set IntervalSet
		if cv, ok := litU64(c); ok {
			set = cmpSet(op, w, cv, side == 0)
			g = a.Group(x)
			if g == nil || g.hasConst() {
				if y, d, ok := offsetOf(x); ok {
					g, set = a.Group(y), set.Shift(-d)
				} else if y, d, ok := negatedOf(x); ok {
					// d − y ∈ S  ⟺  y ∈ d − S
					g, set = a.Group(y), set.Shift(-d).Negate()
				}
			}
		} else if y, d, ok := offsetOf(x); ok && y == c && d&maxOf(w) != 0 {
			o := op
			if side == 1 {
				o = o.swap()
			}
			g, set = a.Group(y), wrapSet(o, w, d)
		}
		if g == nil || g.hasConst() || g.Width != w {
			continue
		}
		if vw := g.ValueWidth(); vw < w {
			set = set.Narrow(vw)
		}
		return RangeConstraint{Group: g, Set: set}, true
	}
	return RangeConstraint{}, false
}

// offsetOf reads x as y + d for a literal d, through nested (bvadd y c),
// (bvadd c y) and (bvsub y c) (d = −c): x = (bvadd (bvadd T #x20) #x46)
// is T + 0x66. y is the innermost term that is not such an offset.
func offsetOf(x *smt.Term) (*smt.Term, uint64, bool) {
	var d uint64
	found := false
	for x.Kind() == smt.App && x.NumArgs() == 2 {
		var c uint64
		var ok bool
		var y *smt.Term
		switch x.Op() {
		case smt.OpBVAdd:
			if c, ok = litU64(x.Arg(1)); ok {
				y = x.Arg(0)
			} else if c, ok = litU64(x.Arg(0)); ok {
				y = x.Arg(1)
			}
		case smt.OpBVSub:
			if c, ok = litU64(x.Arg(1)); ok {
				y, c = x.Arg(0), -c
			}
		}
		if !ok {
			break
		}
		d += c
		x, found = y, true
	}
	return x, d, found
}

// negatedOf reads x as d − y for a literal d: (bvsub c y), with y itself
// read through offsetOf (d − (y' + e) = (d − e) − y').
func negatedOf(x *smt.Term) (*smt.Term, uint64, bool) {
	if x.Kind() != smt.App || x.Op() != smt.OpBVSub || x.NumArgs() != 2 {
		return nil, 0, false
	}
	d, ok := litU64(x.Arg(0))
	if !ok {
		return nil, 0, false
	}
	y := x.Arg(1)
	if z, e, ok := offsetOf(y); ok {
		return z, d - e, true
	}
	return y, d, true
}

func sortedCopy(x []int) []int {
	y := slices.Clone(x)
	slices.Sort(y)
	return slices.Compact(y)
}

// constants collects the interesting constants of t and their variants
// (§III-B.4): every bit-vector literal, the values an operand must take for
// a comparison with a constant to hold through +, -, ^, * (c2-c1, c2+c1,
// c2^c1, c2/c1), and ±1 of each.
func (a *Analyzer) constants(t *smt.Term) []uint64 {
	var set map[uint64]bool // once order is long
	var order []uint64
	add := func(v uint64) {
		if len(order) >= a.maxConstants {
			return
		}
		if set == nil {
			if slices.Contains(order, v) {
				return
			}
			if len(order) == 16 {
				set = make(map[uint64]bool, 64)
				for _, x := range order {
					set[x] = true
				}
			}
		} else if set[v] {
			return
		}
		if set != nil {
			set[v] = true
		}
		order = append(order, v)
	}
	a.vc.begin()
	var walk func(*smt.Term)
	walk = func(t *smt.Term) {
		if !a.vc.first(t) {
			return
		}
		if v, ok := litU64(t); ok {
			add(v)
		}
		if op, l, r := asCmp(t); op != cmpNone {
			for side := 0; side < 2; side++ {
				x, c := l, r
				if side == 1 {
					x, c = r, l
				}
				c2, ok := litU64(c)
				if !ok || x.Kind() != smt.App || x.NumArgs() != 2 {
					continue
				}
				c1, ok := litU64(x.Arg(1))
				if !ok {
					c1, ok = litU64(x.Arg(0))
				}
				if !ok {
					continue
				}
				m := maxOf(x.Sort().Width)
				switch x.Op() {
				case smt.OpBVAdd:
					add((c2 - c1) & m)
				case smt.OpBVSub:
					add((c2 + c1) & m)
				case smt.OpBVXor:
					add((c2 ^ c1) & m)
				case smt.OpBVMul:
					if c1 != 0 {
						add(c2 / c1)
					}
				}
			}
		}
		for _, x := range t.Args() {
			walk(x)
		}
	}
	walk(t)
	n := len(order)
	for _, v := range order[:n] {
		add(v + 1)
		add(v - 1)
	}
	return order
}

// visitSet marks the terms one walk of a DAG has visited, by term id with
// a generation stamp, so that starting a walk costs nothing. It is paged
// (smt.IDTable): each query's Analyzer would otherwise pay for every term
// its session's Store ever made.
type visitSet struct {
	gen uint32
	at  smt.IDTable[uint32]
}

func (v *visitSet) begin() {
	v.gen++
	if v.gen == 0 {
		v.at.Clear()
		v.gen = 1
	}
}

// first reports whether t is visited for the first time in this walk.
func (v *visitSet) first(t *smt.Term) bool {
	at := v.at.Slot(t.ID())
	if *at == v.gen {
		return false
	}
	*at = v.gen
	return true
}
