package trace

import (
	"bytes"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	in := "1 init\n2 option restart=luby\n3 newVar 5\n7 addClause 1 -2 3\n9 assuming -1 5\n10 model\n11 failed\n12 solve\n20 enumerating\n"
	tr, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(tr.Bytes()); got != in {
		t.Fatalf("round trip:\n%s\nwant\n%s", got, in)
	}
	if tr.MaxVar() != 5 || len(tr.Options()) != 1 || tr.Calls[3].Lits[1] != -2 {
		t.Fatalf("parsed wrong: %+v", tr)
	}
	if !bytes.HasPrefix(tr.Plain(), []byte("init\noption restart=luby\n")) {
		t.Fatalf("plain: %q", tr.Plain())
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{
		"",
		"addClause 1\n",              // no init
		"init\ninit\n",               // twice
		"init\naddClause\n",          // no literals
		"init\naddClause 1 0\n",      // 0 is no literal
		"init\naddClause 1  2\n",     // two spaces
		"init\naddClause 1 2 \n",     // trailing blank
		"init\naddClause 01\n",       // not canonical
		"init\naddClause 1048577\n",  // > MaxVar
		"init\nsolve 1\n",            // solve takes no literals
		"init\nsolve\noption a=b\n",  // option after a call
		"init\noption a\n",           // no value
		"init\noption a=b c\n",       // two args
		"init\nenumerating\nsolve\n", // after enumerating
		"2 init\n1 solve\n",          // decreasing index
		"init\nfoo\n",                // unknown call
		"init\nnewVar -1\n",          // negative
		"init\r\naddClause 1\n",      // CR
		"0 init\n",                   // index 0
	} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q) accepted", in)
		}
	}
}

func TestComments(t *testing.T) {
	tr, err := Parse([]byte("c a comment\ninit\n\nc\nsolve\n"))
	if err != nil || len(tr.Calls) != 2 {
		t.Fatalf("%v %v", tr, err)
	}
}

// FuzzParse: no panic, and whatever parses prints back to a trace that
// parses to the same calls.
func FuzzParse(f *testing.F) {
	f.Add([]byte("1 init\n2 option a=1\n3 addClause 1 -2\n4 assuming 2\n5 model\n6 failed\n"))
	f.Add([]byte("init\nnewVar 3\nenumerating\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Parse(data)
		if err != nil {
			return
		}
		out := tr.Bytes()
		tr2, err := Parse(out)
		if err != nil {
			t.Fatalf("reprint does not parse: %v\n%s", err, out)
		}
		if !bytes.Equal(tr2.Bytes(), out) {
			t.Fatalf("reprint differs")
		}
	})
}

func TestUndeclared(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want int
	}{
		{"init\naddClause 5 -7\nsolve\n", -1},                        // declared by use
		{"init\nnewVar 7\naddClause 5 -7\nassuming 2\n", -1},         // declared
		{"init\nnewVar 3\naddClause 5 -7\n", 2},                      // above the count
		{"init\nnewVar 3\naddClause 1\nnewVar 9\nassuming -9\n", -1}, // an increment declares more
		{"init\nnewVar 3\nassuming -4\nnewVar 9\n", 2},               // declared too late
	} {
		tr, err := Parse([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := tr.Undeclared(); got != tc.want {
			t.Errorf("%q: Undeclared() = %d, want %d", tc.src, got, tc.want)
		}
	}
}
