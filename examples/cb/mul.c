/* The closed box of examples/cb/motivating.smt2: f(x, y) = x * y on 32 bits.
 * Freestanding C (no libc); tandem compiles it to wasm32 with clang and
 * runs it sandboxed. Use unsigned types: arguments arrive zero-extended. */
unsigned int f(unsigned int x, unsigned int y) { return x * y; }
