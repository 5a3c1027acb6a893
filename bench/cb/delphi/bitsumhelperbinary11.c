/*
 * Delphi oracle bitsumhelperbinary11 (polgreen/delphi, examples/first_order/bitsumhelperbinary11.cpp):
 * x & (x - 1) on 11 bits, which clears the lowest set bit. The
 * rotating-workforce examples assert h(v) != 0 and h(h(v)) = 0 to say that
 * v has exactly two bits set.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u16 bitsumhelperbinary11(u16 x) { return (u16)(x & (x - 1) & 0x7ff); }
