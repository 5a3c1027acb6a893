/*
 * Delphi oracle udivtotal4 (polgreen/delphi,
 * examples/first_order/invertability/oracles/udivtotal4.cpp): unsigned
 * division on 4 bits made total as SMT-LIB makes it, a / 0 = all ones. This
 * is the define-fun the invertibility benchmarks comment out; the original
 * program prints ~0 as a signed int ("(_ bv-1 4)") for a zero divisor.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u8 udivtotal4(u8 a, u8 b) { return b == 0 ? 0xf : (u8)((a & 0xf) / (b & 0xf)); }
