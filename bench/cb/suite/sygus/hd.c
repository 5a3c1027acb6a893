/*
 * Closed boxes for the SyGuS-style benchmarks: the twenty functions of the
 * Hacker's Delight track of SyGuS-Comp (hd-01 .. hd-20, from H. S. Warren,
 * Hacker's Delight), written here the slow, obvious way (loops over bits,
 * 64-bit arithmetic) rather than as the bit tricks the synthesizer is meant
 * to find. hd.ref.smt2 holds the tricks as SMT-LIB definitions; the suite's
 * test checks that both agree.
 */
typedef unsigned int u32;
typedef unsigned long long u64;
typedef int s32;

/* lowest set bit, 0 for 0 */
static u32 lowbit(u32 x) {
	for (u32 b = 1; b != 0; b <<= 1)
		if (x & b)
			return b;
	return 0;
}

/* lowest clear bit, 0 for all ones */
static u32 lowzero(u32 x) { return lowbit(~x); }

/* number of leading zeros, 32 for 0 */
static u32 nlz(u32 x) {
	u32 n = 0;
	while (n < 32 && !(x & (0x80000000u >> n)))
		n++;
	return n;
}

static u32 shr(u32 x, u32 k) { return k >= 32 ? 0 : x >> k; }
static u32 shl(u32 x, u32 k) { return k >= 32 ? 0 : x << k; }

/* hd-01: turn off the rightmost 1-bit */
u32 hd01(u32 x) { return x & ~lowbit(x); }

/* hd-02: test whether x is of the form 2^n - 1: turn off the trailing 1-bits */
u32 hd02(u32 x) {
	u32 b = 1;
	while (b != 0 && (x & b)) {
		x &= ~b;
		b <<= 1;
	}
	return x;
}

/* hd-03: isolate the rightmost 1-bit */
u32 hd03(u32 x) { return lowbit(x); }

/* hd-04: mask of the rightmost 1-bit and the trailing 0-bits */
u32 hd04(u32 x) {
	u32 b = lowbit(x);
	return b == 0 ? 0xffffffffu : b | (b - 1);
}

/* hd-05: right-propagate the rightmost 1-bit */
u32 hd05(u32 x) {
	u32 b = lowbit(x);
	return b == 0 ? 0xffffffffu : x | (b - 1);
}

/* hd-06: turn on the rightmost 0-bit */
u32 hd06(u32 x) { return x | lowzero(x); }

/* hd-07: isolate the rightmost 0-bit */
u32 hd07(u32 x) { return lowzero(x); }

/* hd-08: mask of the trailing 0-bits */
u32 hd08(u32 x) {
	u32 b = lowbit(x);
	return b == 0 ? 0xffffffffu : b - 1;
}

/* hd-09: absolute value (two's complement; abs(INT_MIN) = INT_MIN) */
u32 hd09(u32 x) { return (s32)x < 0 ? 0u - x : x; }

/* hd-10: nlz(x) == nlz(y) */
u32 hd10(u32 x, u32 y) { return nlz(x) == nlz(y); }

/* hd-11: nlz(x) < nlz(y) */
u32 hd11(u32 x, u32 y) { return nlz(x) < nlz(y); }

/* hd-12: nlz(x) <= nlz(y) */
u32 hd12(u32 x, u32 y) { return nlz(x) <= nlz(y); }

/* hd-13: sign function, -1, 0 or 1 */
u32 hd13(u32 x) {
	if ((s32)x < 0)
		return 0xffffffffu;
	return x != 0;
}

/* hd-14: floor of the average of two unsigned integers, without overflow */
u32 hd14(u32 x, u32 y) { return (u32)(((u64)x + y) >> 1); }

/* hd-15: ceiling of the average of two unsigned integers */
u32 hd15(u32 x, u32 y) { return (u32)(((u64)x + y + 1) >> 1); }

/* hd-16: unsigned maximum */
u32 hd16(u32 x, u32 y) { return x >= y ? x : y; }

/* hd-17: turn off the rightmost contiguous string of 1-bits */
u32 hd17(u32 x) {
	u32 b = lowbit(x);
	while (b != 0 && (x & b)) {
		x &= ~b;
		b <<= 1;
	}
	return x;
}

/* hd-18: x is a power of 2 */
u32 hd18(u32 x) {
	u32 n = 0;
	for (u32 b = 1; b != 0; b <<= 1)
		n += (x & b) != 0;
	return n == 1;
}

/* hd-19: exchange the bit fields of x selected by m and by m << k */
u32 hd19(u32 x, u32 m, u32 k) {
	u32 t = (x ^ shr(x, k)) & m;
	return x ^ t ^ shl(t, k);
}

/* hd-20: next higher number with the same number of 1-bits (snoob), with
   SMT-LIB's division by zero (all ones) for x = 0 */
u32 hd20(u32 x) {
	u32 s = lowbit(x);
	u32 r = x + s;
	u32 ones = (x ^ r) >> 2;
	return r | (s == 0 ? 0xffffffffu : ones / s);
}
