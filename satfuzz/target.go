package satfuzz

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"tandem/sat"
	"tandem/satfuzz/trace"
)

// Status is a solve call's answer: [sat.Status], with IPASIR's codes.
type Status = sat.Status

// The answers of a solve call.
const (
	Unknown = sat.Unknown
	Sat     = sat.Satisfiable
	Unsat   = sat.Unsatisfiable
)

// Count is the model count of one enumerator of a target.
type Count struct {
	Enumerator string
	N          int64
}

// Answer is what a target answered to one call: a Status for a solve, Lits
// for a model (the value of every variable 1..maxvar, as v or -v) or failed
// query (the failed assumptions), Counts for enumerating. Calls without an
// answer (addClause, …) have a zero Answer.
type Answer struct {
	Status Status
	Lits   []int
	// Valid says that a model or failed query had an answer (a model query
	// after a non-SAT answer has none).
	Valid  bool
	Counts []Count
}

// Result is the run of one trace on a target.
type Result struct {
	// Answers has one entry per call the target completed, in order.
	Answers []Answer
	// Error is the exception or error the target raised on call
	// len(Answers) ("java.lang.NullPointerException: …", "panic: …"),
	// and Crash a crash (a signal, an abnormal exit). Both stop the run.
	Error string
	Crash string
	// Timeout and Memout say the run hit its limits.
	Timeout, Memout bool
	// Stopped says tandem stopped the run (the caller's context ended: a
	// cancel, the campaign budget's deadline, the pool's Close): no
	// outcome, neither a timeout nor an error nor a crash (issue 26).
	Stopped bool
	// ProofError is the first failure of the target's proof check ("" when
	// there was none or the target writes no proof); ProofChecked says one
	// was checked.
	ProofError   string
	ProofChecked bool
	// Output is the target's raw output, for the findings directory.
	Output []byte
	// Command is the command line of an external target ("" in process).
	Command []string
	// Wall is the run's wall time.
	Wall time.Duration
	// CPU is the run's CPU time: the driver process's, the warm JVM's
	// share, or, InProcess, the solving thread's (see cpu.go).
	CPU       time.Duration
	InProcess bool
}

// DefaultTraceTime is the default CPU-time limit of a trace (Limits.Time).
const DefaultTraceTime = 2 * time.Second

// Limits bound one trace run.
type Limits struct {
	// Time is the CPU-time limit of a trace (default 2 s; the thesis
	// used 2 minutes per solver, §4.1.1, but here a trace takes about
	// 10 ms and a timeout is never a finding, so each one only eats
	// budget; see docs/satfuzz.md, Timeouts): of the driver process tree, of
	// the warm JVM, or of the thread that runs an in-process target
	// (gophersat takes no context: it is only stopped between calls). Its
	// wall-clock time is bounded at WallFactor × Time.
	Time time.Duration
	// Memory is the address-space limit of an external target's process in
	// bytes (default 2 GiB; the JVM gets it as -Xmx/2 instead, see the
	// sat4j target).
	Memory int64
}

func (l Limits) withDefaults() Limits {
	if l.Time <= 0 {
		l.Time = DefaultTraceTime
	}
	if l.Memory <= 0 {
		l.Memory = 2 << 30
	}
	return l
}

// Target runs traces on one solver: one adapter per solver (Murxla's
// solver-agnostic core, STYLE.md). Run returns an error only when the
// target cannot run at all (a missing compiler or library); everything the
// solver does is in the Result.
type Target interface {
	// Name is the target's name on the command line.
	Name() string
	// Options is the target's option model.
	Options() []OptionSpec
	// Run executes the trace.
	Run(ctx context.Context, t *trace.Trace, lim Limits) (*Result, error)
}

var (
	targetsMu sync.Mutex
	targets   = map[string]func() (Target, error){}
	// paramTargets are the targets named "BASE@ARG" (cadical@DIR).
	paramTargets = map[string]func(arg string) (Target, error){}
)

// RegisterParamTarget makes targets named "base@ARG" available to
// NewTarget, which calls mk(ARG): "cadical@DIR" is the CaDiCaL built in DIR.
func RegisterParamTarget(base string, mk func(arg string) (Target, error)) {
	targetsMu.Lock()
	defer targetsMu.Unlock()
	paramTargets[base] = mk
}

// RegisterTarget makes a target available by name to NewTarget.
func RegisterTarget(name string, mk func() (Target, error)) {
	targetsMu.Lock()
	defer targetsMu.Unlock()
	targets[name] = mk
}

// Targets lists the registered target names, sorted.
func Targets() []string {
	targetsMu.Lock()
	defer targetsMu.Unlock()
	var n []string
	for k := range targets {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// NewTarget returns the registered target name, or for "BASE@ARG" the
// target of RegisterParamTarget(BASE) with ARG.
func NewTarget(name string) (Target, error) {
	targetsMu.Lock()
	mk, ok := targets[name]
	base, arg, isParam := strings.Cut(name, "@")
	mkp := paramTargets[base]
	targetsMu.Unlock()
	if !ok && isParam && mkp != nil {
		return mkp(arg)
	}
	if !ok {
		return nil, fmt.Errorf("satfuzz: unknown target %q (have %s)", name, strings.Join(Targets(), ", "))
	}
	return mk()
}

// ParseResponses reads the answers an external driver printed, one line per
// call of t, in the drivers' protocol:
//
//	ok                                   init, option, newVar, addClause
//	s SATISFIABLE|UNSATISFIABLE|UNKNOWN  solve, assuming
//	m LIT… 0 | m none                    model (none: no model to query)
//	u LIT… 0 | u none                    failed
//	n NAME=COUNT…                        enumerating, one pair per enumerator
//	x MESSAGE                            the call raised MESSAGE; the run ends
//
// Lines starting with "c " are driver comments. A line that does not fit the
// call is a protocol error, reported as the result's Error.
func ParseResponses(t *trace.Trace, out []byte, res *Result) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	i := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "c ") {
			continue
		}
		if strings.HasPrefix(line, "x ") {
			res.Error = strings.TrimSpace(line[2:])
			return
		}
		if i >= len(t.Calls) {
			res.Error = "driver protocol: extra output " + clip(line)
			return
		}
		c := t.Calls[i]
		a, err := parseAnswer(c, line)
		if err != nil {
			res.Error = "driver protocol: " + err.Error()
			return
		}
		res.Answers = append(res.Answers, a)
		i++
	}
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

func parseAnswer(c trace.Call, line string) (Answer, error) {
	var a Answer
	bad := func() (Answer, error) {
		return a, fmt.Errorf("answer %q to %s", clip(line), c.Op)
	}
	switch c.Op {
	case trace.Init, trace.Option, trace.NewVar, trace.AddClause:
		if line != "ok" {
			return bad()
		}
	case trace.Solve, trace.Assuming:
		word, found := strings.CutPrefix(line, "s ")
		st, ok := sat.ParseStatus(word)
		if !found || !ok {
			return bad()
		}
		a.Status = st
	case trace.Model, trace.Failed:
		p := "m "
		if c.Op == trace.Failed {
			p = "u "
		}
		if !strings.HasPrefix(line, p) {
			return bad()
		}
		rest := line[2:]
		if rest == "none" {
			return a, nil
		}
		f := strings.Fields(rest)
		if len(f) == 0 || f[len(f)-1] != "0" {
			return bad()
		}
		a.Valid = true
		a.Lits = make([]int, 0, len(f)-1)
		for _, s := range f[:len(f)-1] {
			v, err := strconv.Atoi(s)
			if err != nil || v == 0 {
				return bad()
			}
			a.Lits = append(a.Lits, v)
		}
	case trace.Enumerating:
		if !strings.HasPrefix(line, "n ") {
			return bad()
		}
		for _, kv := range strings.Fields(line[2:]) {
			k, v, ok := strings.Cut(kv, "=")
			n, err := strconv.ParseInt(v, 10, 64)
			if !ok || err != nil {
				return bad()
			}
			a.Counts = append(a.Counts, Count{k, n})
		}
	}
	return a, nil
}

// stopped marks r Stopped, with no outcome, when ctx (the caller's context,
// not a trace limit's) has ended, and reports whether it has: tandem's stop
// is never the target's timeout, error or crash (issue 26).
func (r *Result) stopped(ctx context.Context) bool {
	if ctx.Err() == nil {
		return false
	}
	r.Stopped, r.Timeout, r.Memout, r.Error, r.Crash, r.ProofError = true, false, false, "", "", ""
	return true
}
