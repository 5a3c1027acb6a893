/* The closed box of the paper's Listing 1 (its Listing 3): f(a, b) = a * b. */
typedef unsigned int u32;

u32 f(u32 a, u32 b) { return a * b; }
