package cbox

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"maps"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tandem/eval"
	"tandem/smt"
)

// Set is the closed boxes of one problem, each behind a cache of its
// results per argument tuple: closed boxes are functions, so a tuple runs
// once. Errors whose Kind is deterministic (a trap, a timeout, …) are
// cached too. The cache holds at most Options.CacheSize tuples over all
// boxes (default 1<<20: about 150 bytes per tuple, 150 MiB when full;
// sizes below 64 round up to 64); it is split in 64 shards, and when a
// shard is full a random entry of it makes room for each new one.
//
// A Set is safe for concurrent use. It is what the solver hands to the
// evaluators: Set.Call is an [eval.Callee] for compiled programs, and
// Set.CallValues fits [eval.Model].Boxes.
type Set struct {
	opts  Options
	cache *cache

	// idx is read on every call without a lock; Add replaces it.
	idx atomic.Pointer[funcIndex]

	mu      sync.Mutex // guards entries, closed and replacing idx
	entries []*entry
	closed  bool
}

// funcIndex finds the entry of a declaration. It is never modified once
// published.
type funcIndex struct {
	byFunc map[*smt.Func]*entry
	byName map[string]*entry
}

var _ eval.Callee = (*Set)(nil)

// entry is one box of a set with its counters.
type entry struct {
	id   uint64
	f    *smt.Func
	box  Box
	bits Bits // nil when box does not implement Bits
	sig  signature

	calls, hits atomic.Int64
	nanos       atomic.Int64
	errs        [numKinds]atomic.Int64
}

// NewSet makes an empty set. opts.CallTimeout and opts.MemoryLimit are for
// the boxes the caller opens with the same options; the set itself uses
// CacheSize.
func NewSet(opts Options) *Set {
	opts = opts.withDefaults()
	s := &Set{opts: opts, cache: newCache(opts.CacheSize)}
	s.idx.Store(&funcIndex{byFunc: map[*smt.Func]*entry{}, byName: map[string]*entry{}})
	return s
}

// Add puts b in the set, behind the cache, for b.Func() (and for any
// declaration with the same name and sorts). A later Add for the same
// function replaces the earlier box (which the set then no longer closes).
// A nil box is ignored.
func (s *Set) Add(b Box) {
	if b == nil || b.Func() == nil {
		return
	}
	f := b.Func()
	e := &entry{f: f, box: b, sig: signatureOf(f)}
	if bb, ok := b.(Bits); ok && e.sig.bits {
		e.bits = bb
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e.id = uint64(len(s.entries))
	s.entries = append(s.entries, e)
	old := s.idx.Load()
	idx := &funcIndex{byFunc: maps.Clone(old.byFunc), byName: maps.Clone(old.byName)}
	idx.byFunc[f] = e
	idx.byName[f.Name] = e
	s.idx.Store(idx)
}

// lookup finds the box of f: by pointer, or by name when the sorts agree
// (the declaration may come from a copy of the script).
func (s *Set) lookup(f *smt.Func) *entry {
	idx := s.idx.Load()
	e := idx.byFunc[f]
	if e == nil && f != nil {
		if n := idx.byName[f.Name]; n != nil && sameSorts(n.f, f) {
			e = n
		}
	}
	return e
}

func sameSorts(a, b *smt.Func) bool {
	if a.Result != b.Result || len(a.Params) != len(b.Params) {
		return false
	}
	for i := range a.Params {
		if a.Params[i] != b.Params[i] {
			return false
		}
	}
	return true
}

// Box is the cached box of f: calls through it use and fill the set's
// cache. It implements [Bits] when the box added for f does.
func (s *Set) Box(f *smt.Func) (Box, bool) {
	e := s.lookup(f)
	if e == nil {
		return nil, false
	}
	if e.bits != nil {
		return cachedBitsBox{cachedBox{s, e}}, true
	}
	return cachedBox{s, e}, true
}

// Funcs are the declarations of the boxes in the set, in the order added.
func (s *Set) Funcs() []*smt.Func {
	s.mu.Lock()
	defer s.mu.Unlock()
	idx := s.idx.Load()
	var fs []*smt.Func
	for _, e := range s.entries {
		if idx.byFunc[e.f] == e {
			fs = append(fs, e.f)
		}
	}
	return fs
}

// Call computes f on args (unsigned values, Bool as 0/1) through the cache.
// It implements [eval.Callee]; boxes without the Bits fast path are called
// with values. Each call is bounded by the box's own time limit, and calls
// in flight end when the set is closed.
func (s *Set) Call(f *smt.Func, args []uint64) (uint64, error) {
	return s.CallBits(context.Background(), f, args)
}

// CallBits is Call with a context.
func (s *Set) CallBits(ctx context.Context, f *smt.Func, args []uint64) (uint64, error) {
	e := s.lookup(f)
	if e == nil {
		return 0, s.missing(f, func() string { return bitsApp(f, signatureOf(f), args) })
	}
	if err := e.sig.checkBits(args); err != nil {
		return 0, &Error{Box: f.Name, Kind: BadArgs, Args: bitsApp(f, e.sig, args), Msg: err.Error()}
	}
	e.calls.Add(1)
	var kb [72]byte
	key, h := e.bitsKey(kb[:0], args)
	if r, ok := s.cache.get(h, key); ok {
		e.hits.Add(1)
		if r.err != nil {
			e.errs[KindOf(r.err)].Add(1)
		}
		return r.bits, r.err
	}
	if err := ctx.Err(); err != nil {
		return 0, s.canceled(e, err, func() string { return bitsApp(f, e.sig, args) })
	}
	start := time.Now()
	var (
		x   uint64
		err error
	)
	if e.bits != nil {
		x, err = e.bits.CallBits(ctx, args)
	} else {
		vals := make([]smt.Value, len(args))
		for i, a := range args {
			vals[i] = bitsValue(e.sig.params[i], a&e.sig.masks[i])
		}
		var v smt.Value
		v, err = e.box.Call(ctx, vals)
		if err == nil {
			x = valueBits(v)
		}
	}
	e.nanos.Add(int64(time.Since(start)))
	return x, s.remember(e, h, key, result{bits: x, err: err})
}

// CallValues computes f on args through the cache. Its signature fits
// [eval.Model].Boxes.
func (s *Set) CallValues(f *smt.Func, args []smt.Value) (smt.Value, error) {
	return s.CallValuesContext(context.Background(), f, args)
}

// CallValuesContext is CallValues with a context.
func (s *Set) CallValuesContext(ctx context.Context, f *smt.Func, args []smt.Value) (smt.Value, error) {
	e := s.lookup(f)
	if e == nil {
		return nil, s.missing(f, func() string { return valuesApp(f, args) })
	}
	if err := e.sig.checkValues(args); err != nil {
		return nil, &Error{Box: f.Name, Kind: BadArgs, Args: valuesApp(f, args), Msg: err.Error()}
	}
	e.calls.Add(1)
	var kb [72]byte
	var key []byte
	var h uint64
	if e.sig.bits {
		var ab [8]uint64
		key, h = e.bitsKey(kb[:0], e.sig.toBits(args, ab[:0]))
	} else {
		key = e.valuesKey(kb[:0], args)
		h = maphash.Bytes(s.cache.seed, key)
	}
	if r, ok := s.cache.get(h, key); ok {
		e.hits.Add(1)
		if r.err != nil {
			e.errs[KindOf(r.err)].Add(1)
			return nil, r.err
		}
		if r.val == nil {
			return bitsValue(e.sig.result, r.bits), nil
		}
		return r.val, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, s.canceled(e, err, func() string { return valuesApp(f, args) })
	}
	start := time.Now()
	v, err := e.box.Call(ctx, args)
	e.nanos.Add(int64(time.Since(start)))
	if err != nil {
		return nil, s.remember(e, h, key, result{err: err})
	}
	r := result{val: v}
	if e.sig.bits {
		r = result{bits: valueBits(v)}
	}
	s.remember(e, h, key, r)
	return v, nil
}

// remember counts r's error and caches r when it is a fact about the
// arguments.
func (s *Set) remember(e *entry, h uint64, key []byte, r result) error {
	if r.err != nil {
		k := KindOf(r.err)
		if k == 0 {
			// Not from this package's boxes: a box's own error.
			r.err = &Error{Box: e.f.Name, Kind: Failed, Msg: r.err.Error()}
			k = Failed
		}
		e.errs[k].Add(1)
		if !k.Deterministic() {
			return r.err
		}
	}
	s.cache.put(h, key, r)
	return r.err
}

// canceled is the error of a call not made because ctx ended (counted,
// never cached).
func (s *Set) canceled(e *entry, err error, app func() string) error {
	e.errs[Canceled].Add(1)
	return &Error{Box: e.f.Name, Kind: Canceled, Args: app(), Msg: err.Error()}
}

func (s *Set) missing(f *smt.Func, app func() string) error {
	if f == nil {
		return &Error{Kind: Missing, Msg: "no function (nil *smt.Func)"}
	}
	return &Error{Box: f.Name, Kind: Missing, Args: app(), Msg: fmt.Sprintf("no implementation: give %s one (PATH.c, PATH.wasm or exec:CMD) or make a define-fun %s the closed box", f.Name, f.Name)}
}

// bitsKey is the cache key of fast-path arguments (the entry, then 8 bytes
// per argument) and a cheap hash of it that picks the shard.
func (e *entry) bitsKey(dst []byte, args []uint64) ([]byte, uint64) {
	dst = binary.AppendUvarint(dst, e.id)
	dst = append(dst, 'b')
	h := (e.id + 1) * 0x9e3779b97f4a7c15
	for _, a := range args {
		dst = binary.LittleEndian.AppendUint64(dst, a)
		h = (h ^ a) * 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return dst, h
}

// valuesKey is the cache key of other arguments: their SMT-LIB text, which
// is canonical for values.
func (e *entry) valuesKey(dst []byte, args []smt.Value) []byte {
	dst = binary.AppendUvarint(dst, e.id)
	dst = append(dst, 'v')
	for _, a := range args {
		dst = append(dst, a.String()...)
		dst = append(dst, 0)
	}
	return dst
}

// Stats are the counters of a Set. Time is the wall time spent inside the
// boxes (cache misses only).
type Stats struct {
	// Calls counts every call, answered from the cache or not.
	Calls int64 `json:"calls"`
	// Hits counts the calls answered from the cache.
	Hits int64 `json:"hits"`
	// Errors counts the calls that failed, by kind (cached errors
	// included).
	Errors map[Kind]int64 `json:"errors,omitempty"`
	// Time is the time spent inside the boxes.
	Time time.Duration `json:"time_ns"`
	// Cached is the number of argument tuples in the cache.
	Cached int `json:"cached"`
	// Boxes are the counters per box, in the order added.
	Boxes []BoxStats `json:"boxes,omitempty"`
}

// BoxStats are the counters of one box of a Set.
type BoxStats struct {
	Name   string         `json:"name"`
	Calls  int64          `json:"calls"`
	Hits   int64          `json:"hits"`
	Errors map[Kind]int64 `json:"errors,omitempty"`
	Time   time.Duration  `json:"time_ns"`
}

// MarshalText makes Kind a readable JSON map key and value.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a Kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n != "" && n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown closed-box error kind %q", b)
}

// Stats reads the set's counters.
func (s *Set) Stats() Stats {
	s.mu.Lock()
	entries := append([]*entry(nil), s.entries...)
	s.mu.Unlock()
	var st Stats
	for _, e := range entries {
		b := BoxStats{Name: e.f.Name, Calls: e.calls.Load(), Hits: e.hits.Load(), Time: time.Duration(e.nanos.Load())}
		for k := range e.errs {
			if n := e.errs[k].Load(); n > 0 {
				if b.Errors == nil {
					b.Errors = map[Kind]int64{}
				}
				if st.Errors == nil {
					st.Errors = map[Kind]int64{}
				}
				b.Errors[Kind(k)] += n
				st.Errors[Kind(k)] += n
			}
		}
		st.Calls += b.Calls
		st.Hits += b.Hits
		st.Time += b.Time
		st.Boxes = append(st.Boxes, b)
	}
	st.Cached = s.cache.len()
	return st
}

// String prints the counters on one line per box.
func (st Stats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "closed boxes: %d calls, %d cache hits, %v inside boxes, %d tuples cached%s",
		st.Calls, st.Hits, st.Time.Round(time.Microsecond), st.Cached, errorsText(st.Errors))
	for _, x := range st.Boxes {
		fmt.Fprintf(&b, "\n  %s: %d calls, %d hits, %v%s", x.Name, x.Calls, x.Hits, x.Time.Round(time.Microsecond), errorsText(x.Errors))
	}
	return b.String()
}

func errorsText(m map[Kind]int64) string {
	if len(m) == 0 {
		return ""
	}
	ks := make([]Kind, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i] < ks[j] })
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
	}
	return ", errors: " + strings.Join(parts, ", ")
}

// Close closes every box of the set, which ends the calls in flight. The
// counters stay readable.
func (s *Set) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	var boxes []Box
	for _, e := range s.entries {
		boxes = append(boxes, e.box)
	}
	s.mu.Unlock()
	var errs []error
	for _, b := range boxes {
		if err := b.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// cachedBox is a box of a Set seen through the set's cache.
type cachedBox struct {
	s *Set
	e *entry
}

type cachedBitsBox struct{ cachedBox }

func (c cachedBox) Func() *smt.Func { return c.e.f }
func (c cachedBox) Call(ctx context.Context, args []smt.Value) (smt.Value, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	return c.s.CallValuesContext(ctx, c.e.f, args)
}
func (c cachedBox) Close() error { return c.e.box.Close() }

func (c cachedBitsBox) CallBits(ctx context.Context, args []uint64) (uint64, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	return c.s.CallBits(ctx, c.e.f, args)
}

// result is a cached answer: bits for fast-path boxes, val otherwise, or
// an error.
type result struct {
	bits uint64
	val  smt.Value
	err  error
}

const cacheShards = 64

// cache is a sharded, bounded map from argument tuples to results.
type cache struct {
	seed     maphash.Seed
	perShard int // 0: caching off
	shards   [cacheShards]cacheShard
}

type cacheShard struct {
	mu sync.Mutex
	m  map[string]result
	_  [40]byte // keep shards on separate cache lines
}

func newCache(size int) *cache {
	c := &cache{seed: maphash.MakeSeed()}
	if size > 0 {
		c.perShard = max(1, size/cacheShards)
	}
	return c
}

// shard picks the shard of a key from its hash h.
func (c *cache) shard(h uint64) *cacheShard {
	return &c.shards[(h>>32^h)%cacheShards]
}

func (c *cache) get(h uint64, key []byte) (result, bool) {
	if c.perShard == 0 {
		return result{}, false
	}
	sh := c.shard(h)
	sh.mu.Lock()
	r, ok := sh.m[string(key)]
	sh.mu.Unlock()
	return r, ok
}

func (c *cache) put(h uint64, key []byte, r result) {
	if c.perShard == 0 {
		return
	}
	sh := c.shard(h)
	sh.mu.Lock()
	if sh.m == nil {
		sh.m = map[string]result{}
	}
	if _, ok := sh.m[string(key)]; !ok && len(sh.m) >= c.perShard {
		for k := range sh.m { // map iteration starts at a random entry
			delete(sh.m, k)
			break
		}
	}
	sh.m[string(key)] = r
	sh.mu.Unlock()
}

func (c *cache) len() int {
	n := 0
	for i := range c.shards {
		sh := &c.shards[i]
		sh.mu.Lock()
		n += len(sh.m)
		sh.mu.Unlock()
	}
	return n
}

// Bound is a Set seen through one context: every call it makes passes ctx
// to the box, so when ctx ends (a deadline, Ctrl-C) a call in flight stops
// at once and later calls fail with Kind [Canceled] without running. Such
// failures are about the call, not the arguments, and are never cached. It
// is an [eval.Callee], and Bound.CallValues fits [eval.Model].Boxes, so an
// evaluator given a Bound cannot outlive its context by more than the
// evaluation of the terms between two box calls.
type Bound struct {
	s   *Set
	ctx context.Context
}

var _ eval.Callee = Bound{}

// WithContext is the set seen through ctx (see [Bound]).
func (s *Set) WithContext(ctx context.Context) Bound {
	if ctx == nil {
		ctx = context.Background()
	}
	return Bound{s: s, ctx: ctx}
}

// Call is [Set.CallBits] under the bound context.
func (b Bound) Call(f *smt.Func, args []uint64) (uint64, error) {
	return b.s.CallBits(b.ctx, f, args)
}

// CallValues is [Set.CallValuesContext] under the bound context.
func (b Bound) CallValues(f *smt.Func, args []smt.Value) (smt.Value, error) {
	return b.s.CallValuesContext(b.ctx, f, args)
}

// Set is the set b sees.
func (b Bound) Set() *Set { return b.s }
