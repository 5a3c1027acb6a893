package satfuzz

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	gs "github.com/crillab/gophersat/solver"
	"golang.org/x/sys/unix"

	"tandem/satfuzz/trace"
)

func init() {
	RegisterTarget("gophersat", func() (Target, error) { return &Gophersat{}, nil })
}

// Gophersat is the target of github.com/crillab/gophersat v1.4.0, in
// process, with panics recovered and reported. Its incremental support:
// clauses added with AppendClause to one solver; a query is Assume(lits)
// (which resets the trail to the new assumptions, nil for none) then
// Solve. It has no failed-assumption API, so a failed query answers the
// whole assumption set (trivially a subset, and checked to be unsat with
// the clauses). Enumerating runs CountModels on a fresh solver built from
// the clauses with ParseSliceNb (gophersat counts over all its variables).
// It takes no context: a run that hangs is only stopped by the process
// (see docs/satfuzz.md).
//
// gophersat is not safe for concurrent use: conflict analysis writes a
// package-level buffer (bufLits in solver/learn.go), so two solvers running
// at once corrupt each other's learned clauses, giving wrong answers and
// runaway searches. Runs therefore take gophersatTurn, one at a time per
// process whatever the number of campaign workers.
type Gophersat struct{}

// gophersatTurn is held by the one gophersat run in progress.
var gophersatTurn = make(chan struct{}, 1)

// Name returns "gophersat".
func (*Gophersat) Name() string { return "gophersat" }

// GophersatOptions is gophersat's option model: its two public search
// switches (Verbose only prints) and the two ways its API takes clauses:
// with upfront, the clauses before the first query are given to New at
// once (ParseSliceNb, which simplifies units while parsing), the later ones
// with AppendClause; without it, every clause goes through AppendClause to
// a solver built empty.
var GophersatOptions = []OptionSpec{
	{Name: "certified", Kind: Bool, Doc: "write a RUP certificate (drained and discarded)"},
	{Name: "cuttingPlanes", Kind: Bool, Doc: "cutting-planes resolution (meant for PB problems)"},
	{Name: "upfront", Kind: Bool, Doc: "give the clauses before the first query to New, not AppendClause"},
}

// Options returns GophersatOptions.
func (*Gophersat) Options() []OptionSpec { return GophersatOptions }

// Run executes the trace.
func (*Gophersat) Run(ctx context.Context, t *trace.Trace, lim Limits) (res *Result, err error) {
	res = &Result{}
	select {
	case gophersatTurn <- struct{}{}:
		defer func() { <-gophersatTurn }()
	case <-ctx.Done():
		res.Stopped = true
		return res, nil
	}
	lim = lim.withDefaults()
	caller := ctx // its end is tandem's stop; cpuWatch's cancel is the trace's limit
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start, cpu := time.Now(), threadMeter()
	// The CPU limit of the solving thread, checked between calls (gophersat
	// takes no context).
	tid := unix.Gettid()
	defer cpuWatch(lim.Time, func() (time.Duration, error) { return procCPU(tid) }, cancel)()
	defer func() {
		if r := recover(); r != nil {
			res.Error = fmt.Sprintf("panic: %v", r)
			res.Output = debug.Stack()
		}
		res.Wall = time.Since(start)
		res.CPU, res.InProcess = cpu(), true
	}()
	if err := checkOptions(GophersatOptions, t.Options()); err != nil {
		res.Error = "option: " + err.Error()
		return res, nil
	}
	var certified, cp, upfront bool
	for _, kv := range t.Options() {
		switch kv[0] {
		case "certified":
			certified = kv[1] == "true"
		case "cuttingPlanes":
			cp = kv[1] == "true"
		case "upfront":
			upfront = kv[1] == "true"
		}
	}
	var s *gs.Solver
	var clauses [][]int
	maxVar, last, hadAssumps := 0, Unknown, false
	var assumps []int
	var model []int
	certDone := make(chan struct{})
	defer close(certDone)
	build := func(cls [][]int, nbVars int) {
		s = gs.New(gs.ParseSliceNb(cls, nbVars))
		s.CuttingPlanes = cp
		if certified {
			ch := make(chan string, 64)
			s.Certified, s.CertChan = true, ch
			go func() {
				for {
					select {
					case <-ch:
					case <-certDone:
						return
					}
				}
			}()
		}
	}
	for _, c := range t.Calls {
		var a Answer
		if s == nil && upfront && c.IsSolve() {
			// ParseSliceNb keeps the slices: give it copies.
			build(slices.Clone(clauses), maxVar)
		}
		switch c.Op {
		case trace.Init:
			if !upfront {
				build(nil, 0)
			}
		case trace.NewVar:
			maxVar = max(maxVar, c.N)
		case trace.AddClause:
			for _, l := range c.Lits {
				maxVar = max(maxVar, abs(l))
			}
			clauses = append(clauses, c.Lits)
			if s != nil {
				s.AppendClause(gs.NewClause(lits(c.Lits)))
			}
		case trace.Solve, trace.Assuming:
			assumps = c.Lits
			hadAssumps = c.Op == trace.Assuming
			st := s.Assume(lits(c.Lits))
			if st != gs.Unsat {
				st = s.Solve()
			}
			switch st {
			case gs.Sat:
				last = Sat
				m := s.Model()
				model = model[:0]
				for i, b := range m {
					if b {
						model = append(model, i+1)
					} else {
						model = append(model, -(i + 1))
					}
				}
			case gs.Unsat:
				last = Unsat
			default:
				last = Unknown
			}
			a.Status = last
		case trace.Model:
			if last == Sat {
				a.Valid, a.Lits = true, append([]int(nil), model...)
			}
		case trace.Failed:
			if last == Unsat && hadAssumps {
				a.Valid, a.Lits = true, append([]int(nil), assumps...)
			}
		case trace.Enumerating:
			if maxVar > MaxCountVars {
				a.Counts = []Count{{"CountModels", -1}}
				break
			}
			// Both of gophersat's enumerators, each on a fresh solver.
			e := gs.New(gs.ParseSliceNb(clone2(clauses), maxVar))
			n := e.CountModels()
			e = gs.New(gs.ParseSliceNb(clone2(clauses), maxVar))
			a.Counts = []Count{{"CountModels", int64(n)}, {"Enumerate", int64(e.Enumerate(nil, nil))}}
		}
		if ctx.Err() != nil {
			res.Timeout = !res.stopped(caller)
			return res, nil
		}
		res.Answers = append(res.Answers, a)
	}
	return res, nil
}

// clone2 copies clauses: gophersat's parser may reorder their literals.
func clone2(cls [][]int) [][]int {
	o := make([][]int, len(cls))
	for i, c := range cls {
		o[i] = slices.Clone(c)
	}
	return o
}

func lits(l []int) []gs.Lit {
	o := make([]gs.Lit, len(l))
	for i, x := range l {
		o[i] = gs.IntToLit(int32(x))
	}
	return o
}
