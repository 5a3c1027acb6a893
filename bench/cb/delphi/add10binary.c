/*
 * Delphi oracle add10binary (polgreen/delphi, examples/first_order: only the
 * editor backup add10binary.cpp~ is in the repository): x + 10 on 32 bits,
 * the define-fun commented out in examples/first_order/simple.smt2. (The
 * original reads x into a signed int, so it fails on inputs of 2^31 and
 * more; here the addition wraps as bvadd does.)
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u32 add10binary(u32 x) { return x + 10; }
