package fuzzysat

import "math/bits"

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
//
// The stack averages 36 mutations per candidate, so the random numbers
// cost more than the evaluation: each mutation takes its choices from one
// 64-bit draw of a small generator seeded from the search's *rand.Rand
// (the run stays reproducible from Options.Seed).
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
	nops := uint64(5)
	if len(multi) > 0 {
		nops = 9
	}
	nmut := uint64(len(r.mut))
	arith := uint64(r.opts.AFLArithMax)
	w := wyrand(r.rng.Uint64())
	for it := 0; it < k && !r.stop; it++ {
		stack := 1 << (1 + below(w.next(), uint64(r.opts.HavocStackPow)))
		for range stack {
			x := w.next()
			// low 32 bits: the byte and the operation; high 32: the operand
			b := r.mut[below32(uint32(x), nmut)]
			op := below32(uint32(x)>>16|uint32(x)<<16, nops)
			y := x >> 32
			switch op {
			case 0:
				r.cur[b] ^= 1 << (y & 7)
			case 1:
				r.cur[b] = byte(interesting8[below32(uint32(y), uint64(len(interesting8)))])
			case 2:
				r.cur[b] += byte(1 + below32(uint32(y), arith))
			case 3:
				r.cur[b] -= byte(1 + below32(uint32(y), arith))
			case 4:
				r.cur[b] = byte(y)
			default:
				g := multi[below32(uint32(y), uint64(len(multi)))]
				n := len(g.Bytes())
				z := w.next()
				switch op {
				case 5:
					is := interestingFor(n)
					v := uint64(is[below32(uint32(z), uint64(len(is)))])
					if z&(1<<32) != 0 {
						v = bswap(v, n)
					}
					g.set(r.cur, v)
				case 6:
					d := 1 + below32(uint32(z), arith)
					v := g.value(r.cur)
					if z&(1<<32) != 0 {
						g.set(r.cur, v+d)
					} else {
						g.set(r.cur, v-d)
					}
				case 7:
					d := 1 + below32(uint32(z), arith)
					be := bswap(g.value(r.cur), n)
					if z&(1<<32) != 0 {
						g.set(r.cur, bswap(be+d, n))
					} else {
						g.set(r.cur, bswap(be-d, n))
					}
				default:
					g.set(r.cur, z)
				}
			}
		}
		r.try()
		for i, b := range r.mut {
			r.cur[b] = save[i]
		}
	}
}

// wyrand is a small, fast 64-bit generator (wyhash's wyrand): havoc's
// inner loop draws ~40 numbers per candidate.
type wyrand uint64

func (w *wyrand) next() uint64 {
	*w += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(uint64(*w), uint64(*w^0xe7037ed1a0b428db))
	return hi ^ lo
}

// below maps x uniformly enough onto [0, n) (Lemire's multiply-shift,
// without the rejection step: the bias is at most n/2^64).
func below(x, n uint64) uint64 {
	hi, _ := bits.Mul64(x, n)
	return hi
}

// below32 is below on 32 random bits (bias at most n/2^32).
func below32(x uint32, n uint64) uint64 { return uint64(x) * n >> 32 }
