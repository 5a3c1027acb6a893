package cbsolve

import (
	"math/bits"
	"testing"
	"time"
)

func popcount32(a []uint64) (uint64, error) { return uint64(bits.OnesCount32(uint32(a[0]))), nil }

// mix16 is a 32→16-bit mixing step, for chains.
func mix16(a []uint64) (uint64, error) { return (a[0] * 0x9e3779b1 & 0xffffffff) >> 16, nil }

// popcountRange is bench/cb's generated popcount_07_table_unsat: a box of a
// 2^32 domain, its argument restricted to 1,024 points by an upper bound on
// x - c, and a value outside its image there. Unsat only through the box
// over those points: before range tabulation cdfl left it unknown at 60 s
// while active learning proved it from 1,024 facts.
const popcountRange = `
(declare-cb popcount32 ((_ BitVec 32)) (_ BitVec 8))
(declare-const x0 (_ BitVec 32))
(assert (bvule (bvsub x0 (_ bv407286297 32)) (_ bv1023 32)))
(assert (= (popcount32 x0) (_ bv91 8)))
`

// popcountRange256 is popcountRange over 256 points, short enough for
// active learning in TestCDFLSolvesWhatOthersSolve.
const popcountRange256 = `
(declare-cb popcount32 ((_ BitVec 32)) (_ BitVec 8))
(declare-const x0 (_ BitVec 32))
(assert (bvule (bvsub x0 (_ bv407286297 32)) (_ bv255 32)))
(assert (= (popcount32 x0) (_ bv91 8)))
`

// chainRange is the chained form (bench/cb's chain_07): mix16(popcount32(x))
// over 512 points of x takes only the values of mix16 on popcount's image.
// No popcount (0 to 32) maps to #x0001 under mix16 (checked in the test).
const chainRange = `
(declare-cb popcount32 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb mix16 ((_ BitVec 32)) (_ BitVec 16))
(declare-const x0 (_ BitVec 32))
(assert (bvuge x0 #x40000000))
(assert (not (bvugt x0 #x400001ff)))
(assert (= (mix16 (popcount32 x0)) #x0001))
`

func rev32(a []uint64) (uint64, error) { return uint64(bits.Reverse32(uint32(a[0]))), nil }

// collisionRange is bench/cb's collision_unsat form (bitrev_10): two
// different arguments, each in a range of 200 points, on which an
// injective box agrees. Its two tables are small enough to be built before
// the pre-check, which must then use the one-shot engine: the session's
// incremental core timed out on their ite chains, and cdfl stayed unknown
// at 60 s where active learning proved it.
const collisionRange = `
(declare-cb rev32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x0 (_ BitVec 32))
(declare-const y0 (_ BitVec 32))
(assert (bvule (bvsub x0 (_ bv3628239161 32)) (_ bv199 32)))
(assert (bvule (bvsub y0 (_ bv3628239161 32)) (_ bv199 32)))
(assert (distinct x0 y0))
(assert (= (rev32 x0) (rev32 y0)))
`

// TestRangeTabulation: the instances are unsat through range tables
// (an application defined on every argument tuple the formula allows,
// ranges.go), deterministically (slices in executions).
func TestRangeTabulation(t *testing.T) {
	for k := uint64(0); k <= 32; k++ {
		if v, _ := mix16([]uint64{k}); v == 1 {
			t.Fatalf("mix16(%d) = 1: chainRange is sat", k)
		}
	}
	boxes := map[string]func([]uint64) (uint64, error){"popcount32": popcount32, "mix16": mix16, "rev32": rev32}
	for _, c := range []struct {
		name, src string
		tables    int
	}{{"popcount-range", popcountRange, 1}, {"chain-range", chainRange, 2}, {"collision-range", collisionRange, 2}} {
		res := runCase(t, domCase{c.name, c.src, boxes, Unsat}, Options{Seed: 1, Timeout: time.Minute, FuzzEvals: 20_000})
		if res.Status != Unsat || res.Stats.RangeTables != c.tables {
			t.Fatalf("%s: %s (%s), %d range tables; want unsat from %d", c.name, res.Status, res.Reason, res.Stats.RangeTables, c.tables)
		}
	}
}

// TestArgRanges: the bounds range tabulation reads, and the ones it must
// not (a lower bound alone, a disjunction).
func TestArgRanges(t *testing.T) {
	for _, c := range []struct {
		assert string
		lo, n  uint64 // n == 0: no interval
	}{
		{"(bvule (bvsub x #x00000100) #x000003ff)", 0x100, 1024},
		{"(bvult (bvsub x #xfffffff0) #x00000020)", 0xfffffff0, 32}, // wraps around
		{"(bvule (bvadd x #x00000010) #x0000000f)", 0xfffffff0, 16},
		{"(and (bvuge x #x00001000) (bvule x #x000010ff))", 0x1000, 256},
		{"(and (bvugt #x00000020 x) (bvult #x00000010 x))", 0x11, 15},
		{"(not (bvuge x #x00000008))", 0, 8},
		{"(and (bvsge x #xfffffff8) (bvsle x #x00000007))", 0xfffffff8, 16},
		{"(= x #x0000002a)", 0x2a, 1},
		{"(bvuge x #x00001000)", 0x1000, 0xfffff000},
		{"(or (bvule x #x00000001) (bvule x #x00000002))", 0, 0},
		{"(not (and (bvule x #x00000001) (bvule x #x00000002)))", 0, 0},
	} {
		sc := parse(t, "(declare-const x (_ BitVec 32))\n(assert "+c.assert+")")
		p, err := segregate(sc, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		var got interval
		for _, iv := range argRanges(p) {
			got = iv
		}
		if got.n != c.n || (c.n > 0 && got.lo != c.lo) {
			t.Errorf("%s: interval [%#x, +%d), want [%#x, +%d)", c.assert, got.lo, got.n, c.lo, c.n)
		}
	}
}
