package main

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Box is one closed-box function in three forms that must agree: Go (Eval,
// which picks the targets), C (the closed box, compiled to wasm32 by tandem
// solve) and SMT-LIB (the define-fun of the transparent version, which
// labels the instance). Parameters are p0, p1, … in SMT-LIB and C.
type Box struct {
	Name   string
	Params []int // bit widths, each at most 64
	Result int   // bit width
	// C is the body of the C function (the statements between the braces);
	// its parameters are p0, p1, … of type u32 (width <= 32) or u64.
	C string
	// SMT is the define-fun's body over p0, p1, ….
	SMT  string
	Eval func(a []uint64) uint64
	// Sample draws an argument tuple from the inputs the box is written
	// for (digit strings for a parser, finite doubles for a floating-point
	// box); nil means uniform bits.
	Sample func(r *rand.Rand) []uint64
}

func ctype(w int) string {
	if w <= 32 {
		return "u32"
	}
	return "u64"
}

// CFunc is the whole C definition of the box.
func (b *Box) CFunc() string {
	ps := make([]string, len(b.Params))
	for i, w := range b.Params {
		ps[i] = fmt.Sprintf("%s p%d", ctype(w), i)
	}
	return fmt.Sprintf("%s %s(%s) {\n%s\n}\n", ctype(b.Result), b.Name, strings.Join(ps, ", "), strings.TrimRight(b.C, "\n"))
}

// Signature is the box's SMT-LIB sorts: ((_ BitVec w) …) (_ BitVec r).
func (b *Box) Signature() (params, result string) {
	ps := make([]string, len(b.Params))
	for i, w := range b.Params {
		ps[i] = sortOf(w)
	}
	return "(" + strings.Join(ps, " ") + ")", sortOf(b.Result)
}

// DefineFun is the box as an SMT-LIB define-fun.
func (b *Box) DefineFun() string {
	ps := make([]string, len(b.Params))
	for i, w := range b.Params {
		ps[i] = fmt.Sprintf("(p%d %s)", i, sortOf(w))
	}
	return fmt.Sprintf("(define-fun %s (%s) %s\n  %s)", b.Name, strings.Join(ps, " "), sortOf(b.Result), b.SMT)
}

// DeclareCB is the box as a closed-box declaration.
func (b *Box) DeclareCB() string {
	ps, r := b.Signature()
	return fmt.Sprintf("(declare-cb %s %s %s)", b.Name, ps, r)
}

// Draw is an argument tuple for the box.
func (b *Box) Draw(r *rand.Rand) []uint64 {
	if b.Sample != nil {
		return b.Sample(r)
	}
	a := make([]uint64, len(b.Params))
	for i, w := range b.Params {
		a[i] = r.Uint64() & mask(w)
	}
	return a
}

func sortOf(w int) string { return fmt.Sprintf("(_ BitVec %d)", w) }

func mask(w int) uint64 {
	if w >= 64 {
		return math.MaxUint64
	}
	return 1<<uint(w) - 1
}

// bv is an SMT-LIB bit-vector literal.
func bv(v uint64, w int) string { return fmt.Sprintf("(_ bv%d %d)", v&mask(w), w) }

// lets builds nested lets: each Bind names a term that may use the
// earlier names; End closes them around the result.
type lets struct {
	b strings.Builder
	n int
}

func (l *lets) Bind(prefix, term string) string {
	name := fmt.Sprintf("%s%d", prefix, l.n)
	l.n++
	fmt.Fprintf(&l.b, "(let ((%s %s)) ", name, term)
	return name
}

func (l *lets) End(result string) string {
	return l.b.String() + result + strings.Repeat(")", l.n)
}

func byteOf(p string, i int) string { return fmt.Sprintf("((_ extract %d %d) %s)", 8*i+7, 8*i, p) }

// --- checksums and hashes -------------------------------------------------

// crc8Box is CRC-8, MSB first, over n bytes of p0 (byte i in bits 8i+7..8i).
func crc8Box(n int, poly, init uint8) *Box {
	w := 8 * n
	var l lets
	c := bv(uint64(init), 8)
	for i := 0; i < n; i++ {
		c = l.Bind("c", fmt.Sprintf("(bvxor %s %s)", c, byteOf("p0", i)))
		for k := 0; k < 8; k++ {
			c = l.Bind("c", fmt.Sprintf("(ite (= ((_ extract 7 7) %s) #b1) (bvxor (bvshl %s #x01) %s) (bvshl %s #x01))", c, c, bv(uint64(poly), 8), c))
		}
	}
	return &Box{
		Name: fmt.Sprintf("crc8_%02x_%02x_%db", poly, init, n), Params: []int{w}, Result: 8,
		C: fmt.Sprintf(`	u8 c = 0x%02x;
	for (int i = 0; i < %d; i++) {
		c ^= (u8)(p0 >> (8 * i));
		for (int k = 0; k < 8; k++)
			c = (c & 0x80) ? (u8)((c << 1) ^ 0x%02x) : (u8)(c << 1);
	}
	return c;`, init, n, poly),
		SMT: l.End(c),
		Eval: func(a []uint64) uint64 {
			c := init
			for i := 0; i < n; i++ {
				c ^= uint8(a[0] >> (8 * i))
				for k := 0; k < 8; k++ {
					if c&0x80 != 0 {
						c = c<<1 ^ poly
					} else {
						c <<= 1
					}
				}
			}
			return uint64(c)
		},
	}
}

// crc16Box is CRC-16, MSB first (CCITT-FALSE with 0x1021/0xffff), over n bytes.
func crc16Box(n int, poly, init uint16) *Box {
	var l lets
	c := bv(uint64(init), 16)
	for i := 0; i < n; i++ {
		c = l.Bind("c", fmt.Sprintf("(bvxor %s (concat %s #x00))", c, byteOf("p0", i)))
		for k := 0; k < 8; k++ {
			c = l.Bind("c", fmt.Sprintf("(ite (= ((_ extract 15 15) %s) #b1) (bvxor (bvshl %s #x0001) %s) (bvshl %s #x0001))", c, c, bv(uint64(poly), 16), c))
		}
	}
	return &Box{
		Name: fmt.Sprintf("crc16_%04x_%04x_%db", poly, init, n), Params: []int{8 * n}, Result: 16,
		C: fmt.Sprintf(`	u16 c = 0x%04x;
	for (int i = 0; i < %d; i++) {
		c ^= (u16)((u16)(u8)(p0 >> (8 * i)) << 8);
		for (int k = 0; k < 8; k++)
			c = (c & 0x8000) ? (u16)((c << 1) ^ 0x%04x) : (u16)(c << 1);
	}
	return c;`, init, n, poly),
		SMT: l.End(c),
		Eval: func(a []uint64) uint64 {
			c := init
			for i := 0; i < n; i++ {
				c ^= uint16(uint8(a[0]>>(8*i))) << 8
				for k := 0; k < 8; k++ {
					if c&0x8000 != 0 {
						c = c<<1 ^ poly
					} else {
						c <<= 1
					}
				}
			}
			return uint64(c)
		},
	}
}

// crc32Box is the reflected CRC-32 of zlib (poly 0xedb88320, init and
// final xor 0xffffffff), over n bytes.
func crc32Box(n int) *Box {
	const poly = 0xedb88320
	var l lets
	c := "#xffffffff"
	for i := 0; i < n; i++ {
		c = l.Bind("c", fmt.Sprintf("(bvxor %s ((_ zero_extend 24) %s))", c, byteOf("p0", i)))
		for k := 0; k < 8; k++ {
			c = l.Bind("c", fmt.Sprintf("(ite (= ((_ extract 0 0) %s) #b1) (bvxor (bvlshr %s #x00000001) #xedb88320) (bvlshr %s #x00000001))", c, c, c))
		}
	}
	return &Box{
		Name: fmt.Sprintf("crc32_%db", n), Params: []int{8 * n}, Result: 32,
		C: fmt.Sprintf(`	u32 c = 0xffffffffu;
	for (int i = 0; i < %d; i++) {
		c ^= (u8)(p0 >> (8 * i));
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
	}
	return ~c;`, n),
		SMT: l.End("(bvnot " + c + ")"),
		Eval: func(a []uint64) uint64 {
			c := uint32(0xffffffff)
			for i := 0; i < n; i++ {
				c ^= uint32(uint8(a[0] >> (8 * i)))
				for k := 0; k < 8; k++ {
					if c&1 != 0 {
						c = c>>1 ^ poly
					} else {
						c >>= 1
					}
				}
			}
			return uint64(^c)
		},
	}
}

// adler32Box is Adler-32 over n bytes.
func adler32Box(n int) *Box {
	var l lets
	a, b := "#x00000001", "#x00000000"
	for i := 0; i < n; i++ {
		a = l.Bind("a", fmt.Sprintf("(bvurem (bvadd %s ((_ zero_extend 24) %s)) #x0000fff1)", a, byteOf("p0", i)))
		b = l.Bind("b", fmt.Sprintf("(bvurem (bvadd %s %s) #x0000fff1)", b, a))
	}
	return &Box{
		Name: fmt.Sprintf("adler32_%db", n), Params: []int{8 * n}, Result: 32,
		C: fmt.Sprintf(`	u32 a = 1, b = 0;
	for (int i = 0; i < %d; i++) {
		a = (a + (u8)(p0 >> (8 * i))) %% 65521u;
		b = (b + a) %% 65521u;
	}
	return (b << 16) | a;`, n),
		SMT: l.End(fmt.Sprintf("(concat ((_ extract 15 0) %s) ((_ extract 15 0) %s))", b, a)),
		Eval: func(x []uint64) uint64 {
			a, b := uint32(1), uint32(0)
			for i := 0; i < n; i++ {
				a = (a + uint32(uint8(x[0]>>(8*i)))) % 65521
				b = (b + a) % 65521
			}
			return uint64(b<<16 | a)
		},
	}
}

// fnv1aBox is 32-bit FNV-1a over n bytes; fold xors the halves into 16 bits.
func fnv1aBox(n int, fold bool) *Box {
	var l lets
	h := "#x811c9dc5"
	for i := 0; i < n; i++ {
		h = l.Bind("h", fmt.Sprintf("(bvmul (bvxor %s ((_ zero_extend 24) %s)) #x01000193)", h, byteOf("p0", i)))
	}
	name, res, ret, body := fmt.Sprintf("fnv1a_%db", n), 32, "return h;", h
	if fold {
		name, res, ret = fmt.Sprintf("fnv1a16_%db", n), 16, "return (h >> 16) ^ (h & 0xffff);"
		body = fmt.Sprintf("(bvxor ((_ extract 31 16) %s) ((_ extract 15 0) %s))", h, h)
	}
	return &Box{
		Name: name, Params: []int{8 * n}, Result: res,
		C: fmt.Sprintf(`	u32 h = 0x811c9dc5u;
	for (int i = 0; i < %d; i++) {
		h ^= (u8)(p0 >> (8 * i));
		h *= 0x01000193u;
	}
	%s`, n, ret),
		SMT: l.End(body),
		Eval: func(a []uint64) uint64 {
			h := uint32(0x811c9dc5)
			for i := 0; i < n; i++ {
				h ^= uint32(uint8(a[0] >> (8 * i)))
				h *= 0x01000193
			}
			if fold {
				return uint64(h>>16 ^ h&0xffff)
			}
			return uint64(h)
		},
	}
}

// fmix32Box is MurmurHash3's 32-bit finaliser, truncated to res bits.
func fmix32Box(res int) *Box {
	var l lets
	h := l.Bind("h", "(bvxor p0 (bvlshr p0 #x00000010))")
	h = l.Bind("h", fmt.Sprintf("(bvmul %s #x85ebca6b)", h))
	h = l.Bind("h", fmt.Sprintf("(bvxor %s (bvlshr %s #x0000000d))", h, h))
	h = l.Bind("h", fmt.Sprintf("(bvmul %s #xc2b2ae35)", h))
	h = l.Bind("h", fmt.Sprintf("(bvxor %s (bvlshr %s #x00000010))", h, h))
	out := h
	if res < 32 {
		out = fmt.Sprintf("((_ extract %d 0) %s)", res-1, h)
	}
	return &Box{
		Name: fmt.Sprintf("fmix32_%d", res), Params: []int{32}, Result: res,
		C: `	u32 h = p0;
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;`,
		SMT: l.End(out),
		Eval: func(a []uint64) uint64 {
			h := uint32(a[0])
			h ^= h >> 16
			h *= 0x85ebca6b
			h ^= h >> 13
			h *= 0xc2b2ae35
			h ^= h >> 16
			return uint64(h) & mask(res)
		},
	}
}

// --- parsers ------------------------------------------------------------------

func isDigit(b string) string { return fmt.Sprintf("(and (bvuge %s #x30) (bvule %s #x39))", b, b) }

// parseChain is the SMT-LIB of a decimal parse of bytes from..n-1 of p0,
// stopping at the first non-digit: the value (32 bits) and the count.
func parseChain(l *lets, n, from int) (val, count string) {
	v, d, k := "#x00000000", "false", "#x00000000"
	for i := from; i < n; i++ {
		b := byteOf("p0", i)
		stop := fmt.Sprintf("(or %s (not %s))", d, isDigit(b))
		v = l.Bind("v", fmt.Sprintf("(ite %s %s (bvadd (bvmul %s #x0000000a) ((_ zero_extend 24) (bvsub %s #x30))))", stop, v, v, b))
		k = l.Bind("k", fmt.Sprintf("(ite %s %s (bvadd %s #x00000001))", stop, k, k))
		d = l.Bind("d", stop)
	}
	return v, k
}

func parseGo(x uint64, n, from int) (v, k uint32) {
	for i := from; i < n; i++ {
		b := uint8(x >> (8 * i))
		if b < '0' || b > '9' {
			break
		}
		v = v*10 + uint32(b-'0')
		k++
	}
	return v, k
}

// digits draws n bytes that mostly spell a number: digits, sometimes a
// '-' first, sometimes a terminator (NUL, space, letter) after some digits.
func digits(n int, minus bool) func(r *rand.Rand) []uint64 {
	return func(r *rand.Rand) []uint64 {
		var x uint64
		stop := n
		if r.IntN(3) == 0 {
			stop = 1 + r.IntN(n)
		}
		for i := 0; i < n; i++ {
			var b uint64
			switch {
			case i == 0 && minus && r.IntN(2) == 0:
				b = '-'
			case i < stop:
				b = '0' + uint64(r.IntN(10))
			case i == stop:
				b = []uint64{0, ' ', 'x', ','}[r.IntN(4)]
			default:
				b = uint64(r.IntN(256))
			}
			x |= b << (8 * i)
		}
		return []uint64{x}
	}
}

// atoiBox parses n bytes as an unsigned decimal (32-bit result).
func atoiBox(n int) *Box {
	var l lets
	v, _ := parseChain(&l, n, 0)
	return &Box{
		Name: fmt.Sprintf("atoi_%db", n), Params: []int{8 * n}, Result: 32,
		C: fmt.Sprintf(`	u32 v = 0;
	for (int i = 0; i < %d; i++) {
		u8 b = (u8)(p0 >> (8 * i));
		if (b < '0' || b > '9')
			break;
		v = v * 10 + (u32)(b - '0');
	}
	return v;`, n),
		SMT:    l.End(v),
		Eval:   func(a []uint64) uint64 { v, _ := parseGo(a[0], n, 0); return uint64(v) },
		Sample: digits(n, false),
	}
}

// atoisBox parses n bytes as a signed decimal with an optional '-'.
func atoisBox(n int) *Box {
	var l lets
	v0, _ := parseChain(&l, n, 0)
	v1, _ := parseChain(&l, n, 1)
	return &Box{
		Name: fmt.Sprintf("atois_%db", n), Params: []int{8 * n}, Result: 32,
		C: fmt.Sprintf(`	u32 v = 0;
	int i = 0, neg = 0;
	if ((u8)p0 == '-') {
		neg = 1;
		i = 1;
	}
	for (; i < %d; i++) {
		u8 b = (u8)(p0 >> (8 * i));
		if (b < '0' || b > '9')
			break;
		v = v * 10 + (u32)(b - '0');
	}
	return neg ? 0u - v : v;`, n),
		SMT: l.End(fmt.Sprintf("(ite (= %s #x2d) (bvneg %s) %s)", byteOf("p0", 0), v1, v0)),
		Eval: func(a []uint64) uint64 {
			if uint8(a[0]) == '-' {
				v, _ := parseGo(a[0], n, 1)
				return uint64(-v)
			}
			v, _ := parseGo(a[0], n, 0)
			return uint64(v)
		},
		Sample: digits(n, true),
	}
}

// parseNumBox is a parser with two outputs: the value (bits 31..0) and the
// number of digits read (bits 63..32).
func parseNumBox(n int) *Box {
	var l lets
	v, k := parseChain(&l, n, 0)
	return &Box{
		Name: fmt.Sprintf("parsenum_%db", n), Params: []int{8 * n}, Result: 64,
		C: fmt.Sprintf(`	u32 v = 0, k = 0;
	for (int i = 0; i < %d; i++) {
		u8 b = (u8)(p0 >> (8 * i));
		if (b < '0' || b > '9')
			break;
		v = v * 10 + (u32)(b - '0');
		k++;
	}
	return ((u64)k << 32) | v;`, n),
		SMT:    l.End(fmt.Sprintf("(concat %s %s)", k, v)),
		Eval:   func(a []uint64) uint64 { v, k := parseGo(a[0], n, 0); return uint64(k)<<32 | uint64(v) },
		Sample: digits(n, false),
	}
}

// --- bit tricks ------------------------------------------------------------------

func bit(p string, i int) string { return fmt.Sprintf("((_ extract %d %d) %s)", i, i, p) }

func popcountBox(w int) *Box {
	terms := make([]string, w)
	for i := range terms {
		terms[i] = fmt.Sprintf("((_ zero_extend 7) %s)", bit("p0", i))
	}
	return &Box{
		Name: fmt.Sprintf("popcount%d", w), Params: []int{w}, Result: 8,
		C: fmt.Sprintf(`	u32 n = 0;
	for (int i = 0; i < %d; i++)
		n += (u32)((p0 >> i) & 1);
	return n;`, w),
		SMT:  "(bvadd " + strings.Join(terms, " ") + ")",
		Eval: func(a []uint64) uint64 { return uint64(bits.OnesCount64(a[0] & mask(w))) },
	}
}

func nlzBox(w int) *Box {
	s := bv(uint64(w), 8)
	for i := 0; i < w; i++ { // from the lowest bit up, so the top bit is outermost
		s = fmt.Sprintf("(ite (= %s #b1) %s %s)", bit("p0", i), bv(uint64(w-1-i), 8), s)
	}
	return &Box{
		Name: fmt.Sprintf("nlz%d", w), Params: []int{w}, Result: 8,
		C: fmt.Sprintf(`	u32 n = 0;
	for (int i = %d; i >= 0 && !((p0 >> i) & 1); i--)
		n++;
	return n;`, w-1),
		SMT:  s,
		Eval: func(a []uint64) uint64 { return uint64(bits.LeadingZeros64(a[0]&mask(w)) - (64 - w)) },
	}
}

func bitrevBox(w int) *Box {
	// concat(p0[0], p0[1], …, p0[w-1]): the result's top bit is p0's bit 0
	s := bit("p0", w-1)
	for j := w - 2; j >= 0; j-- {
		s = fmt.Sprintf("(concat %s %s)", bit("p0", j), s)
	}
	return &Box{
		Name: fmt.Sprintf("bitrev%d", w), Params: []int{w}, Result: w,
		C: fmt.Sprintf(`	%s r = 0;
	for (int i = 0; i < %d; i++)
		r |= ((p0 >> i) & 1) << (%d - i);
	return r;`, ctype(w), w, w-1),
		SMT:  s,
		Eval: func(a []uint64) uint64 { return bits.Reverse64(a[0]&mask(w)) >> (64 - w) },
	}
}

func parityBox(w int) *Box {
	terms := make([]string, w)
	for i := range terms {
		terms[i] = bit("p0", i)
	}
	return &Box{
		Name: fmt.Sprintf("parity%d", w), Params: []int{w}, Result: 1,
		C: fmt.Sprintf(`	u32 p = 0;
	for (int i = 0; i < %d; i++)
		p ^= (u32)((p0 >> i) & 1);
	return p;`, w),
		SMT:  "(bvxor " + strings.Join(terms, " ") + ")",
		Eval: func(a []uint64) uint64 { return uint64(bits.OnesCount64(a[0]&mask(w)) & 1) },
	}
}

// --- floating point ---------------------------------------------------------------

func f64lit(x float64) string { return fmt.Sprintf("((_ to_fp 11 53) #x%016x)", math.Float64bits(x)) }

// isqrtfBox is floor(sqrtf((float)x)) on 24-bit x (exact as a float).
func isqrtfBox() *Box {
	return &Box{
		Name: "isqrtf24", Params: []int{24}, Result: 16,
		C: `	float f = (float)p0;
	return (u32)__builtin_floorf(__builtin_sqrtf(f));`,
		SMT: "((_ fp.to_ubv 16) RTZ (fp.roundToIntegral RTN (fp.sqrt RNE ((_ to_fp_unsigned 8 24) RNE p0))))",
		Eval: func(a []uint64) uint64 {
			return uint64(math.Floor(float64(float32(math.Sqrt(float64(float32(a[0])))))))
		},
	}
}

// isqrtBox is floor(sqrt((double)x)) on 32-bit x.
func isqrtBox() *Box {
	return &Box{
		Name: "isqrt_d32", Params: []int{32}, Result: 16,
		C: `	double d = (double)p0;
	return (u32)__builtin_floor(__builtin_sqrt(d));`,
		SMT:  "((_ fp.to_ubv 16) RTZ (fp.roundToIntegral RTN (fp.sqrt RNE ((_ to_fp_unsigned 11 53) RNE p0))))",
		Eval: func(a []uint64) uint64 { return uint64(math.Floor(math.Sqrt(float64(a[0])))) },
	}
}

// hypotBox is floor(sqrt(a*a + b*b)) in double on w-bit a and b.
func hypotBox(w int) *Box {
	sq := func(p string) string {
		return fmt.Sprintf("(fp.mul RNE ((_ to_fp_unsigned 11 53) RNE %s) ((_ to_fp_unsigned 11 53) RNE %s))", p, p)
	}
	return &Box{
		Name: fmt.Sprintf("hypot%d", w), Params: []int{w, w}, Result: w + 1,
		C: `	double a = (double)p0, b = (double)p1;
	return (u32)__builtin_floor(__builtin_sqrt(a * a + b * b));`,
		SMT: fmt.Sprintf("((_ fp.to_ubv %d) RTZ (fp.roundToIntegral RTN (fp.sqrt RNE (fp.add RNE %s %s))))", w+1, sq("p0"), sq("p1")),
		Eval: func(a []uint64) uint64 {
			x, y := float64(a[0]), float64(a[1])
			return uint64(math.Floor(math.Sqrt(x*x + y*y)))
		},
	}
}

// dfloorBox reads its argument as a double's bits and returns its floor as
// a 32-bit unsigned number, 0 below 0 and for NaN, 0xffffffff from 2^32 on.
func dfloorBox() *Box {
	d := "((_ to_fp 11 53) p0)"
	return &Box{
		Name: "dfloor_u32", Params: []int{64}, Result: 32,
		C: `	double d;
	__builtin_memcpy(&d, &p0, sizeof d);
	if (!(d >= 0.0))
		return 0;
	if (d >= 4294967296.0)
		return 0xffffffffu;
	return (u32)__builtin_floor(d);`,
		SMT: fmt.Sprintf("(ite (not (fp.geq %s %s)) #x00000000 (ite (fp.geq %s %s) #xffffffff ((_ fp.to_ubv 32) RTZ (fp.roundToIntegral RTN %s))))",
			d, f64lit(0), d, f64lit(4294967296.0), d),
		Eval: func(a []uint64) uint64 {
			d := math.Float64frombits(a[0])
			if !(d >= 0) {
				return 0
			}
			if d >= 4294967296.0 {
				return 0xffffffff
			}
			return uint64(math.Floor(d))
		},
		Sample: func(r *rand.Rand) []uint64 {
			var d float64
			switch r.IntN(4) {
			case 0:
				d = float64(r.IntN(1<<20)) + r.Float64()
			case 1:
				d = -r.Float64() * 1000
			case 2:
				d = r.Float64() * 1e10
			default:
				d = float64(r.IntN(100000)) / 8
			}
			return []uint64{math.Float64bits(d)}
		},
	}
}

// scaleBox is floor(x*k + c + 0.5) in double on w-bit x (a unit conversion:
// Celsius to Fahrenheit is k=1.8, c=32), saturated at 2^res-1.
func scaleBox(name string, w, res int, k, c float64) *Box {
	x := "((_ to_fp_unsigned 11 53) RNE p0)"
	y := fmt.Sprintf("(fp.add RNE (fp.add RNE (fp.mul RNE %s %s) %s) %s)", x, f64lit(k), f64lit(c), f64lit(0.5))
	top := float64(uint64(1) << res)
	return &Box{
		Name: name, Params: []int{w}, Result: res,
		C: fmt.Sprintf(`	double y = (double)p0 * %s + %s + 0.5;
	if (y >= %s)
		return 0x%xu;
	return (u32)__builtin_floor(y);`, cdouble(k), cdouble(c), cdouble(top), mask(res)),
		SMT: fmt.Sprintf("(let ((y %s)) (ite (fp.geq y %s) %s ((_ fp.to_ubv %d) RTZ (fp.roundToIntegral RTN y))))", y, f64lit(top), bv(mask(res), res), res),
		Eval: func(a []uint64) uint64 {
			y := float64(a[0])*k + c + 0.5
			if y >= top {
				return mask(res)
			}
			return uint64(math.Floor(y))
		},
	}
}

// cdouble prints x as a C double literal that reads back exactly.
func cdouble(x float64) string {
	s := fmt.Sprintf("%.17g", x)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// --- several outputs ----------------------------------------------------------------

// divmodBox returns x / d in bits 63..32 and x % d in bits 31..0.
func divmodBox(d uint32) *Box {
	return &Box{
		Name: fmt.Sprintf("divmod%d", d), Params: []int{32}, Result: 64,
		C:    fmt.Sprintf("\treturn ((u64)(p0 / %du) << 32) | (p0 %% %du);", d, d),
		SMT:  fmt.Sprintf("(concat (bvudiv p0 %s) (bvurem p0 %s))", bv(uint64(d), 32), bv(uint64(d), 32)),
		Eval: func(a []uint64) uint64 { x := uint32(a[0]); return uint64(x/d)<<32 | uint64(x%d) },
	}
}

// minmaxBox returns max in bits 2w-1..w and min in bits w-1..0, signed.
func minmaxBox(w int) *Box {
	sh := 32 - w
	return &Box{
		Name: fmt.Sprintf("sminmax%d", w), Params: []int{w, w}, Result: 2 * w,
		C: fmt.Sprintf(`	int a = (int)(p0 << %d) >> %d, b = (int)(p1 << %d) >> %d;
	u32 lo = (u32)(a < b ? a : b) & 0x%xu, hi = (u32)(a < b ? b : a) & 0x%xu;
	return (hi << %d) | lo;`, sh, sh, sh, sh, mask(w), mask(w), w),
		SMT: "(ite (bvslt p0 p1) (concat p1 p0) (concat p0 p1))",
		Eval: func(a []uint64) uint64 {
			x, y := int64(a[0]<<(64-w))>>(64-w), int64(a[1]<<(64-w))>>(64-w)
			lo, hi := min(x, y), max(x, y)
			return (uint64(hi)&mask(w))<<w | uint64(lo)&mask(w)
		},
	}
}
