/*
 * Delphi oracle add8bitsbinary (polgreen/delphi,
 * examples/first_order/add8bitsbinary.cpp): (x + y) % 256, bvadd on 8 bits.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

u8 add8bitsbinary(u8 x, u8 y) { return (u8)(x + y); }
