// Closed boxes for the tests of package cbox. Freestanding C: no libc.
#include <stdbool.h>
#include <stdint.h>

uint32_t mul(uint32_t a, uint32_t b) { return a * b; }

uint64_t mul64(uint64_t a, uint64_t b) { return a * b; }

uint8_t popcount(uint64_t x) { return (uint8_t)__builtin_popcountll(x); }

uint8_t add8(uint8_t a, uint8_t b) { return a + b; }

uint16_t rotl16(uint16_t x, uint16_t n) {
	n &= 15;
	return (uint16_t)((x << n) | (x >> ((16 - n) & 15)));
}

// A 12-bit box: the result is masked by tandem, so overflow past 12 bits is
// harmless.
uint16_t add12(uint16_t a, uint16_t b) { return a + b; }

bool not_(bool a) { return !a; }

bool is_pow2(uint32_t x) { return x != 0 && (x & (x - 1)) == 0; }

uint32_t udiv(uint32_t a, uint32_t b) { return a / b; }

uint32_t trap_on_7(uint32_t x) {
	if (x == 7)
		__builtin_trap();
	return x + 1;
}

uint32_t loop_on_odd(uint32_t x) {
	volatile uint32_t y = x;
	while (y & 1)
		y += 2;
	return y;
}

// Grows memory one page at a time until growth fails, then traps.
uint32_t grow_then_trap(uint32_t x) {
	for (;;)
		if (__builtin_wasm_memory_grow(0, 1) == (__SIZE_TYPE__)-1)
			__builtin_trap();
	return x;
}

// Grows memory forever, ignoring failures.
uint32_t grow_forever(uint32_t x) {
	volatile uint32_t n = x;
	for (;;)
		n += (uint32_t)__builtin_wasm_memory_grow(0, 1);
	return n;
}

uint32_t recurse(uint32_t x) {
	volatile uint32_t pad[64];
	pad[x & 63] = x;
	return recurse(x + 1) + pad[(x + 1) & 63];
}

// Calls memset, which the support file provides.
uint32_t fill(uint32_t n) {
	char buf[4096];
	__builtin_memset(buf, (int)(n & 0x7f), sizeof buf);
	volatile char *p = buf;
	return (uint32_t)p[n & 4095];
}
