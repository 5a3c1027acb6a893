package fuzzysat

import (
	"context"
	"path/filepath"
	"testing"

	"tandem/internal/testutil"
)

func TestPaperExamples(t *testing.T) {
	dir := testutil.Corpus(t, "fuzzysat")
	seed, err := ReadSeed(filepath.Join(dir, "zero_seed.bin"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
	for _, f := range files {
		fl, err := LoadFile(f, BranchFirst, len(seed))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range fl.Queries {
			res, err := Solve(context.Background(), q, seed, Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %s by %s, %d evals, %x", filepath.Base(f), res.Status, res.Phase, res.Evals, res.Assignment)
			if res.Status != Sat {
				t.Errorf("%s: %s", f, res.Status)
			}
		}
	}
}
