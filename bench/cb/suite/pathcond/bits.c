/*
 * Closed boxes for the path-constraint benchmarks: integer and bit
 * manipulation functions of C libraries (abs, labs, population count, byte
 * swap, saturating arithmetic, clamping, division by constants, bit fields).
 * bits.ref.smt2 holds the SMT-LIB definitions.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef short s16;
typedef int s32;
typedef long long s64;

/* abs and labs (two's complement: abs(INT_MIN) = INT_MIN) */
u32 abs32(u32 x) { return (s32)x < 0 ? 0u - x : x; }
u64 abs64(u64 x) { return (s64)x < 0 ? 0ull - x : x; }

/* population count (__builtin_popcount) */
u8 popcount8(u8 x) {
	u8 n = 0;
	for (; x != 0; x &= x - 1)
		n++;
	return n;
}
u32 popcount32(u32 x) {
	u32 n = 0;
	for (; x != 0; x >>= 1)
		n += x & 1;
	return n;
}
u8 popcount64(u64 x) {
	u8 n = 0;
	for (int i = 0; i < 64; i++)
		n += (x >> i) & 1;
	return n;
}

/* count trailing zeros, 32 for 0 */
u32 ctz32(u32 x) {
	u32 n = 0;
	while (n < 32 && !((x >> n) & 1))
		n++;
	return n;
}

/* byte swap (bswap_16, bswap_32, bswap_64) */
u16 bswap16(u16 x) { return (u16)((x >> 8) | (x << 8)); }
u32 bswap32(u32 x) {
	u32 r = 0;
	for (int i = 0; i < 4; i++)
		r |= ((x >> (8 * i)) & 0xff) << (8 * (3 - i));
	return r;
}
u64 bswap64(u64 x) {
	u64 r = 0;
	for (int i = 0; i < 8; i++)
		r |= ((x >> (8 * i)) & 0xff) << (8 * (7 - i));
	return r;
}

/* unsigned saturating addition and subtraction */
u8 sat_addu8(u8 a, u8 b) {
	u32 s = (u32)a + b;
	return s > 0xff ? 0xff : (u8)s;
}
u32 sat_addu32(u32 a, u32 b) {
	u64 s = (u64)a + b;
	return s > 0xffffffffu ? 0xffffffffu : (u32)s;
}
u32 sat_subu32(u32 a, u32 b) { return a > b ? a - b : 0; }

/* signed saturating addition and subtraction (ARM qadd16/qsub16 lanes) */
u16 sat_adds16(u16 a, u16 b) {
	s32 s = (s32)(s16)a + (s32)(s16)b;
	if (s > 32767)
		s = 32767;
	if (s < -32768)
		s = -32768;
	return (u16)s;
}
u16 sat_subs16(u16 a, u16 b) {
	s32 s = (s32)(s16)a - (s32)(s16)b;
	if (s > 32767)
		s = 32767;
	if (s < -32768)
		s = -32768;
	return (u16)s;
}
u32 sat_adds32(u32 a, u32 b) {
	s64 s = (s64)(s32)a + (s64)(s32)b;
	if (s > 2147483647)
		s = 2147483647;
	if (s < -2147483647 - 1)
		s = -2147483647 - 1;
	return (u32)s;
}

/* clamp a signed int to a pixel value 0..255 */
u8 clamp_u8(u32 x) {
	if ((s32)x < 0)
		return 0;
	if ((s32)x > 255)
		return 255;
	return (u8)x;
}

/* unsigned division and remainder by 10 */
u32 div10(u32 x) { return x / 10; }
u32 mod10(u32 x) { return x % 10; }

/* len bits of x from bit off (len and off taken mod 32; len 0 means 32) */
u32 getbits32(u32 x, u32 off, u32 len) {
	off &= 31;
	len &= 31;
	u32 r = x >> off;
	return len == 0 ? r : r & ((1u << len) - 1);
}
