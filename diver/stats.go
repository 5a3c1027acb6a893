package diver

import (
	"fmt"
	"time"

	"tandem/campaign"
	"tandem/solver"
)

// Stats counts what DIVER did; campaign iterations report them as
// counters (see Stats.Record).
type Stats struct {
	Seeds               int64 // seeds taken (Alg. 1 outer loop)
	SeedsSkipped        int64 // seeds without a usable model (no sat answer, unreadable, undefined)
	SeedInvalidModel    int64 // seeds whose model from the solver falsifies them (a finding)
	Attempts            int64 // GenMutant calls
	Candidates          int64 // random terms tried
	Accepted            int64 // candidates the evaluator found true under M
	RejectedFalse       int64 // candidates false under M
	RejectedUndefined   int64 // candidates whose value involves an undefined operation (dropped)
	RejectedUnsupported int64 // candidates the evaluator cannot evaluate (dropped)
	Bottom              int64 // GenMutant calls that returned ⊥ after Tries candidates
	NoTerm              int64 // targets of a sort the generator has no term for
	TooLarge            int64 // mutants over MaxNodes
	Complicated         int64 // mutants through Complicate
	ComplicateRejected  int64 // Complicate results the evaluator rejected (never expected)
	Mutants             int64 // satisfiable mutants sent to the solver (i of Alg. 1)
	MutantSat           int64 // answered sat with a valid model (rejoin the pool)
	MutantUnsat         int64 // answered unsat (soundness candidates)
	MutantUnknown       int64 // unknown or timeout (at Options.Timeout)
	MutantCut           int64 // stopped by the adaptive CPU limit below Options.Timeout (see mutantLimit)
	CutCPU              int64 // microseconds of solver CPU the cut mutants used
	// CutRecheck counts the answers of cut mutants re-run with the whole
	// Timeout by status (Options.RecheckCuts; counters "cut recheck:
	// STATUS"), CutRecheckCPU their solver CPU in microseconds.
	CutRecheck          map[string]int64
	CutRecheckCPU       int64
	MutantError         int64 // error responses (e.g. an operator the logic rejects)
	MutantCrash         int64 // crashes and self-check failures
	ModelUnreadable     int64 // sat answers whose model tandem could not read
	ModelUndefined      int64 // sat models under which a mutant is undefined (not a finding)
	ModelFalse          int64 // sat models falsifying the mutant (invalid-model candidates)
	NotReproduced       int64 // candidate findings that did not survive re-checking
	OptionRuns          int64 // mutants solved with fuzzed options
	Incremental         int64 // mutants solved in an incremental session (the rest one-shot)
	ResetMutants        int64 // of Incremental: solved after a (reset) in the session (Options.Session)
	AutoPush, AutoReset int64 // seeds whose sessions SessionAuto set to push or reset after probing
	SeedCPU             int64 // microseconds of solver CPU spent getting seed models
	SeedRuns            int64 // solver runs on seeds (for a model, or to find an unsat seed)
	SeedCrashes         int64 // of SeedRuns: crashes and failed self-checks
	Sessions            int64 // incremental sessions ended
	SessionRestarts     int64 // solver processes restarted inside sessions (after a crash or timeout)
	IncrementalOnly     int64 // findings reproduced in a fresh session but not one-shot
	SessionHistory      int64 // crashes reproduced only by replaying the session's history
	HarnessMismatch     int64 // NoSolver: mutants the oracle does not find sat under their own printed model (tandem's bug)
	// Fallbacks counts seeds (or rests of seeds) run one-shot although
	// incremental mode was on, by reason (counters "one-shot: REASON").
	Fallbacks map[string]int64
	// Retired counts the fuzzed options retired because the solver
	// refused them (optionPool.retire).
	Retired map[string]int64
	// ErrorKinds counts error responses by kind (ErrorKind of the
	// message), reported as counters "error: KIND".
	ErrorKinds map[string]int64
	// SeedsByLogic and SatByLogic count the seeds with a usable model and
	// their satisfiable mutants per logic (counters "seeds: LOGIC" and
	// "sat mutants: LOGIC"): the yield per seed of each logic.
	SeedsByLogic, SatByLogic map[string]int64
	// Unsat counts the unsat side: unsat seeds and their mutants (unsat.go).
	Unsat UnsatStats
}

func (s *Stats) seedUsed(logic string) {
	if s.SeedsByLogic == nil {
		s.SeedsByLogic = map[string]int64{}
	}
	s.SeedsByLogic[logicName(logic)]++
}

func (s *Stats) seedRun(res *solver.Result) {
	s.SeedRuns++
	if res != nil && res.Status == solver.StatusCrash {
		s.SeedCrashes++
	}
}

// MiscountCounter+what counts the iterations whose counters do not
// reconcile (Stats.reconcile): a bug of tandem's counting, never
// expected; the tests of every side and stop assert there is none.
const MiscountCounter = "miscount: "

// reconcile checks the invariants between DIVER's counters and the
// campaign's (c) after an iteration that ran to its end, and names those
// that fail: every mutant has exactly one outcome on its side; the
// campaign counts one call per seed run, mutant and cut re-check, each
// under one outcome (campaign.Stats.Reconcile); its crashes are the calls
// DIVER judged crashes (a sat answer on an unsat-seed mutant followed by a
// failed self-check is a sat candidate, not a crash as well); its cut
// calls are the mutants cut.
func (s *Stats) reconcile(c *campaign.Stats) []string {
	var bad []string
	check := func(what string, got, want int64) {
		if got != want {
			bad = append(bad, fmt.Sprintf("%s (%d, want %d)", what, got, want))
		}
	}
	if err := c.Reconcile(); err != nil {
		bad = append(bad, "campaign outcomes ("+err.Error()+")")
	}
	check("sat-seed mutant outcomes", s.MutantSat+s.MutantUnsat+s.MutantUnknown+s.MutantCut+s.MutantError+s.MutantCrash+
		s.ModelUnreadable+s.ModelUndefined+s.ModelFalse, s.Mutants)
	u := &s.Unsat
	check("unsat-seed mutant outcomes", u.Unsat+u.SatCandidates+u.Unknown+u.Timeout+u.Cut+u.Error+u.Crash, u.Mutants)
	var rechecks, recheckCrashes int64
	for k, v := range s.CutRecheck {
		rechecks += v
		if k == solver.StatusCrash.String() {
			recheckCrashes += v
		}
	}
	check("solver calls", c.SolverCalls, s.SeedRuns+s.Mutants+u.Mutants+rechecks)
	check("crashes", c.Crash, s.SeedCrashes+s.MutantCrash+u.Crash+recheckCrashes)
	check("cut calls", c.LimitCut, s.MutantCut+u.Cut)
	return bad
}

func (s *Stats) cutRecheck(status string, cpu time.Duration) {
	if s.CutRecheck == nil {
		s.CutRecheck = map[string]int64{}
	}
	s.CutRecheck[status]++
	s.CutRecheckCPU += cpu.Microseconds()
}

func (s *Stats) fallback(why string) {
	if s.Fallbacks == nil {
		s.Fallbacks = map[string]int64{}
	}
	s.Fallbacks[why]++
}

func (s *Stats) sat(logic string) {
	s.MutantSat++
	if s.SatByLogic == nil {
		s.SatByLogic = map[string]int64{}
	}
	s.SatByLogic[logicName(logic)]++
}

func logicName(l string) string {
	if l == "" {
		return "none"
	}
	return l
}

// retire counts an option the solver refused (see optionPool).
func (s *Stats) retire(opt string) {
	if s.Retired == nil {
		s.Retired = map[string]int64{}
	}
	s.Retired[opt]++
}

func (s *Stats) errorKind(msg string) {
	if s.ErrorKinds == nil {
		s.ErrorKinds = map[string]int64{}
	}
	s.ErrorKinds[campaign.ErrorKind(msg)]++
}

// Record adds s to the campaign counters.
func (s *Stats) Record(c *campaign.Stats) {
	for k, v := range map[string]int64{
		"seeds": s.Seeds, "seeds_skipped": s.SeedsSkipped, "seed_invalid_model": s.SeedInvalidModel,
		"attempts": s.Attempts, "candidates": s.Candidates, "accepted": s.Accepted,
		"rejected_false": s.RejectedFalse, "rejected_undefined": s.RejectedUndefined,
		"rejected_unsupported": s.RejectedUnsupported, "bottom": s.Bottom, "no_term": s.NoTerm,
		"too_large": s.TooLarge, "complicated": s.Complicated, "complicate_rejected": s.ComplicateRejected,
		"mutants": s.Mutants, "mutant_sat": s.MutantSat, "mutant_unsat": s.MutantUnsat,
		"mutant_unknown": s.MutantUnknown, "mutant_cut": s.MutantCut, "cut_cpu_us": s.CutCPU, "cut_recheck_cpu_us": s.CutRecheckCPU, "mutant_error": s.MutantError, "mutant_crash": s.MutantCrash,
		"model_unreadable": s.ModelUnreadable, "model_undefined": s.ModelUndefined, "model_false": s.ModelFalse,
		"not_reproduced": s.NotReproduced, "option_runs": s.OptionRuns,
		"incremental": s.Incremental, "reset_mutants": s.ResetMutants, "auto_push": s.AutoPush, "auto_reset": s.AutoReset, "seed_cpu_us": s.SeedCPU, "seed_runs": s.SeedRuns, "seed_crash": s.SeedCrashes, "sessions": s.Sessions, "session_restarts": s.SessionRestarts,
		"incremental_only": s.IncrementalOnly, "session_history": s.SessionHistory, "harness_mismatch": s.HarnessMismatch,
	} {
		if v != 0 {
			c.Count(k, v)
		}
	}
	if s.Mutants != 0 {
		c.Count(campaign.InputsCounter+"sat-seed mutants", s.Mutants)
	}
	s.Unsat.record(c)
	for k, v := range s.ErrorKinds {
		c.Count(campaign.ErrorCounter+k, v)
	}
	for k, v := range s.Retired {
		c.Count(campaign.RetiredCounter+k, v)
	}
	for k, v := range s.CutRecheck {
		c.Count("cut recheck: "+k, v)
	}
	for k, v := range s.Fallbacks {
		c.Count("one-shot: "+k, v)
	}
	for k, v := range s.SeedsByLogic {
		c.Count("seeds: "+k, v)
	}
	for k, v := range s.SatByLogic {
		c.Count("sat mutants: "+k, v)
	}
}
