package idrup

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

func readFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func check(icnf, proof string) (*Stats, error) {
	var in Source
	if icnf != "" {
		in = Source{Name: "in.icnf", R: strings.NewReader(icnf)}
	}
	return Check(context.Background(), in, Source{Name: "proof.idrup", R: strings.NewReader(proof)}, Options{})
}

// The IDRUP example of Figure 3 of the thesis, alone and with its
// interaction file.
func TestFigure3(t *testing.T) {
	proof := readFixture(t, "figure3.idrup")
	icnf := readFixture(t, "figure3.icnf")
	for _, in := range []string{"", icnf} {
		st, err := check(in, proof)
		if err != nil {
			t.Fatalf("two files %v: %v", in != "", err)
		}
		if st.Inputs != 7 || st.Lemmas != 5 || st.Deleted != 1 || st.Queries != 3 || st.Models != 1 || st.Cores != 2 {
			t.Errorf("stats %+v", st)
		}
	}
}

// replaceLine replaces the 1-based line n of text.
func replaceLine(text string, n int, with string) string {
	lines := strings.Split(text, "\n")
	lines[n-1] = with
	return strings.Join(lines, "\n")
}

func insertLine(text string, n int, line string) string {
	lines := strings.Split(text, "\n")
	lines = append(lines[:n-1], append([]string{line}, lines[n-1:]...)...)
	return strings.Join(lines, "\n")
}

// Each single-line corruption of Figure 3 is rejected with idrup-check's
// message, at the corrupted line.
func TestFigure3Corruptions(t *testing.T) {
	proof := readFixture(t, "figure3.idrup")
	icnf := readFixture(t, "figure3.icnf")
	tests := []struct {
		name        string
		icnf, proof string
		file        string
		line        int
		msg         string
	}{
		{"wrong lemma", icnf, replaceLine(proof, 8, "l -2 0"), "proof.idrup", 8, "lemma implication check failed: l -2 0"},
		{"wrong lemma sign", icnf, replaceLine(proof, 7, "l -4 2 -1 0"), "proof.idrup", 7, "lemma implication check failed: l -4 2 -1 0"},
		{"model missing a literal", icnf, replaceLine(proof, 16, "m -2 -3 -4 0"), "proof.idrup", 16, "model does not satisfy input clause: i -1 3 4 0"},
		{"model violates clause", icnf, replaceLine(proof, 16, "m 1 -2 -3 -4 0"), "proof.idrup", 16, "model does not satisfy input clause: i -1 3 4 0"},
		{"model inconsistent", icnf, replaceLine(proof, 16, "m -1 -2 -3 -4 4 0"), "proof.idrup", 16, "inconsistent 'm' line with both -4 and 4"},
		{"model clashes with interactions", replaceLine(icnf, 13, "m -1 -2 -3 4 0"), proof, "proof.idrup", 16, "inconsistent 'm' line on 4 with line 13 in 'in.icnf'"},
		{"core not a subset", icnf, replaceLine(proof, 11, "u 2 1 3 0"), "proof.idrup", 11, "core literal 3 not in query at line 6 in 'in.icnf'"},
		{"core not implied", icnf, replaceLine(proof, 11, "u 2 0"), "proof.idrup", 11, "unsatisfiable core implication check failed: u 2 0"},
		{"core does not match", replaceLine(icnf, 8, "u 1 2 3 0"), proof, "proof.idrup", 11, "unsatisfiable core 'u' line does not match 'u' line 8 in 'in.icnf'"},
		{"deleted clause absent", icnf, replaceLine(proof, 9, "d -4 -3 -1 0"), "proof.idrup", 9, "could not find clause: d -4 -3 -1 0"},
		{"deleted clause twice", icnf, insertLine(proof, 10, "d -4 -2 -1 0"), "proof.idrup", 10, "could not find clause"},
		{"deleted literal unused", icnf, replaceLine(proof, 9, "d -4 -2 -7 0"), "proof.idrup", 9, "literal -7 unused"},
		{"i mismatch", icnf, replaceLine(proof, 3, "i -1 3 0"), "proof.idrup", 3, "input 'i' line does not match 'i' line 3 in 'in.icnf'"},
		{"i sign mismatch", replaceLine(icnf, 14, "i 1 -2 0"), proof, "proof.idrup", 17, "input 'i' line does not match 'i' line 14 in 'in.icnf'"},
		{"q mismatch", icnf, replaceLine(proof, 6, "q 1 0"), "proof.idrup", 6, "query 'q' line does not match 'q' line 6 in 'in.icnf'"},
		{"stray q", icnf, insertLine(proof, 8, "q 1 2 0"), "proof.idrup", 8, "unexpected 'q' line (expected 's', 'i', 'l', 'd', 'w' or 'r' line)"},
		{"stray q in interactions", insertLine(icnf, 7, "q 0"), proof, "in.icnf", 7, "unexpected 'q' line (expected 's UNSATISFIABLE' line)"},
		{"status differs", replaceLine(icnf, 12, "s UNSATISFIABLE"), proof, "in.icnf", 12, "unexpected 's UNSATISFIABLE' line (expected 's SATISFIABLE')"},
		{"missing model", icnf, replaceLine(proof, 16, "c no model"), "proof.idrup", 17, "unexpected 'i' line (expected 'm' line)"},
		{"restore absent", icnf, insertLine(proof, 7, "r -1 3 4 0"), "proof.idrup", 7, "could not find and restore weakened clause"},
		{"weaken unused literal", icnf, insertLine(proof, 7, "w -1 7 0"), "proof.idrup", 7, "literal 7 unused"},
		{"weaken absent clause", icnf, insertLine(proof, 7, "w -1 -2 0"), "proof.idrup", 7, "could not find and weaken clause: w -1 -2 0"},
		{"lemma after weakening", icnf, insertLine(insertLine(proof, 7, "w -1 3 -4 0"), 8, "w -1 3 4 0"), "proof.idrup", 9, "lemma implication check failed: l -4 -2 -1 0"},
		{"header swapped", "p idrup\n" + icnf[len("p icnf\n"):], proof, "in.icnf", 1, "expected 'p icnf' header and not 'p idrup' (input files swapped?)"},
		{"trailing space", icnf, replaceLine(proof, 2, "i -1 3 4 0 "), "proof.idrup", 2, "zero literal '0' without new-line"},
		{"double space", icnf, replaceLine(proof, 2, "i -1  3 4 0"), "proof.idrup", 2, "expected digit or '-'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := check(tc.icnf, tc.proof)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.File != tc.file || e.Line != tc.line || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("got %q\nwant %s:%d: ...%s", e.Error(), tc.file, tc.line, tc.msg)
			}
		})
	}
}

// Weakening and restoring: a weakened clause does not propagate, a restored
// one does again.
func TestWeakenRestore(t *testing.T) {
	ok := "p idrup\ni 1 2 0\ni 1 -2 0\nw 1 -2 0\nr 1 -2 0\nl 1 0\nq 0\ns SATISFIABLE\nm 1 2 0\n"
	if _, err := check("", ok); err != nil {
		t.Fatal(err)
	}
	bad := "p idrup\ni 1 2 0\ni 1 -2 0\nw 1 -2 0\nl 1 0\n"
	if _, err := check("", bad); err == nil || !strings.Contains(err.Error(), "lemma implication check failed") {
		t.Fatalf("got %v", err)
	}
	// Multiplicity: a clause added twice survives one deletion.
	multi := "i 1 2 0\ni 2 1 0\ni -1 0\nd 1 2 0\nl 2 0\nd 2 1 0\nd 1 2 0\n"
	if _, err := check("", multi); err == nil || !strings.Contains(err.Error(), ":7: error: could not find clause") {
		t.Fatalf("got %v", err)
	}
}

// Duplicate literals are normalized: "1 1 2" propagates like "1 2"
// (idrup-check's watches would miss it, thesis §4.1.2).
func TestDuplicateLiterals(t *testing.T) {
	p := "i 1 1 2 0\ni -2 0\nl 1 0\nd 1 2 1 0\nq 0\ns SATISFIABLE\nm 1 -2 0\n"
	if _, err := check("", p); err != nil {
		t.Fatal(err)
	}
}

// Tautological input clauses need no true literal in a model; complementary
// assumptions give a core that refutes itself.
func TestTautologyAndComplementaryAssumptions(t *testing.T) {
	p := "i 1 -1 0\nq 2 -2 0\ns UNSATISFIABLE\nu 2 -2 0\nq 0\ns SATISFIABLE\nm 2 0\n"
	if _, err := check("", p); err != nil {
		t.Fatal(err)
	}
}

// After an empty clause every later lemma and core is accepted (the formula
// is inconsistent); a model is still checked.
func TestInconsistent(t *testing.T) {
	p := "i 1 0\ni -1 0\nl 5 0\nq 0\ns UNSATISFIABLE\nu 0\nq 3 0\ns UNSATISFIABLE\nu 3 0\n"
	if _, err := check("", p); err != nil {
		t.Fatal(err)
	}
	p2 := "i 1 0\ni -1 0\nq 0\ns SATISFIABLE\nm 1 0\n"
	if _, err := check("", p2); err == nil || !strings.Contains(err.Error(), "does not satisfy input clause: i -1 0") {
		t.Fatalf("got %v", err)
	}
}

// A model must satisfy input clauses even after they were deleted.
func TestModelChecksDeletedInputs(t *testing.T) {
	p := "i 1 2 0\nd 1 2 0\nq 0\ns SATISFIABLE\nm -1 -2 0\n"
	if _, err := check("", p); err == nil || !strings.Contains(err.Error(), "does not satisfy input clause: i 1 2 0") {
		t.Fatalf("got %v", err)
	}
}

func TestUnknownAndCancel(t *testing.T) {
	icnf := "p icnf\ni 1 0\nq 0\ns UNKNOWN\n"
	proof := "p idrup\ni 1 0\nq 0\ns UNKNOWN\n"
	st, err := check(icnf, proof)
	if err != nil || st.Unknowns != 1 {
		t.Fatalf("%v %+v", err, st)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := strings.Repeat("i 1 2 0\n", 5000)
	_, err = Check(ctx, Source{}, Source{Name: "p", R: strings.NewReader(big)}, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}

func TestRelaxedCheck(t *testing.T) {
	proof := "p idrup\r\ni  1   2 0 \r\n\tq 0\ns satisfiable\nm 1 2 0"
	if _, err := Check(context.Background(), Source{}, Source{Name: "p", R: strings.NewReader(proof)}, Options{Relaxed: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := check("", proof); err == nil {
		t.Fatal("strict mode accepted a relaxed proof")
	}
}

// Binary clauses live in watch lists of their own (db.bins), propagated
// before the longer clauses: deleting one of two copies keeps the other,
// weakening stops it, a binary clause added under a root unit propagates,
// and a conflict among binary clauses refutes a lemma.
func TestBinaryClauses(t *testing.T) {
	for _, tc := range []struct {
		name, proof string
		ok          bool
	}{
		{"one copy left", "i 1 2 0\ni 2 1 0\nd 1 2 0\ni -2 0\nl 1 0\n", true},
		{"both copies deleted", "i 1 2 0\ni 2 1 0\nd 1 2 0\nd 2 1 0\ni -2 0\nl 1 0\n", false},
		{"weakened", "i 1 2 0\nw 1 2 0\ni -2 0\nl 1 0\n", false},
		{"restored", "i 1 2 0\nw 1 2 0\nr 2 1 0\ni -2 0\nl 1 0\n", true},
		{"added under a root unit", "i 1 0\ni -1 2 0\nl 2 3 0\nd -1 2 0\nl 2 0\n", true},
		{"binary conflict", "i -1 2 0\ni -1 3 0\ni -2 -3 0\ni 1 4 5 0\nl -1 0\nl 4 5 0\n", true},
		{"binary chain and a long clause", "i -1 2 0\ni -2 3 0\ni -3 -4 6 0\ni -6 -1 0\nl -1 -4 0\n", true},
		{"no conflict", "i -1 2 0\ni -2 3 0\ni -3 -4 6 0\nl -1 -4 0\n", false},
	} {
		_, err := check("", tc.proof)
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v, want verified %v", tc.name, err, tc.ok)
		}
	}
}
