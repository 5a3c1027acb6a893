package smtlib_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// modelScript is src up to its first check-sat with produce-models set
// first and (get-model) after, or nil when there is no check-sat.
func modelScript(sc *smtlib.Script, src []byte) []byte {
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdCheckSat {
			return []byte("(set-option :produce-models true)\n" + string(src[:c.Pos.Offset]) + "(check-sat)\n(get-model)\n")
		}
	}
	return nil
}

// TestSolverModels asks z3 and cvc5 for models of 15 satisfiable seed
// files each and reads them back: every definition of a declared symbol
// must have a body of the declared sort, and a constant's body must be a
// value (smt.ValueOf). Irrational algebraic numbers (z3's root-obj) have
// no smt.Value and are skipped. bench/models runs the same check on a
// larger sample of the corpus.
func TestSolverModels(t *testing.T) {
	root := testutil.Corpus(t, "seeds")
	files := everyKth(t, root, 15, func(p string) bool {
		return filepath.Base(filepath.Dir(p)) == "sat"
	})
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			p, err := reg.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			models := 0
			for _, path := range files {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				sc, err := smtlib.Parse(path, src)
				if err != nil {
					t.Errorf("%v", err)
					continue
				}
				// Through a file: cvc5 1.0.3 misreads |quoted symbols|
				// spanning lines on standard input.
				in := filepath.Join(dir, filepath.Base(path))
				if err := os.WriteFile(in, modelScript(sc, src), 0o644); err != nil {
					t.Fatal(err)
				}
				res, err := solver.Run(context.Background(), p, solver.FileInput(in),
					solver.RunOptions{Limits: solver.Limits{Wall: 5 * time.Second}})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Answers) == 0 || res.Answers[0] != solver.StatusSat || len(res.RawResponses) == 0 {
					t.Logf("%s: %s gives no model (%v %q), skipped", path, name, res.Status, res.Errors)
					continue
				}
				text := res.RawResponses[len(res.RawResponses)-1]
				m, err := smtlib.ParseModel([]byte(text), sc)
				if err != nil {
					t.Errorf("%s: %s's model does not parse: %v\n%s", path, name, err, text)
					continue
				}
				models++
				for _, d := range m.Defs {
					if !d.Declared {
						continue
					}
					if d.Body.Sort() != d.Func.Result {
						t.Errorf("%s: %s's model defines %s of sort %s with a body of sort %s: %s",
							path, name, d.Func.Name, d.Func.Result, d.Body.Sort(), d.Body)
						continue
					}
					if len(d.Func.Params) > 0 {
						continue
					}
					if strings.Contains(d.Body.String(), "root-obj") {
						t.Logf("%s: %s = %s is irrational, skipped", path, d.Func.Name, d.Body)
						continue
					}
					v, err := smt.ValueOf(d.Body)
					if err != nil {
						t.Errorf("%s: %s's value of %s is not a value: %v", path, name, d.Func.Name, err)
					} else if v.Sort() != d.Func.Result {
						t.Errorf("%s: %s's value of %s has sort %s, declared %s", path, name, d.Func.Name, v.Sort(), d.Func.Result)
					}
				}
			}
			t.Logf("%d of %d models read and checked", models, len(files))
		})
	}
}
