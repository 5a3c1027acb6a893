/*
 * Closed boxes for the SyGuS-style benchmarks beyond Hacker's Delight's
 * twenty: the LIA track's max2/max3 and array search, clamping, powers of
 * two, rotations, parity, Gray code, bit reversal and the high word of a
 * product, on 32-bit vectors. Written the direct way (loops, branches,
 * 64-bit arithmetic); intfun.ref.smt2 has the definitions a synthesizer
 * would produce.
 */
typedef unsigned int u32;
typedef unsigned long long u64;
typedef int s32;
typedef long long s64;

/* max2 of the SyGuS LIA track, signed */
u32 max2s(u32 x, u32 y) { return (s32)x >= (s32)y ? x : y; }

/* min2, signed */
u32 min2s(u32 x, u32 y) { return (s32)x <= (s32)y ? x : y; }

/* max3 of the SyGuS LIA track, signed */
u32 max3s(u32 x, u32 y, u32 z) {
	u32 m = x;
	if ((s32)y > (s32)m)
		m = y;
	if ((s32)z > (s32)m)
		m = z;
	return m;
}

/* array_search_3 of the SyGuS LIA track: the place of k in the sorted array
   (y1, y2, y3), that is how many of the leading elements are below k */
u32 search3(u32 y1, u32 y2, u32 y3, u32 k) {
	s32 y[3] = {(s32)y1, (s32)y2, (s32)y3};
	u32 i = 0;
	while (i < 3 && (s32)k > y[i])
		i++;
	return i;
}

/* clamp x into [lo, hi], signed (lo is checked first) */
u32 clamps(u32 x, u32 lo, u32 hi) {
	if ((s32)x < (s32)lo)
		return lo;
	if ((s32)x > (s32)hi)
		return hi;
	return x;
}

/* least power of 2 >= x (0 for 0 and above 2^31) */
u32 clp2(u32 x) {
	if (x == 0 || x > 0x80000000u)
		return 0;
	u32 p = 1;
	while (p < x)
		p <<= 1;
	return p;
}

/* greatest power of 2 <= x (0 for 0) */
u32 flp2(u32 x) {
	u32 p = 0x80000000u;
	while (p != 0 && p > x)
		p >>= 1;
	return p;
}

/* floor of log2 x; all ones (-1) for 0 */
u32 ilog2(u32 x) {
	u32 n = 0xffffffffu;
	while (x != 0) {
		x >>= 1;
		n++;
	}
	return n;
}

/* rotate left by n mod 32 */
u32 rotl32(u32 x, u32 n) {
	for (n &= 31; n > 0; n--)
		x = (x << 1) | (x >> 31);
	return x;
}

/* rotate right by n mod 32 */
u32 rotr32(u32 x, u32 n) {
	for (n &= 31; n > 0; n--)
		x = (x >> 1) | (x << 31);
	return x;
}

/* parity: 1 when x has an odd number of 1-bits */
u32 parity32(u32 x) {
	u32 p = 0;
	for (; x != 0; x >>= 1)
		p ^= x & 1;
	return p;
}

/* binary to Gray code */
u32 gray32(u32 x) { return x ^ (x >> 1); }

/* Gray code to binary */
u32 ungray32(u32 g) {
	u32 x = 0, bit = 0;
	for (int i = 31; i >= 0; i--) {
		bit ^= (g >> i) & 1;
		x |= bit << i;
	}
	return x;
}

/* reverse the 32 bits */
u32 bitrev32(u32 x) {
	u32 r = 0;
	for (int i = 0; i < 32; i++)
		r |= ((x >> i) & 1) << (31 - i);
	return r;
}

/* high word of the unsigned 64-bit product */
u32 mulhi32(u32 x, u32 y) { return (u32)(((u64)x * y) >> 32); }

/* difference or zero, signed: x - y when x > y, else 0 */
u32 doz32(u32 x, u32 y) { return (s32)x > (s32)y ? x - y : 0; }

/* floor of the signed average, without overflow */
u32 avgs32(u32 x, u32 y) {
	s64 s = (s64)(s32)x + (s64)(s32)y;
	return (u32)(s64)(s >= 0 ? s / 2 : -((-s + 1) / 2));
}
