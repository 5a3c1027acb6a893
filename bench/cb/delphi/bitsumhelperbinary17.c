/*
 * Delphi oracle bitsumhelperbinary17 (polgreen/delphi, examples/first_order/bitsumhelperbinary17.cpp):
 * x & (x - 1) on 17 bits, which clears the lowest set bit. The
 * rotating-workforce examples assert h(v) != 0 and h(h(v)) = 0 to say that
 * v has exactly two bits set.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u32 bitsumhelperbinary17(u32 x) { return (u32)(x & (x - 1) & 0x1ffff); }
