package bandit

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tandem/solver"
)

// fakeEnv is an Env over shell-script solvers: the target first, then the
// references. Each script body is run by /bin/sh with the input file as
// its argument.
func fakeEnv(t *testing.T, timeout time.Duration, scripts ...string) *Env {
	t.Helper()
	g, err := LookupGrammar("lia")
	if err != nil {
		t.Fatal(err)
	}
	var generic *solver.Profile
	for _, p := range solver.Builtin() {
		if p.Name == "generic" {
			generic = p
		}
	}
	e := &Env{Gen: NewGenerator(g, GenOptions{}), Timeout: timeout, KnownCrashes: DefaultKnownCrashes()}
	dir := t.TempDir()
	for i, body := range scripts {
		path := filepath.Join(dir, "solver"+string(rune('a'+i)))
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		p := generic.Clone()
		p.Name, p.Binary = filepath.Base(path), path
		e.Profiles = append(e.Profiles, p)
		e.Specs = append(e.Specs, p.Name)
		e.Versions = append(e.Versions, "fake")
	}
	return e
}

const (
	fakeSat   = "echo sat"
	fakeBurn  = "while :; do :; done"
	fakeSleep = "exec sleep 60"
	fakeError = `echo '(error "Expected CVC4 to be compiled with SymFPU support")'`
)

func perfRun(t *testing.T, e *Env, o PerfOptions) *PerfRun {
	t.Helper()
	r, err := Perf(context.Background(), e, rand.New(rand.NewPCG(7, 7)), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestPerfScoreExcludedTarget(t *testing.T) {
	to := time.Second
	ref := Outcome{Solver: "ref", Status: solver.StatusSat, CPU: 10 * time.Millisecond}
	for _, c := range []struct {
		name   string
		target Outcome
		want   float64
	}{
		{"error", Outcome{Status: solver.StatusError}, NoScore(to)},
		{"unsupported", Outcome{Status: solver.StatusUnsupported}, NoScore(to)},
		{"known crash", Outcome{Status: solver.StatusCrash, KnownCrash: true}, NoScore(to)},
		{"inconclusive", Outcome{Status: solver.StatusTimeout, Inconclusive: true}, NoScore(to)},
		{"timeout", Outcome{Status: solver.StatusTimeout, CPU: to}, 2 - 0.01},
		{"unknown crash", Outcome{Status: solver.StatusCrash}, 2 - 0.01},
	} {
		if got := PerfScore([]Outcome{c.target, ref}, to); got != c.want {
			t.Errorf("%s target: PerfScore = %g, want %g", c.name, got, c.want)
		}
	}
}

// TestErroringTargetNoGap is the regression test of issue 26 §2: a target
// that rejects every input (cvc4 without SymFPU on FP) was scored as
// maximally slow and reported as a gap ("margin 3.97, gap runs 1/1").
func TestErroringTargetNoGap(t *testing.T) {
	to := 500 * time.Millisecond
	e := fakeEnv(t, to, fakeError, fakeSat)
	e.Wall = 100 * to // no inconclusive runs on a loaded machine
	for _, fz := range []string{FuzzerBandit, FuzzerRandom} {
		r := perfRun(t, e, PerfOptions{Fuzzer: fz, MaxQueries: 3})
		if r.Score != NoScore(to) || r.Status["solvera"] != "error" {
			t.Errorf("%s: margin %g, target %q; want %g (no score) and error", fz, r.Score, r.Status["solvera"], NoScore(to))
		}
		if _, ok := r.FirstGap(); ok || r.Stats.Rewards != 0 {
			t.Errorf("%s: erroring target gave a gap or %d rewards", fz, r.Stats.Rewards)
		}
		if found, _ := GapSummary([]*PerfRun{r}, time.Minute); found != 0 {
			t.Errorf("%s: gap runs %d/1", fz, found)
		}
	}
}

// TestSleepingTargetInconclusive: a target stopped by the wall-clock limit
// without using CPU (as z3 starved on a loaded machine) is re-run, stays
// inconclusive, and is never scored as a timeout or a gap.
func TestSleepingTargetInconclusive(t *testing.T) {
	to := 200 * time.Millisecond
	e := fakeEnv(t, to, fakeSleep, fakeSat)
	r := perfRun(t, e, PerfOptions{Fuzzer: FuzzerRandom, MaxQueries: 1, Confirm: 1})
	if r.Score != NoScore(to) || r.Status["solvera"] != "inconclusive" {
		t.Errorf("margin %g, target %q; want %g and inconclusive", r.Score, r.Status["solvera"], NoScore(to))
	}
	// ≥: on a loaded machine the reference's runs may be inconclusive too.
	if r.Stats.Timeouts != 0 || r.Stats.Inconclusive < 1 || r.Stats.Reruns < InconclusiveRetries {
		t.Errorf("stats: %d timeouts, %d inconclusive, %d re-runs; want 0, ≥ 1, ≥ %d", r.Stats.Timeouts, r.Stats.Inconclusive, r.Stats.Reruns, InconclusiveRetries)
	}
	if _, ok := r.FirstGap(); ok {
		t.Error("a sleeping target gave a gap")
	}
}

// TestBurningTargetConfirmedGap: a target that uses its CPU up to the limit
// is a real timeout, confirmed by k re-runs. The wall limit is generous so
// that a loaded machine cannot make the runs inconclusive.
func TestBurningTargetConfirmedGap(t *testing.T) {
	to := 200 * time.Millisecond
	e := fakeEnv(t, to, fakeBurn, fakeSat)
	e.Wall = 100 * to
	r := perfRun(t, e, PerfOptions{Fuzzer: FuzzerRandom, MaxQueries: 1})
	if r.Confirmed != DefaultConfirm || len(r.Reruns["solvera"]) != DefaultConfirm || r.Stats.Confirmations != 2*DefaultConfirm {
		t.Fatalf("confirmed %d, re-runs %v, %d confirmation runs", r.Confirmed, r.Reruns, r.Stats.Confirmations)
	}
	if r.Status["solvera"] != "timeout" || r.CPU["solvera"] < to.Seconds() {
		t.Errorf("target %q with %g s CPU; want a timeout with CPU ≥ the timeout", r.Status["solvera"], r.CPU["solvera"])
	}
	if _, ok := r.FirstGap(); !ok || r.Score < to.Seconds() {
		t.Errorf("margin %g: a CPU-bound timeout against an instant reference is not a confirmed gap", r.Score)
	}
}

// TestUnconfirmedGapDropped: a target that times out once (while fuzzing)
// and answers at once on every re-run has no confirmed gap, although the
// fuzzing-time margin was one.
func TestUnconfirmedGapDropped(t *testing.T) {
	to := 200 * time.Millisecond
	mark := filepath.Join(t.TempDir(), "ran")
	e := fakeEnv(t, to, `if [ -e '`+mark+`' ]; then echo sat; else : > '`+mark+`'; while :; do :; done; fi`, fakeSat)
	e.Wall = 100 * to
	r := perfRun(t, e, PerfOptions{Fuzzer: FuzzerRandom, MaxQueries: 1})
	if r.FuzzScore < to.Seconds() {
		t.Fatalf("fuzzing margin %g: the first run should have been a CPU timeout", r.FuzzScore)
	}
	if _, ok := r.FirstGap(); ok || r.Score >= to.Seconds() || r.Status["solvera"] != "sat" {
		t.Errorf("confirmed margin %g, target %q: a gap no re-run shows was kept", r.Score, r.Status["solvera"])
	}
}

// TestPerfScoreGapInvariant closes the class of issue 26 §2's defects over
// every combination of a target and a reference outcome: a margin of at
// least one timeout (a gap) needs a target that really failed — a timeout
// that used its CPU, unknown, memout, an unknown crash, or an answer at the
// CPU limit — and a reference
// that answered; and an excluded target never scores above NoScore.
func TestPerfScoreGapInvariant(t *testing.T) {
	to := time.Second
	var all []Outcome
	for s := solver.StatusError; s <= solver.StatusUnsupported; s++ {
		for _, cpu := range []time.Duration{0, to / 2, to} {
			for _, inc := range []bool{false, true} {
				for _, known := range []bool{false, true} {
					if (inc && s != solver.StatusTimeout) || (known && s != solver.StatusCrash) {
						continue
					}
					all = append(all, Outcome{Status: s, CPU: cpu, Inconclusive: inc, KnownCrash: known})
				}
			}
		}
	}
	for _, tg := range all {
		for _, ref := range all {
			got := PerfScore([]Outcome{tg, ref}, to)
			if tg.excludedTarget() && got != NoScore(to) {
				t.Errorf("target %+v (excluded), ref %+v: score %g, want NoScore", tg, ref, got)
			}
			if got < to.Seconds() {
				continue
			}
			// An answer that used the whole CPU limit is as slow as a timeout.
			failed := tg.CPU >= to || tg.Status == solver.StatusUnknown || tg.Status == solver.StatusMemout ||
				(tg.Status == solver.StatusCrash && !tg.KnownCrash) || (tg.Status == solver.StatusTimeout && !tg.Inconclusive)
			answered := ref.Status == solver.StatusSat || ref.Status == solver.StatusUnsat
			if !failed || !answered {
				t.Errorf("gap %g from target %+v, ref %+v", got, tg, ref)
			}
		}
	}
}

// TestScoreGapInvariantEveryMeasure is TestPerfScoreGapInvariant for the
// scores of every measure (Env.Score): a margin of at least the measure's
// Limit needs a target that did not solve the input, or used the whole
// limit, and a reference that answered; an excluded target — now also an
// answer without an effort count — scores NoScore.
func TestScoreGapInvariantEveryMeasure(t *testing.T) {
	to := time.Second
	const limit = 1000
	var all []Outcome
	for s := solver.StatusError; s <= solver.StatusUnsupported; s++ {
		for _, cost := range []time.Duration{0, to / 2, to} {
			for _, inc := range []bool{false, true} {
				for _, noEffort := range []bool{false, true} {
					if inc && s != solver.StatusTimeout {
						continue
					}
					effort := int64(cost.Seconds() * limit)
					all = append(all, Outcome{Status: s, CPU: cost, Wall: cost, Effort: effort, Inconclusive: inc, NoEffort: noEffort})
				}
			}
		}
	}
	for _, m := range []Measure{MeasureCPU, MeasureWall, MeasureEffort} {
		e := &Env{Timeout: to, Measure: m, EffortLimit: limit}
		for _, tg := range all {
			for _, ref := range all {
				if m != MeasureEffort && (tg.NoEffort || ref.NoEffort) {
					continue // only the effort measure marks outcomes so
				}
				got := e.Score([]Outcome{tg, ref})
				if tg.excludedTarget() && got != e.NoScore() {
					t.Errorf("%s: target %+v (excluded), ref %+v: score %g, want NoScore", m, tg, ref, got)
				}
				if got < e.Limit() {
					continue
				}
				failed := tg.CPU >= to || (tg.Status != solver.StatusSat && tg.Status != solver.StatusUnsat)
				answered := (ref.Status == solver.StatusSat || ref.Status == solver.StatusUnsat) && !ref.NoEffort
				if !failed || !answered || tg.excludedTarget() {
					t.Errorf("%s: gap %g from target %+v, ref %+v", m, got, tg, ref)
				}
			}
		}
	}
}
