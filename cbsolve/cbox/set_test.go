package cbox

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"tandem/eval"
	"tandem/smt"
)

// TestGoBoxes: Go and GoBits boxes through both entry points, with their
// errors, panics and ill-sorted results classified.
func TestGoBoxes(t *testing.T) {
	ctx := context.Background()
	f := decl("add", bv(8), bv(8), bv(8))
	gb := GoBits(f, func(a []uint64) (uint64, error) { return a[0] + a[1], nil })
	if x, err := gb.(Bits).CallBits(ctx, []uint64{200, 100}); err != nil || x != 44 {
		t.Fatalf("GoBits add 200 100 = %d, %v; want 44 (masked)", x, err)
	}
	if v := mustCall(t, gb, bvv(1, 8), bvv(2, 8)); !smt.ValueEqual(v, bvv(3, 8)) {
		t.Fatalf("Call = %s", v)
	}
	_, err := gb.(Bits).CallBits(ctx, []uint64{256, 1})
	wantKind(t, err, BadArgs, "does not fit in 8 bits")
	_, err = gb.Call(ctx, []smt.Value{bvv(1, 8)})
	wantKind(t, err, BadArgs, "1 arguments for 2 parameters")
	_, err = gb.Call(ctx, []smt.Value{bvv(1, 8), bvv(1, 16)})
	wantKind(t, err, BadArgs, "want sort (_ BitVec 8)")

	g := Go(f, func(a []smt.Value) (smt.Value, error) {
		x := a[0].(smt.BVValue).V.Uint64()
		switch x {
		case 1:
			return nil, errors.New("one is not allowed")
		case 2:
			panic("two")
		case 3:
			return smt.BoolValue(true), nil
		case 4:
			return smt.Undefined{S: bv(8), Reason: "four is open"}, nil
		}
		return bvv(x*2, 8), nil
	})
	if _, ok := g.(Bits); !ok {
		t.Fatal("a Go box over bit-vectors does not implement Bits")
	}
	if x, err := g.(Bits).CallBits(ctx, []uint64{5, 0}); err != nil || x != 10 {
		t.Fatalf("Go box 5 = %d, %v", x, err)
	}
	_, err = g.Call(ctx, []smt.Value{bvv(1, 8), bvv(0, 8)})
	wantKind(t, err, Failed, "one is not allowed", "(add #x01 #x00)")
	_, err = g.Call(ctx, []smt.Value{bvv(2, 8), bvv(0, 8)})
	wantKind(t, err, Crash, "panic: two")
	_, err = g.(Bits).CallBits(ctx, []uint64{2, 0})
	wantKind(t, err, Crash, "panic: two")
	_, err = g.Call(ctx, []smt.Value{bvv(3, 8), bvv(0, 8)})
	wantKind(t, err, Protocol, "not a value of sort (_ BitVec 8)")
	_, err = g.(Bits).CallBits(ctx, []uint64{3, 0})
	wantKind(t, err, Protocol)
	_, err = g.Call(ctx, []smt.Value{bvv(4, 8), bvv(0, 8)})
	wantKind(t, err, Undefined, "four is open")

	// Other sorts: Go boxes take any value; GoBits refuses them.
	fi := decl("neg", smt.IntSort(), smt.IntSort())
	neg := Go(fi, func(a []smt.Value) (smt.Value, error) {
		return smt.IntValue{V: new(big.Int).Neg(a[0].(smt.IntValue).V)}, nil
	})
	if _, ok := neg.(Bits); ok {
		t.Fatal("an Int box implements Bits")
	}
	if v := mustCall(t, neg, smt.IntValue{V: big.NewInt(5)}); v.String() != "(- 5)" {
		t.Fatalf("neg 5 = %s", v)
	}
	bad := GoBits(fi, func(a []uint64) (uint64, error) { return 0, nil })
	_, err = bad.Call(ctx, []smt.Value{smt.IntValue{V: big.NewInt(5)}})
	wantKind(t, err, Signature, "cbox.Go")
	_, err = Go(f, nil).Call(ctx, []smt.Value{bvv(1, 8), bvv(1, 8)})
	wantKind(t, err, Signature, "no function")

	gb.Close()
	_, err = gb.(Bits).CallBits(ctx, []uint64{1, 1})
	wantKind(t, err, Closed)

	// Ill-formed declarations give boxes that fail, not panics.
	nb := Go(nil, nil)
	_, err = nb.Call(ctx, nil)
	wantKind(t, err, Signature, "nil")
	_, err = GoBits(&smt.Func{Name: "h", Params: []*smt.Sort{nil}, Result: bv(8)}, nil).Call(ctx, []smt.Value{bvv(1, 8)})
	wantKind(t, err, Signature, "parameter 1")
	_, err = Open(ctx, "exec:sh", &smt.Func{Name: "h"}, Options{})
	wantKind(t, err, Signature, "no result sort")
	s := NewSet(Options{})
	s.Add(nil)
	s.Add(nb)
	_, err = s.Call(nil, nil)
	wantKind(t, err, Missing)
}

// TestSetCache: a tuple runs once; errors of deterministic kinds are
// cached, the caller's cancellations are not; Stats counts it all.
func TestSetCache(t *testing.T) {
	var runs atomic.Int64
	f := decl("f", bv(16), bv(16), bv(16))
	s := NewSet(Options{})
	defer s.Close()
	s.Add(GoBits(f, func(a []uint64) (uint64, error) {
		runs.Add(1)
		if a[0] == 13 {
			return 0, &Error{Kind: Timeout, Msg: "pretend"}
		}
		if a[0] == 14 {
			return 0, &Error{Kind: Canceled, Msg: "pretend"}
		}
		return a[0] ^ a[1], nil
	}))
	for i := 0; i < 3; i++ {
		if x, err := s.Call(f, []uint64{5, 3}); err != nil || x != 6 {
			t.Fatalf("f 5 3 = %d, %v", x, err)
		}
	}
	// The value path shares the cache with the bits path.
	v, err := s.CallValues(f, []smt.Value{bvv(5, 16), bvv(3, 16)})
	if err != nil || !smt.ValueEqual(v, bvv(6, 16)) {
		t.Fatalf("CallValues = %v, %v", v, err)
	}
	if runs.Load() != 1 {
		t.Fatalf("%d runs for one tuple", runs.Load())
	}
	for i := 0; i < 2; i++ {
		_, err := s.Call(f, []uint64{13, 0})
		wantKind(t, err, Timeout, "(f #x000d #x0000)")
		_, err = s.Call(f, []uint64{14, 0})
		wantKind(t, err, Canceled)
	}
	if runs.Load() != 4 { // 5 3; 13 once; 14 twice
		t.Fatalf("%d runs, want 4", runs.Load())
	}
	st := s.Stats()
	if st.Calls != 8 || st.Hits != 4 || st.Errors[Timeout] != 2 || st.Errors[Canceled] != 2 || st.Cached != 2 {
		t.Fatalf("stats %+v", st)
	}
	if len(st.Boxes) != 1 || st.Boxes[0].Name != "f" || st.Boxes[0].Calls != 8 {
		t.Fatalf("box stats %+v", st.Boxes)
	}
	if !strings.Contains(st.String(), "8 calls, 4 cache hits") {
		t.Errorf("Stats.String: %s", st)
	}
	js, err := json.Marshal(st)
	if err != nil || !strings.Contains(string(js), `"timeout":2`) {
		t.Errorf("Stats JSON %s, %v", js, err)
	}

	// The cached box through Set.Box.
	b, ok := s.Box(f)
	if !ok {
		t.Fatal("Set.Box: not found")
	}
	if x, err := b.(Bits).CallBits(context.Background(), []uint64{5, 3}); err != nil || x != 6 {
		t.Fatalf("Box(f).CallBits = %d, %v", x, err)
	}
	if runs.Load() != 4 {
		t.Fatal("Set.Box bypasses the cache")
	}
	// A declaration with the same name and sorts (a copy of the script)
	// finds the box; one with other sorts does not.
	if _, ok := s.Box(decl("f", bv(16), bv(16), bv(16))); !ok {
		t.Error("lookup by name failed")
	}
	_, err = s.Call(decl("f", bv(8), bv(8)), []uint64{1})
	wantKind(t, err, Missing, "no implementation: give f one")
	_, err = s.Call(f, []uint64{1 << 20, 0})
	wantKind(t, err, BadArgs)
}

// TestSetBounded: the cache never holds more than CacheSize tuples, and a
// negative size turns it off.
func TestSetBounded(t *testing.T) {
	f := decl("id", bv(32), bv(32))
	var runs atomic.Int64
	id := GoBits(f, func(a []uint64) (uint64, error) { runs.Add(1); return a[0], nil })
	s := NewSet(Options{CacheSize: 256})
	s.Add(id)
	for i := uint64(0); i < 10000; i++ {
		if x, err := s.Call(f, []uint64{i}); err != nil || x != i {
			t.Fatalf("id %d = %d, %v", i, x, err)
		}
	}
	if n := s.Stats().Cached; n > 256 || n < 200 {
		t.Fatalf("%d tuples cached, want at most 256", n)
	}
	off := NewSet(Options{CacheSize: -1})
	off.Add(id)
	runs.Store(0)
	for i := 0; i < 3; i++ {
		off.Call(f, []uint64{1})
	}
	if runs.Load() != 3 || off.Stats().Cached != 0 {
		t.Fatalf("cache off: %d runs, %d cached", runs.Load(), off.Stats().Cached)
	}
}

// TestSetCallee: a Set serves a compiled program (eval.Callee) and the
// interpreter (Model.Boxes) with the same answers.
func TestSetCallee(t *testing.T) {
	sc := parse(t, `
(declare-cb f ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(assert (= (f x y) (bvadd x #x01)))`)
	f := funcNamed(t, sc, "f")
	s := NewSet(Options{})
	defer s.Close()
	s.Add(GoBits(f, func(a []uint64) (uint64, error) { return a[0] * a[1], nil }))
	asserts := sc.Assertions()
	prog, err := eval.Compile(asserts...)
	if err != nil {
		t.Fatal(err)
	}
	m := prog.NewMachine(s)
	in := make([]uint64, len(prog.Inputs()))
	for xv := uint64(0); xv < 256; xv += 17 {
		for yv := uint64(0); yv < 256; yv += 5 {
			in[prog.InputIndex(funcNamed(t, sc, "x"))] = xv
			in[prog.InputIndex(funcNamed(t, sc, "y"))] = yv
			if err := m.Run(in); err != nil {
				t.Fatal(err)
			}
			model := eval.NewModel()
			model.SetConst(funcNamed(t, sc, "x"), bvv(xv, 8))
			model.SetConst(funcNamed(t, sc, "y"), bvv(yv, 8))
			model.Boxes = s.CallValues
			v, err := eval.New(model).Eval(asserts[0])
			if err != nil {
				t.Fatal(err)
			}
			want := (xv*yv)&0xff == (xv+1)&0xff
			if m.Holds() != want || v != smt.BoolValue(want) {
				t.Fatalf("x=%d y=%d: compiled %v, interpreted %v, want %v", xv, yv, m.Holds(), v, want)
			}
		}
	}
	if st := s.Stats(); st.Hits == 0 {
		t.Fatalf("the interpreter did not hit the compiled program's cache: %+v", st)
	}
}

// TestSetConcurrent hammers a Set from many goroutines (run with -race).
func TestSetConcurrent(t *testing.T) {
	before := runtime.NumGoroutine()
	f := decl("h", bv(32), bv(32))
	g := decl("k", smt.IntSort(), smt.BoolSort())
	s := NewSet(Options{CacheSize: 1000})
	s.Add(GoBits(f, func(a []uint64) (uint64, error) { return a[0]*2654435761 + 1, nil }))
	s.Add(Go(g, func(a []smt.Value) (smt.Value, error) {
		return smt.BoolValue(a[0].(smt.IntValue).V.Bit(0) == 1), nil
	}))
	var wg sync.WaitGroup
	var bad atomic.Int64
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				x := uint64((i * 7) % 1500)
				if r, err := s.Call(f, []uint64{x}); err != nil || r != uint64(uint32(x*2654435761+1)) {
					bad.Add(1)
				}
				v, err := s.CallValues(g, []smt.Value{smt.IntValue{V: big.NewInt(int64(i % 50))}})
				if err != nil || v != smt.BoolValue(i%2 == 1) {
					bad.Add(1)
				}
				if i%500 == 0 {
					s.Stats()
				}
			}
		}(w)
	}
	wg.Wait()
	if bad.Load() != 0 {
		t.Fatalf("%d wrong answers", bad.Load())
	}
	st := s.Stats()
	if st.Calls != 8*2000*2 || st.Cached > 1000 {
		t.Fatalf("stats %+v", st)
	}
	s.Close()
	waitGoroutines(t, before)
}
