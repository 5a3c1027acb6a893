package smtlib_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smtlib"
	"tandem/solver"
)

// everyKth lists the .smt2 files under root in sorted order and keeps n of
// them, evenly spaced.
func everyKth(t *testing.T, root string, n int, keep func(string) bool) []string {
	t.Helper()
	var all []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".smt2") && (keep == nil || keep(p)) {
			all = append(all, p)
		}
		return nil
	})
	slices.Sort(all)
	if len(all) < n {
		t.Fatalf("only %d files under %s", len(all), root)
	}
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, all[i*len(all)/n])
	}
	return out
}

func answers(r *solver.Result) string {
	var s []string
	for _, a := range r.Answers {
		s = append(s, a.String())
	}
	return strings.Join(s, " ")
}

// TestZ3RoundTrip checks that printing keeps a script's meaning: z3 gives
// the same check-sat answers on the printed script as on the original, for
// 25 seed files spread over all logics. Files z3 does not decide within the
// limit prove nothing and are skipped. bench/roundtrip runs the same check
// on a larger sample of the whole corpus.
func TestZ3RoundTrip(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	files := everyKth(t, testutil.Corpus(t, "seeds"), 25, nil)
	z3, err := solver.NewRegistry().Lookup("z3")
	if err != nil {
		t.Fatal(err)
	}
	// Limits in CPU time (the wall limit only catches a hang), so that load
	// on the machine does not turn an answer into a timeout.
	opts := solver.RunOptions{Limits: solver.Limits{CPU: 5 * time.Second, Wall: 30 * time.Second}}
	dir := t.TempDir()
	decided := 0
	for i, path := range files {
		sc, err := smtlib.ParseFile(path)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		orig, err := solver.Run(context.Background(), z3, solver.FileInput(path), opts)
		if err != nil {
			t.Fatal(err)
		}
		if !orig.Status.IsAnswer() || orig.Status == solver.StatusUnknown || len(orig.Errors) > 0 {
			t.Logf("%s: z3 does not decide the original (%v), skipped", path, orig.Status)
			continue
		}
		decided++
		printed := filepath.Join(dir, filepath.Base(path))
		if err := os.WriteFile(printed, []byte(smtlib.Print(sc)), 0o644); err != nil {
			t.Fatal(err)
		}
		again, err := solver.Run(context.Background(), z3, solver.FileInput(printed), opts)
		if err != nil {
			t.Fatal(err)
		}
		if again.Status == solver.StatusTimeout {
			// The printed text can send z3 down a slower path: try once
			// more with room before calling it a difference.
			slow := opts
			slow.Limits.Wall, slow.Limits.CPU = 4*opts.Limits.Wall, 4*opts.Limits.CPU
			if again, err = solver.Run(context.Background(), z3, solver.FileInput(printed), slow); err != nil {
				t.Fatal(err)
			}
		}
		if answers(again) != answers(orig) || len(again.Errors) > 0 {
			t.Errorf("file %d, %s: z3 answers %q on the original, %q on the printed script (status %v, errors %q)",
				i, path, answers(orig), answers(again), again.Status, again.Errors)
		}
	}
	t.Logf("%d of %d files decided by z3; printed scripts agree", decided, len(files))
}
