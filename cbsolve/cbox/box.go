package cbox

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"tandem/smt"
)

// Box is one closed-box function: deterministic, possibly partial. Its
// values come from running code, never from a theory.
//
// Call takes one value per parameter of [Box.Func], of the parameter sorts,
// and returns a value of the result sort or an error, usually an [*Error]
// whose Kind says what went wrong (a trap, a timeout, a crash…). A Box is
// safe for concurrent use. Close releases what the box holds (a process, a
// WebAssembly runtime); calls after Close fail with Kind [Closed].
type Box interface {
	// Func is the declaration the box implements (name, Params, Result).
	Func() *smt.Func
	// Call runs the box on args.
	Call(ctx context.Context, args []smt.Value) (smt.Value, error)
	// Close releases the box.
	Close() error
}

// Bits is implemented by boxes whose parameters and result are Bool or
// bit-vectors of width <= 64, for the compiled evaluator's fast path: args
// are unsigned values (Bool is 0 or 1), each below 2^width of its parameter
// (a wider value is an error of Kind [BadArgs]), and the result is masked
// to the result width. args is only read during the call.
type Bits interface {
	CallBits(ctx context.Context, args []uint64) (uint64, error)
}

// Kind classifies the errors of closed boxes. The kinds for which
// [Kind.Deterministic] holds are facts about an argument tuple (a box that
// loops on x loops on x every time): a [Set] caches them like values. The
// others are about the call (the caller's context ended, the box is
// closed, the arguments are ill-sorted) or about setting a box up.
type Kind int

// The kinds of closed-box errors.
const (
	// Trap: a WebAssembly trap (unreachable, integer division by zero,
	// out-of-bounds memory access, stack overflow).
	Trap Kind = iota + 1
	// Timeout: no answer within Options.CallTimeout.
	Timeout
	// Crash: an exec box's process died during the call, or a Go box
	// panicked.
	Crash
	// Memory: the box ran out of its memory limit (Options.MemoryLimit).
	Memory
	// Protocol: the box answered something that is not a value of the
	// result sort (an exec box printing garbage, a Go box returning a
	// value of another sort).
	Protocol
	// Undefined: the value is left open (a define-fun whose body is
	// undefined on these arguments, a Go box returning smt.Undefined).
	Undefined
	// Failed: the box itself reported an error for these arguments (an
	// exec box's "error MESSAGE" line, a Go box's error).
	Failed
	// Compile: the C source did not compile, or the WebAssembly module is
	// invalid.
	Compile
	// Signature: the implementation does not match the declaration (a
	// wasm export with another signature, a sort the box kind cannot pass).
	Signature
	// Start: the box could not be started (missing file or program,
	// module instantiation failed).
	Start
	// Spec: the --cb spec is malformed.
	Spec
	// BadArgs: the call's arguments do not fit the declaration (wrong
	// count, sort or width); a bug of the caller.
	BadArgs
	// Canceled: the caller's context ended before the box answered.
	Canceled
	// Closed: the box or the set was closed.
	Closed
	// Missing: a Set has no box for the function.
	Missing

	numKinds
)

var kindNames = [...]string{
	Trap: "trap", Timeout: "timeout", Crash: "crash", Memory: "memory",
	Protocol: "protocol", Undefined: "undefined", Failed: "failed",
	Compile: "compile", Signature: "signature", Start: "start", Spec: "spec",
	BadArgs: "bad-args", Canceled: "canceled", Closed: "closed", Missing: "missing",
}

// String is the kind's lower-case name (trap, timeout, crash, …).
func (k Kind) String() string {
	if k > 0 && k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Deterministic reports whether an error of this kind is a fact about the
// argument tuple, to be cached like a value: Trap, Timeout, Crash, Memory,
// Protocol, Undefined and Failed.
func (k Kind) Deterministic() bool {
	switch k {
	case Trap, Timeout, Crash, Memory, Protocol, Undefined, Failed:
		return true
	}
	return false
}

// Error is what a closed box reports instead of a value.
type Error struct {
	// Box is the function's name.
	Box string
	// Kind classifies the error.
	Kind Kind
	// Args is the failing application as SMT-LIB text, e.g.
	// (f #x00000001 #x00000000); empty for errors that are not about one
	// call (Open, Compile).
	Args string
	// Msg says what happened and, where it helps, what to do.
	Msg string
}

// Error prints "closed box NAME: KIND on ARGS: MSG".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("closed box ")
	b.WriteString(e.Box)
	b.WriteString(": ")
	b.WriteString(e.Kind.String())
	if e.Args != "" {
		b.WriteString(" on ")
		b.WriteString(e.Args)
	}
	if e.Msg != "" {
		b.WriteString(": ")
		b.WriteString(e.Msg)
	}
	return b.String()
}

// KindOf is the Kind of err when it is (or wraps) an [*Error], and 0
// otherwise.
func KindOf(err error) Kind {
	var e *Error
	if asError(err, &e) {
		return e.Kind
	}
	return 0
}

// Options tunes closed boxes. The zero value gives the defaults.
type Options struct {
	// CallTimeout bounds each call of a WebAssembly or exec box (default
	// DefaultCallTimeout). Go and define-fun boxes run on the caller's
	// goroutine and are not interrupted: Go cannot stop a goroutine, and
	// the evaluator always terminates.
	CallTimeout time.Duration
	// CallWall is the wall-clock safety limit of an exec box's call, whose
	// CallTimeout is CPU time of the box's process tree (default
	// ExecWallFactor × CallTimeout): it bounds a box that waits without
	// using CPU.
	CallWall time.Duration
	// MemoryLimit bounds a box's memory in bytes: a WebAssembly instance's
	// linear memory (default DefaultWasmMemory, at most 4 GiB) or an exec
	// box's address space with RLIMIT_AS (default DefaultExecMemory;
	// negative: no limit, for runtimes such as the race detector or a JVM
	// that reserve much address space).
	MemoryLimit int64
	// CacheDir is where CompileC keeps compiled modules (default
	// os.UserCacheDir()/tandem/cb, or os.TempDir()/tandem-cb when there is
	// no user cache directory).
	CacheDir string
	// CacheSize bounds the number of argument tuples a [Set] remembers
	// (default DefaultCacheSize; negative: no cache). When the cache is
	// full, a random entry is evicted for each new one.
	CacheSize int
}

// Defaults of [Options].
const (
	DefaultCallTimeout = time.Second
	DefaultWasmMemory  = 64 << 20
	DefaultExecMemory  = 1 << 30
	DefaultCacheSize   = 1 << 20
)

func (o Options) withDefaults() Options {
	if o.CallTimeout <= 0 {
		o.CallTimeout = DefaultCallTimeout
	}
	if o.CallWall <= 0 {
		o.CallWall = ExecWallFactor * o.CallTimeout
	}
	if o.CacheDir == "" {
		if d, err := os.UserCacheDir(); err == nil {
			o.CacheDir = filepath.Join(d, "tandem", "cb")
		} else {
			o.CacheDir = filepath.Join(os.TempDir(), "tandem-cb")
		}
	}
	if o.CacheSize == 0 {
		o.CacheSize = DefaultCacheSize
	}
	return o
}

// impl is what each kind of box implements; [box] adds the checks, the
// error context and panic safety around it.
type impl interface {
	// call runs the box on well-sorted args.
	call(ctx context.Context, args []smt.Value) (smt.Value, error)
	// callBits runs the box on args below 2^width (only when the box's
	// sorts fit 64 bits).
	callBits(ctx context.Context, args []uint64) (uint64, error)
	close() error
}

// box is the Box returned by this package's constructors.
type box struct {
	f      *smt.Func
	impl   impl
	sig    signature
	closed atomic.Bool
}

// bitsBox is a box that also implements Bits.
type bitsBox struct{ *box }

func newBox(f *smt.Func, im impl) Box {
	if err := checkFunc(f); err != nil {
		name := "(nil)"
		if f != nil {
			name = f.Name
		}
		return &box{f: &smt.Func{Name: name, Kind: smt.FuncClosedBox}, impl: failImpl{err}}
	}
	b := &box{f: f, impl: im, sig: signatureOf(f)}
	if b.sig.bits {
		return bitsBox{b}
	}
	return b
}

// checkFunc refuses declarations that are nil or have nil sorts.
func checkFunc(f *smt.Func) error {
	if f == nil {
		return &Error{Box: "(nil)", Kind: Signature, Msg: "no declaration (nil *smt.Func)"}
	}
	if f.Result == nil {
		return &Error{Box: f.Name, Kind: Signature, Msg: "the declaration has no result sort"}
	}
	for i, p := range f.Params {
		if p == nil {
			return &Error{Box: f.Name, Kind: Signature, Msg: fmt.Sprintf("parameter %d of the declaration has no sort", i+1)}
		}
	}
	return nil
}

// failImpl is the impl of a box that cannot work; every call fails.
type failImpl struct{ err error }

func (x failImpl) call(context.Context, []smt.Value) (smt.Value, error) { return nil, x.err }
func (x failImpl) callBits(context.Context, []uint64) (uint64, error)   { return 0, x.err }
func (failImpl) close() error                                           { return nil }

func (b *box) Func() *smt.Func { return b.f }

func (b *box) Close() error {
	if b.closed.Swap(true) {
		return nil
	}
	return b.impl.close()
}

func (b *box) Call(ctx context.Context, args []smt.Value) (v smt.Value, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if x, ok := b.impl.(failImpl); ok {
		return nil, x.err
	}
	if err := b.sig.checkValues(args); err != nil {
		return nil, b.errorf(BadArgs, valuesApp(b.f, args), "%v", err)
	}
	if b.closed.Load() {
		return nil, b.errorf(Closed, valuesApp(b.f, args), "the box was closed")
	}
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, b.errorf(Crash, valuesApp(b.f, args), "panic: %v\n%s", r, debug.Stack())
		}
	}()
	v, err = b.impl.call(ctx, args)
	if err != nil {
		return nil, b.annotate(err, func() string { return valuesApp(b.f, args) })
	}
	if u, ok := v.(smt.Undefined); ok {
		return nil, b.errorf(Undefined, valuesApp(b.f, args), "%s", undefReason(u))
	}
	if v == nil || v.Sort() != b.f.Result {
		return nil, b.errorf(Protocol, valuesApp(b.f, args), "the box returned %s, not a value of sort %s", describe(v), b.f.Result)
	}
	return v, nil
}

func (b bitsBox) CallBits(ctx context.Context, args []uint64) (v uint64, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := b.sig.checkBits(args); err != nil {
		return 0, b.errorf(BadArgs, bitsApp(b.f, b.sig, args), "%v", err)
	}
	if b.closed.Load() {
		return 0, b.errorf(Closed, bitsApp(b.f, b.sig, args), "the box was closed")
	}
	defer func() {
		if r := recover(); r != nil {
			v, err = 0, b.errorf(Crash, bitsApp(b.f, b.sig, args), "panic: %v\n%s", r, debug.Stack())
		}
	}()
	v, err = b.impl.callBits(ctx, args)
	if err != nil {
		return 0, b.annotate(err, func() string { return bitsApp(b.f, b.sig, args) })
	}
	return v & b.sig.rmask, nil
}

func (b *box) errorf(k Kind, app, format string, a ...any) *Error {
	return &Error{Box: b.f.Name, Kind: k, Args: app, Msg: fmt.Sprintf(format, a...)}
}

// annotate fills in the box name and the application of an error from an
// impl; other errors become Failed.
func (b *box) annotate(err error, app func() string) error {
	var e *Error
	if asError(err, &e) {
		c := *e
		if c.Box == "" {
			c.Box = b.f.Name
		}
		if c.Args == "" && c.Kind != Compile && c.Kind != Signature && c.Kind != Spec {
			c.Args = app()
		}
		return &c
	}
	return &Error{Box: b.f.Name, Kind: Failed, Args: app(), Msg: err.Error()}
}

func asError(err error, target **Error) bool { return errors.As(err, target) }

func undefReason(u smt.Undefined) string {
	if u.Reason != "" {
		if u.Term != nil {
			return u.Reason + " (at " + shortText(u.Term.String()) + ")"
		}
		return u.Reason
	}
	return "the value is undefined"
}

func describe(v smt.Value) string {
	if v == nil {
		return "no value (nil)"
	}
	return shortText(v.String()) + " of sort " + v.Sort().String()
}

func shortText(s string) string {
	if len(s) > 200 {
		return s[:197] + "..."
	}
	return s
}

// signature is a declaration's shape as the fast paths need it.
type signature struct {
	params []*smt.Sort
	result *smt.Sort
	// bits: every parameter and the result are Bool or BV <= 64.
	bits   bool
	widths []int    // per parameter: 1 for Bool, w for (_ BitVec w)
	masks  []uint64 // per parameter
	rwidth int
	rmask  uint64
}

// bitWidth is the width of s on the fast path, or 0 when s does not fit.
func bitWidth(s *smt.Sort) int {
	switch {
	case s == nil:
		return 0
	case s.Kind == smt.KindBool:
		return 1
	case s.Kind == smt.KindBitVec && s.Width >= 1 && s.Width <= 64:
		return s.Width
	}
	return 0
}

func maskOf(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func signatureOf(f *smt.Func) signature {
	if f == nil {
		return signature{}
	}
	s := signature{params: f.Params, result: f.Result, bits: true}
	s.widths = make([]int, len(f.Params))
	s.masks = make([]uint64, len(f.Params))
	for i, p := range f.Params {
		w := bitWidth(p)
		if w == 0 {
			s.bits = false
		}
		s.widths[i], s.masks[i] = w, maskOf(w)
	}
	s.rwidth = bitWidth(f.Result)
	if s.rwidth == 0 {
		s.bits = false
	}
	s.rmask = maskOf(s.rwidth)
	return s
}

func (s *signature) checkValues(args []smt.Value) error {
	if len(args) != len(s.params) {
		return fmt.Errorf("%d arguments for %d parameters", len(args), len(s.params))
	}
	for i, a := range args {
		if a == nil {
			return fmt.Errorf("argument %d is nil", i+1)
		}
		if _, ok := a.(smt.Undefined); ok {
			return fmt.Errorf("argument %d is undefined", i+1)
		}
		if a.Sort() != s.params[i] {
			return fmt.Errorf("argument %d is %s of sort %s, want sort %s", i+1, shortText(a.String()), a.Sort(), s.params[i])
		}
	}
	return nil
}

func (s *signature) checkBits(args []uint64) error {
	if !s.bits {
		return fmt.Errorf("the declaration has sorts other than Bool and bit-vectors up to 64 bits; call with values")
	}
	if len(args) != len(s.params) {
		return fmt.Errorf("%d arguments for %d parameters", len(args), len(s.params))
	}
	for i, a := range args {
		if a&^s.masks[i] != 0 {
			return fmt.Errorf("argument %d is %d, which does not fit in %d bits", i+1, a, s.widths[i])
		}
	}
	return nil
}

// toBits converts well-sorted fast-path values.
func (s *signature) toBits(args []smt.Value, dst []uint64) []uint64 {
	for _, a := range args {
		dst = append(dst, valueBits(a))
	}
	return dst
}

func valueBits(v smt.Value) uint64 {
	switch v := v.(type) {
	case smt.BoolValue:
		if v {
			return 1
		}
		return 0
	case smt.BVValue:
		return v.V.Uint64()
	}
	return 0
}

// bitsValue is the value of sort s (Bool or BV <= 64) with bits x.
func bitsValue(s *smt.Sort, x uint64) smt.Value {
	if s.Kind == smt.KindBool {
		return smt.BoolValue(x&1 != 0)
	}
	return smt.BVValue{W: s.Width, V: new(big.Int).SetUint64(x & maskOf(s.Width))}
}

// valuesApp prints (f a1 … an).
func valuesApp(f *smt.Func, args []smt.Value) string {
	if len(args) == 0 {
		return smt.QuoteSymbol(f.Name)
	}
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(smt.QuoteSymbol(f.Name))
	for _, a := range args {
		b.WriteByte(' ')
		if a == nil {
			b.WriteString("<nil>")
		} else {
			b.WriteString(a.String())
		}
	}
	b.WriteString(")")
	return b.String()
}

// bitsApp prints (f a1 … an) for fast-path arguments.
func bitsApp(f *smt.Func, s signature, args []uint64) string {
	if len(args) == 0 {
		return smt.QuoteSymbol(f.Name)
	}
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(smt.QuoteSymbol(f.Name))
	for i, a := range args {
		b.WriteByte(' ')
		if i < len(s.params) && bitWidth(s.params[i]) > 0 {
			b.WriteString(bitsValue(s.params[i], a).String())
		} else {
			fmt.Fprintf(&b, "%d", a)
		}
	}
	b.WriteString(")")
	return b.String()
}
