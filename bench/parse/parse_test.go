package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"tandem/smtlib"
)

// TestGenerateParses checks that the generated script is deterministic
// and that tandem reads it without errors.
func TestGenerateParses(t *testing.T) {
	var a, b bytes.Buffer
	if _, err := Generate(&a, 200_000, 7); err != nil {
		t.Fatal(err)
	}
	Generate(&b, 200_000, 7)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("same seed, different scripts")
	}
	sc, err := smtlib.Parse("gen.smt2", a.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sc.Assertions()); n < 100 {
		t.Fatalf("only %d assertions", n)
	}
	if !strings.Contains(a.String(), "(let ((?v_0 ") {
		t.Error("no let chains")
	}
}

// TestShapesParse checks that every generated shape is deterministic and
// parses without errors.
func TestShapesParse(t *testing.T) {
	for name, gen := range Shapes {
		var a, b bytes.Buffer
		n, err := gen(&a, 100_000, 3)
		if err != nil {
			t.Fatal(err)
		}
		gen(&b, 100_000, 3)
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: same seed, different scripts", name)
		}
		sc, err := smtlib.Parse(name+".smt2", a.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := len(sc.Assertions()); got != n || n < 100 {
			t.Errorf("%s: %d assertions parsed, %d written", name, got, n)
		}
	}
}

func TestCutBeforeCheckSat(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(assert true)\n(check-sat)\n(exit)\n", "(assert true)\n\n(exit)\n"},
		{"; (check-sat)\n(assert |(check-sat)|)( check-sat-assuming (a))", "; (check-sat)\n(assert |(check-sat)|)\n(exit)\n"},
		{"(echo \"(check-sat)\")(check-satx)", "(echo \"(check-sat)\")(check-satx)\n(exit)\n"},
	} {
		if got := string(CutBeforeCheckSat([]byte(c.in))); got != c.want {
			t.Errorf("CutBeforeCheckSat(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// BenchmarkParseGenerated parses a 10 MB generated deep-BV script in
// memory; run it with -cpuprofile and -memprofile to see where tandem's
// parser spends its time and memory.
func BenchmarkParseGenerated(b *testing.B) {
	var buf bytes.Buffer
	if _, err := Generate(&buf, 10_000_000, 1); err != nil {
		b.Fatal(err)
	}
	src := buf.Bytes()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var sc *smtlib.Script
	for b.Loop() {
		var err error
		if sc, err = smtlib.Parse("gen.smt2", src); err != nil {
			b.Fatal(err)
		}
	}
	// What a parsed script keeps: the live heap with the script, minus
	// the live heap without it, per input byte.
	var with, without runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&with)
	b.ReportMetric(float64(sc.Store.NumTerms()), "terms")
	runtime.KeepAlive(sc)
	sc = nil
	runtime.GC()
	runtime.ReadMemStats(&without)
	b.ReportMetric(float64(with.HeapAlloc-without.HeapAlloc)/float64(len(src)), "retained-B/input-B")
	runtime.KeepAlive(src) // live in both measurements: only the script differs
}
