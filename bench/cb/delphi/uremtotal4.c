/*
 * Delphi oracle uremtotal4 (polgreen/delphi,
 * examples/first_order/invertability/oracles/uremtotal4.cpp): unsigned
 * remainder on 4 bits with a % 0 = a, as in SMT-LIB. (The original program
 * prints its answer with width 32, "(_ bvR 32)", a slip of its WIDTH macro.)
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u8 uremtotal4(u8 a, u8 b) { return b == 0 ? a : (u8)((a & 0xf) % (b & 0xf)); }
