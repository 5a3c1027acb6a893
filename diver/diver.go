package diver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"tandem/campaign"
	"tandem/eval"
	"tandem/reduce"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// Name is DIVER's registered campaign system name.
const Name = "diver"

func init() {
	_ = campaign.Register(Name, func(cfg []byte) (campaign.System, error) {
		var o Options
		if len(cfg) > 0 {
			if err := json.Unmarshal(cfg, &o); err != nil {
				return nil, fmt.Errorf("diver options: %w", err)
			}
		}
		return New(o)
	})
}

// Diver is the DIVER campaign system. One iteration takes one seed (a file
// drawn with the iteration's generator, or a built-in seed), gets its model
// M and generates Options.Mutants satisfiable mutants, each sent to the
// solver and judged by the oracle; mutants answered sat join the
// iteration's pool and are mutated further (Alg. 1).
type Diver struct {
	opt       Options
	profile   *solver.Profile
	modelFrom *solver.Profile
	files     []string
	logics    []string
	options   optionPool

	keptMu sync.Mutex
	kept   map[string]int // error files written per ErrorKind (see keepError)

	verOnce sync.Once
	version string
	verErr  error

	// unusable are the seed files found unusable in this run, with the
	// reason (see skipSeed); the workers share it.
	unusableMu sync.Mutex
	unusable   map[string]string
	probe      map[string]int // seedProbing, seedUsable (see claimSeed)
	probeDone  *sync.Cond     // a first try ended

	// solvingSeed, when set (tests), sees the name of every seed about
	// to be solved for its model.
	solvingSeed func(name string)
	// observe, when set (tests), sees every judged mutant.
	observe func(mutantEvent)
	// checkPlainModel, when set (tests), sees every model that
	// readPlainModel read, with the script smtlib.ParseModel reads it
	// against, so the test can compare.
	checkPlainModel func(text string, em *eval.Model, sc *smtlib.Script, names map[string]*smt.Func)
}

// mutantEvent is one judged mutant, for Diver.observe.
type mutantEvent struct {
	mu      *Mutant
	script  []byte // the one-shot script (nil when run in a session)
	model   string // M as get-model text
	logic   string
	a       answer
	out     Outcome
	finding *campaign.Finding
}

// New builds a Diver from options: it resolves the solver specs and lists
// the seed files.
func New(o Options) (*Diver, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	reg, err := solver.LoadRegistry("")
	if err != nil {
		return nil, err
	}
	d := &Diver{opt: o}
	if d.profile, err = reg.Lookup(o.Solver); err != nil {
		return nil, err
	}
	if o.ModelFrom != "" {
		if d.modelFrom, err = reg.Lookup(o.ModelFrom); err != nil {
			return nil, err
		}
	}
	logicOK := map[string]bool{}
	for _, l := range o.Logics {
		logicOK[l] = true
	}
	for _, s := range o.Seeds {
		err := filepath.WalkDir(s, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() || !strings.HasSuffix(path, ".smt2") {
				return nil
			}
			if info, err := e.Info(); err == nil && info.Size() > o.MaxSeedBytes {
				return nil
			}
			d.files = append(d.files, path)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("diver: seeds: %w", err)
		}
	}
	sort.Strings(d.files)
	if len(o.Seeds) > 0 && len(d.files) == 0 {
		return nil, fmt.Errorf("diver: no .smt2 seed files under %v", o.Seeds)
	}
	d.logics = o.Logics
	if len(d.logics) == 0 {
		d.logics = BuiltinLogics
	}
	if d.opt.ErrorDir == "" {
		d.opt.ErrorDir = os.Getenv("TANDEM_DIVER_ERRORS")
	}
	opts := o.SolverOptions
	if len(opts) == 0 {
		opts = d.profile.FuzzOptions
	}
	if !o.NoOptionFuzz {
		d.options.all = opts
	}
	return d, nil
}

// Name returns Name.
func (d *Diver) Name() string { return Name }

// Files are the seed files, sorted.
func (d *Diver) Files() []string { return d.files }

func (d *Diver) solverVersion(ctx context.Context) (string, error) {
	if d.opt.NoSolver {
		return "", nil
	}
	d.verOnce.Do(func() {
		vctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		d.version, d.verErr = solver.Version(vctx, d.profile)
		if d.verErr != nil {
			d.verErr = fmt.Errorf("solver %s: %w", d.profile.Name, d.verErr)
		}
	})
	return d.version, d.verErr
}

func (d *Diver) mode() solver.Mode { return solver.Mode{Models: true, SelfCheck: !d.opt.NoSelfCheck} }

// Iterate runs one seed's round of Alg. 1.
func (d *Diver) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	tuneGC()
	var cst campaign.Stats
	var st Stats
	fs, err := d.round(ctx, it.Rand, &st, &cst)
	if err != nil && ctx.Err() != nil {
		// the stop's (a re-check that could not start): the iteration
		// is cut, and the findings it confirmed before stand (KeepsCutFindings)
		err = nil
	}
	if st.SeedsSkipped > 0 && st.Mutants == 0 && st.Unsat.Mutants == 0 && len(fs) == 0 {
		cst.Skipped++ // the harness calls a campaign whose every seed is skipped broken
	}
	if err == nil && ctx.Err() == nil && !d.opt.NoSolver {
		for _, m := range st.reconcile(&cst) {
			cst.Count(MiscountCounter+strings.SplitN(m, " (", 2)[0], 1)
		}
	}
	st.Record(&cst)
	return fs, cst, err
}

// KeepsCutFindings implements campaign.CutKeeper: every finding DIVER
// returns has been confirmed by a re-run (a confirmation cut by the stop
// confirms nothing), so those of an iteration cut short are recorded.
func (d *Diver) KeepsCutFindings() bool { return true }

// round is the body of one iteration; all randomness comes from r. It
// takes a built-in seed, or draws seed files until one is usable, at
// most SeedDraws draws and SeedTries files tried (see claimSeed); a run
// whose every file is known to be unusable ends
// (campaign.Stats.Exhausted).
func (d *Diver) round(ctx context.Context, r *rand.Rand, st *Stats, cst *campaign.Stats) ([]campaign.Finding, error) {
	version, err := d.solverVersion(ctx)
	if err != nil {
		return nil, err
	}
	if len(d.files) == 0 {
		logic := d.logics[r.IntN(len(d.logics))]
		src, knownModel, err := BuiltinSeed(r, logic)
		if err != nil {
			return nil, err
		}
		fs, err := d.seedRound(ctx, r, st, cst, version, "builtin-"+logic, src, knownModel)
		if errors.Is(err, errSeedSkipped) {
			err = nil
		}
		return fs, err
	}
	for draw, tried := 0, 0; draw < SeedDraws && tried < SeedTries && ctx.Err() == nil; draw++ {
		name := d.files[r.IntN(len(d.files))]
		switch d.claimSeed(ctx, name) {
		case seedSkip:
			continue
		case seedExhausted:
			if ctx.Err() != nil {
				return nil, nil
			}
			cst.Exhausted = true
			if st.SeedsSkipped == 0 { // else this round's skips say why
				_ = d.skipSeed(st, cst, "", SkipAllUnusable, false)
			}
			return nil, nil
		}
		tried++
		fs, err := d.seedRound(ctx, r, st, cst, version, name, nil, "")
		d.endTry(name)
		if !errors.Is(err, errSeedSkipped) {
			return fs, err
		}
	}
	if st.SeedsSkipped == 0 && ctx.Err() == nil {
		// every draw hit a file known to be unusable (tried is 0)
		_ = d.skipSeed(st, cst, "", SkipDrawsUnusable, false)
	}
	return nil, nil
}

// seedRound is Alg. 1 on one seed: the file name (read here when src is
// nil) or a built-in seed's text with its known model. It returns
// errSeedSkipped when the seed is not usable (the reason counted).
func (d *Diver) seedRound(ctx context.Context, r *rand.Rand, st *Stats, cst *campaign.Stats, version, name string, src []byte, knownModel string) ([]campaign.Finding, error) {
	st.Seeds++
	var err error
	if src == nil {
		if src, err = smtlib.ReadFile(name, "seed", smtlib.MaxScriptBytes); err != nil {
			return nil, d.skipSeed(st, cst, name, SkipRead, true)
		}
	}
	ss, err := parseSeed(name, src)
	if err != nil {
		return nil, d.skipSeed(st, cst, name, skipReason(err), true)
	}
	if len(d.opt.Logics) > 0 && len(d.files) > 0 && !contains(d.opt.Logics, ss.logic) {
		return nil, d.skipSeed(st, cst, name, SkipLogic, true)
	}
	base, err := d.profileFor(ss)
	if err != nil {
		return nil, err
	}
	if ss.logic != "" && !base.Accepts(ss.logic) {
		// Bitwuzla refuses QF_AX: calling it would only count errors.
		return nil, d.skipSeed(st, cst, name, SkipLogicTaken, true)
	}
	noUnsatSide := d.opt.NoUnsatSeeds || d.opt.NoSolver || knownModel != ""
	if ss.quantified && (noUnsatSide || seedStatus(ss.sc) == "sat") {
		// M ⊨ ∀x.ψ cannot be checked, and the unsat side cannot take it
		// (off, or a seed that says it is sat): no need to solve it
		return nil, d.skipSeed(st, cst, name, SkipQuantifiers, true)
	}
	// Both sides refuse a seed over the node limit (NewFormula below,
	// lazyFormula in unsatRound): count its tree before solving it, which
	// would be wasted (issue 26: 45 of 310 QF_AUFLIA seeds, a solve each).
	if _, err := lazyFormula(ss.st, ss.assertions, d.opt.MaxNodes, map[*smt.Term]int{}); errors.Is(err, errTooLarge) {
		return nil, d.skipSeed(st, cst, name, SkipTooLarge, true)
	}
	var findings []campaign.Finding
	var em *eval.Model
	var seedCPU time.Duration // the seed's model run by the solver under test (mutantLimit)
	if knownModel != "" {
		em, err = modelFromText(ss.sc, knownModel)
		if err != nil {
			return nil, fmt.Errorf("diver: built-in seed model: %w", err)
		}
	} else {
		p := base
		if d.modelFrom != nil {
			p = d.modelFrom
		}
		if d.solvingSeed != nil {
			d.solvingSeed(name)
		}
		res, m, err := solveSeed(ctx, p, ss, d.opt.SeedTimeout)
		if err != nil {
			return nil, err
		}
		recordSeed(ctx, cst, st, res)
		if res != nil {
			st.SeedCPU += res.CPU().Microseconds()
			if d.modelFrom == nil {
				seedCPU = res.CPU()
			}
		}
		if res != nil && res.Status == solver.StatusUnsat {
			if d.opt.NoUnsatSeeds || d.opt.NoSolver {
				return nil, d.skipSeed(st, cst, name, SkipUnsatSeeds, true)
			}
			d.usableSeed(name) // unless unsatRound skips it
			return d.unsatRound(ctx, r, st, cst, unsatSeed{ss: ss, name: name, base: base, res: res, version: version, seedSolver: spec(p)})
		}
		if ctx.Err() != nil {
			return nil, nil // the run ends: the answer says nothing of the seed
		}
		if ss.quantified {
			return nil, d.skipSeed(st, cst, name, SkipQuantifiers, true)
		}
		if m == nil {
			// tried once with the whole seed limit: it does not change
			return nil, d.skipSeed(st, cst, name, noModelReason(res), true)
		}
		em = m
		// A seed model that falsifies the seed is itself a finding.
		ev := eval.New(em)
		for _, a := range ss.assertions {
			v, err := ev.Eval(a)
			if err == nil {
				if b, ok := v.(smt.BoolValue); ok && !bool(b) {
					st.SeedInvalidModel++
					text := scriptText(ss.header, nil, ss.assertions, true)
					findings = append(findings, campaign.Finding{Class: campaign.InvalidModel,
						Solver: spec(p), SolverVersion: version, Trigger: text, Command: command(p, solver.Mode{Models: true}),
						Output: output(res), Message: fmt.Sprintf("sat with a model that falsifies the seed (%s)", ss.logic),
						Details: "Falsified assertion: `" + truncate(a.String(), 2000) + "`"})
					break
				}
			}
		}
		if len(findings) > 0 {
			return findings, nil
		}
	}
	vals, err := ss.constValues(em)
	if err != nil {
		return nil, d.skipSeed(st, cst, name, SkipNoValue, true)
	}
	f, err := NewFormula(ss.st, ss.assertions, d.opt.MaxNodes)
	if err != nil {
		return nil, d.skipSeed(st, cst, name, SkipTooLarge, true)
	}
	mf, err := ss.funcValues(em)
	if err != nil {
		return nil, d.skipSeed(st, cst, name, SkipNoValue, true)
	}
	seed, err := newSeed(ss.st, f, vals, nil, d.opt.Mode != ModeNoWeight, nil)
	if err == nil {
		err = seed.setFuncs(mf)
	}
	if err != nil {
		return nil, d.skipSeed(st, cst, name, SkipNoValue, true)
	}
	if Check(seed.ev, f.Root.Term, nil) != VerdictTrue {
		// M does not make the seed true without z3's div0 & co.
		return nil, d.skipSeed(st, cst, name, SkipModelFalse, true)
	}
	if mf != nil {
		// M's text must say what M says: findings are verified from it
		if ok, err := SatisfiedBy(scriptText(ss.header, nil, ss.assertions, false), seed.modelText(ss.consts)); err != nil || !ok {
			return nil, d.skipSeed(st, cst, name, SkipModelText, true)
		}
	}
	st.seedUsed(ss.logic)
	d.usableSeed(name)
	var leaves []*smt.Term
	leaves = append(leaves, ss.literals...)
	var vars []*smt.Term
	for _, c := range ss.consts {
		vars = append(vars, ss.st.Const(c))
		// An array value is written with (as const …), which z3 refuses
		// in the array logics (QF_AX, QF_AUFLIA, …: "unknown constant
		// const"): array targets get the seed's array terms instead.
		if t, err := ss.st.ValueTerm(vals[c]); err == nil && c.Result.Kind != smt.KindArray {
			leaves = append(leaves, t)
		}
	}
	gen := NewGenerator(ss.st, &d.opt, ss.logic, vars, leaves, d.acceptOperator)
	gen.useFuncs(ss.funcs)
	counter := 0
	m := &mutator{st: ss.st, opt: &d.opt, stats: st, fresh: &counter, names: ss.names,
		gen: gen}
	pool := []*Seed{seed}
	failures := 0
	seen := map[string]bool{}
	rn := newRunner(d, ss, st, cst)
	defer rn.close()
	rn.limit.answered(seedCPU)
	// In incremental mode the iteration draws one option set, so that it
	// needs two sessions (see Options.OneShot).
	var iterP *solver.Profile
	perIteration := !rn.oneShot && !d.opt.NoSolver
	if perIteration {
		iterP = d.iterationOptions(r, base)
	}
	for i := 0; i < d.opt.Mutants; {
		if ctx.Err() != nil {
			return findings, nil
		}
		parent := pool[r.IntN(len(pool))]
		mu, err := m.GenMutant(r, parent)
		if err != nil {
			return findings, err
		}
		if mu == nil {
			failures++
			if failures > 20*d.opt.Mutants+100 {
				break
			}
			continue
		}
		i++
		st.Mutants++
		consts := append(append([]*smt.Func(nil), ss.consts...), mu.Fresh...)
		if d.opt.NoSolver {
			rn.harnessOnly(mu, consts)
			if d.observe != nil {
				d.observe(mutantEvent{mu: mu, logic: ss.logic, out: OutcomeSat})
			}
			st.sat(ss.logic)
			pool = addPool(r, pool, mu.Seed)
			continue
		}
		p := d.mutantOptions(r, base, perIteration, iterP, st)
		var script []byte
		if rn.oneShot {
			script = mutantScript(&rn.texts, ss.header, mu)
		}
		a, err := rn.run(ctx, p, mu, script)
		if err != nil {
			return findings, err
		}
		var found SessionStyle // "" for a one-shot run
		if a.res == nil {
			found = SessionPush
			if a.reset {
				found = SessionReset
			}
		}
		if ctx.Err() != nil {
			return findings, nil
		}
		out, fd, bad := rn.judgeMutant(a, mu)
		failed := ""
		if out == OutcomeError {
			failed = "\n" + bad // for other outcomes bad is an assertion's text, not the solver's words
		}
		if d.retireRefused(p, base, a, out == OutcomeError, failed, st) && p == iterP {
			iterP = nil // the rest of the iteration runs in the default mode
		}
		if d.observe != nil {
			d.observe(mutantEvent{mu: mu, script: script, model: mu.modelText(consts), logic: ss.logic, a: a, out: out, finding: fd})
		}
		switch out {
		case OutcomeSat:
			st.sat(ss.logic)
			pool = addPool(r, pool, mu.Seed)
		case OutcomeModelUndefined:
			st.ModelUndefined++
		case OutcomeUnknown:
			if a.cut {
				st.MutantCut++
				st.CutCPU += a.cpu.Microseconds()
			} else {
				st.MutantUnknown++
			}
		case OutcomeError:
			if strings.HasPrefix(bad, "model:") {
				st.ModelUnreadable++
			} else {
				st.MutantError++
			}
			st.errorKind(bad)
			if script == nil {
				script = scriptText(ss.header, mu.Fresh, mu.Formula.Assertions(), true)
			}
			d.keepError(script, spec(p), bad, a.output)
		case OutcomeBug:
			switch fd.Class {
			case campaign.Soundness:
				st.MutantUnsat++
			case campaign.InvalidModel:
				if a.status == solver.StatusSat {
					st.ModelFalse++
				} else {
					st.MutantCrash++
				}
			default:
				st.MutantCrash++
			}
			key := string(fd.Class) + "|" + fd.Message + "|" + spec(p)
			if seen[key] { // one finding per signature per iteration
				continue
			}
			if script == nil {
				script = scriptText(ss.header, mu.Fresh, mu.Formula.Assertions(), true)
			}
			mtext := mu.modelText(consts)
			var history func() ([]byte, bool)
			if a.ses != nil {
				history = a.ses.History
			}
			c, err := confirm(ctx, p, d.mode(), d.opt.Timeout, script, mtext, ss.logic, fd, found, history)
			if err != nil {
				return findings, err
			}
			cst.SolverCPU += c.cpu // the re-checks' CPU is the campaign's too
			cst.SolverWall += c.wall
			cst.Count("recheck_calls", int64(c.runs))
			if c.f == nil {
				st.NotReproduced++
				continue
			}
			switch c.mode {
			case modeIncrementalOnly:
				st.IncrementalOnly++
			case modeHistory:
				st.SessionHistory++
				script = c.script
			}
			seen[key] = true
			extra := c.f.Details
			if bad != "" && extra == "" {
				extra = "Falsified assertion under the solver's model: `" + truncate(bad, 2000) + "`"
			}
			findings = append(findings, campaign.Finding{Class: c.f.Class, Message: c.f.Message,
				Solver: spec(p), SolverVersion: version, Trigger: script, Command: command(p, d.mode()),
				Output: c.output, Details: details(ss.logic, mtext, c.mode, fmt.Sprintf("Seed: `%s`.\n\n%s", name, extra))})
		}
	}
	return findings, nil
}

// harnessOnly does for a mutant what a solver run costs tandem, without
// the solver (Options.NoSolver, for measuring the harness): the commands
// or the script the mode sends are printed, and the seed model, printed
// as a get-model answer, is read back and judged as the solver's model
// would be. A mutant the oracle does not find sat under its own model is
// tandem's bug (counter harness_mismatch).
func (rn *runner) harnessOnly(mu *Mutant, consts []*smt.Func) {
	if rn.oneShot {
		_ = mutantScript(&rn.texts, rn.ss.header, mu)
	} else {
		_ = body(mu, &rn.texts)
	}
	a := answer{status: solver.StatusSat, model: mu.modelText(consts)}
	if out, _, _ := rn.judgeMutant(a, mu); out != OutcomeSat {
		rn.st.HarnessMismatch++
	}
}

// acceptOperator says whether the solver under test takes an operator of
// the artifact's solver-specific pools: what its profile lists
// (solver.Profile.Operators), and ite over RegLan where its profile has
// that quirk (z3).
func (d *Diver) acceptOperator(op smt.Op) bool {
	if op == smt.OpIte {
		return d.profile.Quirks.RegLanIte
	}
	return d.profile.AcceptsOperator(op.String())
}

// keepError writes a mutant the solver answered with an error, the
// command's options and the solver's output to Options.ErrorDir (named by
// a hash of the script, so a rerun overwrites it).
func (d *Diver) keepError(script []byte, solverSpec, msg string, out []byte) {
	if d.opt.ErrorDir == "" {
		return
	}
	kind := campaign.ErrorKind(msg)
	d.keptMu.Lock()
	if d.kept == nil {
		d.kept = map[string]int{}
	}
	d.kept[kind]++
	n := d.kept[kind]
	d.keptMu.Unlock()
	if n > MaxErrorFiles {
		return
	}
	sum := sha256.Sum256(script)
	var b bytes.Buffer
	fmt.Fprintf(&b, "; solver: %s\n; error: %s\n", solverSpec, strings.ReplaceAll(msg, "\n", " "))
	b.Write(script)
	b.WriteString("; output:\n")
	for _, line := range strings.Split(string(out), "\n") {
		b.WriteString("; " + line + "\n")
	}
	_ = os.MkdirAll(d.opt.ErrorDir, 0o755)
	_ = os.WriteFile(filepath.Join(d.opt.ErrorDir, fmt.Sprintf("error-%x.smt2", sum[:6])), b.Bytes(), 0o644)
}

// MaxErrorFiles bounds the mutants keepError writes per kind of error in
// one run: the first ones show the kind, the counters count them all.
const MaxErrorFiles = 10

// MaxPool bounds the iteration's seed pool; a full pool replaces a random
// entry (the paper's pool only grows, over a much longer run).
const MaxPool = 64

func addPool(r *rand.Rand, pool []*Seed, s *Seed) []*Seed {
	if len(pool) < MaxPool {
		return append(pool, s)
	}
	pool[r.IntN(len(pool))] = s
	return pool
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// profileFor is the solver under test with the options a seed's features
// need: its profile's FloatOptions for floating-point sorts other than
// Float32 and Float64 (cvc5 1.0.3: "only Float32 (8/24) or Float64
// (11/53) types are supported in default mode" without --fp-exp).
func (d *Diver) profileFor(ss *seedScript) (*solver.Profile, error) {
	need := d.profile.FloatOptions
	if ss.oddFloat && len(need) > 0 && !hasAll(d.profile.Options, need) {
		p, err := d.profile.WithOptions(need...)
		if err != nil {
			return nil, fmt.Errorf("diver: %w", err)
		}
		return p, nil
	}
	return d.profile, nil
}

// hasAll says every option of want is in have.
func hasAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

func spec(p *solver.Profile) string {
	return strings.TrimSpace(p.Name + " " + strings.Join(p.Options, " "))
}

func command(p *solver.Profile, m solver.Mode) []string {
	return append([]string{p.Binary}, p.OneShotArgv(campaign.FilePlaceholder, m)...)
}

func output(res *solver.Result) []byte {
	if res == nil {
		return nil
	}
	return append(append([]byte(nil), res.Stdout...), res.Stderr...)
}

// Reproduce re-runs a finding's trigger (or a reduced candidate) with the
// solver and options of the finding and judges it again; for soundness it
// first re-checks that the seed model (from the finding's Details)
// satisfies the candidate.
func (d *Diver) Reproduce(ctx context.Context, f *campaign.Finding, trigger []byte) (*campaign.Finding, error) {
	reg, err := solver.LoadRegistry("")
	if err != nil {
		return nil, err
	}
	p, err := reg.Lookup(f.Solver)
	if err != nil {
		return nil, err
	}
	logic, mtext, mode := parseDetails(f.Details)
	var g *campaign.Finding
	switch {
	case detailTag(f.Details, oracleTag) == oracleUnsat:
		var base *solver.Profile
		if base, err = reg.Lookup(detailTag(f.Details, defaultTag)); err == nil {
			g, err = d.reproduceUnsat(ctx, p, base, f, trigger)
		}
	case mode == modeIncrementalOnly:
		g, _, err = verifyIncremental(ctx, p, d.mode(), d.opt.Timeout, trigger, mtext, logic, f)
	case mode == modeHistory: // the trigger is a session's history: many check-sats
		g, _, err = verifyHistory(ctx, p, d.mode(), d.opt.Timeout, trigger, f)
	default:
		g, _, err = verify(ctx, p, d.mode(), d.opt.Timeout, trigger, mtext, logic, f)
	}
	if err != nil || g == nil {
		return nil, err
	}
	g.Solver = f.Solver
	g.SolverVersion = f.SolverVersion
	return g, nil
}

// Reduce shrinks a finding's trigger with tandem/reduce's SMT-LIB passes
// while Reproduce still shows the same signature.
func (d *Diver) Reduce(ctx context.Context, f *campaign.Finding) ([]byte, error) {
	pred := campaign.Interesting(Name, d, f)
	res, err := reduce.Reduce(ctx, f.Trigger, reduce.Predicate(pred), reduce.Options{Passes: reduce.SMTLIBPasses()})
	if err != nil {
		return nil, err
	}
	return res.Output, nil
}
