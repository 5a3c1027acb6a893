package campaign

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"tandem/solver"
)

// System is one fuzzing algorithm run by the harness: DIVER, BanditFuzz, the
// SAT API fuzzer, or a toy. The harness calls Iterate once per iteration,
// from up to Options.Workers goroutines at a time, so Iterate must be safe
// for concurrent use.
//
// Replay contract: what Iterate does must be a function of the system's
// configuration and it.Seed alone (plus what the solvers answer). Every
// random choice comes from it.Rand. Then `tandem replay DIR N` re-runs
// iteration N exactly, and a resumed campaign finds what an uninterrupted
// one finds. A system that learns across iterations (an RL agent) breaks
// this on purpose; it must say so in its documentation and put everything a
// developer needs to reproduce a finding into the Finding itself.
type System interface {
	// Name is the system's registered name (see Register).
	Name() string
	// Iterate runs one generate → run → judge step. It returns the
	// findings of this iteration (in a deterministic order: their position
	// is part of their identity), the counters of what it did, and an error
	// only when the system itself cannot go on (a solver binary is missing,
	// a configuration is wrong); an error stops the campaign. When ctx is
	// cancelled Iterate should return promptly; its results are then
	// discarded and the iteration is re-run on resume.
	Iterate(ctx context.Context, it *Iteration) ([]Finding, Stats, error)
}

// closeSystem closes sys when it implements io.Closer. A system that holds
// processes or other resources across iterations implements it, and the
// harness closes every system it built (Run, Resume, Replay) when done.
func closeSystem(sys System) {
	if c, ok := sys.(io.Closer); ok {
		c.Close()
	}
}

// CutKeeper is implemented by systems whose findings are each confirmed
// (re-run, re-checked) when Iterate returns them, also when a stop or the
// budget cut the iteration short (Iterate returns the findings it had
// confirmed then, with a nil error). The harness records such findings in
// the store before it stops; the iteration itself is not done and runs
// again on resume, where a finding it makes again counts once more under
// its signature. A system that returns unconfirmed findings from a cut
// iteration must not implement it: their findings are dropped.
type CutKeeper interface {
	KeepsCutFindings() bool
}

// CutFindingIndex is added to the index of a finding kept from a cut
// iteration in the store, so that the findings of the iteration's re-run
// on resume (indices from 0) never collide with it.
const CutFindingIndex = 1 << 20

func keepsCutFindings(sys System) bool {
	k, ok := sys.(CutKeeper)
	return ok && k.KeepsCutFindings()
}

// DirUser is implemented by systems that keep files of their own in the
// campaign directory (satfuzz keeps timed-out traces there). Run and Resume
// call UseDir with the directory's absolute path before the first
// iteration, so a system's files follow the directory when it is moved and
// resumed elsewhere; Replay does not call it (a replay writes nothing).
type DirUser interface {
	UseDir(dir string)
}

// useDir hands dir to sys when it is a DirUser.
func useDir(sys System, dir string) {
	if u, ok := sys.(DirUser); ok {
		abs, err := filepath.Abs(dir)
		if err != nil {
			abs = dir
		}
		u.UseDir(abs)
	}
}

// Reproducer is implemented by systems that can re-check a trigger: it runs
// the trigger of f (or a candidate replacing it, such as a reduced one) the
// way the iteration did and returns the finding it shows now, or nil when
// the trigger no longer shows any problem. The harness uses it to verify
// reduced triggers: a reduction is kept as verified only when the
// reproduced finding has the same signature as the original.
type Reproducer interface {
	Reproduce(ctx context.Context, f *Finding, trigger []byte) (*Finding, error)
}

// Reducer shrinks the trigger of a finding while it still shows the same
// problem. A system provides one by implementing Reducer itself, or a
// program sets Options.Reducer. Reduce must return promptly when ctx is
// done, with the smallest trigger found so far (or an error).
//
// The package tandem/reduce provides the delta-debugging algorithms; a
// system wires them in with a predicate built from [Interesting].
type Reducer interface {
	Reduce(ctx context.Context, f *Finding) ([]byte, error)
}

// ReducerFunc adapts a function to the Reducer interface.
type ReducerFunc func(ctx context.Context, f *Finding) ([]byte, error)

// Reduce calls fn(ctx, f).
func (fn ReducerFunc) Reduce(ctx context.Context, f *Finding) ([]byte, error) { return fn(ctx, f) }

// Interesting returns the predicate a delta debugger needs to reduce f: a
// candidate trigger is interesting when the system reproduces a finding with
// f's signature on it. system is the name the signature is computed with.
func Interesting(system string, r Reproducer, f *Finding) func(ctx context.Context, candidate []byte) (bool, error) {
	want := Signature(system, f)
	return func(ctx context.Context, candidate []byte) (bool, error) {
		g, err := r.Reproduce(ctx, f, candidate)
		if err != nil || g == nil {
			return false, err
		}
		return Signature(system, g) == want, nil
	}
}

// Iteration is what one call of System.Iterate gets.
type Iteration struct {
	// Index is the iteration's number in the campaign, from 0.
	Index uint64
	// Seed is the iteration's own seed, IterationSeed(master, Index).
	Seed uint64
	// Rand is a generator seeded from Seed alone. It belongs to this
	// iteration: do not keep it after Iterate returns.
	Rand *rand.Rand
	// Worker is the number of the worker goroutine running the iteration,
	// from 0 to Options.Workers-1, for per-worker resources (a solver
	// session, a scratch file name). Results must not depend on it.
	Worker int
	// Scratch is a directory owned by this worker for temporary files;
	// it exists and the harness removes it when the campaign ends. Files
	// left there may be seen by the worker's next iteration.
	Scratch string
}

// NewIteration returns the Iteration numbered index of a campaign with the
// given master seed, as the harness builds it (Worker 0, no Scratch).
func NewIteration(master, index uint64) *Iteration {
	s := IterationSeed(master, index)
	return &Iteration{Index: index, Seed: s, Rand: rand.New(rand.NewPCG(s, splitmix64(s)))}
}

// IterationSeed derives the seed of iteration index from the master seed:
// the index-th output of a SplitMix64 generator started at master. Any
// iteration's seed is computed in O(1), so iterations replay alone and in
// any order.
func IterationSeed(master, index uint64) uint64 {
	return splitmix64(master + (index+1)*0x9e3779b97f4a7c15)
}

// splitmix64 is SplitMix64's output function (Steele, Lea, Flood 2014).
func splitmix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Class is the kind of problem a finding shows.
type Class string

// The classes of findings, in the order solver developers rank them
// (cvc5's guidance: soundness before models before the rest).
const (
	Soundness    Class = "soundness"     // a wrong sat/unsat answer, shown by an oracle
	InvalidModel Class = "invalid-model" // a sat answer whose model does not satisfy the formula
	Crash        Class = "crash"         // a signal, an assertion failure, a self-check failure
	Disagreement Class = "disagreement"  // solvers (or options) disagree and no oracle says who is right
	Performance  Class = "performance"   // one solver or option set is much slower than another
	APIError     Class = "api-error"     // a valid input or API call rejected with an error
)

// Classes lists every class, most severe first.
var Classes = []Class{Soundness, InvalidModel, Crash, Disagreement, Performance, APIError}

func (c Class) rank() int {
	for i, k := range Classes {
		if k == c {
			return i
		}
	}
	return len(Classes)
}

// Finding is one problem found in one iteration. Only Class and Message are
// required; everything else makes the findings directory more useful.
type Finding struct {
	// Class is the kind of problem.
	Class Class `json:"class"`
	// Solver is the solver spec that misbehaved, with the options that
	// matter, e.g. "z3 smt.arith.solver=2" ("" when no external solver is
	// involved). For a disagreement, list both: "z3 | cvc5".
	Solver string `json:"solver,omitempty"`
	// SolverVersion is the version of that solver (solver.Version).
	SolverVersion string `json:"solver_version,omitempty"`
	// Message says what is wrong in one line: the crash line, "sat but
	// the reference says unsat", the API error text. Its normalized form
	// (NormalizeMessage) is part of the signature, so put run-specific
	// detail in Details, not here.
	Message string `json:"message"`
	// Trigger is the input that shows the problem: an SMT-LIB script, an
	// API trace.
	Trigger []byte `json:"-"`
	// TriggerExt is the trigger file's extension (default ".smt2").
	TriggerExt string `json:"trigger_ext,omitempty"`
	// Command is the exact command line that shows the problem on the
	// trigger, program first; the trigger's path is FilePlaceholder.
	Command []string `json:"command,omitempty"`
	// Output is what the solver printed (stdout, then stderr).
	Output []byte `json:"-"`
	// Details is Markdown for a solver developer: the evidence (the
	// reference answer, the model and the assertion it falsifies, the
	// timings). It goes into the finding's README.md.
	Details string `json:"details,omitempty"`
}

// FilePlaceholder stands for the trigger's path in Finding.Command.
const FilePlaceholder = solver.FilePlaceholder

func (f *Finding) ext() string {
	if f.TriggerExt == "" {
		return ".smt2"
	}
	return f.TriggerExt
}

// Stats counts what one iteration (or a whole campaign) did. The zero value
// is ready to use; Record adds one solver run.
type Stats struct {
	SolverCalls int64 `json:"solver_calls"`
	Sat         int64 `json:"sat"`
	Unsat       int64 `json:"unsat"`
	Unknown     int64 `json:"unknown"`
	Timeout     int64 `json:"timeout"`
	Crash       int64 `json:"crash"`
	Memout      int64 `json:"memout"`
	Error       int64 `json:"error"` // error and unsupported
	// LimitCut counts calls a system stopped at its own limit below the
	// campaign's time limit (DIVER's adaptive per-mutant CPU limit): not
	// in Timeout, since such a call only cost more than its siblings.
	LimitCut int64 `json:"limit_cut,omitempty"`
	// Skipped counts iterations that did no fuzzing because their input was
	// unusable (a seed the solver gave no model for, a seed that does not
	// parse). A campaign whose every iteration is skipped is broken
	// (Summary.Health).
	Skipped int64 `json:"skipped,omitempty"`
	// Exhausted, set by an iteration, says the system has no usable input
	// left (DIVER: every seed file was found unusable): the run starts no
	// further iteration. Not summed or stored.
	Exhausted bool `json:"-"`
	// FirstError is the first error (or crash) message of a solver call,
	// kept so that a broken campaign can say what went wrong.
	FirstError string `json:"first_error,omitempty"`
	// SolverCPU is the user+system CPU time spent solving: of solver
	// processes (wait4's rusage), of long-lived solver processes such as a
	// JVM pool (their share of each run), and of solvers run in tandem's
	// own process (InProcessCPU, also part of this process's CPU time).
	// SolverWall is their wall time.
	SolverCPU    time.Duration `json:"solver_cpu_ns"`
	InProcessCPU time.Duration `json:"in_process_cpu_ns,omitempty"`
	SolverWall   time.Duration `json:"solver_wall_ns"`
	// Counters are the system's own counters (mutants made, oracles
	// checked, …), summed over the campaign and shown in its report panel.
	Counters map[string]int64 `json:"counters,omitempty"`
}

// Record counts one solver run.
func (s *Stats) Record(r *solver.Result) { s.RecordAs(r, r.Status) }

// RecordAs counts one solver run, with r's CPU and wall time, as one call
// that ended with st: the outcome the system judged it to be, when that
// is not r.Status (DIVER's unsat oracle counts a sat answer followed by a
// failed self-check as the sat answer it judges, not as a crash; an
// answer after a refused option as that answer, see RefusedCounter).
// Each call is counted once, under one outcome: [Stats.Reconcile].
func (s *Stats) RecordAs(r *solver.Result, st solver.Status) {
	s.RecordStatus(st)
	s.SolverCPU += r.CPU()
	s.SolverWall += r.Wall
	if s.FirstError == "" {
		switch {
		case r.Status == solver.StatusError, r.Status == solver.StatusUnsupported, r.Status == solver.StatusCrash,
			r.Status == solver.StatusUnknown && r.ExitCode != 0: // no solver gives up with a failing exit
			s.NoteError(ErrorMessage(r))
		}
	}
}

// ErrorMessage is the message that says why a run failed: its first
// (error "…") response, its crash signature, the first line of its output
// that mentions an error, or the reason.
func ErrorMessage(r *solver.Result) string {
	switch {
	case len(r.Errors) > 0:
		return r.Errors[0]
	case r.Signature != "":
		return r.Signature
	}
	if l := ErrorLine(r.Stderr, r.Stdout); l != "" {
		return l
	}
	if r.Reason != "" {
		return r.Reason
	}
	return r.Status.String()
}

// ErrorLine is the first line of the outputs (in order, the first 64 KiB
// and 200 lines of each) that mentions an error, trimmed; "" when none
// does. A solver that rejects its command line prints why before a long
// help text (z3: "ERROR: unknown parameter …" then the legal ones).
func ErrorLine(outs ...[]byte) string {
	for _, out := range outs {
		for _, line := range strings.SplitN(string(out[:min(len(out), 64<<10)]), "\n", 200) {
			if strings.Contains(strings.ToLower(line), "error") {
				return strings.TrimSpace(line)
			}
		}
	}
	return ""
}

// ErrorKind normalizes a solver's error message into a short kind, for
// counting errors by kind (ErrorCounter): the first line only, positions
// dropped, numbers as N, at most 60 bytes. "line 5 column 28: logic does
// not support integers" and "line 9 column 3: logic does not support
// integers" are one kind.
func ErrorKind(msg string) string {
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = errPos.ReplaceAllString(msg, "")
	msg = errDigits.ReplaceAllString(msg, "N")
	msg = strings.TrimSpace(msg)
	if len(msg) > 60 {
		msg = msg[:60]
		for !utf8.ValidString(msg) {
			msg = msg[:len(msg)-1]
		}
	}
	if msg == "" {
		msg = "unknown"
	}
	return msg
}

var (
	errPos    = regexp.MustCompile(`(?:Parse Error: )?(?:<stdin>|[^ :]+\.smt2):\d+\.\d+: |line \d+ column \d+: `)
	errDigits = regexp.MustCompile(`\d+`)
)

// NoteError keeps msg as FirstError when no error was noted before.
func (s *Stats) NoteError(msg string) {
	if s.FirstError == "" {
		s.FirstError = oneLine(msg, 300)
	}
}

// RecordStatus counts one solver call that ended with st (for example one
// check-sat of an incremental session, whose CPU time is not known per call).
func (s *Stats) RecordStatus(st solver.Status) {
	s.SolverCalls++
	switch st {
	case solver.StatusSat:
		s.Sat++
	case solver.StatusUnsat:
		s.Unsat++
	case solver.StatusUnknown:
		s.Unknown++
	case solver.StatusTimeout:
		s.Timeout++
	case solver.StatusCrash:
		s.Crash++
	case solver.StatusMemout:
		s.Memout++
	default:
		s.Error++
	}
}

// Outcomes is the sum of the outcome counters: every solver call is
// counted under exactly one of them, so it equals SolverCalls.
func (s *Stats) Outcomes() int64 {
	return s.Sat + s.Unsat + s.Unknown + s.Timeout + s.Crash + s.Memout + s.Error + s.LimitCut
}

// Reconcile checks the invariant of the outcome counters: their sum is
// SolverCalls (a call counted twice, or under no outcome, breaks it). The
// harness checks it on every run (Summary.Health warns); systems check
// their own counters against these in their tests.
func (s *Stats) Reconcile() error {
	if o := s.Outcomes(); o != s.SolverCalls {
		return fmt.Errorf("the outcome counters (sat %d, unsat %d, unknown %d, timeout %d, crash %d, memout %d, error %d, cut %d) sum to %d, not to the %d solver calls",
			s.Sat, s.Unsat, s.Unknown, s.Timeout, s.Crash, s.Memout, s.Error, s.LimitCut, o, s.SolverCalls)
	}
	return nil
}

// RecordCut counts one solver call stopped by the system's own limit
// (LimitCut), with r's CPU and wall time when r is not nil (a one-shot
// run; a session's CPU is counted when it ends).
func (s *Stats) RecordCut(r *solver.Result) {
	s.SolverCalls++
	s.LimitCut++
	if r != nil {
		s.SolverCPU += r.CPU()
		s.SolverWall += r.Wall
	}
}

// Count adds n to the system counter name.
func (s *Stats) Count(name string, n int64) {
	if s.Counters == nil {
		s.Counters = map[string]int64{}
	}
	s.Counters[name] += n
}

// Add adds o to s.
func (s *Stats) Add(o Stats) {
	s.SolverCalls += o.SolverCalls
	s.Sat += o.Sat
	s.Unsat += o.Unsat
	s.Unknown += o.Unknown
	s.Timeout += o.Timeout
	s.Crash += o.Crash
	s.Memout += o.Memout
	s.Error += o.Error
	s.LimitCut += o.LimitCut
	s.Skipped += o.Skipped
	s.NoteError(o.FirstError)
	s.SolverCPU += o.SolverCPU
	s.InProcessCPU += o.InProcessCPU
	s.SolverWall += o.SolverWall
	for k, v := range o.Counters {
		s.Count(k, v)
	}
}

// Factory builds a System from its configuration: the JSON a campaign
// stored when it started (the system's options; nil means the defaults).
type Factory func(config []byte) (System, error)

var registry = struct {
	sync.Mutex
	m map[string]Factory
}{m: map[string]Factory{}}

// Register makes a system known by name, so campaigns of it can be started,
// resumed and replayed. Systems register in an init function. Registering a
// name twice is an error.
func Register(name string, f Factory) error {
	registry.Lock()
	defer registry.Unlock()
	if name == "" || f == nil {
		return fmt.Errorf("campaign.Register: empty name or nil factory")
	}
	if _, dup := registry.m[name]; dup {
		return fmt.Errorf("campaign.Register: system %q registered twice", name)
	}
	registry.m[name] = f
	return nil
}

// Systems returns the registered system names, sorted.
func Systems() []string {
	registry.Lock()
	defer registry.Unlock()
	var names []string
	for n := range registry.m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// NewSystem builds the registered system name from config.
func NewSystem(name string, config []byte) (System, error) {
	registry.Lock()
	f := registry.m[name]
	registry.Unlock()
	if f == nil {
		return nil, fmt.Errorf("unknown system %q (registered: %v); a campaign can only be resumed or replayed by a tandem binary that includes its system", name, Systems())
	}
	s, err := f(config)
	if err != nil {
		return nil, fmt.Errorf("system %s: configuration: %w", name, err)
	}
	return s, nil
}
