/*
 * Delphi oracle bitsumhelperbinary7 (polgreen/delphi, examples/first_order/bitsumhelperbinary7.cpp):
 * x & (x - 1) on 7 bits, which clears the lowest set bit. The
 * rotating-workforce examples assert h(v) != 0 and h(h(v)) = 0 to say that
 * v has exactly two bits set.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u8 bitsumhelperbinary7(u8 x) { return (u8)(x & (x - 1) & 0x7f); }
