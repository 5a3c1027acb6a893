package eval_test

import (
	"flag"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/internal/testutil"
	"tandem/smtlib"
)

var sageAssignments = flag.Int("eval.sage", 30000, "random assignments (in total over all files) for TestSageAgreement; the full run is 1000000")

// sagePrograms parses and compiles the QF_BV queries of the SAGE corpus.
func sagePrograms(t testing.TB) ([]*eval.Program, []string) {
	dir := testutil.Corpus(t, "sage")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.smt2"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no sage files in %s: %v", dir, err)
	}
	var ps []*eval.Program
	var names []string
	for _, f := range files {
		s, err := smtlib.ParseFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		p, err := eval.Compile(s.Assertions()...)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ps = append(ps, p)
		names = append(names, f)
	}
	return ps, names
}

// TestSageAgreement runs every SAGE query compiled and interpreted on
// random assignments (-eval.sage in total) and requires equal values,
// and distance 0 exactly for true roots.
func TestSageAgreement(t *testing.T) {
	ps, names := sagePrograms(t)
	per := max(1, (*sageAssignments+len(ps)-1)/len(ps))
	r := rand.New(rand.NewPCG(11, 12))
	for i, p := range ps {
		if err := evaltest.Agree(p, r, per); err != nil {
			t.Fatalf("%s: %v", names[i], err)
		}
	}
	t.Logf("%d queries x %d assignments = %d agreed", len(ps), per, len(ps)*per)
}

// BenchmarkSageCompiled evaluates every SAGE query in turn on
// precomputed random inputs; ns/op is per evaluation of one query.
func BenchmarkSageCompiled(b *testing.B) {
	ps, _ := sagePrograms(b)
	r := rand.New(rand.NewPCG(1, 1))
	ms := make([]*eval.Machine, len(ps))
	ins := make([][]uint64, len(ps))
	for i, p := range ps {
		ms[i] = p.NewMachine(nil)
		ins[i] = make([]uint64, len(p.Inputs()))
		evaltest.NewInputs(p, r).Fill(ins[i])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m := ms[i]
		m.Run(ins[i])
		_ = m.Depth()
		i++
		if i == len(ms) {
			i = 0
		}
	}
}
