package cbox

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"

	"tandem/smt"
	"tandem/smtlib"
)

const wasmPage = 65536

// OpenWasm makes the box for f from a WebAssembly module file whose export
// (default f.Name) implements f. It is Open's PATH.wasm[:EXPORT] case.
func OpenWasm(ctx context.Context, path, export string, f *smt.Func, opts Options) (Box, error) {
	if err := checkFunc(f); err != nil {
		return nil, err
	}
	bin, err := smtlib.ReadFile(path, "WebAssembly module", 0)
	if err != nil {
		return nil, &Error{Box: f.Name, Kind: Start, Msg: fmt.Sprintf("reading the WebAssembly module: %v", err)}
	}
	return NewWasm(ctx, bin, export, f, opts)
}

// NewWasm makes the box for f from a WebAssembly module binary. The module
// is compiled once; instances are made on demand, one per concurrent
// caller, and thrown away after a trap or timeout.
//
// Parameters map to wasm types by sort: Bool and (_ BitVec w), w <= 32, to
// i32, w <= 64 to i64, passed zero-extended (C sources should use unsigned
// types); the result is masked to the result width. The export's signature
// is checked here. The module may import only WASI (wasi_snapshot_preview1,
// with no files, arguments or output); its _initialize function, when it
// has one, runs at instantiation, and _start never does.
func NewWasm(ctx context.Context, bin []byte, export string, f *smt.Func, opts Options) (Box, error) {
	if err := checkFunc(f); err != nil {
		return nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	opts = opts.withDefaults()
	if export == "" {
		export = f.Name
	}
	want, err := wasmSignature(f)
	if err != nil {
		return nil, &Error{Box: f.Name, Kind: Signature, Msg: err.Error()}
	}
	limit := opts.MemoryLimit
	if limit <= 0 {
		limit = DefaultWasmMemory
	}
	pages := uint64(limit) / wasmPage
	pages = max(1, min(pages, 65536))
	cfg := wazero.NewRuntimeConfig().
		WithMemoryLimitPages(uint32(pages)).
		WithCloseOnContextDone(true).
		WithDebugInfoEnabled(false)
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	fail := func(k Kind, format string, a ...any) (Box, error) {
		rt.Close(ctx)
		return nil, &Error{Box: f.Name, Kind: k, Msg: fmt.Sprintf(format, a...)}
	}
	cm, err := rt.CompileModule(ctx, bin)
	if err != nil {
		if strings.Contains(err.Error(), "over limit") {
			return fail(Memory, "the module needs more memory at start than the %d KiB limit (%v); raise the memory limit", pages*wasmPage>>10, err)
		}
		return fail(Compile, "invalid WebAssembly module: %v", err)
	}
	wasi := false
	for _, imp := range cm.ImportedFunctions() {
		mod, name, _ := imp.Import()
		if mod == wasi_snapshot_preview1.ModuleName {
			wasi = true
			continue
		}
		return fail(Signature, "the module imports %s.%s: closed boxes run without host functions except WASI; define it in the module (C sources are freestanding: no libc)", mod, name)
	}
	if imps := cm.ImportedMemories(); len(imps) > 0 {
		mod, name, _ := imps[0].Import()
		return fail(Signature, "the module imports its memory (%s.%s); link it with its own memory (wasm-ld without --import-memory)", mod, name)
	}
	def, ok := cm.ExportedFunctions()[export]
	if !ok {
		var names []string
		for n := range cm.ExportedFunctions() {
			names = append(names, n)
		}
		sort.Strings(names)
		hint := "it exports no functions"
		if len(names) > 0 {
			hint = "its function exports are " + strings.Join(names, ", ")
		}
		return fail(Signature, "the module has no function export %q (%s); name the export with PATH.wasm:EXPORT", export, hint)
	}
	got := wasmSigString(def.ParamTypes(), def.ResultTypes())
	if got != want.String() {
		return fail(Signature, "export %q has wasm signature %s, but %s needs %s (Bool and bit-vectors up to 32 bits are i32, up to 64 bits i64)", export, got, declString(f), want)
	}
	maxPages := uint32(pages)
	for _, m := range cm.ExportedMemories() {
		if m.Min() > maxPages {
			return fail(Memory, "the module needs %d MiB of memory at start, more than the %d MiB limit; raise the memory limit", uint64(m.Min())*wasmPage>>20, uint64(maxPages)*wasmPage>>20)
		}
		if mx, ok := m.Max(); ok && mx < maxPages {
			maxPages = mx
		}
	}
	if wasi {
		if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
			return fail(Start, "instantiating WASI: %v", err)
		}
	}
	w := &wasmBox{
		name: f.Name, rt: rt, cm: cm, export: export,
		nstack:   max(len(f.Params), 1),
		timeout:  opts.CallTimeout,
		maxBytes: uint64(maxPages) * wasmPage,
		sig:      signatureOf(f),
	}
	// Instantiate once now, so that a module that cannot start is reported
	// by Open rather than by every call.
	inst, err := w.instantiate(ctx)
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	w.free = append(w.free, inst)
	return newBox(f, w), nil
}

// wasmSig is a WebAssembly function type.
type wasmSig struct{ params, results []api.ValueType }

func (s wasmSig) String() string { return wasmSigString(s.params, s.results) }

func wasmSigString(params, results []api.ValueType) string {
	name := func(ts []api.ValueType) string {
		var parts []string
		for _, t := range ts {
			parts = append(parts, api.ValueTypeName(t))
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	if len(results) == 1 {
		return name(params) + " -> " + api.ValueTypeName(results[0])
	}
	return name(params) + " -> " + name(results)
}

func declString(f *smt.Func) string {
	var parts []string
	for _, p := range f.Params {
		parts = append(parts, p.String())
	}
	return "(" + smt.QuoteSymbol(f.Name) + " (" + strings.Join(parts, " ") + ") " + f.Result.String() + ")"
}

// wasmSignature is the wasm function type that implements f.
func wasmSignature(f *smt.Func) (wasmSig, error) {
	var s wasmSig
	conv := func(what string, srt *smt.Sort) (api.ValueType, error) {
		w := bitWidth(srt)
		switch {
		case w == 0:
			return 0, fmt.Errorf("%s has sort %s, but WebAssembly boxes take Bool and bit-vectors up to 64 bits; use an exec: box or a Go box", what, srt)
		case w <= 32:
			return api.ValueTypeI32, nil
		default:
			return api.ValueTypeI64, nil
		}
	}
	for i, p := range f.Params {
		t, err := conv(fmt.Sprintf("parameter %d of %s", i+1, f.Name), p)
		if err != nil {
			return s, err
		}
		s.params = append(s.params, t)
	}
	t, err := conv("the result of "+f.Name, f.Result)
	if err != nil {
		return s, err
	}
	s.results = []api.ValueType{t}
	return s, nil
}

type wasmBox struct {
	name     string
	rt       wazero.Runtime
	cm       wazero.CompiledModule
	export   string
	nstack   int
	timeout  time.Duration
	maxBytes uint64 // the memory size at which growth fails
	sig      signature

	mu     sync.Mutex
	free   []*wasmInst
	closed bool
}

// wasmInst is one instance; it serves one call at a time.
//
// Its calls run under ctx, a context of its own that a reusable timer
// ends after the call timeout: wazero stops a call when the context passed
// to it is done (WithCloseOnContextDone), and a context.WithTimeout per
// call would cost a fresh timer and context every time. Once ctx is done
// the instance is closed and never reused.
type wasmInst struct {
	mod   api.Module
	fn    api.Function
	mem   api.Memory
	stack []uint64
	ctx   *instCtx
	timer *time.Timer
}

// instCtx is a context that ends once, with a given error.
type instCtx struct {
	done chan struct{}
	once sync.Once
	err  atomic.Value // error, set before done is closed
}

func (c *instCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c *instCtx) Done() <-chan struct{}       { return c.done }
func (c *instCtx) Value(any) any               { return nil }
func (c *instCtx) Err() error {
	if e, ok := c.err.Load().(error); ok {
		return e
	}
	return nil
}

// end ends the context with err (context.DeadlineExceeded for the call
// timeout, context.Canceled for the caller's context).
func (c *instCtx) end(err error) {
	c.once.Do(func() {
		c.err.Store(err)
		close(c.done)
	})
}

func (w *wasmBox) instantiate(ctx context.Context) (*wasmInst, error) {
	ictx, cancel := context.WithTimeout(ctx, w.timeout)
	defer cancel()
	cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions("_initialize")
	mod, err := w.rt.InstantiateModule(ictx, w.cm, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, &Error{Kind: Canceled, Msg: "instantiating the module: " + ctx.Err().Error()}
		}
		if ictx.Err() != nil {
			return nil, &Error{Kind: Timeout, Msg: fmt.Sprintf("instantiating the module took more than %v", w.timeout)}
		}
		return nil, &Error{Kind: Start, Msg: "instantiating the module: " + firstLine(err.Error())}
	}
	inst := &wasmInst{
		mod: mod, fn: mod.ExportedFunction(w.export), mem: mod.Memory(),
		stack: make([]uint64, w.nstack),
		ctx:   &instCtx{done: make(chan struct{})},
	}
	ictxInst := inst.ctx
	inst.timer = time.AfterFunc(time.Hour, func() { ictxInst.end(context.DeadlineExceeded) })
	inst.timer.Stop()
	return inst, nil
}

func (w *wasmBox) get(ctx context.Context) (*wasmInst, error) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil, &Error{Kind: Closed, Msg: "the box was closed"}
	}
	if n := len(w.free); n > 0 {
		inst := w.free[n-1]
		w.free = w.free[:n-1]
		w.mu.Unlock()
		return inst, nil
	}
	w.mu.Unlock()
	return w.instantiate(ctx)
}

func (w *wasmBox) put(inst *wasmInst) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		inst.mod.Close(context.Background())
		return
	}
	w.free = append(w.free, inst)
	w.mu.Unlock()
}

func (w *wasmBox) callBits(ctx context.Context, args []uint64) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, &Error{Kind: Canceled, Msg: err.Error()}
	}
	inst, err := w.get(ctx)
	if err != nil {
		return 0, err
	}
	copy(inst.stack, args)
	var stop func() bool
	if ctx.Done() != nil {
		stop = context.AfterFunc(ctx, func() { inst.ctx.end(context.Canceled) })
	}
	inst.timer.Reset(w.timeout)
	err = inst.fn.CallWithStack(inst.ctx, inst.stack)
	// The instance is reusable only if neither the timer nor the caller's
	// context ended its context (nor may still do so).
	reusable := inst.timer.Stop()
	if stop != nil && !stop() {
		reusable = false
	}
	if err != nil {
		e := w.classify(ctx, inst, err)
		inst.mod.Close(context.Background())
		return 0, e
	}
	r := inst.stack[0]
	if reusable && inst.ctx.Err() == nil {
		w.put(inst)
	} else {
		inst.mod.Close(context.Background())
	}
	return r, nil
}

// classify turns a failed call into an *Error.
func (w *wasmBox) classify(ctx context.Context, inst *wasmInst, err error) *Error {
	w.mu.Lock()
	closed := w.closed
	w.mu.Unlock()
	if closed {
		return &Error{Kind: Closed, Msg: "the box was closed during the call"}
	}
	if ctx.Err() != nil {
		return &Error{Kind: Canceled, Msg: ctx.Err().Error()}
	}
	full := inst.mem != nil && uint64(inst.mem.Size())+wasmPage > w.maxBytes
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		switch exit.ExitCode() {
		case sys.ExitCodeDeadlineExceeded, sys.ExitCodeContextCanceled:
			if full {
				return &Error{Kind: Memory, Msg: fmt.Sprintf("no answer within %v after the memory reached its limit (%d MiB)", w.timeout, w.maxBytes>>20)}
			}
			return &Error{Kind: Timeout, Msg: fmt.Sprintf("no answer within %v", w.timeout)}
		default:
			return &Error{Kind: Crash, Msg: fmt.Sprintf("the module exited with code %d", exit.ExitCode())}
		}
	}
	if errors.Is(inst.ctx.Err(), context.DeadlineExceeded) {
		return &Error{Kind: Timeout, Msg: fmt.Sprintf("no answer within %v", w.timeout)}
	}
	msg := strings.TrimPrefix(firstLine(err.Error()), "wasm error: ")
	if full {
		return &Error{Kind: Memory, Msg: fmt.Sprintf("trap (%s) after the memory reached its limit (%d MiB)", msg, w.maxBytes>>20)}
	}
	return &Error{Kind: Trap, Msg: msg}
}

func (w *wasmBox) call(ctx context.Context, args []smt.Value) (smt.Value, error) {
	var buf [8]uint64
	x, err := w.callBits(ctx, w.sig.toBits(args, buf[:0]))
	if err != nil {
		return nil, err
	}
	return bitsValue(w.sig.result, x), nil
}

func (w *wasmBox) close() error {
	w.mu.Lock()
	w.closed = true
	w.free = nil
	w.mu.Unlock()
	// Closing the runtime closes every instance, and stops running calls.
	return w.rt.Close(context.Background())
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
