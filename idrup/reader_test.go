package idrup

import (
	"bytes"
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

func readAll(text string, f Format, relaxed bool) ([]Line, error) {
	r := NewReader(strings.NewReader(text), "f", f, relaxed)
	var ls []Line
	for {
		l, err := r.Next()
		if err != nil {
			return ls, err
		}
		if l.Type == 0 {
			return ls, nil
		}
		l.Lits = append([]int(nil), l.Lits...)
		ls = append(ls, l)
	}
}

func TestReaderStrict(t *testing.T) {
	ls, err := readAll("c hello\np icnf\n\ni 1 -2 0\na 3 0\nq 0\ns SATISFIABLE\nm 1 -2 3 0\nv 1 0\nf 0\n", ICNF, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []Line{
		{Type: 'p', Text: "icnf", Num: 2},
		{Type: 'i', Lits: []int{1, -2}, Num: 4},
		{Type: 'q', Lits: []int{3}, Num: 5},
		{Type: 'q', Num: 6},
		{Type: 's', Text: Satisfiable, Num: 7},
		{Type: 'm', Lits: []int{1, -2, 3}, Num: 8},
		{Type: 'v', Lits: []int{1}, Num: 9},
		{Type: 'f', Num: 10},
	}
	if !reflect.DeepEqual(ls, want) {
		t.Errorf("got %+v\nwant %+v", ls, want)
	}
}

func TestReaderErrors(t *testing.T) {
	tests := []struct {
		text    string
		format  Format
		relaxed bool
		line    int
		msg     string
	}{
		{"i 1 2 0 \n", ICNF, false, 1, "zero literal '0' without new-line"},
		{"i 1  2 0\n", ICNF, false, 1, "expected digit or '-'"},
		{"i 1 2\n", ICNF, false, 1, "expected zero literal '0' before new-line"},
		{"i 1 2 0", ICNF, false, 1, "unexpected end-of-file"},
		{"i -0 0\n", ICNF, false, 1, "expected non-zero digit after '-'"},
		{"i - 0\n", ICNF, false, 1, "expected digit after '-'"},
		{"i 01 0\n", ICNF, false, 1, "invalid leading '0' digit"},
		{"i 99999999999 0\n", ICNF, false, 1, "index too large"},
		{"i 1x 0\n", ICNF, false, 1, "expected space or new-line after '1'"},
		{"i 0 1\n", ICNF, false, 1, "zero literal '0' without new-line"},
		{"\ni1 0\n", ICNF, false, 2, "expected space after 'i'"},
		{"l 1 0\n", ICNF, false, 1, "unexpected 'l' line in icnf file"},
		{"x 1 0\n", IDRUP, false, 1, "unexpected 'x' line in idrup file"},
		{"1 2 0\n", IDRUP, false, 1, "unexpected character '1'"},
		{"s SAT\n", IDRUP, false, 1, "invalid status line"},
		{"s SATISFIABLE \n", IDRUP, false, 1, "expected new-line after status"},
		{"p cnf 1 2\n", IDRUP, false, 1, "invalid 'p' header line"},
		{"c comment", IDRUP, false, 1, "end-of-file in comment"},
		{"i 1 0\r\ni 2 0\rx", IDRUP, false, 2, "expected new-line after carriage return"},
		{"i 1 2\n", ICNF, true, 1, "expected zero literal '0' before new-line"},
		{"\x01", ICNF, false, 1, "unexpected character code 01"},
	}
	for _, tc := range tests {
		_, err := readAll(tc.text, tc.format, tc.relaxed)
		var e *Error
		if !errors.As(err, &e) || !e.Parse || e.Line != tc.line || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%q: got %v, want line %d: %s", tc.text, err, tc.line, tc.msg)
		}
	}
}

func TestReaderRelaxed(t *testing.T) {
	ls, err := readAll("  p  icnf \r\ni\t1   -2 0  \r\n c x\ns unsatisfiable\nu 0", ICNF, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 4 || !reflect.DeepEqual(ls[1].Lits, []int{1, -2}) || ls[2].Text != Unsatisfiable || ls[3].Type != 'u' {
		t.Errorf("got %+v", ls)
	}
}

func TestDIMACS(t *testing.T) {
	cs, v, err := ReadDIMACS(strings.NewReader("c x\np cnf 3 2\n1 -2\n 3 0 -1\n0\n"), "f", false)
	if err != nil || v != 3 || !reflect.DeepEqual(cs, [][]int{{1, -2, 3}, {-1}}) {
		t.Fatalf("%v %v %v", cs, v, err)
	}
	bad := []struct{ text, msg string }{
		{"1 2 0\n", "clause before 'p cnf' header"},
		{"p cnf 1 1\n1 2 0\n", "literal 2 exceeds the maximum variable 1"},
		{"p cnf 2 2\n1 2 0\n", "found 1 clauses but the header says 2"},
		{"p cnf 2 1\n1 2 0\n1 0\n", "more clauses than the 1 of the header"},
		{"p cnf 2 1\n1 2\n", "last clause not terminated by '0'"},
		{"p cnf x\n", "invalid 'p cnf' header line"},
		{"p cnf 2 1\n1 a 0\n", "unexpected character 'a'"},
		{"", "missing 'p cnf' header"},
	}
	for _, tc := range bad {
		_, _, err := ReadDIMACS(strings.NewReader(tc.text), "f", false)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: got %v, want %s", tc.text, err, tc.msg)
		}
	}
	cs, v, err = ReadDIMACS(strings.NewReader("1 2 0\n-3\n%\n0\n"), "f", true)
	if err != nil || v != 3 || len(cs) != 2 {
		t.Fatalf("relaxed: %v %v %v", cs, v, err)
	}
}

// The line numbers of DIMACS errors count every line.
func TestDIMACSLineNumbers(t *testing.T) {
	_, _, err := ReadDIMACS(strings.NewReader("p cnf 3 3\n1 0\n2 0\nc\n3 x 0\n"), "f", false)
	var e *Error
	if !errors.As(err, &e) || e.Line != 5 {
		t.Fatalf("got %v, want line 5", err)
	}
}

// Fuzz targets: the readers and the checker never panic and always stop.

func FuzzReadICNF(f *testing.F) {
	f.Add([]byte("p icnf\ni 1 2 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n"), false)
	f.Add([]byte(" p icnf\r\ni\t1 0 \n"), true)
	f.Fuzz(func(t *testing.T, data []byte, relaxed bool) {
		fuzzRead(t, data, ICNF, relaxed)
	})
}

func FuzzReadIDRUP(f *testing.F) {
	f.Add([]byte("p idrup\ni 1 2 0\nl 1 0\nd 1 2 0\nw 1 0\nr 1 0\nq 0\ns SATISFIABLE\nm 1 2 0\n"), false)
	f.Add([]byte("c x\n\ns UNKNOWN\na 1 0\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, relaxed bool) {
		fuzzRead(t, data, IDRUP, relaxed)
	})
}

func fuzzRead(t *testing.T, data []byte, f Format, relaxed bool) {
	r := NewReader(bytes.NewReader(data), "f", f, relaxed)
	for i := 0; i <= len(data)+1; i++ {
		l, err := r.Next()
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		if l.Type == 0 {
			return
		}
	}
	t.Fatal("reader did not stop")
}

func FuzzReadDIMACS(f *testing.F) {
	f.Add([]byte("c x\np cnf 3 2\n1 -2 0\n3 0\n"), false)
	f.Add([]byte("1 2 0 -3\n%\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, relaxed bool) {
		d := NewDIMACSReader(bytes.NewReader(data), "f", relaxed)
		for i := 0; i <= len(data)+1; i++ {
			c, err := d.Next()
			if err != nil || c == nil {
				return
			}
		}
		t.Fatal("reader did not stop")
	})
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte(""), []byte("p idrup\ni 1 2 0\ni -1 0\nq 0\nl 2 0\ns SATISFIABLE\nm -1 2 0\n"))
	f.Add([]byte("p icnf\ni 1 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n"), []byte("p idrup\ni 1 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n"))
	f.Add([]byte(figure3ICNF), []byte(figure3IDRUP))
	f.Fuzz(func(t *testing.T, icnf, proof []byte) {
		var in Source
		if len(icnf) > 0 {
			in = Source{Name: "i", R: bytes.NewReader(icnf)}
		}
		_, err := Check(context.Background(), in, Source{Name: "p", R: bytes.NewReader(proof)}, Options{})
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("error of an unexpected kind: %v", err)
		}
	})
}

const figure3IDRUP = "p idrup\ni -1 3 4 0\ni -1 3 -4 0\ni -2 -3 4 0\ni -2 -3 -4 0\nq 1 2 0\nl -4 -2 -1 0\nl -2 -1 0\nd -4 -2 -1 0\ns UNSATISFIABLE\nu 2 1 0\ni -1 2 0\ni 1 -2 0\nq 0\ns SATISFIABLE\nm -1 -2 -3 -4 0\ni 1 2 0\nq 0\nl 2 0\nl -1 0\nl 0\ns UNSATISFIABLE\nu 0\n"

const figure3ICNF = "p icnf\ni -1 3 4 0\ni -1 3 -4 0\ni -2 -3 4 0\ni -2 -3 -4 0\nq 1 2 0\ns UNSATISFIABLE\nu 2 1 0\ni -1 2 0\ni 1 -2 0\nq 0\ns SATISFIABLE\nm -1 -2 -3 -4 0\ni 1 2 0\nq 0\ns UNSATISFIABLE\nu 0\n"

// readBoth reads data in strict mode with and without fastLine, also one
// byte per Read (lines straddle buffer fills) and with a read error after
// half the data, and fails when the lines or errors differ.
func readBoth(t *testing.T, data []byte, f Format) {
	t.Helper()
	read := func(r io.Reader) ([]Line, string) {
		rd := NewReader(r, "f", f, false)
		var ls []Line
		for range len(data) + 2 {
			l, err := rd.Next()
			if err != nil {
				return ls, err.Error()
			}
			if l.Type == 0 {
				break
			}
			l.Lits = append([]int(nil), l.Lits...)
			ls = append(ls, l)
		}
		return ls, ""
	}
	for _, mk := range []func() io.Reader{
		func() io.Reader { return bytes.NewReader(data) },
		func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
		func() io.Reader { return iotest.DataErrReader(bytes.NewReader(data)) },
		func() io.Reader { return iotest.TimeoutReader(iotest.HalfReader(bytes.NewReader(data))) },
	} {
		slowOnly = true
		want, wantErr := read(mk())
		slowOnly = false
		got, gotErr := read(mk())
		if gotErr != wantErr || !reflect.DeepEqual(got, want) {
			t.Fatalf("fast path differs on %q:\n got %v %q\nwant %v %q", data, got, gotErr, want, wantErr)
		}
	}
}

// TestFastLineMatchesSlow: the buffered fast path of the line parser reads
// exactly what the byte-wise parser reads, errors and line numbers
// included (issue 29 §2 made it the path of every literal line).
func TestFastLineMatchesSlow(t *testing.T) {
	long := "p idrup\n" + strings.Repeat("l 1 -22 333 -4444 55555 0\n", 400) + "i 2147483646 -1 0\n"
	for _, text := range []string{
		long, long + "l 1 2", long + "l 01 0\n", long + "l -0 0\n", long + "l 1  0\n", long + "l 1 0 \n",
		long + "l 2147483647 0\n", long + "l 1 0\r\nl 2 0\n", long + "x 1 0\n", long + "c c\nl 1 0\n\n\nl 3 0\n",
		"p idrup\nl 1 0", "p idrup\nl 1 0\nl", "p icnf\nl 1 0\n", "i 1 0\nq 0\n",
	} {
		readBoth(t, []byte(text), IDRUP)
		readBoth(t, []byte(text), ICNF)
	}
}

func FuzzFastLine(f *testing.F) {
	f.Add([]byte("p idrup\ni 1 2 0\nl 1 0\nd 1 2 0\nw 1 0\nr 1 0\nq 0\ns SATISFIABLE\nm 1 2 0\n"), true)
	f.Add([]byte("i -1 0\na 3 0\nl 0\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, idrup bool) {
		f := ICNF
		if idrup {
			f = IDRUP
		}
		readBoth(t, data, f)
	})
}
