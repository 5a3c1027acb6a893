/*
 * Delphi oracle bitsumhelperbinary27 (polgreen/delphi, examples/first_order/bitsumhelperbinary27.cpp):
 * x & (x - 1) on 27 bits, which clears the lowest set bit. The
 * rotating-workforce examples assert h(v) != 0 and h(h(v)) = 0 to say that
 * v has exactly two bits set.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u32 bitsumhelperbinary27(u32 x) { return (u32)(x & (x - 1) & 0x7ffffff); }
