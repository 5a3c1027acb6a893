package cbsolve

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// The instances of issue 25 §1, and the class they stand for: "cdfl gives
// up on what another mode solves". Each test pins one instance; the
// differential test TestCDFLSolvesWhatOthersSolve checks the class over
// all of them.

// crcSideCondition is the CRC case as the issue states it: a
// CRC-8 of a 16-bit input compared with a constant, beside a nonlinear
// side condition d*k = T ∧ k > 2^31 over other variables. The fuzzer
// cannot factor T; z3 can, and the CRC's 2^16 domain is tabulated.
const crcSideCondition = `
(declare-cb crc ((_ BitVec 16)) (_ BitVec 8))
(declare-const s (_ BitVec 16))
(declare-const d (_ BitVec 64))
(declare-const k (_ BitVec 64))
(assert (= (crc s) #x5a))
(assert (bvugt s #x8000))
(assert (= (bvmul d k) #x2911d8bf3e6bc26b))
(assert (bvugt k #x0000000080000000))
(assert (bvugt d #x0000000000000001))
`

// crcSmallRange is unsat only through the box's semantics: no input below
// 64 has the CRC-8 0x0a. With the box read as an uninterpreted function it
// is sat; the proof is the exhaustive table (or, in active learning, the
// 64 points learned one model at a time).
const crcSmallRange = `
(declare-cb crc ((_ BitVec 16)) (_ BitVec 8))
(declare-const s (_ BitVec 16))
(assert (bvult s #x0040))
(assert (= (crc s) #x0a))
`

// simpleUnsat is Delphi's regression simple-unsat.smt2 with its oracle
// add8bitsbinary as a Go box: x < 20 and x + 0 ≠ x.
const simpleUnsat = `
(declare-fun x () (_ BitVec 8))
(declare-cb add ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(assert (not (=> (bvult x (_ bv20 8)) (= (add x (_ bv0 8)) x))))
`

// chained is the motivating example with the box chained: z = f(f(x, y),
// y). Active learning never finishes it (each model teaches one point of
// a 2^64 domain); cdfl's fuzzer runs the chain.
const chained = `
(declare-cb f ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(declare-const p (_ BitVec 32))
(declare-const q (_ BitVec 32))
(define-fun ispow2 ((v (_ BitVec 32))) Bool (= (_ bv0 32) (bvand v (bvsub v (_ bv1 32)))))
(assert (bvugt x y))
(assert (bvugt y (_ bv1 32)))
(assert (bvugt z (_ bv4096 32)))
(assert (bvult z (_ bv65536 32)))
(assert (= z (f (f x y) y)))
(assert (ispow2 p))
(assert (ispow2 q))
(assert (bvugt p (_ bv1 32)))
(assert (bvugt q p))
(assert (= (_ bv64 32) (bvmul p q)))
`

func add8(a []uint64) (uint64, error) { return (a[0] + a[1]) & 0xff, nil }

type domCase struct {
	name, src string
	boxes     map[string]func([]uint64) (uint64, error)
	want      Status // the instance's status; Unknown: not asserted
}

var domCases = []domCase{
	{"crc-side-condition", crcSideCondition, map[string]func([]uint64) (uint64, error){"crc": crc8of16}, Sat},
	{"crc-small-range", crcSmallRange, map[string]func([]uint64) (uint64, error){"crc": crc8of16}, Unsat},
	{"simple-unsat", simpleUnsat, map[string]func([]uint64) (uint64, error){"add": add8}, Unsat},
	{"chained", chained, map[string]func([]uint64) (uint64, error){"f": mul32}, Sat},
	{"motivating", motivating, map[string]func([]uint64) (uint64, error){"f": mul32}, Sat},
	{"crc-nonlinear-same-input", crcNonlinear, map[string]func([]uint64) (uint64, error){"crc": crc8of16}, Sat},
	{"popcount-range", popcountRange256, map[string]func([]uint64) (uint64, error){"popcount32": popcount32}, Unsat},
}

func runCase(t *testing.T, c domCase, opts Options) *Result {
	t.Helper()
	sc := parse(t, c.src)
	set := goBoxes(t, sc, c.boxes)
	res := solveIt(t, sc, set, opts)
	switch {
	case res.Status == Sat:
		checkSat(t, sc, set, res)
	case res.Status != Unknown && c.want != Unknown && res.Status != c.want:
		t.Fatalf("%s %s: %s (%s), the instance is %s", c.name, opts.Mode, res.Status, res.Reason, c.want)
	}
	return res
}

// TestCRCSideCondition: cdfl answers the CRC instance through the
// tabulated box (the diagram) and z3's factoring, where the old loop
// pulled the product into the fuzzer and stayed unknown.
func TestCRCSideCondition(t *testing.T) {
	res := runCase(t, domCases[0], Options{Seed: 1, Timeout: time.Minute})
	if res.Status != Sat || res.Stats.Tabulated != 1 {
		t.Fatalf("%s (%s), %d boxes tabulated; want sat with the CRC tabulated", res.Status, res.Reason, res.Stats.Tabulated)
	}
}

// TestUnsatByExhaustiveTable: unsat only through the box's semantics over
// 2^16 inputs is proved by an exhaustive table: since range tables
// (ranges.go), the table of the 64 inputs s < 64 allows, before the whole
// domain's; without tabulation, unsat needs a fact for each of the 64
// inputs in range (learned model by model), never fewer.
func TestUnsatByExhaustiveTable(t *testing.T) {
	res := runCase(t, domCases[1], Options{Seed: 1, Timeout: time.Minute})
	if res.Status != Unsat || res.Stats.Tabulated+res.Stats.RangeTables != 1 {
		t.Fatalf("%s (%s), %d tabulated, %d range tables; want unsat from a table", res.Status, res.Reason, res.Stats.Tabulated, res.Stats.RangeTables)
	}
	res = runCase(t, domCases[1], Options{Seed: 1, Timeout: time.Minute, TabulateMax: -1})
	if res.Status == Unsat && res.Stats.Facts < 64 {
		t.Fatalf("unsat without the table after %d facts: %s", res.Stats.Facts, res.Reason)
	}
}

// TestSimpleUnsat: Delphi's simple-unsat, which took the old cdfl 16 s
// and active learning 0.2 s, is unsat in cdfl's first learning round or
// through the tabulated adder.
func TestSimpleUnsat(t *testing.T) {
	for _, mode := range []Mode{CDFL, ActiveLearning} {
		res := runCase(t, domCases[2], Options{Mode: mode, Seed: 1, Timeout: time.Minute})
		if res.Status != Unsat {
			t.Fatalf("%s: %s (%s), want unsat", mode, res.Status, res.Reason)
		}
	}
}

// TestChainedBoxes: a box applied to its own output; cdfl solves it.
func TestChainedBoxes(t *testing.T) {
	res := runCase(t, domCases[3], Options{Seed: 1, Timeout: time.Minute})
	if res.Status != Sat {
		t.Fatalf("%s (%s), want sat", res.Status, res.Reason)
	}
}

// TestCDFLSolvesWhatOthersSolve is the differential check of the class
// "cdfl gives up on what another mode solves": over a fixed set of
// instances, with generous budgets (slices in executions, so the runs do
// not depend on the machine's speed; the timeout only stops a run that
// hangs), every instance fuzz-only or active learning decides, cdfl
// decides too, with the same answer. No time is compared.
func TestCDFLSolvesWhatOthersSolve(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every mode on every instance")
	}
	for _, c := range domCases {
		t.Run(c.name, func(t *testing.T) {
			got := map[Mode]*Result{}
			for _, mode := range []Mode{FuzzOnly, ActiveLearning, CDFL} {
				o := Options{Mode: mode, Seed: 1, Timeout: 2 * time.Minute}
				switch mode {
				case FuzzOnly:
					o.FuzzEvals = 3_000_000 // the whole run's executions
				case ActiveLearning:
					// It has no budget but time, and on the chained
					// boxes it never stops by itself.
					o.Timeout = 30 * time.Second
				}
				got[mode] = runCase(t, c, o)
			}
			cd := got[CDFL]
			for _, mode := range []Mode{FuzzOnly, ActiveLearning} {
				o := got[mode]
				if o.Status == Unknown {
					continue
				}
				if cd.Status != o.Status {
					t.Errorf("%s answers %s, cdfl %s (%s)", mode, o.Status, cd.Status, cd.Reason)
				}
			}
			t.Logf("fuzz-only %s, active-learning %s, cdfl %s", got[FuzzOnly].Status, got[ActiveLearning].Status, cd.Status)
		})
	}
}

// TestUnsatEverywhere: a box that differs from bvadd nowhere on its 2^16
// inputs. Active learning would need every point; the table proves it at
// once, through the one-shot check (z3's incremental core, which the
// loop's session uses, does not decide it in a minute).
func TestUnsatEverywhere(t *testing.T) {
	c := domCase{"add-everywhere", `
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(declare-cb add ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(assert (not (= (add x y) (bvadd x y))))
`, map[string]func([]uint64) (uint64, error){"add": add8}, Unsat}
	res := runCase(t, c, Options{Seed: 1, Timeout: time.Minute})
	if res.Status != Unsat || res.Stats.Tabulated != 1 {
		t.Fatalf("%s (%s), %d tabulated; want unsat from the table", res.Status, res.Reason, res.Stats.Tabulated)
	}
}

// The shape of Delphi's rotating-workforce examples (Example_1–5, 10, 11)
// on a 17-bit x & (x-1) box: h(v) ≠ 0 ∧ h(h(v)) = 0 says v has two bits
// set. Its values are almost all distinct, so only the bit-sliced table
// is small, and z3 decides such formulas fast only in their own shape
// (the input formula with the box a define-fun), not purified.
const bitsumSat = `
(declare-cb h ((_ BitVec 17)) (_ BitVec 17))
(declare-const v (_ BitVec 17))
(declare-const w (_ BitVec 17))
(assert (not (= (_ bv0 17) (h v))))
(assert (= (_ bv0 17) (h (h v))))
(assert (not (= (_ bv0 17) (h (h w)))))
(assert (= (_ bv0 17) (h (h (h w)))))
(assert (= (bvand v w) (_ bv0 17)))
(assert (= (bvor v w) #b00000000000011111))
`

// bitsumUnsat is unsat only through the box's semantics on its whole
// domain: x & (x-1) = x only at 0. Active learning would need all 2^17
// points.
const bitsumUnsat = `
(declare-cb h ((_ BitVec 17)) (_ BitVec 17))
(declare-const v (_ BitVec 17))
(assert (= (h v) v))
(assert (not (= v (_ bv0 17))))
`

// TestExactScriptOnSlicedTable: a 17-bit box with almost all values
// distinct is tabulated bit-sliced, and the one-shot check runs on the
// input formula with the box defined by its table: sat validated, unsat
// proved by exhaustion.
func TestExactScriptOnSlicedTable(t *testing.T) {
	box := map[string]func([]uint64) (uint64, error){"h": func(a []uint64) (uint64, error) { return a[0] & (a[0] - 1) & (1<<17 - 1), nil }}
	for _, c := range []domCase{{"bitsum-sat", bitsumSat, box, Sat}, {"bitsum-unsat", bitsumUnsat, box, Unsat}} {
		t.Run(c.name, func(t *testing.T) {
			var trace strings.Builder
			// No probe, pre-check or learning: the fuzzer or a few
			// learned facts find the sat one.
			res := runCase(t, c, Options{Seed: 1, Timeout: time.Minute, Probe: -1, NoPrecheck: true, FuzzSlice: -1, FuzzEvals: -1, Trace: &trace})
			if res.Status != c.want || res.Stats.Tabulated != 1 || !strings.Contains(trace.String(), "exact check on the input formula") {
				t.Fatalf("%s (%s), %d tabulated; want %s from the exact check\n%s", res.Status, res.Reason, res.Stats.Tabulated, c.want, trace.String())
			}
		})
	}
}

// avgsProduct is bench/cb's avgs_product: a signed floor average of two
// numbers whose 32-bit product is -91. The SMT engine completes x*y = -91
// with any of about 2^31 modular solutions, and each learned fact rules
// out one; only four have magnitudes below 2^8, and one of them is the
// answer (x = 7, y = -13).
const avgsProduct = `
(declare-cb avgs32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (avgs32 x y) #xfffffffd))
(assert (= (bvmul x y) #xffffffa5))
(assert (bvsgt (bvsub x y) #x0000000a))
`

func avgs32(a []uint64) (uint64, error) {
	s := int64(int32(uint32(a[0]))) + int64(int32(uint32(a[1])))
	return uint64(s>>1) & 0xffffffff, nil
}

// TestSmallModelsFirst: cdfl's learning steps bound the boxes' arguments
// to small magnitudes first, and answer avgs_product at the first round;
// unbounded, its steps learn facts about arbitrary modular solutions.
func TestSmallModelsFirst(t *testing.T) {
	c := domCase{"avgs-product", avgsProduct, map[string]func([]uint64) (uint64, error){"avgs32": avgs32}, Sat}
	var trace strings.Builder
	res := runCase(t, c, Options{Seed: 1, Timeout: time.Minute, Probe: -1, Trace: &trace})
	if res.Status != Sat || res.Stats.LearnSteps > 8 {
		t.Fatalf("%s (%s) after %d learning steps; want sat in the first round\n%s", res.Status, res.Reason, res.Stats.LearnSteps, trace.String())
	}
}

func crc32of16(a []uint64) (uint64, error) {
	c := uint32(0xffffffff)
	for _, b := range []uint64{a[0] & 0xff, a[0] >> 8 & 0xff} {
		c ^= uint32(b)
		for k := 0; k < 8; k++ {
			c = c>>1 ^ 0xedb88320&-(c&1)
		}
	}
	return uint64(^c), nil
}

// TestExactCheckKeepsTheLoop: bench/cb's crc32_u16_match. The CRC-32 of
// 16 bits is a small bit-sliced table, so every box is tabulated, but the
// formula is not easy for the one-shot check (the CRC beside a 64-bit
// product); the loop (the fuzzer inverts the CRC, the SMT engine the
// product) solves it. The one-shot check gets a quarter of the timeout,
// not all the time left, so the loop still runs.
func TestExactCheckKeepsTheLoop(t *testing.T) {
	want, _ := crc32of16([]uint64{0xbeef})
	src := fmt.Sprintf(`
(declare-cb crc32_u16 ((_ BitVec 16)) (_ BitVec 32))
(declare-const x (_ BitVec 16))
(declare-const nonce (_ BitVec 64))
(assert (= (crc32_u16 x) #x%08x))
(assert (= (bvmul nonce #x00000000c6a4a793) (bvor ((_ zero_extend 48) x) #x5bd1e99500000000)))
`, want)
	c := domCase{"crc32-u16-match", src, map[string]func([]uint64) (uint64, error){"crc32_u16": crc32of16}, Sat}
	res := runCase(t, c, Options{Seed: 1, Timeout: 40 * time.Second})
	if res.Status != Sat || res.Stats.Tabulated != 1 {
		t.Fatalf("%s (%s), %d tabulated; want sat after the tabulation", res.Status, res.Reason, res.Stats.Tabulated)
	}
}
