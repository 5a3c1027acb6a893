/*
 * Closed boxes for the path-constraint benchmarks: C string and ctype
 * functions over small fixed buffers. A buffer of n bytes is passed as one
 * n*8-bit vector, byte i in bits 8i+7..8i (the little-endian layout of the
 * bytes in memory), so a NUL-terminated string of at most 7 characters fits
 * in a 64-bit argument. str.ref.smt2 holds the SMT-LIB definitions.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

static u8 byte_at(u64 s, int i) { return (u8)(s >> (8 * i)); }

static int is_digit(u8 c) { return c >= '0' && c <= '9'; }

static int hex_digit(u8 c, u32 *v) {
	if (c >= '0' && c <= '9') {
		*v = c - '0';
		return 1;
	}
	if (c >= 'a' && c <= 'f') {
		*v = c - 'a' + 10;
		return 1;
	}
	if (c >= 'A' && c <= 'F') {
		*v = c - 'A' + 10;
		return 1;
	}
	return 0;
}

/* strlen of an 8-byte buffer; 8 when it holds no NUL */
u8 strlen8(u64 s) {
	u8 n = 0;
	while (n < 8 && byte_at(s, n) != 0)
		n++;
	return n;
}

/* isdigit, isalpha, isspace, isxdigit in the C locale */
u32 isdigit8(u8 c) { return is_digit(c); }
u32 isalpha8(u8 c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
u32 isspace8(u8 c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
u32 isxdigit8(u8 c) {
	u32 v;
	return hex_digit(c, &v);
}

/* toupper and tolower in the C locale */
u8 toupper8(u8 c) { return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }
u8 tolower8(u8 c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* value of a hexadecimal digit, 0xff for other characters */
u8 hexval8(u8 c) {
	u32 v;
	return hex_digit(c, &v) ? (u8)v : 0xff;
}

/* atoi of a 4-byte buffer: the leading decimal digits, no sign */
u32 atoi4(u32 s) {
	u32 v = 0;
	for (int i = 0; i < 4 && is_digit(byte_at(s, i)); i++)
		v = v * 10 + (byte_at(s, i) - '0');
	return v;
}

/* atoi of an 8-byte buffer: at most 8 leading digits, no sign */
u32 atoi8(u64 s) {
	u32 v = 0;
	for (int i = 0; i < 8 && is_digit(byte_at(s, i)); i++)
		v = v * 10 + (byte_at(s, i) - '0');
	return v;
}

/* atoi of an 8-byte buffer with an optional sign: '-' or '+' then at most 7
   digits; the result is the 32-bit two's complement value */
u32 atois8(u64 s) {
	int i = 0, neg = 0;
	if (byte_at(s, 0) == '-' || byte_at(s, 0) == '+') {
		neg = byte_at(s, 0) == '-';
		i = 1;
	}
	u32 v = 0;
	for (; i < 8 && is_digit(byte_at(s, i)); i++)
		v = v * 10 + (byte_at(s, i) - '0');
	return neg ? 0u - v : v;
}

/* strtoul(s, 0, 16) of a 4-byte buffer: at most 4 leading hex digits */
u16 htoi4(u32 s) {
	u32 v = 0, d;
	for (int i = 0; i < 4 && hex_digit(byte_at(s, i), &d); i++)
		v = v * 16 + d;
	return (u16)v;
}

/* the four decimal digits of n mod 10000, zero-padded, as a 4-byte buffer
   (the thousands digit first) */
u32 itoa4(u16 n) {
	u32 m = n % 10000, out = 0;
	for (int i = 3; i >= 0; i--) {
		out |= (u32)('0' + m % 10) << (8 * i);
		m /= 10;
	}
	return out;
}

/* memchr: index of the first byte equal to c in an 8-byte buffer, 8 if none */
u8 memchr8(u64 s, u8 c) {
	for (int i = 0; i < 8; i++)
		if (byte_at(s, i) == c)
			return (u8)i;
	return 8;
}

/* sign of strcmp of two NUL-terminated strings in 4-byte buffers (a buffer
   without NUL ends after its 4 bytes): -1, 0 or 1 */
u32 strcmp4(u32 a, u32 b) {
	for (int i = 0; i < 4; i++) {
		u8 ca = byte_at(a, i), cb = byte_at(b, i);
		if (ca != cb)
			return ca < cb ? 0xffffffffu : 1;
		if (ca == 0)
			return 0;
	}
	return 0;
}

/* strspn(s, "0123456789") of an 8-byte buffer */
u8 strspn_digits8(u64 s) {
	u8 n = 0;
	while (n < 8 && is_digit(byte_at(s, n)))
		n++;
	return n;
}
