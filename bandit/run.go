package bandit

import (
	"context"
	"fmt"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// Env is what the loops share: the grammar, the generator and the solvers
// with their limits.
type Env struct {
	Gen      *Generator
	Profiles []*solver.Profile
	// Specs are the solver specs as given (e.g. "z3", "cvc5 --strings-exp").
	Specs    []string
	Versions []string
	// Timeout is the per-query CPU limit, which decides timeouts; Wall the
	// wall-clock limit (0: WallFactor·Timeout), whose firing makes a run
	// inconclusive unless its CPU came near the timeout; Memory the
	// address space limit (0: the runner's default).
	Timeout time.Duration
	Wall    time.Duration
	Memory  int64
	// KnownCrashes are substrings of crash signatures that are known and
	// not reported (cvc4 1.8's Debian build: "Fatal failure" on FP).
	KnownCrashes []string
	// Measure is what performance scores measure (default CPU time); with
	// MeasureEffort, EffortLimit and EffortUnit are the solvers' effort
	// limit and unit. Set them with UseMeasure.
	Measure     Measure
	EffortLimit int64
	EffortUnit  string
}

// NewEnv resolves the solver specs and reads their versions.
func NewEnv(ctx context.Context, g *Grammar, gen GenOptions, specs []string, timeout time.Duration) (*Env, error) {
	reg, err := solver.LoadRegistry("")
	if err != nil {
		return nil, err
	}
	e := &Env{Gen: NewGenerator(g, gen), Specs: specs, Timeout: timeout, KnownCrashes: DefaultKnownCrashes()}
	for _, s := range specs {
		p, err := reg.Lookup(s)
		if err != nil {
			return nil, err
		}
		v, err := solver.Version(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("solver %s: %w", s, err)
		}
		e.Profiles = append(e.Profiles, p)
		e.Versions = append(e.Versions, v)
	}
	return e, nil
}

// DefaultKnownCrashes are crash signatures not reported as findings:
// cvc4 1.8 as built by Debian fails on every FP input.
func DefaultKnownCrashes() []string { return []string{"Fatal failure"} }

// Outcome is one solver's run on one instance.
type Outcome struct {
	Solver string         `json:"solver"`
	Status solver.Status  `json:"status"`
	CPU    time.Duration  `json:"cpu_ns"`
	Wall   time.Duration  `json:"wall_ns"`
	Res    *solver.Result `json:"-"`
	// Inconclusive marks a run stopped by the wall-clock limit with CPU
	// well below the timeout (a loaded machine, a sleeping solver): it
	// says nothing about the input's difficulty. Its Status stays
	// timeout, so as a reference it counts as unsolved (the conservative
	// side); as the target it gives no score.
	Inconclusive bool `json:"inconclusive,omitempty"`
	// Refused is the solver's refusal of an option of its spec, printed
	// before an answer that then stands as the default mode's (Status is
	// that answer; see solver.RefusedOptions).
	Refused string `json:"refused,omitempty"`
	// KnownCrash marks a crash whose signature is in Env.KnownCrashes.
	KnownCrash bool `json:"known_crash,omitempty"`
	// Effort is the solver's effort count under MeasureEffort; NoEffort
	// marks an answer that printed none (excluded, as it measures
	// nothing).
	Effort   int64 `json:"effort,omitempty"`
	NoEffort bool  `json:"no_effort,omitempty"`
}

// status is the outcome's status as reported: "inconclusive" for an
// inconclusive run.
func (o Outcome) status() string {
	if o.Inconclusive {
		return "inconclusive"
	}
	return o.Status.String()
}

// inconclusive reports whether a run ended in a timeout without using the
// CPU a timeout needs: its wall-clock limit fired first.
func inconclusive(res *solver.Result, timeout time.Duration) bool {
	return res.Status == solver.StatusTimeout && res.CPU().Seconds() < InconclusiveCPU*timeout.Seconds()
}

// PAR2 is the outcome's PAR-2 time in seconds (§5.1): its CPU time when it
// answered sat or unsat, else ParMultiplier·timeout.
func (o Outcome) PAR2(timeout time.Duration) float64 {
	if o.Status == solver.StatusSat || o.Status == solver.StatusUnsat {
		return min(o.CPU, timeout).Seconds()
	}
	return ParMultiplier * timeout.Seconds()
}

// excluded reports whether a reference outcome says nothing about the
// input's difficulty: the solver rejected it (unsupported theory, an error
// response), as cvc4 1.8 without SymFPU does on every FP script, or, in
// the effort measure, answered without an effort count.
func (o Outcome) excluded() bool {
	return o.Status == solver.StatusError || o.Status == solver.StatusUnsupported || o.NoEffort
}

// excludedTarget reports whether the target's outcome gives the input no
// score: the target rejected it (error, unsupported), crashed with a known
// signature (cvc4 1.8 on FP), or its run was inconclusive. Scoring such a
// run as a PAR-2 penalty would report a gap that is not one.
func (o Outcome) excludedTarget() bool {
	return o.excluded() || o.Inconclusive || o.KnownCrash
}

// NoScore is the score of an input the target gave no usable run on: the
// lowest score a real run can have (target 0 s, reference unsolved), so
// such an input is never a run's best over a scored one, never rewarded
// and never a gap.
func NoScore(timeout time.Duration) float64 { return -ParMultiplier * timeout.Seconds() }

// Solve runs every solver on the script, one after the other, and counts
// the runs. A run that is inconclusive (wall limit hit, CPU well below the
// timeout) is re-run up to InconclusiveRetries times; if it stays so, its
// outcome is marked Inconclusive.
func (e *Env) Solve(ctx context.Context, script []byte, models bool, st *Stats) ([]Outcome, error) {
	wall := e.Wall
	if wall <= 0 {
		wall = WallFactor * e.Timeout
	}
	out := make([]Outcome, 0, len(e.Profiles))
	for i, p := range e.Profiles {
		var res *solver.Result
		for try := 0; ; try++ {
			var err error
			res, err = solver.Run(ctx, p, solver.BytesInput(script), solver.RunOptions{
				Limits: solver.Limits{Wall: wall, CPU: e.Timeout, Memory: e.Memory},
				Mode:   solver.Mode{Models: models},
			})
			if err != nil {
				return nil, fmt.Errorf("running %s: %w", e.Specs[i], err)
			}
			if st != nil {
				st.SolverCalls++
				st.SolverCPU += res.CPU()
			}
			if !inconclusive(res, e.Timeout) || try >= InconclusiveRetries || ctx.Err() != nil {
				break
			}
			if st != nil {
				st.Reruns++
			}
		}
		o := Outcome{Solver: e.Specs[i], Status: res.Status, CPU: res.CPU(), Wall: res.Wall, Res: res,
			Inconclusive: inconclusive(res, e.Timeout)}
		if errs := solver.ErrorsBeforeAnswer(res); res.Status == solver.StatusError && len(res.Answers) > 0 && solver.RefusedOptions(errs, p.Options) {
			// the solver refused an option of the spec and answered
			// without it: a default-mode answer, not an error (issue 26)
			o.Status, o.Refused = res.Answers[len(res.Answers)-1], errs[0]
		}
		o.KnownCrash = res.Status == solver.StatusCrash && isKnown(res.Signature, e.KnownCrashes)
		e.measureEffort(&o, p)
		out = append(out, o)
	}
	return out, ctx.Err()
}

// PerfScore is the paper's PerfScore (Algorithm 1): the target's PAR-2 time
// (outcome 0) minus the largest PAR-2 time of the references (the others)
// that took the input. With no such reference the reference time is the
// penalty. A target outcome that is excluded (error, unsupported, known
// crash, inconclusive) scores NoScore: it says nothing about the target's
// speed, as an excluded reference says nothing about the input.
func PerfScore(outs []Outcome, timeout time.Duration) float64 {
	return perfScore(outs, timeout.Seconds(), func(o Outcome) float64 { return o.PAR2(timeout) })
}

// Inconsistent reports whether one solver says sat and another unsat
// (Algorithm 2; timeouts, unknown and errors are ignored).
func Inconsistent(outs []Outcome) bool {
	sat, unsat := false, false
	for _, o := range outs {
		sat = sat || o.Status == solver.StatusSat
		unsat = unsat || o.Status == solver.StatusUnsat
	}
	return sat && unsat
}

// ModelVerdict is what tandem's evaluator says about one sat answer's model.
type ModelVerdict string

// The model verdicts.
const (
	ModelValid   ModelVerdict = "valid"   // every assertion evaluates to true
	ModelInvalid ModelVerdict = "invalid" // some assertion evaluates to false
	ModelOpen    ModelVerdict = "open"    // no model, or it cannot be evaluated, or a value is undefined
)

// CheckModel evaluates the script's assertions under the model of a sat
// outcome. detail names the falsified assertion or why the check is open.
func CheckModel(script []byte, o Outcome) (ModelVerdict, string) {
	sc, err := smtlib.Parse("bandit.smt2", script)
	if err != nil {
		return ModelOpen, "tandem cannot parse the script: " + err.Error()
	}
	sm, err := o.Res.Model(sc)
	if err != nil {
		return ModelOpen, "no readable model: " + err.Error()
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return ModelOpen, "model not usable: " + err.Error()
	}
	ev := eval.New(m)
	open := ""
	for i, a := range sc.Assertions() {
		v, err := ev.Eval(a)
		if err != nil {
			open = fmt.Sprintf("assertion %d cannot be evaluated: %v", i+1, err)
			continue
		}
		switch b := v.(type) {
		case smt.BoolValue:
			if !bool(b) {
				return ModelInvalid, fmt.Sprintf("assertion %d is false under %s's model: %s", i+1, o.Solver, shorten(a.String(), 300))
			}
		case smt.Undefined:
			open = fmt.Sprintf("assertion %d is undefined under %s's model (%s)", i+1, o.Solver, b.Reason)
		default:
			open = fmt.Sprintf("assertion %d has value %s", i+1, v)
		}
	}
	if open != "" {
		return ModelOpen, open
	}
	return ModelValid, "every assertion holds under " + o.Solver + "'s model"
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Verdict is the judgement of one disagreement: which solver the evaluator
// shows to be wrong.
type Verdict struct {
	// Wrong is the solver shown wrong ("" when open); Kind is
	// "soundness" (an unsat answer refuted by a valid model),
	// "invalid-model" (a sat answer whose model falsifies an assertion) or
	// "open".
	Wrong    string `json:"wrong,omitempty"`
	Kind     string `json:"kind"`
	Evidence string `json:"evidence"`
}

// Judge decides a disagreement with the evaluator: a sat answer whose model
// satisfies every assertion proves the unsat answers wrong; a sat answer
// whose model falsifies one is itself wrong. Outcomes must come from runs
// with models on.
func Judge(script []byte, outs []Outcome) Verdict {
	var unsat []string
	for _, o := range outs {
		if o.Status == solver.StatusUnsat {
			unsat = append(unsat, o.Solver)
		}
	}
	var notes []string
	for _, o := range outs {
		if o.Status != solver.StatusSat {
			continue
		}
		v, why := CheckModel(script, o)
		switch v {
		case ModelValid:
			return Verdict{Wrong: strings.Join(unsat, " | "), Kind: "soundness", Evidence: why}
		case ModelInvalid:
			return Verdict{Wrong: o.Solver, Kind: "invalid-model", Evidence: why}
		}
		notes = append(notes, why)
	}
	return Verdict{Kind: "open", Evidence: strings.Join(notes, "; ")}
}

// Stats counts what the loops did.
type Stats struct {
	// Instances solved (fresh and mutants), and how many were fresh.
	Queries   int `json:"queries"`
	Fresh     int `json:"fresh"`
	Mutations int `json:"mutations"`
	// FailedMutations had no position for the arm or repeated an instance
	// already seen (the arm is banned for the step and re-selected);
	// Fallbacks gave up after MaxReselect and took a fresh instance.
	FailedMutations int           `json:"failed_mutations"`
	Fallbacks       int           `json:"fallbacks"`
	Rewards         int           `json:"rewards"`
	SolverCalls     int           `json:"solver_calls"`
	SolverCPU       time.Duration `json:"solver_cpu_ns"`
	Sat             int           `json:"sat"`
	Unsat           int           `json:"unsat"`
	Unknown         int           `json:"unknown"`
	Timeouts        int           `json:"timeouts"`
	// Inconclusive counts outcomes that stayed inconclusive after
	// InconclusiveRetries re-runs (counted here, not as timeouts); Reruns
	// the re-runs of inconclusive runs; Confirmations the solver runs
	// spent re-running best inputs (not in Queries or SolverCalls).
	Inconclusive  int `json:"inconclusive,omitempty"`
	Reruns        int `json:"reruns,omitempty"`
	Confirmations int `json:"confirmations,omitempty"`
	Crashes       int `json:"crashes"`
	KnownCrashes  int `json:"known_crashes"`
	Memouts       int `json:"memouts,omitempty"`
	// Refused counts the answers after the solver refused an option of
	// its spec (counted under the answer, and the refusal as an error
	// kind): campaign.RefusedCounter.
	Refused       int `json:"refused,omitempty"`
	Errors        int `json:"errors"`
	Disagreements int `json:"disagreements"`
	InvalidModels int `json:"invalid_models"`
	// FirstError is the first error answer's message, for a campaign that
	// turns out broken (campaign.Summary.Health).
	FirstError string `json:"first_error,omitempty"`
	// ErrorKinds counts error answers by "SOLVER: KIND"
	// (campaign.ErrorKind): a solver that refuses most of a grammar's
	// queries shows at the top of the campaign summary's error kinds.
	ErrorKinds map[string]int `json:"error_kinds,omitempty"`
}

func (s *Stats) count(outs []Outcome, known []string) {
	for _, o := range outs {
		if o.Refused != "" {
			s.Refused++
			s.errorKind(o.Solver, o.Refused)
		}
		switch o.Status {
		case solver.StatusSat:
			s.Sat++
		case solver.StatusUnsat:
			s.Unsat++
		case solver.StatusUnknown:
			s.Unknown++
		case solver.StatusTimeout:
			if o.Inconclusive {
				s.Inconclusive++
			} else {
				s.Timeouts++
			}
		case solver.StatusMemout:
			s.Memouts++
		case solver.StatusCrash:
			if isKnown(o.Res.Signature, known) {
				s.KnownCrashes++
			} else {
				s.Crashes++
			}
		case solver.StatusError, solver.StatusUnsupported:
			s.Errors++
			if o.Res != nil {
				msg := campaign.ErrorMessage(o.Res)
				if s.FirstError == "" {
					s.FirstError = msg
				}
				s.errorKind(o.Solver, msg)
			}
		}
	}
}

func (s *Stats) errorKind(solverSpec, msg string) {
	if s.ErrorKinds == nil {
		s.ErrorKinds = map[string]int{}
	}
	s.ErrorKinds[solverSpec+": "+campaign.ErrorKind(msg)]++
}

func isKnown(sig string, known []string) bool {
	for _, k := range known {
		if k != "" && strings.Contains(sig, k) {
			return true
		}
	}
	return false
}
