package campaign

import "testing"

func TestErrorKind(t *testing.T) {
	for in, want := range map[string]string{
		"line 5 column 28: logic does not support integers":                            "logic does not support integers",
		"Parse Error: <stdin>:4.28: Symbol 'Int' not declared as a type\n\n  (declare": "Symbol 'Int' not declared as a type",
		"unknown constant bvlshr ((_ BitVec 11) (_ BitVec 11)) ":                       "unknown constant bvlshr ((_ BitVec N) (_ BitVec N))",
	} {
		if got := ErrorKind(in); got != want {
			t.Errorf("ErrorKind(%q) = %q, want %q", in, got, want)
		}
	}
}
