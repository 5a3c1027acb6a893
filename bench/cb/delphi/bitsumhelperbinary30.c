/*
 * Delphi oracle bitsumhelperbinary30 (polgreen/delphi has no
 * bitsumhelperbinary30.cpp; this follows its siblings
 * bitsumhelperbinary{7,9,11,13,17,27}.cpp, which differ only in their WIDTH
 * macro, with the width declared in Example_11.txt.smt2):
 * x & (x - 1) on 30 bits, which clears the lowest set bit. The
 * rotating-workforce examples assert h(v) != 0 and h(h(v)) = 0 to say that
 * v has exactly two bits set.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u32 bitsumhelperbinary30(u32 x) { return (u32)(x & (x - 1) & 0x3fffffff); }
