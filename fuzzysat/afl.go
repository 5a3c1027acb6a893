package fuzzysat

// AFL's interesting values (§III-C.5, AFL's config.h), as FUZZY-SAT
// extends them to 64 bits [code].
var (
	interesting8  = []int64{-128, -1, 0, 1, 16, 32, 64, 100, 127}
	interesting16 = []int64{-32768, -129, 128, 255, 256, 512, 1000, 1024, 4096, 32767}
	interesting32 = []int64{-2147483648, -100663046, -32769, 32768, 65535, 65536, 100663045, 2147483647}
	interesting64 = []int64{-9223372036854775808, -1 << 32, 1 << 32, 9223372036854775807}
)

var interestingBy = func() [9][]int64 {
	var t [9][]int64
	for n := 1; n <= 8; n++ {
		out := append([]int64(nil), interesting8...)
		if n >= 2 {
			out = append(out, interesting16...)
		}
		if n >= 4 {
			out = append(out, interesting32...)
		}
		if n >= 8 {
			out = append(out, interesting64...)
		}
		t[n] = out
	}
	return t
}()

// interestingFor is the interesting values for an n-byte group.
func interestingFor(n int) []int64 { return interestingBy[min(max(n, 1), 8)] }

// 11. AFL deterministic mutations (§III-C.5) on the branch's bytes: walking
// bit flips (1, 2, 4 bits), byte flips, arith8 ±1..AFLArithMax,
// interesting8; on multi-byte groups arith and interesting values in
// little- and big-endian.
func (r *run) aflDeterministic() {
	for _, b := range r.mut {
		v := r.cur[b]
		for _, k := range []uint{1, 2, 4} {
			for bit := uint(0); bit+k <= 8; bit++ {
				if r.tryByte(b, v^byte((1<<k-1)<<bit)) {
					return
				}
			}
		}
		if r.tryByte(b, ^v) {
			return
		}
		for d := 1; d <= r.opts.AFLArithMax; d++ {
			if r.tryByte(b, v+byte(d)) || r.tryByte(b, v-byte(d)) {
				return
			}
		}
		for _, x := range interesting8 {
			if r.tryByte(b, byte(x)) {
				return
			}
		}
	}
	for _, g := range r.groups {
		n := len(g.Bytes())
		if n < 2 || n > 8 {
			continue
		}
		v := g.value(r.cur)
		be := bswap(v, n)
		for d := 1; d <= r.opts.AFLArithMax; d++ {
			u := uint64(d)
			if r.tryGroup(g, v+u) || r.tryGroup(g, v-u) || r.tryGroup(g, bswap(be+u, n)) || r.tryGroup(g, bswap(be-u, n)) {
				return
			}
		}
		for _, x := range interestingFor(n) {
			if r.tryGroup(g, uint64(x)) || r.tryGroup(g, bswap(uint64(x), n)) {
				return
			}
		}
	}
}

// 12. Havoc (§III-C.6): k = clamp(HavocPerInput·n_i, HavocMin, HavocMax)
// assignments, each stacking 1 << (1 + rand(HavocStackPow)) random
// mutations: flip a bit, an interesting byte, ±random, a random byte, and
// on multi-byte groups an interesting value, ±random (LE or BE) or a
// random value.
func (r *run) havoc() {
	if len(r.mut) == 0 {
		return
	}
	k := max(r.opts.HavocMin, min(r.opts.HavocMax, r.opts.HavocPerInput*len(r.mut)))
	save := make([]byte, len(r.mut))
	for i, b := range r.mut {
		save[i] = r.cur[b]
	}
	var multi []*InputGroup
	for _, g := range r.groups {
		if n := len(g.Bytes()); n >= 2 && n <= 8 {
			multi = append(multi, g)
		}
	}
	nops := 5
	if len(multi) > 0 {
		nops = 9
	}
	rng := r.rng
	for it := 0; it < k && !r.stop; it++ {
		stack := 1 << (1 + rng.IntN(r.opts.HavocStackPow))
		for range stack {
			b := r.mut[rng.IntN(len(r.mut))]
			switch op := rng.IntN(nops); op {
			case 0:
				r.cur[b] ^= 1 << uint(rng.IntN(8))
			case 1:
				r.cur[b] = byte(interesting8[rng.IntN(len(interesting8))])
			case 2:
				r.cur[b] += byte(1 + rng.IntN(r.opts.AFLArithMax))
			case 3:
				r.cur[b] -= byte(1 + rng.IntN(r.opts.AFLArithMax))
			case 4:
				r.cur[b] = byte(rng.IntN(256))
			default:
				g := multi[rng.IntN(len(multi))]
				n := len(g.Bytes())
				v := g.value(r.cur)
				switch op {
				case 5:
					is := interestingFor(n)
					x := uint64(is[rng.IntN(len(is))])
					if rng.IntN(2) == 0 {
						x = bswap(x, n)
					}
					g.set(r.cur, x)
				case 6:
					d := uint64(1 + rng.IntN(r.opts.AFLArithMax))
					if rng.IntN(2) == 0 {
						g.set(r.cur, v+d)
					} else {
						g.set(r.cur, v-d)
					}
				case 7:
					d := uint64(1 + rng.IntN(r.opts.AFLArithMax))
					be := bswap(v, n)
					if rng.IntN(2) == 0 {
						g.set(r.cur, bswap(be+d, n))
					} else {
						g.set(r.cur, bswap(be-d, n))
					}
				default:
					g.set(r.cur, rng.Uint64())
				}
			}
		}
		r.try()
		for i, b := range r.mut {
			r.cur[b] = save[i]
		}
	}
}
