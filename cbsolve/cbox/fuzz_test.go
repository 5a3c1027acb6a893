package cbox

import (
	"testing"

	"tandem/smt"
)

// FuzzParseAnswer: no answer of an exec box makes the parser panic, and
// what it accepts is a value of the sort.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"12", "#xff", "#b1", "(_ bv5 8)", "(- 3)", "-3", "true", "error x", "", "(_ bv 8)", "#x", "(-"} {
		f.Add(s)
	}
	sorts := []*smt.Sort{smt.BitVecSort(8), smt.BitVecSort(64), smt.BitVecSort(100), smt.IntSort(), smt.BoolSort()}
	f.Fuzz(func(t *testing.T, s string) {
		for _, srt := range sorts {
			v, err := parseAnswer(s, srt)
			if err == nil && v.Sort() != srt {
				t.Fatalf("parseAnswer(%q, %s) = %s of sort %s", s, srt, v, v.Sort())
			}
			if x, ok := parseBitsFast(s, srt); ok && bitWidth(srt) > 0 && x&^maskOf(bitWidth(srt)) != 0 {
				t.Fatalf("parseBitsFast(%q, %s) = %d, too wide", s, srt, x)
			}
		}
	})
}

// FuzzSplitCommand: the exec spec splitter never panics, and a command
// of plain words splits at blanks.
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{`a b`, `'a b' "c d" e\ f`, `"`, `\`, `a''b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		splitCommand(s)
	})
}
