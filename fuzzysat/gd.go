package fuzzysat

import "math"

// coord is one coordinate of gradient descent: a group (a multi-byte
// value) or a single byte.
type coord struct {
	g *InputGroup
	b int
	w int
}

func (r *run) coords() []coord {
	var cs []coord
	used := map[int]bool{}
	for _, g := range r.groups {
		disjoint := true
		for _, b := range g.Bytes() {
			if used[b] {
				disjoint = false
			}
		}
		if !disjoint {
			continue
		}
		for _, b := range g.Bytes() {
			used[b] = true
		}
		cs = append(cs, coord{g: g, w: g.ValueWidth()})
	}
	for _, b := range r.mut {
		if !used[b] {
			cs = append(cs, coord{b: b, w: 8})
		}
	}
	return cs
}

func (c coord) get(b []byte) uint64 {
	if c.g != nil {
		return c.g.value(b)
	}
	return uint64(b[c.b])
}

func (c coord) set(b []byte, v uint64) {
	if c.g != nil {
		c.g.set(b, v)
		return
	}
	b[c.b] = byte(v)
}

// 10. Gradient descent (§III-C.4, Angora-style): minimize the distance of
// the branch condition (eval's Machine.Distance: |a-b| for =, the gap for
// an inequality) over the groups of the branch, each a multi-byte
// coordinate. Partial derivatives from f(x±1), normalized by the largest;
// doubling steps while f decreases, first on all coordinates, then one at
// a time [code]. A solution is caught by every evaluation; a local minimum
// that is not one restarts from random values GDRestarts times.
func (r *run) gradientDescent() {
	cs := r.coords()
	if len(cs) == 0 {
		return
	}
	x := make([]uint64, len(cs))
	for i, c := range cs {
		x[i] = c.get(r.cur)
	}
	save := append([]byte(nil), r.cur...)
	defer copy(r.cur, save)
	f := func(v []uint64) float64 {
		for i, c := range cs {
			c.set(r.cur, v[i])
		}
		if r.budget() {
			return math.Inf(1)
		}
		return float64(r.evaluate())
	}
	fx := f(x)
	restarts := r.opts.GDRestarts
	g := make([]float64, len(cs))
	y := make([]uint64, len(cs))
	for epoch := 0; epoch < r.opts.GDMaxEpochs && !r.stop; epoch++ {
		if fx == 0 {
			// the branch holds but π does not: a local minimum for us
			if !r.restart(cs, x, &restarts) {
				return
			}
			fx = f(x)
			continue
		}
		maxg := 0.0
		for i, c := range cs {
			copy(y, x)
			y[i] = (x[i] + 1) & maxOf(c.w)
			fp := f(y)
			y[i] = (x[i] - 1) & maxOf(c.w)
			fm := f(y)
			dp, dm := fx-fp, fx-fm
			switch {
			case dp <= 0 && dm <= 0:
				g[i] = 0
			case dp >= dm:
				g[i] = dp
			default:
				g[i] = -dm
			}
			maxg = math.Max(maxg, math.Abs(g[i]))
			if r.stop {
				return
			}
		}
		if maxg == 0 {
			if !r.restart(cs, x, &restarts) {
				return
			}
			fx = f(x)
			continue
		}
		for i := range g {
			g[i] /= maxg
		}
		before := fx
		// all coordinates together
		fx = r.descend(cs, x, g, fx, f, -1)
		// one coordinate at a time
		for i := range cs {
			if math.Abs(g[i]) < 0.01 || r.stop {
				continue
			}
			fx = r.descend(cs, x, g, fx, f, i)
		}
		if fx >= before {
			if !r.restart(cs, x, &restarts) {
				return
			}
			fx = f(x)
		}
	}
}

// descend takes doubling steps along -gradient (only coordinate only, or
// all when only < 0) while f decreases; it updates x and returns f(x).
func (r *run) descend(cs []coord, x []uint64, g []float64, fx float64, f func([]uint64) float64, only int) float64 {
	y := make([]uint64, len(x))
	for step := 1.0; step < 1<<62 && !r.stop; step *= 2 {
		copy(y, x)
		for i, c := range cs {
			if only >= 0 && i != only {
				continue
			}
			d := math.Round(step * g[i])
			if d == 0 {
				continue
			}
			if d > 0 {
				y[i] = (x[i] + uint64(d)) & maxOf(c.w)
			} else {
				y[i] = (x[i] - uint64(-d)) & maxOf(c.w)
			}
		}
		fy := f(y)
		if fy >= fx {
			break
		}
		copy(x, y)
		fx = fy
	}
	return fx
}

func (r *run) restart(cs []coord, x []uint64, left *int) bool {
	if *left <= 0 {
		return false
	}
	*left--
	for i, c := range cs {
		x[i] = r.rng.Uint64() & maxOf(c.w)
	}
	return true
}
