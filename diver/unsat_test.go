package diver

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
	"tandem/smtlib"
	"tandem/solver"
)

// fakeUnsatSeed is unsatisfiable: x > y and x < y.
const fakeUnsatSeed = "(set-logic QF_LIA)\n(declare-fun x () Int)\n(declare-fun y () Int)\n(assert (> x y))\n(assert (< x y))\n(check-sat)\n"

// fakeUnsatSolver is the fake solver of the unsat oracle's tests, after
// its first run (the seed's, answered unsat):
//   - unsatbad: with the option fake.opt=1, a strengthened mutant (more
//     assertions than the seed's two, or an and) is answered sat with
//     x = y = 0, a model that falsifies (> x y); everything else unsat;
//   - unsatrefuse: unsatbad, after an error line that refuses fake.opt=1
//     (as z3 trunk refuses smt.string_solver=z3str3 and answers anyway);
//   - unsatselfcheck: unsatbad, with z3's model_validate error after each
//     sat answer (a crash signature);
//   - unsatgood: with fake.opt=1, a script that fakeSeedModel satisfies
//     (tandem's evaluator) is answered sat with it, anything else unsat:
//     run on the satisfiable fakeSeed, which it called unsat, so its sat
//     answers carry models the evaluator accepts.
func fakeUnsatSolver(mode string, args []string) int {
	opt := slices.Contains(args, "fake.opt=1")
	var text []byte
	var err error
	for _, a := range args {
		if _, e := os.Stat(a); e == nil {
			text, err = smtlib.ReadFile(a, "script", smtlib.MaxScriptBytes)
		}
	}
	if text == nil {
		text, err = smtlib.ReadAll(os.Stdin, "<stdin>", "script", smtlib.MaxScriptBytes)
	}
	if err != nil {
		return 1
	}
	if mode == "unsatrefuse" && opt { // Z1: z3 trunk refuses smt.string_solver=z3str3, then answers
		os.Stdout.WriteString(`(error "line 1 column 7: invalid parameter for fake.opt, valid options are 0")` + "\n")
		mode = "unsatbad"
	}
	selfCheck := mode == "unsatselfcheck"
	if selfCheck {
		mode = "unsatbad"
	}
	switch {
	case mode == "unsatbad" && opt && (bytes.Count(text, []byte("(assert")) > 2 || bytes.Contains(text, []byte("(and "))):
		os.Stdout.WriteString("sat\n(\n  (define-fun x () Int 0)\n  (define-fun y () Int 0)\n)\n")
		if selfCheck { // z3's model_validate after a wrong sat
			os.Stdout.WriteString(`(error "line 9 column 10: an invalid model was generated")` + "\n")
		}
	case mode == "unsatgood" && opt:
		if ok, err := SatisfiedBy(text, fakeSeedModel); err == nil && ok {
			os.Stdout.WriteString("sat\n" + fakeSeedModel + "\n")
			return 0
		}
		os.Stdout.WriteString("unsat\n")
	default:
		os.Stdout.WriteString("unsat\n")
	}
	return 0
}

// unsatFakeDiver is fakeDiver with the option fake.opt=1 drawn for every
// mutant (one-shot) and, when seed is not "", that seed file.
func unsatFakeDiver(t *testing.T, mode, seed string) *Diver {
	t.Helper()
	d := fakeDiver(t, mode, false, Options{Mutants: 20, Timeout: 5 * time.Second, OneShot: true, FixedTimeout: true})
	if seed != "" {
		if err := os.WriteFile(d.files[0], []byte(seed), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d.profile.OptionStyle = solver.OptionKeyValue
	d.options.all = []string{"fake.opt=1"}
	d.opt.OptionFuzzProb = 1
	return d
}

// A solver that answers sat, with a model that falsifies the mutant, on
// strengthened mutants of an unsat seed when an option is set, and unsat
// in its default mode, is reported: soundness, "sat on an unsat formula",
// with the evidence; Reproduce (the reducer's predicate) confirms the
// trigger and refuses the seed, which the fake answers unsat.
func TestUnsatOracleFinding(t *testing.T) {
	d := unsatFakeDiver(t, "unsatbad", fakeUnsatSeed)
	var st Stats
	var cst campaign.Stats
	fs, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst)
	if err != nil {
		t.Fatal(err)
	}
	u := st.Unsat
	if u.Seeds != 1 || u.Mutants != 20 || u.SatCandidates == 0 || u.Strengthened == 0 || u.Rewritten == 0 {
		t.Fatalf("unsat stats %+v, errors %v", u, st.ErrorKinds)
	}
	if len(fs) != 1 || u.Findings != 1 {
		t.Fatalf("%d findings (%d counted), want 1 (one per signature per iteration)", len(fs), u.Findings)
	}
	f := fs[0]
	if f.Class != campaign.Soundness || !strings.HasPrefix(f.Message, UnsatMessage) {
		t.Errorf("finding %s %q", f.Class, f.Message)
	}
	for _, want := range []string{"falsifies the assertion", "fake.opt=1", "default mode's answer on this script, one-shot: unsat", oracleTag + oracleUnsat} {
		if !strings.Contains(f.Details, want) {
			t.Errorf("details lack %q:\n%s", want, f.Details)
		}
	}
	st.Record(&cst)
	if cst.Counters[campaign.InputsCounter+"unsat-seed mutants"] != 20 || cst.Counters[campaign.InputsCounter+"sat-seed mutants"] != 0 {
		t.Errorf("input counters %v", cst.Counters)
	}
	p := d.withOptions(d.profile, []string{"fake.opt=1"})
	if g, err := d.reproduceUnsat(context.Background(), p, d.profile, &f, f.Trigger); err != nil || g == nil {
		t.Errorf("the trigger does not reproduce: %v", err)
	}
	if g, err := d.reproduceUnsat(context.Background(), p, d.profile, &f, []byte(fakeUnsatSeed)); err != nil || g != nil {
		t.Errorf("the seed (answered unsat) reproduces: %+v %v", g, err)
	}
}

// A sat answer whose model tandem's evaluator accepts is no finding (the
// seed is not unsat, or the evaluator is wrong): counted, kept under the
// error directory, and the iteration ends after MaxUnexplained of them.
func TestUnsatOracleModelAccepted(t *testing.T) {
	d := unsatFakeDiver(t, "unsatgood", "")
	d.opt.ErrorDir = t.TempDir()
	var st Stats
	var cst campaign.Stats
	fs, err := d.round(context.Background(), rand.New(rand.NewPCG(3, 4)), &st, &cst)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
	u := st.Unsat
	if u.ModelAccepted != MaxUnexplained || u.Findings != 0 {
		t.Fatalf("unsat stats %+v: want %d accepted models, no finding", u, MaxUnexplained)
	}
	kept, _ := os.ReadDir(d.opt.ErrorDir)
	if len(kept) == 0 {
		t.Error("the accepted models' mutants are not kept")
	}
	if st.ErrorKinds[UnsatModelAccepted] != MaxUnexplained {
		t.Errorf("error kinds %v", st.ErrorKinds)
	}
}

// A seed answered unsat whose (set-info :status sat) contradicts the
// answer is skipped and counted; NoUnsatSeeds skips every unsat seed.
func TestUnsatSeedStatusConflict(t *testing.T) {
	d := unsatFakeDiver(t, "unsatbad", strings.Replace(fakeUnsatSeed, "\n", "\n(set-info :status sat)\n", 1))
	var st Stats
	var cst campaign.Stats
	if fs, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst); err != nil || len(fs) != 0 {
		t.Fatalf("%v %v", fs, err)
	}
	if st.Unsat.StatusConflict != 1 || st.SeedsSkipped != 1 || st.Unsat.Mutants != 0 {
		t.Fatalf("stats %+v", st)
	}
	d = unsatFakeDiver(t, "unsatbad", fakeUnsatSeed)
	d.opt.NoUnsatSeeds = true
	st = Stats{}
	if fs, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst); err != nil || len(fs) != 0 {
		t.Fatalf("%v %v", fs, err)
	}
	if st.SeedsSkipped != 1 || st.Unsat.Seeds != 0 {
		t.Fatalf("NoUnsatSeeds: stats %+v", st)
	}
}

// z3 4.8.12 on corpus unsat seeds (QF_LIA, QF_S), its option fuzzing on,
// in incremental and one-shot mode: every mutant is unsatisfiable and
// none may be reported.
func TestUnsatSeedsZ3(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	seeds := []string{
		testutil.Corpus(t, "seeds/QF_LIA/unsat/cut_lemma_02_010.smt2"),
		testutil.Corpus(t, "seeds/QF_S/unsat/slog_stranger_248_sink.smt2"),
	}
	for _, oneShot := range []bool{false, true} {
		d, err := New(Options{Solver: "z3", Seeds: seeds, Mutants: 15, Timeout: 5 * time.Second, OneShot: oneShot, OptionFuzzProb: 0.5})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(26, 3))
		var st Stats
		var cst campaign.Stats
		for i := 0; i < 2; i++ {
			fs, err := d.round(context.Background(), r, &st, &cst)
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) != 0 {
				t.Fatalf("one-shot %v: findings on unsat mutants: %s %s\n%s\n%s", oneShot, fs[0].Class, fs[0].Message, fs[0].Details, fs[0].Trigger)
			}
		}
		u := st.Unsat
		if u.Seeds == 0 || u.Mutants < 15 || u.Unsat == 0 || u.SatCandidates != 0 {
			t.Fatalf("one-shot %v: unsat stats %+v (errors %v)", oneShot, u, st.ErrorKinds)
		}
		t.Logf("one-shot %v: %+v, option runs %d", oneShot, u, st.OptionRuns)
	}
}

// Z1's shape: the solver refuses the option, then answers sat on an
// unsat mutant anyway. The candidate is reported, and the option is not
// retired on the unsat side while the solver answers after refusing it.
func TestUnsatOracleRefusedOption(t *testing.T) {
	d := unsatFakeDiver(t, "unsatrefuse", fakeUnsatSeed)
	var st Stats
	var cst campaign.Stats
	fs, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || !strings.Contains(fs[0].Details, "invalid parameter for fake.opt") {
		t.Fatalf("%d findings, want 1 naming the refusal: %+v", len(fs), fs)
	}
	if len(st.Retired) != 0 || len(d.options.live()) != 1 || st.OptionRuns != 20 {
		t.Errorf("retired %v, live %v, option runs %d: want the option kept for all 20 mutants", st.Retired, d.options.live(), st.OptionRuns)
	}
	// issue 26: the refusal means the call ran in the default mode, so
	// its answer counts as that answer (unsat, or the sat candidate), not
	// as an error; the refusal has its own counter and its error kind
	u := st.Unsat
	if u.Error != 0 || cst.Error != 0 || u.Unsat == 0 {
		t.Errorf("answers after a refused option counted as errors: unsat side %+v, campaign errors %d", u, cst.Error)
	}
	if n := cst.Counters[campaign.RefusedCounter]; n != 20 {
		t.Errorf("refused-option counter %d, want 20 (every mutant ran with the refused option)", n)
	}
	if n := st.ErrorKinds[campaign.ErrorKind("line 1 column 7: invalid parameter for fake.opt, valid options are 0")]; n != 20 {
		t.Errorf("the refusal is not in the error kinds 20 times: %v", st.ErrorKinds)
	}
	if bad := st.reconcile(&cst); len(bad) > 0 {
		t.Errorf("counters do not reconcile: %v", bad)
	}
}

// Issue 26, item 1: z3 trunk's unsound configuration answered sat on
// unsat-seed mutants and its model_validate then printed "an invalid
// model was generated" (a crash signature): each such call was counted a
// crash by the campaign and a sat candidate by the unsat oracle, so the
// crash counter jumped by 15 with no crash behind it. Each call counts
// once, as the sat candidate the oracle judges.
func TestUnsatSelfCheckIsNoCrash(t *testing.T) {
	d := unsatFakeDiver(t, "unsatselfcheck", fakeUnsatSeed)
	d.profile.Signatures = []string{"invalid model was generated"}
	var st Stats
	var cst campaign.Stats
	fs, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst)
	if err != nil {
		t.Fatal(err)
	}
	u := st.Unsat
	if len(fs) != 1 || u.SatCandidates == 0 || u.SatSelfCheck != u.SatCandidates {
		t.Fatalf("%d findings, unsat stats %+v", len(fs), u)
	}
	if cst.Crash != 0 || u.Crash != 0 || cst.Sat != u.SatCandidates {
		t.Errorf("campaign crash %d, sat %d; unsat side crash %d, sat candidates %d: want no crash, one sat per candidate",
			cst.Crash, cst.Sat, u.Crash, u.SatCandidates)
	}
	if bad := st.reconcile(&cst); len(bad) > 0 {
		t.Errorf("counters do not reconcile: %v", bad)
	}
}
