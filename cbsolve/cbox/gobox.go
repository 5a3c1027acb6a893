package cbox

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"

	"tandem/smt"
)

// Go is a closed box computed by a Go function, for programs that use
// tandem as a library. fn gets one value per parameter of f, of the
// parameter sorts, and returns a value of f's result sort; an error it
// returns is reported with Kind [Failed] (or its own Kind when it is an
// [*Error]), a panic with Kind [Crash]. fn has no time limit of its own
// and must be safe for concurrent use. When the call's context can end, fn
// runs on a goroutine of its own and the call returns with Kind [Canceled]
// as soon as the context ends: Go cannot stop a goroutine, so a looping fn
// is abandoned (it keeps its CPU until it returns), but the caller is never
// held past its deadline or a Ctrl-C. With a context that never ends
// (context.Background), fn runs on the caller's goroutine. A nil fn gives a
// box whose every call fails.
func Go(f *smt.Func, fn func(args []smt.Value) (smt.Value, error)) Box {
	return newBox(f, goBox{f: f, sig: signatureOf(f), fn: fn})
}

// GoBits is [Go] for functions over Bool and bit-vectors up to 64 bits:
// fn gets unsigned values (Bool as 0 or 1) and its result is masked to the
// result width. The box implements [Bits]. When f has other sorts, every
// call fails with Kind [Signature]; use Go.
func GoBits(f *smt.Func, fn func(args []uint64) (uint64, error)) Box {
	return newBox(f, goBox{f: f, sig: signatureOf(f), fnBits: fn})
}

type goBox struct {
	f      *smt.Func
	sig    signature
	fn     func([]smt.Value) (smt.Value, error)
	fnBits func([]uint64) (uint64, error)
}

// detached runs fn on a goroutine of its own when ctx can end, and returns
// when fn does or ctx ends, whichever comes first; a panic of fn is
// returned as an error of Kind Crash (the box's recover does not reach
// another goroutine).
func detached[T any](ctx context.Context, fn func() (T, error)) (T, error) {
	if ctx.Done() == nil {
		return fn()
	}
	type out struct {
		v   T
		err error
	}
	ch := make(chan out, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				var zero T
				ch <- out{zero, &Error{Kind: Crash, Msg: fmt.Sprintf("panic: %v\n%s", r, debug.Stack())}}
			}
		}()
		v, err := fn()
		ch <- out{v, err}
	}()
	select {
	case o := <-ch:
		return o.v, o.err
	case <-ctx.Done():
		var zero T
		return zero, &Error{Kind: Canceled, Msg: ctx.Err().Error() + " (the Go function is left running on its goroutine)"}
	}
}

func (g goBox) call(ctx context.Context, args []smt.Value) (smt.Value, error) {
	if ctx.Done() != nil {
		args = slices.Clone(args) // an abandoned fn may read them after we return
	}
	return detached(ctx, func() (smt.Value, error) { return g.callNow(args) })
}

func (g goBox) callBits(ctx context.Context, args []uint64) (uint64, error) {
	if ctx.Done() != nil {
		args = slices.Clone(args)
	}
	return detached(ctx, func() (uint64, error) { return g.callBitsNow(args) })
}

func (g goBox) callNow(args []smt.Value) (smt.Value, error) {
	if g.fn != nil {
		return g.fn(args)
	}
	if g.fnBits == nil {
		return nil, &Error{Kind: Signature, Msg: "the Go box has no function (nil)"}
	}
	if !g.sig.bits {
		return nil, &Error{Kind: Signature, Msg: fmt.Sprintf("GoBits boxes take Bool and bit-vectors up to 64 bits; %s has other sorts: register it with cbox.Go", g.f.Name)}
	}
	x, err := g.fnBits(g.sig.toBits(args, make([]uint64, 0, len(args))))
	if err != nil {
		return nil, err
	}
	return bitsValue(g.sig.result, x&g.sig.rmask), nil
}

func (g goBox) callBitsNow(args []uint64) (uint64, error) {
	if g.fnBits != nil {
		return g.fnBits(args)
	}
	if g.fn == nil {
		return 0, &Error{Kind: Signature, Msg: "the Go box has no function (nil)"}
	}
	vals := make([]smt.Value, len(args))
	for i, a := range args {
		vals[i] = bitsValue(g.sig.params[i], a)
	}
	v, err := g.fn(vals)
	if err != nil {
		return 0, err
	}
	if u, ok := v.(smt.Undefined); ok {
		return 0, &Error{Kind: Undefined, Msg: undefReason(u)}
	}
	if v == nil || v.Sort() != g.sig.result {
		return 0, &Error{Kind: Protocol, Msg: fmt.Sprintf("the box returned %s, not a value of sort %s", describe(v), g.sig.result)}
	}
	return valueBits(v), nil
}

func (goBox) close() error { return nil }
