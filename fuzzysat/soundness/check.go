package soundness

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"text/tabwriter"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// SeedKind says where a seed comes from.
type SeedKind int

// The seed kinds: z3's model of π, a random seed that violates π (or a
// random one when every assignment satisfies π), all zero.
const (
	SeedModel SeedKind = iota
	SeedViolating
	SeedZero
	numSeedKinds
)

var seedNames = [...]string{"satisfies π", "violates π", "all-zero"}

func (k SeedKind) String() string { return seedNames[k] }

// MaxBytes is the largest number of input bytes the checker declares.
const MaxBytes = 4

// Query parses a case into a fuzzysat query: the branch condition and π.
func (cs *Case) Query() (*fuzzysat.Query, error) {
	sc, err := smtlib.Parse("case.smt2", []byte(cs.Script()))
	if err != nil {
		return nil, err
	}
	f, err := fuzzysat.FromScript(sc, fuzzysat.BranchFirst, cs.NBytes)
	if err != nil {
		return nil, err
	}
	as := sc.Assertions()
	return &fuzzysat.Query{Name: "case", Layout: f.Layout, Goal: as[0], Pi: as[1:]}, nil
}

// Holds reports whether assignment b satisfies the query under the
// exact interpreter, and an error when it cannot decide.
func Holds(q *fuzzysat.Query, b []byte) (bool, error) {
	return holds(q.Layout, b, append([]*smt.Term{q.Goal}, q.Pi...))
}

func holds(l *fuzzysat.Layout, b []byte, terms []*smt.Term) (bool, error) {
	ev := eval.New(l.Model(b))
	for _, t := range terms {
		v, err := ev.Eval(t)
		if err != nil {
			return false, err
		}
		if v != smt.BoolValue(true) {
			return false, nil
		}
	}
	return true, nil
}

// RunStats counts fuzzysat's answers from one kind of seed.
type RunStats struct {
	Runs, Sat, Unsat, Unknown int
	UnsatBy                   map[string]int
}

// Stats are a checker's counters.
type Stats struct {
	Cases                   int
	Z3Sat, Z3Unsat, Z3Other int
	Runs                    [numSeedKinds]RunStats
	WrongSat, WrongUnsat    int
	Errors                  int
	UncheckedUnsat          int // unsat answers z3 could not decide
	Tags                    map[string]int
	Failures                []string // the first few wrong answers, reproducible
}

// Checker runs the cases against one incremental z3 session.
type Checker struct {
	sess *solver.Session
	// Opts are fuzzysat's options (the seed of its random choices is
	// set per case).
	Opts  fuzzysat.Options
	Stats Stats
}

// NewChecker starts z3 (profile p) in one incremental session that
// declares k!0 … k!(MaxBytes−1) once.
func NewChecker(ctx context.Context, p *solver.Profile) (*Checker, error) {
	sess, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: solver.Mode{Models: true}})
	if err != nil {
		return nil, err
	}
	for i := 0; i < MaxBytes; i++ {
		r, err := sess.Exec(ctx, fmt.Sprintf("(declare-fun k!%d () (_ BitVec 8))", i))
		if err == nil && r.Failed() {
			err = errors.New(r.Message)
		}
		if err != nil {
			sess.Close()
			return nil, fmt.Errorf("declaring the inputs in z3: %w", err)
		}
	}
	c := &Checker{sess: sess, Opts: fuzzysat.Options{MaxEvals: 20000, Timeout: 1e10}}
	c.Stats.Tags = map[string]int{}
	for k := range c.Stats.Runs {
		c.Stats.Runs[k].UnsatBy = map[string]int{}
	}
	return c, nil
}

// Close stops z3.
func (c *Checker) Close() error { return c.sess.Close() }

// z3 decides the case: "sat", "unsat" or "unknown", and a model of π
// (nil when π is unsat or undecided).
func (c *Checker) z3(ctx context.Context, cs *Case, l *fuzzysat.Layout) (string, []byte, error) {
	must := func(r solver.Reply, err error) error {
		if err == nil && r.Failed() {
			err = fmt.Errorf("z3: %s %s", r.Status, r.Message)
		}
		return err
	}
	if err := must(c.sess.Push(ctx, 1)); err != nil {
		return "", nil, err
	}
	defer c.sess.Pop(ctx, 1)
	for _, p := range cs.Pi {
		if err := must(c.sess.Assert(ctx, p)); err != nil {
			return "", nil, err
		}
	}
	r, err := c.sess.CheckSat(ctx)
	if err != nil {
		return "", nil, err
	}
	switch r.Status {
	case solver.StatusUnsat:
		return "unsat", nil, nil
	case solver.StatusSat:
	default:
		return "unknown", nil, nil
	}
	names := make([]string, cs.NBytes)
	for i := range names {
		names[i] = fmt.Sprintf("k!%d", i)
	}
	gv, err := c.sess.GetValue(ctx, names...)
	if err := must(gv, err); err != nil {
		return "", nil, err
	}
	model := make([]byte, l.Size)
	if err := l.FromValues([]byte(gv.Raw), model); err != nil {
		return "", nil, err
	}
	if err := must(c.sess.Assert(ctx, cs.Goal)); err != nil {
		return "", nil, err
	}
	if r, err = c.sess.CheckSat(ctx); err != nil {
		return "", nil, err
	}
	switch r.Status {
	case solver.StatusSat:
		return "sat", model, nil
	case solver.StatusUnsat:
		return "unsat", model, nil
	}
	return "unknown", model, nil
}

// Check runs case number id: z3's verdict, then fuzzysat from the three
// kinds of seed. It returns an error only when the harness fails (z3
// dies, the case does not parse); wrong answers are counted in Stats.
func (c *Checker) Check(ctx context.Context, id uint64, cs *Case) error {
	q, err := cs.Query()
	if err != nil {
		return fmt.Errorf("case %d does not parse: %w\n%s", id, err, cs.Script())
	}
	verdict, model, err := c.z3(ctx, cs, q.Layout)
	if err != nil {
		return fmt.Errorf("case %d: %w\n%s", id, err, cs.Script())
	}
	st := &c.Stats
	st.Cases++
	for _, t := range cs.Tags {
		st.Tags[t]++
	}
	switch verdict {
	case "sat":
		st.Z3Sat++
	case "unsat":
		st.Z3Unsat++
	default:
		st.Z3Other++
	}
	rng := rand.New(rand.NewPCG(id, 0x50d))
	for k := SeedKind(0); k < numSeedKinds; k++ {
		seed := make([]byte, q.Layout.Size)
		switch k {
		case SeedModel:
			if model == nil {
				continue // π has no model
			}
			copy(seed, model)
		case SeedViolating:
			for try := 0; try < 16; try++ {
				for i := range seed {
					seed[i] = byte(rng.Uint32())
					if n := len(cs.Consts); n > 0 && rng.IntN(2) == 0 {
						seed[i] = cs.Consts[rng.IntN(n)]
					}
				}
				if ok, err := piHolds(q, seed); err == nil && !ok {
					break
				}
			}
		}
		c.run(ctx, id, cs, q, k, seed, verdict)
	}
	return nil
}

func piHolds(q *fuzzysat.Query, b []byte) (bool, error) { return holds(q.Layout, b, q.Pi) }

func (c *Checker) run(ctx context.Context, id uint64, cs *Case, q *fuzzysat.Query, k SeedKind, seed []byte, verdict string) {
	st := &c.Stats
	rs := &st.Runs[k]
	rs.Runs++
	o := c.Opts
	o.Seed = id
	r, err := fuzzysat.Solve(ctx, q, seed, o)
	fail := func(what string) {
		if len(st.Failures) < 20 {
			st.Failures = append(st.Failures, fmt.Sprintf("case %d, seed %x (%s): %s\n%s", id, seed, k, what, cs.Script()))
		}
	}
	if err != nil {
		st.Errors++
		fail("error: " + err.Error())
		return
	}
	switch r.Status {
	case fuzzysat.Sat:
		rs.Sat++
		if ok, err := Holds(q, r.Assignment); !ok || err != nil {
			st.WrongSat++
			fail(fmt.Sprintf("sat (%s) with %x, which does not satisfy the query (%v)", r.Phase, r.Assignment, err))
		} else if verdict == "unsat" {
			st.WrongSat++ // the evaluator and z3 disagree
			fail(fmt.Sprintf("sat (%s) with %x, which the evaluator accepts and z3 says is unsat", r.Phase, r.Assignment))
		}
	case fuzzysat.Unsat:
		rs.Unsat++
		rs.UnsatBy[r.Phase.String()]++
		switch verdict {
		case "sat":
			st.WrongUnsat++
			fail(fmt.Sprintf("unsat (%s: %s), z3 says sat", r.Phase, r.Proof))
		case "unknown":
			st.UncheckedUnsat++
		}
	default:
		rs.Unknown++
	}
}

// Write prints the counters: z3's verdicts, fuzzysat's answers per seed
// kind with the unsat proofs by phase, the wrong answers, and the shapes
// covered.
func (s *Stats) Write(w io.Writer) {
	fmt.Fprintf(w, "cases %d: z3 sat %d, unsat %d, unknown %d\n", s.Cases, s.Z3Sat, s.Z3Unsat, s.Z3Other)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "seed\truns\tsat\tunsat\tunknown\tunsat by phase\t")
	for k, rs := range s.Runs {
		var by []string
		for p, n := range rs.UnsatBy {
			by = append(by, fmt.Sprintf("%s %d", p, n))
		}
		sort.Strings(by)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t\n", SeedKind(k), rs.Runs, rs.Sat, rs.Unsat, rs.Unknown, strings.Join(by, ", "))
	}
	tw.Flush()
	fmt.Fprintf(w, "wrong sat %d, wrong unsat %d, errors %d, unsat answers z3 could not decide %d\n", s.WrongSat, s.WrongUnsat, s.Errors, s.UncheckedUnsat)
	var tags []string
	for t, n := range s.Tags {
		tags = append(tags, fmt.Sprintf("%s %d", t, n))
	}
	sort.Strings(tags)
	fmt.Fprintf(w, "shapes (cases with each): %s\n", strings.Join(tags, ", "))
	for _, f := range s.Failures {
		fmt.Fprintf(w, "\n%s", f)
	}
}
