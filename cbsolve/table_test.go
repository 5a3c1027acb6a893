package cbsolve

import (
	"context"
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
		tab, err := buildTable(context.Background(), f, bits, call, time.Time{}, 1<<20)
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
