package satfuzz

import (
	"bytes"
	"context"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"tandem/idrup"
	"tandem/sat"
	"tandem/satfuzz/trace"
)

func init() {
	RegisterTarget("tandem", func() (Target, error) { return &Tandem{}, nil })
	for _, b := range PlantedBugs {
		b := b
		RegisterTarget("tandem-bug-"+b, func() (Target, error) { return &Tandem{Bug: b}, nil })
	}
}

// PlantedBugs are the deliberate bugs of the "tandem-bug-…" targets, for
// checking that the fuzzer finds and reduces them:
//
//   - "stale": after an increment, the model query answers the model of the
//     previous SAT answer (a stale model);
//   - "droplit": a clause of three or more literals whose first variable is
//     a multiple of 5 reaches the solver without its last literal, as a
//     solver that drops a literal from a clause would;
//   - "core": a core of two or more failed assumptions loses its first one.
var PlantedBugs = []string{"stale", "droplit", "core"}

// Tandem is the target of tandem's own sat package, run in process, with
// panics recovered and reported, and the IDRUP proof of every trace that
// does not enumerate checked with tandem/idrup against the interaction
// file built from the trace and the answers. Bug plants a bug (see
// PlantedBugs).
type Tandem struct {
	Bug string
}

// Name returns "tandem" or "tandem-bug-NAME".
func (t *Tandem) Name() string {
	if t.Bug != "" {
		return "tandem-bug-" + t.Bug
	}
	return "tandem"
}

// TandemOptions is the option model of tandem's sat: every field of
// sat.Options that changes the search, with its valid range.
var TandemOptions = []OptionSpec{
	{Name: "restart", Kind: Enum, Values: sat.OptionValues("restart"), Doc: "restart policy"},
	{Name: "lubyUnit", Kind: Int, Min: 1, Max: 1000, Doc: "conflicts per Luby step"},
	{Name: "restartMargin", Kind: Float, Min: 1, Max: 2, Doc: "EMA restart margin"},
	{Name: "restartMin", Kind: Int, Min: 1, Max: 200, Doc: "least conflicts between EMA restarts"},
	{Name: "decision", Kind: Enum, Values: sat.OptionValues("decision"), SlowValues: []string{"static"}, Doc: "decision heuristic"},
	{Name: "varDecay", Kind: Float, Min: 0.5, Max: 0.999, Doc: "VSIDS decay"},
	{Name: "randomFreq", Kind: Float, Min: 0, Max: 0.5, Doc: "probability of a random decision"},
	{Name: "phase", Kind: Enum, Values: sat.OptionValues("phase"), Doc: "phase policy"},
	{Name: "reduce", Kind: Enum, Values: sat.OptionValues("reduce"), Doc: "learned-clause reduction"},
	{Name: "reduceInterval", Kind: Int, Min: 1, Max: 5000, Doc: "conflicts before the first reduction"},
	{Name: "reduceIncrement", Kind: Int, Min: 1, Max: 1000, Doc: "growth of the reduction interval"},
	{Name: "keepLBD", Kind: Int, Min: 1, Max: 10, Doc: "LBD of kept glue clauses"},
	{Name: "tier2LBD", Kind: Int, Min: 1, Max: 20, Doc: "LBD of learned clauses kept while used"},
	{Name: "mode", Kind: Enum, Values: sat.OptionValues("mode"), Doc: "focused/stable mode policy"},
	{Name: "modeInterval", Kind: Int, Min: 1, Max: 5000, Doc: "conflicts of the first mode phases"},
	{Name: "rephaseInterval", Kind: Int, Min: 1, Max: 5000, Doc: "conflicts before the first rephasing"},
	{Name: "minimize", Kind: Enum, Values: sat.OptionValues("minimize"), Doc: "learned-clause minimization"},
	{Name: "units", Kind: Enum, Values: sat.OptionValues("units"), Doc: "AddClause under root units"},
	{Name: "seed", Kind: Int, Min: 0, Max: 1 << 31, Doc: "random seed"},
}

// Options returns TandemOptions.
func (t *Tandem) Options() []OptionSpec { return TandemOptions }

func tandemOptions(kvs [][2]string) (*sat.Options, error) {
	if err := checkOptions(TandemOptions, kvs); err != nil {
		return nil, err
	}
	o := &sat.Options{}
	for _, kv := range kvs {
		if err := o.Set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// MaxEnumerate caps the models an in-process enumeration by blocking
// clauses finds; a capped count is reported as -1 (not compared).
const MaxEnumerate = 1 << 16

// Run executes the trace on a fresh sat.Solver.
func (t *Tandem) Run(ctx context.Context, tr *trace.Trace, lim Limits) (res *Result, err error) {
	lim = lim.withDefaults()
	caller := ctx // its end is tandem's stop; cpuWatch's cancel is the trace's limit
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start, cpu := time.Now(), threadMeter()
	// The limit is on the CPU time of the thread that runs the trace.
	tid := unix.Gettid()
	defer cpuWatch(lim.Time, func() (time.Duration, error) { return procCPU(tid) }, cancel)()
	res = &Result{}
	defer func() {
		if r := recover(); r != nil {
			res.Error = fmt.Sprintf("panic: %v", r)
			res.Output = debug.Stack()
		}
		res.Wall = time.Since(start)
		res.CPU, res.InProcess = cpu(), true
	}()
	opts, oerr := tandemOptions(tr.Options())
	if oerr != nil {
		res.Error = "option: " + oerr.Error()
		return res, nil
	}
	s := sat.New(opts)
	enum := len(tr.Calls) > 0 && tr.Calls[len(tr.Calls)-1].Op == trace.Enumerating
	var proof, icnf bytes.Buffer
	if !enum {
		s.SetProof(&proof)
		icnf.WriteString("p icnf\n")
	}
	writeLine := func(typ string, lits []int) {
		if enum {
			return
		}
		icnf.WriteString(typ)
		for _, l := range lits {
			icnf.WriteByte(' ')
			icnf.WriteString(strconv.Itoa(l))
		}
		icnf.WriteString(" 0\n")
	}
	maxVar, last, hadAssumps, unknown := 0, Unknown, false, false
	var stale, cur []int // models of the previous and the last SAT answer
	increment := false
	for _, c := range tr.Calls {
		var a Answer
		switch c.Op {
		case trace.NewVar:
			maxVar = max(maxVar, c.N)
		case trace.AddClause:
			lits := c.Lits
			for _, l := range lits {
				maxVar = max(maxVar, abs(l))
			}
			if t.Bug == "droplit" && len(lits) >= 3 && abs(lits[0])%5 == 0 {
				lits = lits[:len(lits)-1]
			}
			writeLine("i", c.Lits)
			if e := s.AddClause(lits...); e != nil {
				res.Error = "AddClause: " + e.Error()
				return res, nil
			}
			increment = true
		case trace.Solve, trace.Assuming:
			for _, l := range c.Lits {
				maxVar = max(maxVar, abs(l))
				if e := s.Assume(l); e != nil {
					res.Error = "Assume: " + e.Error()
					return res, nil
				}
			}
			st := s.Solve(ctx)
			writeLine("q", c.Lits)
			hadAssumps = c.Op == trace.Assuming
			switch st {
			case sat.Satisfiable:
				last = Sat
				m := s.Model()
				if t.Bug == "stale" && increment && cur != nil {
					stale = cur
				} else {
					stale = nil
				}
				cur = m
				if stale != nil {
					m = stale
				}
				if !enum {
					icnf.WriteString("s " + st.String() + "\n")
					writeLine("m", m)
				}
			case sat.Unsatisfiable:
				last = Unsat
				if !enum {
					icnf.WriteString("s " + st.String() + "\n")
					writeLine("u", t.core(s))
				}
			default:
				last, unknown = Unknown, true
				if !enum {
					icnf.WriteString("s " + st.String() + "\n")
				}
			}
			increment = false
			a.Status = last
		case trace.Model:
			if last == Sat {
				a.Valid = true
				a.Lits = cur
				if stale != nil {
					a.Lits = stale
				}
			}
		case trace.Failed:
			if last == Unsat && hadAssumps {
				a.Valid, a.Lits = true, t.core(s)
			}
		case trace.Enumerating:
			a.Counts = []Count{{"blocking", enumerateBlocking(ctx, s, maxVar)}}
		}
		if ctx.Err() != nil {
			res.Timeout = !res.stopped(caller)
			return res, nil
		}
		res.Answers = append(res.Answers, a)
	}
	if enum || unknown {
		return res, nil
	}
	if e := s.Flush(); e != nil {
		return res, fmt.Errorf("tandem: proof buffer: %w", e)
	}
	res.ProofChecked = true
	_, perr := idrup.Check(ctx, idrup.Source{Name: "trace.icnf", R: &icnf}, idrup.Source{Name: "trace.idrup", R: &proof}, idrup.Options{})
	if perr != nil {
		if ctx.Err() != nil {
			res.Timeout = !res.stopped(caller)
			return res, nil
		}
		res.ProofError = perr.Error()
		res.Output = []byte(strings.Join([]string{"== icnf", icnf.String(), "== idrup", proof.String()}, "\n"))
	}
	return res, nil
}

func (t *Tandem) core(s *sat.Solver) []int {
	c := s.Core()
	if t.Bug == "core" && len(c) >= 2 {
		c = append([]int(nil), c[1:]...)
	}
	return c
}

// enumerateBlocking counts the models over 1..n by adding a blocking clause
// per model (the "external enumerator" of Sat4j's ModelIterator); -1 when the
// count passes MaxEnumerate or ctx ends.
func enumerateBlocking(ctx context.Context, s *sat.Solver, n int) int64 {
	var count int64
	for {
		st := s.Solve(ctx)
		if st == sat.Unsatisfiable {
			return count
		}
		if st != sat.Satisfiable || count >= MaxEnumerate {
			return -1
		}
		count++
		block := make([]int, 0, n)
		for v := 1; v <= n; v++ {
			if s.Value(v) == v {
				block = append(block, -v)
			} else {
				block = append(block, v)
			}
		}
		if len(block) == 0 {
			return count
		}
		if s.AddClause(block...) != nil {
			return -1
		}
	}
}
