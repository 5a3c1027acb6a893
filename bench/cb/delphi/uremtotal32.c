/*
 * Delphi oracle uremtotal32 (polgreen/delphi,
 * examples/first_order/invertability/oracles/uremtotal32.cpp): unsigned
 * remainder on 32 bits with a % 0 = a, as in SMT-LIB.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u32 uremtotal32(u32 a, u32 b) { return b == 0 ? a : a % b; }
