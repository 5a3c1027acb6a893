package cbsolve

import (
	"context"
	"slices"
	"strconv"
	"time"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
)

// descent is byte-wise coordinate descent on the constraints' distance:
// for each input byte, most significant first, try all 256 values and keep
// the one that brings the constraints closest to true. It is what lets a
// fuzzer get through a comparison against a closed box's output: FUZZY-SAT's
// analysis sees through bit-vector operators but not through a closed box,
// and its gradient descent steps by ±1, while a box such as a hash step or
// an xor with a key moves its output byte by byte (AFL++'s split compares
// give the paper's fuzzer the same per-byte feedback).
type descent struct {
	l    *fuzzysat.Layout
	m    *eval.Machine
	in   []uint64
	cur  []byte
	best uint64
	// order lists the bytes, most significant byte of each variable first.
	order []int
	evals int64
	// limit, when > 0, is the value of evals at which the descent stops
	// (a slice counted in executions).
	limit int64
	// dict are byte strings worth writing into the input: the constraints'
	// constants in every encoding a closed box may read them in.
	dict [][]byte
}

// The dictionary comes from the constraints first, then from the whole
// formula (omega): a constant the SMT side compares a box's output with
// (atoi(s) > 9000) is often the bytes the fuzzer needs in the box's input.
func newDescent(l *fuzzysat.Layout, red *reduced, omega []*smt.Term, callee eval.Callee) (*descent, error) {
	prog, err := eval.Compile(red.cons...)
	if err != nil {
		return nil, err
	}
	d := &descent{l: l, m: prog.NewMachine(callee), in: make([]uint64, len(prog.Inputs()))}
	for _, v := range l.Vars {
		for b := v.Bytes() - 1; b >= 0; b-- {
			d.order = append(d.order, v.Offset+b)
		}
	}
	d.dict = dictionary(slices.Concat(red.cons, omega))
	return d, nil
}

// dictionary collects the bit-vector literals of the constraints and
// encodes each (and its neighbours ±1) as the bytes a program might compare
// against: little- and big-endian at its width, and as ASCII decimal and
// hexadecimal text in either byte order (AFL++'s dictionaries and cmplog
// do the same for the paper's fuzzer).
func dictionary(cons []*smt.Term) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	add := func(b []byte) {
		if len(b) == 0 || seen[string(b)] {
			return
		}
		seen[string(b)] = true
		out = append(out, b)
	}
	visit := func(t *smt.Term) bool {
		if len(out) > 4096 {
			return false
		}
		if t.Kind() == smt.Literal && t.LiteralKind() == smt.LitBitVec && t.BigInt().IsUint64() {
			w := t.Sort().Width
			v := t.BigInt().Uint64()
			for _, x := range []uint64{v, v + 1, v - 1} {
				if w < 64 {
					x &= 1<<w - 1
				}
				n := (w + 7) / 8
				le := make([]byte, n)
				for i := range le {
					le[i] = byte(x >> (8 * i))
				}
				add(le)
				add(reversed(le))
				txts := []string{strconv.FormatUint(x, 10), strconv.FormatUint(x, 16)}
				if w < 64 && x>>(w-1) == 1 {
					// negative as a signed number: "-12345" for atoi
					txts = append(txts, strconv.FormatInt(int64(x)-int64(1)<<w, 10))
				} else if w == 64 && int64(x) < 0 {
					txts = append(txts, strconv.FormatInt(int64(x), 10))
				}
				for _, txt := range txts {
					add([]byte(txt))
					add(reversed([]byte(txt)))
				}
			}
		}
		return true
	}
	smt.InspectAll(cons, visit)
	return out
}

func reversed(b []byte) []byte {
	r := slices.Clone(b)
	slices.Reverse(r)
	return r
}

// inject writes every dictionary entry at every position of every
// variable's bytes and returns the closest candidate (or a solution).
func (d *descent) inject(ctx context.Context, seed []byte, deadline time.Time) ([]byte, uint64) {
	best := slices.Clone(seed)
	bestD := d.dist(best)
	cand := make([]byte, len(seed))
	for _, v := range d.l.Vars {
		n := v.Bytes()
		for _, e := range d.dict {
			if len(e) > n {
				continue
			}
			for off := 0; off+len(e) <= n; off++ {
				if bestD == 0 || d.out(ctx, deadline) {
					return best, bestD
				}
				copy(cand, seed)
				copy(cand[v.Offset+off:], e)
				if x := d.dist(cand); x < bestD {
					bestD = x
					copy(best, cand)
				}
			}
		}
	}
	return best, bestD
}

// out says the descent must stop: its deadline, its context, or its
// execution limit.
func (d *descent) out(ctx context.Context, deadline time.Time) bool {
	return (d.limit > 0 && d.evals >= d.limit) || ctx.Err() != nil || time.Now().After(deadline)
}

// dist evaluates b: the total distance of the constraints from true (0
// when all hold), or the largest value when a closed box fails.
func (d *descent) dist(b []byte) uint64 {
	d.evals++
	p := d.m.Program()
	for i, f := range p.Inputs() {
		d.in[i] = d.l.Uint64(b, d.l.Index(f))
	}
	if d.m.Run(d.in) != nil {
		return ^uint64(0)
	}
	return d.m.TotalDistance()
}

// run descends from seed until the constraints hold (returning the
// assignment), a sweep improves nothing, or the deadline.
func (d *descent) run(ctx context.Context, seed []byte, deadline time.Time) ([]byte, bool) {
	start, x := d.inject(ctx, seed, deadline)
	if x == 0 {
		return start, true
	}
	d.cur = append(d.cur[:0], start...)
	d.best = x
	for sweep := 0; d.best != 0; sweep++ {
		improved := false
		for _, pos := range d.order {
			if d.out(ctx, deadline) {
				return nil, false
			}
			keep := d.cur[pos]
			bestV := keep
			for v := 0; v < 256; v++ {
				if byte(v) == keep {
					continue
				}
				if v&31 == 31 && d.out(ctx, deadline) {
					// Slow boxes: a position's 255 candidates may take
					// far longer than the slice.
					return nil, false
				}
				d.cur[pos] = byte(v)
				if x := d.dist(d.cur); x < d.best {
					d.best, bestV, improved = x, byte(v), true
					if x == 0 {
						break
					}
				}
			}
			d.cur[pos] = bestV
			if d.best == 0 {
				return d.cur, true
			}
		}
		if !improved {
			return nil, false
		}
	}
	return d.cur, true
}
