package diver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
	"tandem/solver"
)

func TestRefuses(t *testing.T) {
	for _, c := range []struct {
		msg, opt string
		want     bool
	}{
		// z3 trunk on an option value whose solver was removed
		{"line 10 column 7: invalid parameter for smt.string_solver, valid options are 'seq', 'auto'", "smt.string_solver=z3str3", true},
		{"line 10 column 7: invalid parameter for smt.string_solver, valid options are 'seq', 'auto'", "smt.arith.solver=6", false},
		// z3 on an unknown parameter names only its last part
		{"ERROR: unknown parameter 'foo' at module 'smt'", "smt.foo=1", true},
		{"ERROR: unknown parameter 'foo' at module 'smt'", "smt.nl=false", false},
		// cvc5 and Bitwuzla
		{"Error in option parsing: can't understand option `--strings-exp'", "--strings-exp", true},
		{"[error] invalid option '--foo'", "--foo", true},
		// errors that are not about the option
		{"line 5 column 28: logic does not support integers", "smt.arith.solver=2", false},
		{"line 3 column 2: unknown constant solver", "smt.arith.solver=2", false},
		{"unknown sort RegEx", "smt.string_solver=z3str3", false},
		{"invalid", "", false},
	} {
		if got := solver.RefusesOption(c.msg, c.opt); got != c.want {
			t.Errorf("RefusesOption(%q, %q) = %v, want %v", c.msg, c.opt, got, c.want)
		}
	}
}

// The pool draws what the list-based draw of earlier versions drew while
// nothing is retired (campaigns replay), and never a retired option.
func TestOptionPoolDraw(t *testing.T) {
	opts := []string{"a=1", "b=2", "c=3", "d=4", "e=5"}
	old := func(r *rand.Rand) []string {
		k := min(1+r.IntN(2), len(opts))
		idx := r.Perm(len(opts))[:k]
		slices.Sort(idx)
		var out []string
		for _, i := range idx {
			out = append(out, opts[i])
		}
		return out
	}
	p := optionPool{all: opts}
	r1, r2 := rand.New(rand.NewPCG(1, 2)), rand.New(rand.NewPCG(1, 2))
	for range 200 {
		if a, b := p.draw(r1), old(r2); !slices.Equal(a, b) {
			t.Fatalf("draw %v, the list-based draw %v", a, b)
		}
	}
	if got := p.retire([]string{"b=2", "c=3"}, "invalid parameter b"); !slices.Equal(got, []string{"b=2"}) {
		t.Fatalf("retired %v, want [b=2]", got)
	}
	if got := p.retire([]string{"b=2"}, "invalid parameter b"); got != nil {
		t.Fatalf("retired b=2 twice: %v", got)
	}
	for range 200 {
		if d := p.draw(r1); slices.Contains(d, "b=2") || len(d) == 0 {
			t.Fatalf("drew %v after b=2 was retired", d)
		}
	}
	p.retire(opts, "unknown parameter a b c d e")
	if d := p.draw(r1); d != nil {
		t.Fatalf("drew %v with every option retired", d)
	}
}

// A campaign retires an option z3 refuses at its first error and
// counts it; the error's mutant is kept under the error directory. z3
// 4.8.12 names smt.bv.solver as 'bv.solver' at module 'smt' (issue 26: it
// was refused about 50 times a run and never retired).
func TestCampaignRetiresRefusedOption(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	for _, c := range []struct{ opt, kind string }{
		{"smt.foo=1", "ERROR: unknown parameter 'foo' at module 'smt' (exit code N "},
		{"smt.bv.solver=2", "ERROR: unknown parameter 'bv.solver' at module 'smt' (exit c"},
	} {
		dir := t.TempDir()
		cfg := []byte(`{"solver":"z3","mutants":20,"timeout":5000000000,"logics":["QF_LIA"],"option_fuzz_prob":1,` +
			`"solver_options":["` + c.opt + `"],"error_dir":"` + dir + `/errors"}`)
		sum, err := campaign.Run(context.Background(), dir, Name, cfg, campaign.Options{Seed: 3, Iterations: 2, Workers: 1, NoReduce: true})
		if err != nil {
			t.Fatal(err)
		}
		cs := sum.Stats.Counters
		if cs[campaign.RetiredCounter+c.opt] != 1 {
			t.Fatalf("%s not retired once: counters %v", c.opt, cs)
		}
		if e := sum.Stats.Error; e != 1 {
			t.Errorf("%s: %d errors, want 1 (the option is retired at the first): counters %v", c.opt, e, cs)
		}
		if k := cs[campaign.ErrorCounter+c.kind]; k != 1 {
			t.Errorf("%s: the error is not counted by z3's own words: counters %v", c.opt, cs)
		}
	}
}

// A refused option is retired whatever the answer's outcome: z3 trunk
// refuses smt.string_solver=z3str3, answers anyway and fails its own model
// check (Z1), a finding, and the option must not be drawn again.
func TestRefusedOptionRetiredOnFinding(t *testing.T) {
	d := fakeDiver(t, "refuse", false, Options{Mutants: 10, Timeout: 5 * time.Second, OneShot: true, FixedTimeout: true})
	d.profile.Signatures = []string{"invalid model was generated"}
	d.profile.OptionStyle = solver.OptionKeyValue
	d.options.all = []string{"fake.opt=1"}
	d.opt.OptionFuzzProb = 1
	var st Stats
	var cst campaign.Stats
	fs, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 1)), &st, &cst)
	if err != nil {
		t.Fatal(err)
	}
	if st.Retired["fake.opt=1"] != 1 || len(d.options.live()) != 0 {
		t.Fatalf("retired %v, live %v: want fake.opt=1 retired", st.Retired, d.options.live())
	}
	if len(fs) == 0 {
		t.Errorf("the failed model check was not reported")
	}
	if st.OptionRuns != 1 {
		t.Errorf("%d runs with options, want 1 (retired at the first)", st.OptionRuns)
	}
}
