package solver_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/solver"
)

func TestEffortCountParses(t *testing.T) {
	reg := solver.NewRegistry()
	z3, _ := reg.Get("z3")
	cvc5, _ := reg.Get("cvc5")
	cvc4, _ := reg.Get("cvc4")
	for _, c := range []struct {
		p              *solver.Profile
		stdout, stderr string
		want           int64
		ok             bool
	}{
		{z3, "sat\n(:added-eqs 2\n :rlimit-count          269\n :time 0.01)\n", "", 269, true},
		{z3, "unknown\n(:rlimit-count 121)\n", "", 121, true},
		{z3, "sat\n", "", 0, false},
		{cvc5, "sat\n", "global::totalTime = 13ms\nresource::resourceUnitsUsed = 129\nresource::spendResourceCalls = 129\n", 129, true},
		{cvc5, "sat\n", "", 0, false},
		{cvc4, "sat\n", "resource::RewriteStep, 90\nsmt::SmtEngine::resourceUnitsUsed, 146\n", 146, true},
	} {
		n, ok := c.p.EffortCount(&solver.Result{Stdout: []byte(c.stdout), Stderr: []byte(c.stderr)})
		if n != c.want || ok != c.ok {
			t.Errorf("%s EffortCount(%q, %q) = %d, %v; want %d, %v", c.p.Name, c.stdout, c.stderr, n, ok, c.want, c.ok)
		}
	}
	gen, _ := reg.Get("generic")
	if _, err := gen.WithEffort(0); err == nil {
		t.Error("WithEffort on a profile without an effort count did not fail")
	}
	p, err := z3.WithEffort(1000)
	if err != nil || !slices.Equal(p.Options, []string{"-st", "rlimit=1000"}) || z3.EffortLimit(0) != z3.Effort.DefaultLimit || z3.EffortLimit(-1) != 0 {
		t.Errorf("z3.WithEffort(1000): options %v, err %v", p.Options, err)
	}
	if p, _ := cvc5.WithEffort(-1); !slices.Equal(p.Options, []string{"--stats", "--stats-internal"}) {
		t.Errorf("cvc5.WithEffort(-1): options %v, want the statistics switches and no limit", p.Options)
	}
}

func TestEffortProfileFile(t *testing.T) {
	reg := solver.NewRegistry()
	err := reg.Load([]byte(`[solver.z3new]
base = "z3"
binary = "/opt/z3/bin/z3"
[solver.mysolver]
binary = "mysolver"
[solver.mysolver.effort]
unit = "mysolver steps"
args = ["--print-steps"]
pattern = 'steps: (\d+)'
limit_arg = "--max-steps=%d"
default_limit = 1000
`))
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := reg.Get("z3new"); p.Effort == nil || p.Effort.Unit != "z3 rlimit-count" {
		t.Errorf("a profile based on z3 lost z3's effort: %+v", p.Effort)
	}
	p, _ := reg.Get("mysolver")
	if n, ok := p.EffortCount(&solver.Result{Stdout: []byte("sat\nsteps: 42\n")}); !ok || n != 42 {
		t.Errorf("mysolver effort %d, %v", n, ok)
	}
	for _, bad := range []string{
		"[solver.a.effort]\nunit = \"u\"\npattern = 'no group'\n",
		"[solver.a.effort]\nunit = \"u\"\npattern = '(\\d+'\n",
		"[solver.a.effort]\npattern = '(\\d+)'\n",
		"[solver.a.effort]\nunit = \"u\"\npattern = '(\\d+)'\nlimit_arg = \"--max=%s\"\n",
	} {
		if err := solver.NewRegistry().Load([]byte("[solver.a]\nbinary = \"a\"\n" + bad)); err == nil {
			t.Errorf("profile accepted:\n%s", bad)
		}
	}
}

// TestEffortRealSolvers: z3's and cvc5's effort counts are read from real
// runs, are the same on every run of one input (the point of the measure),
// and a small effort limit stops a run with unknown.
func TestEffortRealSolvers(t *testing.T) {
	script := []byte(`(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(assert (> (* 3 x) (+ y 7)))
(assert (< (+ x y) 2))
(assert (distinct (mod x 5) (mod y 7)))
(check-sat)
`)
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			base, _ := reg.Get(name)
			run := func(limit int64) (*solver.Result, int64) {
				p, err := base.WithEffort(limit)
				if err != nil {
					t.Fatal(err)
				}
				res, err := solver.Run(context.Background(), p, solver.BytesInput(script), solver.RunOptions{Limits: solver.Limits{Wall: 20 * time.Second, CPU: 10 * time.Second}})
				if err != nil {
					t.Fatal(err)
				}
				n, ok := p.EffortCount(res)
				if !ok {
					t.Fatalf("no effort count in %s's output:\n%s\n%s", name, res.Stdout, res.Stderr)
				}
				return res, n
			}
			r1, n1 := run(0)
			_, n2 := run(0)
			if r1.Status != solver.StatusSat || n1 <= 0 || n1 != n2 {
				t.Errorf("%s: %v with effort %d then %d; want sat with the same positive count", name, r1.Status, n1, n2)
			}
			r3, n3 := run(max(n1/4, 1))
			if r3.Status != solver.StatusUnknown || n3 < n1/4 {
				t.Errorf("%s with effort limit %d: %v after %d units; want unknown at the limit", name, n1/4, r3.Status, n3)
			}
			if strings.Contains(string(r1.Stdout), "error") {
				t.Errorf("%s printed an error with its statistics on:\n%s", name, r1.Stdout)
			}
		})
	}
}
