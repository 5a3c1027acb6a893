/*
 * Delphi oracle udivtotal32 (polgreen/delphi,
 * examples/first_order/invertability/oracles/udivtotal32.cpp): unsigned
 * division on 32 bits with a / 0 = all ones, as in SMT-LIB.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u32 udivtotal32(u32 a, u32 b) { return b == 0 ? 0xffffffffu : a / b; }
