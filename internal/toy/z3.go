package toy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"tandem/campaign"
	"tandem/reduce"
	"tandem/solver"
)

// Z3Name is the registered name of the Z3 system.
const Z3Name = "z3toy"

// Z3Options configure the Z3 system. Zero fields take the defaults.
type Z3Options struct {
	// Solvers are solver specs (see tandem solvers), default ["z3"].
	// With two or more, their answers are compared.
	Solvers []string `json:"solvers,omitempty"`
	// Logic is QF_BV or QF_LIA; "" picks one per iteration.
	Logic string `json:"logic,omitempty"`
	// Timeout is each solver run's wall-time limit (default 2s).
	Timeout time.Duration `json:"timeout,omitempty"`
	// Vars and Asserts size the random scripts (defaults 4 and 6).
	Vars    int `json:"vars,omitempty"`
	Asserts int `json:"asserts,omitempty"`
}

// Z3 is a toy random-script fuzzer of real solvers: every iteration writes
// one small random QF_BV or QF_LIA script and runs each solver on it with its
// self-check on (z3 model_validate=true, cvc5 --check-models). A crash or
// failed self-check, an error on the (valid) script, sat against unsat
// between solvers, and one solver timing out where another answers in a
// tenth of the limit are findings.
type Z3 struct {
	opt      Z3Options
	profiles []*solver.Profile
	verOnce  sync.Once
	versions []string
	verErr   error
}

// NewZ3 builds a Z3 system from JSON Z3Options (nil: the defaults).
func NewZ3(config []byte) (*Z3, error) {
	var o Z3Options
	if len(config) > 0 {
		if err := json.Unmarshal(config, &o); err != nil {
			return nil, fmt.Errorf("z3toy options: %w", err)
		}
	}
	if len(o.Solvers) == 0 {
		o.Solvers = []string{"z3"}
	}
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Second
	}
	if o.Vars <= 0 {
		o.Vars = 4
	}
	if o.Asserts <= 0 {
		o.Asserts = 6
	}
	if o.Logic != "" && o.Logic != "QF_BV" && o.Logic != "QF_LIA" {
		return nil, fmt.Errorf("z3toy logic %q: want QF_BV, QF_LIA or empty", o.Logic)
	}
	reg, err := solver.LoadRegistry("")
	if err != nil {
		return nil, err
	}
	z := &Z3{opt: o}
	for _, s := range o.Solvers {
		p, err := reg.Lookup(s)
		if err != nil {
			return nil, err
		}
		z.profiles = append(z.profiles, p)
	}
	return z, nil
}

// Name returns Z3Name.
func (z *Z3) Name() string { return Z3Name }

func (z *Z3) versionsOnce(ctx context.Context) ([]string, error) {
	z.verOnce.Do(func() {
		// Not under ctx: a cancelled first iteration must not make the
		// versions fail for the whole process.
		vctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		for _, p := range z.profiles {
			v, err := solver.Version(vctx, p)
			if err != nil {
				z.verErr = fmt.Errorf("solver %s: %w (install it, or choose other solvers)", p.Name, err)
				return
			}
			z.versions = append(z.versions, v)
		}
	})
	return z.versions, z.verErr
}

// Script writes a random script of the logic ("" picks one) from r.
func (z *Z3) Script(r *rand.Rand) []byte {
	logic := z.opt.Logic
	if logic == "" {
		logic = logics[r.IntN(2)]
	}
	g := &scriptGen{r: r, vars: z.opt.Vars, b: make([]byte, 0, 128+64*z.opt.Asserts)}
	g.str("(set-logic ", logic, ")\n")
	for i := 0; i < z.opt.Vars; i++ {
		g.str("(declare-const x")
		g.b = strconv.AppendInt(g.b, int64(i), 10)
		if logic == "QF_BV" {
			g.str(" (_ BitVec 8))\n")
		} else {
			g.str(" Int)\n")
		}
	}
	for i := 0; i < z.opt.Asserts; i++ {
		g.str("(assert ")
		if logic == "QF_BV" {
			g.bvAtom(3)
		} else {
			g.liaAtom(3)
		}
		g.str(")\n")
	}
	g.str("(check-sat)\n")
	return g.b
}

var (
	logics  = []string{"QF_BV", "QF_LIA"}
	bvOps   = []string{"bvadd", "bvmul", "bvsub", "bvand", "bvor", "bvxor", "bvshl", "bvlshr", "bvudiv", "bvurem", "bvsdiv", "bvsrem"}
	bvRels  = []string{"=", "bvult", "bvule", "bvslt", "bvsle", "distinct"}
	liaRels = []string{"=", "<", "<=", ">", ">=", "distinct"}
)

// scriptGen appends a random script to b. Every choice is drawn from r in
// the order the text is written, except that an atom is negated (or not)
// after it is drawn.
type scriptGen struct {
	r    *rand.Rand
	vars int
	b    []byte
}

func (g *scriptGen) str(ss ...string) {
	for _, s := range ss {
		g.b = append(g.b, s...)
	}
}

func (g *scriptGen) variable() {
	g.b = append(g.b, 'x')
	g.b = strconv.AppendInt(g.b, int64(g.r.IntN(g.vars)), 10)
}

func (g *scriptGen) bvTerm(depth int) {
	if depth == 0 || g.r.IntN(3) == 0 {
		if g.r.IntN(3) == 0 {
			const hex = "0123456789abcdef"
			c := g.r.IntN(256)
			g.b = append(g.b, '#', 'x', hex[c>>4], hex[c&15])
			return
		}
		g.variable()
		return
	}
	g.str("(", bvOps[g.r.IntN(len(bvOps))], " ")
	g.bvTerm(depth - 1)
	g.str(" ")
	g.bvTerm(depth - 1)
	g.str(")")
}

// maybeNot negates the atom written from start on, when r says so.
func (g *scriptGen) maybeNot(start int) {
	if g.r.IntN(4) == 0 {
		g.b = slices.Insert(g.b, start, []byte("(not ")...)
		g.str(")")
	}
}

func (g *scriptGen) bvAtom(depth int) {
	start := len(g.b)
	g.str("(", bvRels[g.r.IntN(len(bvRels))], " ")
	g.bvTerm(depth)
	g.str(" ")
	g.bvTerm(depth)
	g.str(")")
	g.maybeNot(start)
}

func (g *scriptGen) liaTerm(depth int) {
	if depth == 0 || g.r.IntN(3) == 0 {
		if g.r.IntN(3) == 0 {
			g.b = appendIntLit(g.b, g.r.IntN(41)-20)
			return
		}
		g.variable()
		return
	}
	switch g.r.IntN(4) {
	case 0:
		g.str("(* ")
		g.b = appendIntLit(g.b, g.r.IntN(9)-4)
		g.str(" ")
		g.liaTerm(depth - 1)
		g.str(")")
	case 1:
		g.str("(- ")
		g.liaTerm(depth - 1)
		g.str(" ")
		g.liaTerm(depth - 1)
		g.str(")")
	case 2:
		g.str("(mod ")
		g.liaTerm(depth - 1)
		g.str(" ")
		g.b = strconv.AppendInt(g.b, int64(1+g.r.IntN(7)), 10)
		g.str(")")
	default:
		g.str("(+ ")
		g.liaTerm(depth - 1)
		g.str(" ")
		g.liaTerm(depth - 1)
		g.str(")")
	}
}

// appendIntLit prints n as SMT-LIB does: a negative integer is (- n), since
// -3 is a symbol, not a numeral (z3 accepts it, cvc5 does not).
func appendIntLit(b []byte, n int) []byte {
	if n < 0 {
		b = append(b, "(- "...)
		b = strconv.AppendInt(b, int64(-n), 10)
		return append(b, ')')
	}
	return strconv.AppendInt(b, int64(n), 10)
}

func (g *scriptGen) liaAtom(depth int) {
	start := len(g.b)
	g.str("(", liaRels[g.r.IntN(len(liaRels))], " ")
	g.liaTerm(depth)
	g.str(" ")
	g.liaTerm(depth)
	g.str(")")
	g.maybeNot(start)
}

type run struct {
	p   *solver.Profile
	ver string
	res *solver.Result
}

func (z *Z3) runAll(ctx context.Context, script []byte, st *campaign.Stats) ([]run, error) {
	vers, err := z.versionsOnce(ctx)
	if err != nil {
		return nil, err
	}
	var runs []run
	for i, p := range z.profiles {
		res, err := solver.Run(ctx, p, solver.BytesInput(script), solver.RunOptions{
			Limits: solver.Limits{Wall: z.opt.Timeout},
			Mode:   solver.Mode{SelfCheck: true},
		})
		if err != nil {
			return nil, fmt.Errorf("running %s: %w", p.Name, err)
		}
		if st != nil {
			st.Record(res)
		}
		runs = append(runs, run{p, vers[i], res})
	}
	return runs, nil
}

func spec(p *solver.Profile) string {
	return strings.TrimSpace(p.Name + " " + strings.Join(p.Options, " "))
}

func command(p *solver.Profile) []string {
	return append([]string{p.Binary}, p.OneShotArgv(campaign.FilePlaceholder, solver.Mode{SelfCheck: true})...)
}

func output(res *solver.Result) []byte {
	return append(append([]byte(nil), res.Stdout...), res.Stderr...)
}

// judge turns the runs on one script into findings.
func (z *Z3) judge(script []byte, runs []run) []campaign.Finding {
	var fs []campaign.Finding
	for _, r := range runs {
		res := r.res
		base := func() campaign.Finding { // only for a finding: most runs have none
			return campaign.Finding{Solver: spec(r.p), SolverVersion: r.ver, Trigger: script,
				Command: command(r.p), Output: output(res)}
		}
		switch {
		case res.Status == solver.StatusCrash:
			f := base()
			f.Class = campaign.Crash
			f.Message = res.Signature
			if f.Message == "" {
				f.Message = "crash: " + res.Signal
			}
			f.Details = fmt.Sprintf("Exit code %d, signal %q, after %s.", res.ExitCode, res.Signal, res.Wall.Round(time.Millisecond))
			fs = append(fs, f)
		case res.Status == solver.StatusError && len(res.Errors) > 0:
			f := base()
			f.Class = campaign.APIError
			f.Message = res.Errors[0]
			f.Details = "The script is generated well-sorted SMT-LIB 2.6 in a logic the solver supports, so an error response is a bug (in the solver or in this toy's generator)."
			fs = append(fs, f)
		}
	}
	for i := 0; i < len(runs); i++ {
		for j := i + 1; j < len(runs); j++ {
			a, b := runs[i], runs[j]
			sa, sb := a.res.Status, b.res.Status
			if (sa == solver.StatusSat && sb == solver.StatusUnsat) || (sa == solver.StatusUnsat && sb == solver.StatusSat) {
				fs = append(fs, campaign.Finding{Class: campaign.Disagreement,
					Solver: spec(a.p) + " | " + spec(b.p), SolverVersion: a.ver + " | " + b.ver,
					Message: fmt.Sprintf("%s says %s, %s says %s", a.p.Name, sa, b.p.Name, sb),
					Trigger: script, Command: command(a.p), Output: output(a.res),
					Details: fmt.Sprintf("`%s` answers %s; `%s` answers %s.\n\nOutput of %s:\n\n```\n%s\n```",
						strings.Join(command(a.p), " "), sa, strings.Join(command(b.p), " "), sb, b.p.Name, strings.TrimSpace(string(output(b.res))))})
			}
			for _, pair := range [][2]run{{a, b}, {b, a}} {
				slow, fast := pair[0], pair[1]
				if slow.res.Status == solver.StatusTimeout && fast.res.Status.IsAnswer() && fast.res.Wall < z.opt.Timeout/10 {
					fs = append(fs, campaign.Finding{Class: campaign.Performance,
						Solver: spec(slow.p), SolverVersion: slow.ver,
						Message: fmt.Sprintf("%s times out where %s answers %s", slow.p.Name, fast.p.Name, fast.res.Status),
						Trigger: script, Command: command(slow.p), Output: output(slow.res),
						Details: fmt.Sprintf("%s: timeout after %s; %s: %s in %s.", slow.p.Name, slow.res.Wall.Round(time.Millisecond),
							fast.p.Name, fast.res.Status, fast.res.Wall.Round(time.Millisecond))})
				}
			}
		}
	}
	return fs
}

// Iterate writes one random script and judges the solvers' runs on it.
func (z *Z3) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	var st campaign.Stats
	script := z.Script(it.Rand)
	runs, err := z.runAll(ctx, script, &st)
	if err != nil {
		return nil, st, err
	}
	fs := z.judge(script, runs)
	st.Count("scripts", 1)
	st.Count("script bytes", int64(len(script)))
	return fs, st, nil
}

// Reproduce runs the solvers on trigger and returns the finding with f's
// signature when there is one, else the first of f's class and solver, or
// nil. (Another solver's finding on the same input is not f's problem.)
func (z *Z3) Reproduce(ctx context.Context, f *campaign.Finding, trigger []byte) (*campaign.Finding, error) {
	runs, err := z.runAll(ctx, trigger, nil)
	if err != nil {
		return nil, err
	}
	fs := z.judge(trigger, runs)
	want := campaign.Signature(Z3Name, f)
	for i := range fs {
		if campaign.Signature(Z3Name, &fs[i]) == want {
			return &fs[i], nil
		}
	}
	for i := range fs {
		if fs[i].Class == f.Class && (f.Solver == "" || fs[i].Solver == f.Solver) {
			return &fs[i], nil
		}
	}
	return nil, nil
}

// Reduce shrinks the trigger while the solvers still show a finding with
// the same signature: first with tandem/reduce's SMT-LIB passes (every
// candidate well-sorted), then by removing lines, which also works on
// triggers tandem's parser rejects (an error finding's input may be
// ill-formed: that is the finding).
func (z *Z3) Reduce(ctx context.Context, f *campaign.Finding) ([]byte, error) {
	interesting := campaign.Interesting(Z3Name, z, f)
	out := f.Trigger
	res, err := reduce.Reduce(ctx, out, interesting, reduce.Options{Passes: reduce.SMTLIBPasses()})
	switch {
	case err == nil && res.Stopped == "cancelled":
		return res.Output, ctx.Err() // the best so far, and why it stopped
	case err == nil:
		out = res.Output
	case errors.Is(err, reduce.ErrNotInteresting):
		return nil, fmt.Errorf("the trigger no longer shows the problem when re-run (timing or nondeterminism): %w", err)
	case ctx.Err() != nil:
		return out, ctx.Err()
	}
	return reduceLines(ctx, out, interesting)
}
