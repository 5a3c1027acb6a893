/*
 * Delphi oracle bitsumhelperbinary13 (polgreen/delphi, examples/first_order/bitsumhelperbinary13.cpp):
 * x & (x - 1) on 13 bits, which clears the lowest set bit. The
 * rotating-workforce examples assert h(v) != 0 and h(h(v)) = 0 to say that
 * v has exactly two bits set.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u16 bitsumhelperbinary13(u16 x) { return (u16)(x & (x - 1) & 0x1fff); }
