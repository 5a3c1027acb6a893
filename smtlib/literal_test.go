package smtlib

import (
	"math/big"
	"strings"
	"testing"
)

// The parser reads literals that fit in 64 bits without big.Int; every
// spelling of one value must give the same node, and wide values must
// keep every bit.
func TestLiteralSpellings(t *testing.T) {
	sc := mustParse(t, `(declare-const a (_ BitVec 8))(declare-const b (_ BitVec 72))(declare-const c (_ BitVec 64))(declare-const n Int)
(assert (= a #xff (_ bv255 8) #b11111111 (_ bv511 8)))
(assert (= b #xff0000000000000001 (_ bv4703919738795935662081 72) (_ bv9426286221665580875777 72)))
(assert (= c #xffffffffffffffff (_ bv18446744073709551615 64) (_ bv36893488147419103231 64)))
(assert (= n 9223372036854775807 (- 9223372036854775808 1)))
(assert (= n 18446744073709551616 123456789012345678901234567890))
(assert (= (_ bv0 1) #b0))`)
	as := sc.Assertions()
	same := func(i int) {
		t.Helper()
		args := as[i].Args()
		for _, x := range args[2:] {
			if x != args[1] {
				t.Errorf("assertion %d: %s and %s are different nodes", i, args[1], x)
			}
		}
	}
	same(0)
	same(1)
	same(2)
	if v := as[1].Arg(1).BigInt(); v.Text(16) != "ff0000000000000001" {
		t.Errorf("72-bit literal = %x", v)
	}
	if v := as[3].Arg(1).BigInt(); !v.IsInt64() || v.Int64() != 1<<63-1 {
		t.Errorf("max int64 = %s", v)
	}
	if v := as[4].Arg(1).BigInt(); v.Cmp(new(big.Int).Lsh(big.NewInt(1), 64)) != 0 {
		t.Errorf("2^64 = %s", v)
	}
	if as[5].Arg(0) != as[5].Arg(1) {
		t.Error("(_ bv0 1) and #b0 differ")
	}
	out := Print(sc)
	for _, want := range []string{"#xff ", "#xff0000000000000001", "#xffffffffffffffff", "9223372036854775807", "18446744073709551616", "123456789012345678901234567890"} {
		if !strings.Contains(out, want) {
			t.Errorf("printed script lacks %s:\n%s", want, out)
		}
	}
	for src, want := range map[string]string{
		`(assert (= (_ bv1 0) (_ bv1 0)))`:           "bit-vector width must be positive, got 0",
		`(assert (= (_ bv1 16777217) #b1))`:          "bit-vector width must be at most 16777216, got 16777217",
		`(assert (= (_ bv1 99999999999999999) #b1))`: "numeral 99999999999999999 is too large here",
	} {
		_, err := Parse("w.smt2", []byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", src, err, want)
		}
	}
}

func TestCheckKeepsNoCommands(t *testing.T) {
	src := "(declare-const x (_ BitVec 4))\n(assert (= x #x1))\n(assert (= y 1))\n(check-sat)\n"
	n, st, err := Check("c.smt2", strings.NewReader(src))
	list, ok := err.(ErrorList)
	if !ok || len(list) != 1 || !strings.HasPrefix(list[0].Error(), "c.smt2:3:12: unknown symbol y") {
		t.Fatalf("errors: %v", err)
	}
	// Check keeps the terms of definitions only (TestCheckForgetsCommandTerms)
	if n != 3 || st.NumTerms() != 0 {
		t.Fatalf("%d commands, %d terms", n, st.NumTerms())
	}
	sc, perr := Parse("c.smt2", []byte(src))
	if perr.Error() != err.Error() || len(sc.Commands) != n || sc.Store.NumTerms() == 0 {
		t.Errorf("Check and Parse disagree: %v / %v, %d / %d commands", err, perr, n, len(sc.Commands))
	}
}
