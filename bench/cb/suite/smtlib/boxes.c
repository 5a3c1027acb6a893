/*
 * Closed boxes for the SMT-LIB-derived benchmarks: subterms over one to three
 * variables taken out of QF_BV formulas of the shared corpus (SAGE path
 * constraints, cvc5's bit-vector regressions and rewrite-rule "holes") and
 * the SMT-LIB operators whose corner cases C leaves undefined (signed
 * division and remainder by zero or of INT_MIN by -1, shifts by the width
 * or more), written in C with SMT-LIB's semantics. Arguments of odd widths
 * (5, 9, 13, 63 bits) arrive zero-extended in the next C type; results are
 * masked to the declared width by the caller. boxes.ref.smt2 holds the
 * SMT-LIB terms the boxes stand for.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef short s16;
typedef int s32;
typedef long long s64;

/* a little-endian 16-bit word from two bytes (SAGE's T2 = T1_hi T1_lo) */
u16 le16(u8 lo, u8 hi) { return (u16)(lo | (hi << 8)); }

/* sign extension of a byte to 16 bits */
u16 sext8_16(u8 b) { return (u16)(s16)(signed char)b; }

/* the low three bits of a zero-extended byte, as a 32-bit int */
u32 low3(u8 t) { return (u32)t & 7; }

/* x + x on 5 bits (cvc5 regression holes/add-two) */
u8 dbl5(u8 x) { return (u8)((x * 2) & 31); }

/* x & (x - 1) on 9 bits (the rotating-workforce bit-sum helper) */
u16 clearlow9(u16 x) { return (u16)(x & (x - 1) & 0x1ff); }

/* bvadd on 63 bits */
u64 add63(u64 a, u64 b) { return (a + b) & 0x7fffffffffffffffull; }

/* bvsdiv, bvsrem and bvsmod on 32 bits */
u32 sdiv32(u32 a, u32 b) {
	if (b == 0)
		return (s32)a < 0 ? 1 : 0xffffffffu;
	if (a == 0x80000000u && b == 0xffffffffu)
		return 0x80000000u;
	return (u32)((s32)a / (s32)b);
}
u32 srem32(u32 a, u32 b) {
	if (b == 0)
		return a;
	if (b == 0xffffffffu)
		return 0;
	return (u32)((s32)a % (s32)b);
}
u32 smod32(u32 a, u32 b) {
	if (b == 0)
		return a;
	s64 r = (s64)(s32)a % (s64)(s32)b;
	if (r != 0 && ((r < 0) != ((s32)b < 0)))
		r += (s32)b;
	return (u32)r;
}

/* bvsmod on 13 bits (cvc5 regression holes/smod-eliminate-fewer-bitwise-ops) */
static s32 sext13(u16 x) { return (x & 0x1000) ? (s32)x - 0x2000 : (s32)x; }
u16 smod13(u16 a, u16 b) {
	s32 s = sext13(a), t = sext13(b);
	if (t == 0)
		return a;
	s32 r = s % t;
	if (r != 0 && ((r < 0) != (t < 0)))
		r += t;
	return (u16)(r & 0x1fff);
}

/* bvudiv and bvurem on 8 bits */
u8 udiv8(u8 a, u8 b) { return b == 0 ? 0xff : a / b; }
u8 urem8(u8 a, u8 b) { return b == 0 ? a : a % b; }

/* bvashr on 32 bits */
u32 ashr32(u32 a, u32 s) {
	if (s >= 32)
		return (s32)a < 0 ? 0xffffffffu : 0;
	return (u32)((s32)a >> s);
}

/* overflow predicates (bvuaddo, bvsaddo, bvumulo, bvsmulo of SMT-LIB 2.7) */
u32 uaddo32(u32 a, u32 b) { return (u64)a + b > 0xffffffffu; }
u32 saddo32(u32 a, u32 b) {
	s64 s = (s64)(s32)a + (s32)b;
	return s > 2147483647 || s < -2147483647 - 1;
}
u32 umulo16(u16 a, u16 b) { return (u32)a * b > 0xffff; }
u32 smulo16(u16 a, u16 b) {
	s32 p = (s32)(s16)a * (s16)b;
	return p > 32767 || p < -32768;
}

/* bvcomp on bytes, bvredor and bvredand on 32 bits */
u8 comp8(u8 a, u8 b) { return a == b; }
u8 redor32(u32 x) { return x != 0; }
u8 redand32(u32 x) { return x == 0xffffffffu; }
