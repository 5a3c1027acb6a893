package sat

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"tandem/idrup"

	"tandem/internal/testutil"
)

// SolveFile tells DIMACS from iCNF by the first line that is not a
// comment, answers a DIMACS file with 's'/'v' lines and the SAT exit
// code, and runs an iCNF script into interactions that check against the
// proof it writes.
func TestSolveFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return testutil.WriteFile(t, dir, name, text) }
	for _, c := range []struct {
		text string
		code int
		out  string
	}{
		{"c a comment\np cnf 2 2\n1 2 0\n-1 0\n", 10, "s SATISFIABLE\nv -1 2 0\n"},
		{"p cnf 1 2\n1 0\n-1 0\n", 20, "s UNSATISFIABLE\n"},
	} {
		var out, log bytes.Buffer
		code, err := SolveFile(context.Background(), write("f.cnf", c.text), nil, FileOptions{Stats: true}, &out, &log)
		if err != nil || code != c.code || out.String() != c.out || !strings.HasPrefix(log.String(), "c conflicts ") {
			t.Errorf("%q: exit %d, %v, out %q, log %q; want %d, %q", c.text, code, err, out.String(), log.String(), c.code, c.out)
		}
	}
	script := write("s.icnf", "c comment\np icnf\ni 1 2 0\nq -1 0\nq -1 -2 0\n")
	proof := filepath.Join(dir, "run.idrup")
	var out, log bytes.Buffer
	code, err := SolveFile(context.Background(), script, &Options{Phase: PhaseTrue}, FileOptions{Proof: proof}, &out, &log)
	if err != nil || code != 0 || !strings.Contains(log.String(), "c 2 queries: 1 satisfiable, 1 unsatisfiable, 0 unknown") {
		t.Fatalf("iCNF: exit %d, %v, log %q", code, err, log.String())
	}
	icnf := write("run.icnf", out.String())
	if _, err := idrup.CheckFiles(context.Background(), icnf, proof, idrup.Options{}); err != nil {
		t.Errorf("the run does not check against its proof: %v\n%s", err, out.String())
	}
	if _, err := SolveFile(context.Background(), filepath.Join(dir, "missing"), nil, FileOptions{}, &out, &log); err == nil {
		t.Error("a missing file solved")
	}
}

// WriteModel keeps 'v' lines within 78 characters and ends with 0.
func TestWriteModel(t *testing.T) {
	m := make([]int, 40)
	for i := range m {
		m[i] = -(i + 1000)
	}
	var b bytes.Buffer
	WriteModel(&b, m)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	n := 0
	for _, l := range lines {
		if len(l) > 78 || !strings.HasPrefix(l, "v ") {
			t.Errorf("line %q", l)
		}
		n += len(strings.Fields(l)) - 1
	}
	if n != 41 || !strings.HasSuffix(b.String(), " 0\n") || len(lines) < 2 {
		t.Errorf("model of 40 literals written as %d fields in %d lines:\n%s", n, len(lines), b.String())
	}
}
