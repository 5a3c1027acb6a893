// Package cbox runs closed-box functions: the functions of an SMT formula
// that have no theory, only code (SADHAK, "Satisfiability Modulo Fuzzing",
// Muduli and Roy, OOPSLA 2022; `(declare-cb NAME (ArgSort*) RetSort)`).
// The fuzzer explores them by running them, and every model the solver
// returns is checked by running them again, so they must be contained: a
// box that traps, loops, allocates without bound or dies is reported as an
// [*Error] of the right [Kind], never a panic or a hang.
//
// Every kind of box is behind one interface, [Box] (and [Bits], its
// allocation-free fast path for Bool and bit-vectors up to 64 bits):
//
//   - C source compiled to wasm32 with clang and wasm-ld, run in-process by
//     wazero ([Open] with PATH.c[:SYMBOL], [CompileC], [OpenC]);
//   - a WebAssembly module (PATH.wasm[:EXPORT], [NewWasm]);
//   - an external program speaking a line protocol, kept alive across calls
//     (exec:CMD [ARG...], [OpenExec]);
//   - a Go function ([Go], [GoBits]);
//   - a define-fun of the input run by the evaluator ([Define], for
//     `tandem solve --cb-from-define NAME`).
//
// A [Set] holds the boxes of one problem behind a cache per argument tuple
// (closed boxes are functions, so each tuple runs once, and a deterministic
// error is cached like a value) and counts calls, hits, errors and time
// ([Set.Stats]). It is what the solver hands to the evaluators: Set.Call is
// an eval.Callee for compiled programs and Set.CallValues fits
// eval.Model.Boxes:
//
//	set := cbox.NewSet(cbox.Options{CallTimeout: time.Second})
//	defer set.Close()
//	b, err := cbox.Open(ctx, "crc.c:crc8_step", f, cbox.Options{}) // f from the script's declare-cb
//	if err != nil {
//		return err // e.g. "closed box crc: compile: clang not found on PATH: install clang and lld ..."
//	}
//	set.Add(b)
//	prog, _ := eval.Compile(assertions...)
//	m := prog.NewMachine(set) // closed-box applications call set.Call
//
// # WebAssembly and C boxes
//
// Parameters map to wasm types by sort: Bool and (_ BitVec w) with w <= 32
// are i32, w <= 64 are i64, passed zero-extended; the result is masked to
// the result width. Open checks the export's signature and names the
// expected and the found one when they differ. Wider bit-vectors and other
// sorts cannot be passed: use an exec or Go box. Each Box compiles its
// module once and makes instances on demand (one per concurrent caller);
// an instance's linear memory is capped by Options.MemoryLimit (default 64
// MiB; per instance, so n concurrent callers may use n times that) and each
// call by Options.CallTimeout (default 1 s). After a trap or
// a timeout the instance is thrown away and the next call makes a new one,
// so global state of a C box lives at most until its next failure: boxes
// must be functions anyway. A trap or timeout once memory has reached its
// limit is reported as Memory.
//
// C sources are freestanding: no libc and no main. clang's own headers
// (<stdint.h>, <stdbool.h>, <limits.h>) work, and memset, memcpy, memmove
// and memcmp are linked in (clang emits calls to them for loops and struct
// copies). Use unsigned fixed-width types (uint8_t … uint64_t, bool) for
// parameters and results, since arguments arrive zero-extended; a 12-bit
// box may return uint16_t, as the result is masked. For
// (declare-cb f ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32)):
//
//	#include <stdint.h>
//	uint32_t f(uint32_t a, uint32_t b) { return a * b; }
//
// Compiled modules are cached in Options.CacheDir (default
// ~/.cache/tandem/cb) under the SHA-256 of the source, the symbol and the
// flags.
//
// # The exec protocol
//
// The program is started once (directly, no shell) in its own process
// group, with its address space limited by RLIMIT_AS to Options.MemoryLimit
// (default 1 GiB; negative for none). For each call tandem writes one line
// to its standard input: the function's name, then each argument, separated
// by single spaces. Bit-vectors are unsigned decimals, Ints signed decimals
// (-5), Bools true or false:
//
//	mul 3 4
//
// The program answers one line on its standard output, in the same
// notation (bit-vectors may also be written #x…, #b… or (_ bvN w), Ints
// (- 5)), or `error MESSAGE` when the function is not defined there:
//
//	12
//
// It must flush its output after each line (python3 -u, or
// print(..., flush=True)) and may write anything to standard error. One
// process answers one call at a time. A call without an answer within
// Options.CallTimeout is a Timeout; the process dying is a Crash, with its
// exit status and last lines of standard error; an answer that is not a
// value of the result sort is a Protocol error. In each case the process
// group is killed and the next call starts the program again. A Python box:
//
//	import sys
//	for line in sys.stdin:
//	    name, *args = line.split()
//	    a, b = map(int, args)
//	    print((a * b) % 2**32, flush=True)
//
// # Errors
//
// Errors of a call are [*Error]s with the box's name, the application as
// SMT-LIB text and a Kind. Trap, Timeout, Crash, Memory, Protocol,
// Undefined and Failed are facts about the argument tuple
// ([Kind.Deterministic]): a Set caches them. Canceled, Closed, BadArgs and
// Missing are about the call, and Spec, Start, Compile and Signature about
// setting a box up (Open's errors).
//
// # Performance
//
// Measured with `go test -bench . ./cbsolve/cbox` on a shared 2-core AMD
// EPYC (ns per call, the best of several runs; the machine was loaded, so
// expect somewhat less on an idle one):
//
//	Set.Call answered from the cache           110 ns   (0 allocations; BenchmarkSetCachedCall)
//	GoBits box, CallBits                        30 ns   (BenchmarkGoBitsCall)
//	define-fun box, compiled, CallBits          45 ns   (BenchmarkDefineCall)
//	wasm box (C mul), CallBits          1,100-2,300 ns   (BenchmarkWasmCall; wazero starts a goroutine per call to watch the deadline)
//	wasm box, Call with smt.Values      1,600-2,700 ns   (BenchmarkWasmCallValues)
//	exec box (a Go program), CallBits       12,000 ns   (BenchmarkExecCall; two pipe round trips and two context switches)
//
// A cached tuple costs about 150 bytes; the default bound of 1<<20 tuples
// is about 150 MiB.
package cbox
