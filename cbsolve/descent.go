package cbsolve

import (
	"context"
	"time"

	"tandem/eval"
	"tandem/fuzzysat"
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
}

func newDescent(l *fuzzysat.Layout, red *reduced, callee eval.Callee) (*descent, error) {
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
	return d, nil
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
	d.cur = append(d.cur[:0], seed...)
	d.best = d.dist(d.cur)
	for sweep := 0; d.best != 0; sweep++ {
		improved := false
		for _, pos := range d.order {
			if time.Now().After(deadline) || ctx.Err() != nil {
				return nil, false
			}
			keep := d.cur[pos]
			bestV := keep
			for v := 0; v < 256; v++ {
				if byte(v) == keep {
					continue
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
