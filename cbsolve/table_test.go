package cbsolve

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"tandem/smt"
	"tandem/smtlib"
)

// TestTableDiagram: the decision diagram of a tabulated box gives the
// box's value on every input, keeps failed calls as failures, and stays
// small for structured functions (a CRC-8 of 16 bits, an 8-bit adder).
func TestTableDiagram(t *testing.T) {
	sc, err := smtlib.Parse("t.smt2", []byte(`
(declare-cb crc ((_ BitVec 16)) (_ BitVec 8))
(declare-cb add ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(declare-cb odd ((_ BitVec 12) Bool) Bool)`))
	if err != nil {
		t.Fatal(err)
	}
	impl := map[string]func(x uint64) (uint64, bool){
		"crc": func(x uint64) (uint64, bool) { v, _ := crc8of16([]uint64{x}); return v, true },
		"add": func(x uint64) (uint64, bool) { return (x&0xff + x>>8) & 0xff, true },
		// fails on multiples of 7, as a trapping box would
		"odd": func(x uint64) (uint64, bool) { return x & 1, x%7 != 0 },
	}
	for _, f := range ClosedBoxes(sc) {
		bits := domainBits(f)
		fn := impl[f.Name]
		call := func(args []smt.Value) (smt.Value, bool) {
			x, shift := uint64(0), 0
			for i, a := range args {
				switch a := a.(type) {
				case smt.BoolValue:
					if a {
						x |= 1 << shift
					}
					shift++
				case smt.BVValue:
					x |= a.V.Uint64() << shift
					shift += f.Params[i].Width
				}
			}
			v, ok := fn(x)
			if !ok {
				return nil, false
			}
			if f.Result.Kind == smt.KindBool {
				return smt.BoolValue(v == 1), true
			}
			return smt.BVValue{W: f.Result.Width, V: new(big.Int).SetUint64(v)}, true
		}
		tab, err := buildTable(context.Background(), f, bits, call, budget{}, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		for x := uint64(0); x < 1<<bits; x++ {
			want, wok := fn(x)
			got, gok := tab.eval(x)
			if wok != gok || (wok && got != want) {
				t.Fatalf("%s(%#x): table %d %v, box %d %v", f.Name, x, got, gok, want, wok)
			}
		}
		def, err := tab.term(sc.Store)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name != "odd" && len(tab.nodes) > 4096 {
			t.Errorf("%s: %d nodes for a structured function", f.Name, len(tab.nodes))
		}
		if f.Name == "odd" && !strings.Contains(def, "(odd p!0 p!1)") {
			t.Errorf("a failed call is not the box's own application:\n%.300s", def)
		}
		if p := os.Getenv("TANDEM_TABLE_DUMP"); p != "" {
			os.WriteFile(p+"."+f.Name, []byte(def), 0o644)
		}
		t.Logf("%s: %d tuples, %d nodes, %d bytes of SMT-LIB", f.Name, 1<<bits, len(tab.nodes), len(def))
	}
}

// clearLowest is Delphi's bitsumhelper oracle, x & (x-1): almost every
// value distinct, so a diagram over whole values is as big as the table.
func clearLowest(bits int) func(x uint64) (uint64, bool) {
	return func(x uint64) (uint64, bool) { return x & (x - 1) & (1<<bits - 1), true }
}

// TestBitSlicedTable: a box whose values are almost all distinct (Delphi's
// x & (x-1) on 13 and 17 bits) is past the node budget as a diagram of
// whole values and is then built bit-sliced, one diagram per result bit:
// a few nodes per bit, the box's value on every input, failed calls kept
// as failures, and the term a concatenation of Bool diagrams.
func TestBitSlicedTable(t *testing.T) {
	for _, c := range []struct {
		bits int
		fail uint64 // calls on multiples of fail fail; 0: none
	}{{13, 0}, {17, 0}, {13, 1000}} {
		sc, err := smtlib.Parse("t.smt2", []byte(fmt.Sprintf("(declare-cb h ((_ BitVec %d)) (_ BitVec %d))", c.bits, c.bits)))
		if err != nil {
			t.Fatal(err)
		}
		f := ClosedBoxes(sc)[0]
		fn := clearLowest(c.bits)
		call := func(args []smt.Value) (smt.Value, bool) {
			x := args[0].(smt.BVValue).V.Uint64()
			if c.fail > 0 && x%c.fail == 0 {
				return nil, false
			}
			v, _ := fn(x)
			return smt.BVValue{W: c.bits, V: new(big.Int).SetUint64(v)}, true
		}
		tab, err := buildTable(context.Background(), f, c.bits, call, budget{}, 1<<c.bits+1024)
		if err != nil {
			t.Fatal(err)
		}
		if tab.roots == nil || (c.fail == 0 && len(tab.nodes) > 400) {
			t.Fatalf("%d bits: sliced %v, %d nodes; want a bit-sliced table of a few nodes per bit", c.bits, tab.roots != nil, len(tab.nodes))
		}
		for x := uint64(0); x < 1<<c.bits; x++ {
			want, _ := fn(x)
			wok := c.fail == 0 || x%c.fail != 0
			got, gok := tab.eval(x)
			if wok != gok || (wok && got != want) {
				t.Fatalf("h(%#x): table %#x %v, box %#x %v", x, got, gok, want, wok)
			}
		}
		if tab.hasFailed() != (c.fail > 0) {
			t.Fatalf("hasFailed %v with failing calls every %d", tab.hasFailed(), c.fail)
		}
		def, err := tab.term(sc.Store)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(def, "(concat (ite ") || (c.fail > 0) != strings.Contains(def, "((_ extract 0 0) (h p!0))") {
			t.Fatalf("%d bits: not a concatenation of bit diagrams with failures as the box's bits:\n%.400s", c.bits, def)
		}
		t.Logf("%d bits: %d nodes, %d bytes of SMT-LIB", c.bits, len(tab.nodes), len(def))
	}
}

// TestBudgetProjected: a table whose first calls say it cannot finish in
// its time is given up at once, not after the budget is spent.
func TestBudgetProjected(t *testing.T) {
	sc, err := smtlib.Parse("t.smt2", []byte("(declare-cb h ((_ BitVec 18)) (_ BitVec 18))"))
	if err != nil {
		t.Fatal(err)
	}
	f := ClosedBoxes(sc)[0]
	calls := 0
	call := func(args []smt.Value) (smt.Value, bool) {
		calls++
		return args[0], true
	}
	// Each call costs 200 µs of CPU on the budget's clock (2^18 calls:
	// 52 s); the limit is far below the whole domain's cost.
	b := budget{limit: 5 * time.Second, used: func() time.Duration { return time.Duration(calls) * 200 * time.Microsecond }}
	_, err = buildTable(context.Background(), f, 18, call, b, 1<<20)
	if err != errTableBudget || calls > 4096 {
		t.Fatalf("%v after %d calls; want the budget refused after the first calls' projection", err, calls)
	}
}
