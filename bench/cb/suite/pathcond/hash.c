/*
 * Closed boxes for the path-constraint benchmarks: checksum and hash steps
 * (CRC-32, CRC-8, CRC-16/CCITT, FNV-1a, djb2, Adler-32, the Internet
 * checksum, Luhn, MurmurHash3's finalizer, xorshift). Multi-byte inputs are
 * packed little-endian: byte i in bits 8i+7..8i, processed from byte 0.
 * hash.ref.smt2 holds the SMT-LIB definitions.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

/* one byte of the reflected CRC-32 (zlib, poly 0xEDB88320), no pre/post
   inversion */
u32 crc32_step(u32 crc, u8 b) {
	crc ^= b;
	for (int i = 0; i < 8; i++) {
		if (crc & 1)
			crc = (crc >> 1) ^ 0xedb88320u;
		else
			crc >>= 1;
	}
	return crc;
}

/* crc32() of a 1-byte and a 2-byte buffer */
u32 crc32_u8(u8 b) { return ~crc32_step(0xffffffffu, b); }
u32 crc32_u16(u16 x) { return ~crc32_step(crc32_step(0xffffffffu, (u8)x), (u8)(x >> 8)); }

/* CRC-8 (poly 0x07, init 0) of one byte */
u8 crc8(u8 x) {
	u8 crc = x;
	for (int i = 0; i < 8; i++)
		crc = (crc & 0x80) ? (u8)((crc << 1) ^ 0x07) : (u8)(crc << 1);
	return crc;
}

/* one byte of CRC-16/CCITT (poly 0x1021, MSB first) */
u16 crc16_step(u16 crc, u8 b) {
	crc ^= (u16)(b << 8);
	for (int i = 0; i < 8; i++)
		crc = (crc & 0x8000) ? (u16)((crc << 1) ^ 0x1021) : (u16)(crc << 1);
	return crc;
}

/* FNV-1a, 32 bits: one step, and the hash of a 4-byte buffer */
u32 fnv1a_step(u32 h, u8 b) { return (h ^ b) * 16777619u; }
u32 fnv1a32_4(u32 x) {
	u32 h = 2166136261u;
	for (int i = 0; i < 4; i++)
		h = fnv1a_step(h, (u8)(x >> (8 * i)));
	return h;
}

/* djb2 (h * 33 + c): one step, and the hash of a 4-byte buffer */
u32 djb2_step(u32 h, u8 c) { return h * 33 + c; }
u32 djb2_4(u32 x) {
	u32 h = 5381;
	for (int i = 0; i < 4; i++)
		h = djb2_step(h, (u8)(x >> (8 * i)));
	return h;
}

/* MurmurHash3's 32-bit finalizer */
u32 fmix32(u32 h) {
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;
}

/* Marsaglia's xorshift32 step */
u32 xorshift32(u32 x) {
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return x;
}

/* the Internet checksum (RFC 1071) of four 16-bit words */
u16 inet_csum64(u64 x) {
	u32 sum = 0;
	for (int i = 0; i < 4; i++)
		sum += (u16)(x >> (16 * i));
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

/* Luhn check of a 4-digit number given as 4 ASCII bytes (byte 0 first) */
u32 luhn4(u32 s) {
	u32 sum = 0;
	for (int i = 0; i < 4; i++) {
		u8 c = (u8)(s >> (8 * i));
		if (c < '0' || c > '9')
			return 0;
		u32 d = c - '0';
		if (i % 2 == 0) { /* every second digit from the right */
			d *= 2;
			if (d > 9)
				d -= 9;
		}
		sum += d;
	}
	return sum % 10 == 0;
}

/* XOR and sum of the 8 bytes of a buffer */
u8 xor8_64(u64 s) {
	u8 r = 0;
	for (int i = 0; i < 8; i++)
		r ^= (u8)(s >> (8 * i));
	return r;
}
u8 sum8_64(u64 s) {
	u8 r = 0;
	for (int i = 0; i < 8; i++)
		r += (u8)(s >> (8 * i));
	return r;
}

/* Adler-32 of a 4-byte buffer */
u32 adler32_4(u32 x) {
	u32 a = 1, b = 0;
	for (int i = 0; i < 4; i++) {
		a = (a + (u8)(x >> (8 * i))) % 65521;
		b = (b + a) % 65521;
	}
	return (b << 16) | a;
}
