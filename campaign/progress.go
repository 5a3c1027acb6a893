package campaign

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"tandem/internal/proc"
	"tandem/internal/statusline"
)

// Event is one object of the JSON event stream (Options.Events), one per
// line. Event says which kind it is; the other fields are set by kind:
//
//   - "start": Campaign, System, Shard, Resumed, Budget.
//   - "progress" (every Options.LogEvery): the counters of this run.
//   - "finding": a committed finding: Iteration, Index, Signature, Class,
//     Message, New (first of its signature in the campaign).
//   - "reduced": Signature, Status (a Reduce* constant), Size.
//   - "summary": Summary, once at the end.
type Event struct {
	Event    string    `json:"event"`
	Time     time.Time `json:"time"`
	Campaign string    `json:"campaign"`

	System  string `json:"system,omitempty"`
	Shard   string `json:"shard,omitempty"`
	Resumed uint64 `json:"resumed,omitempty"`
	Budget  string `json:"budget,omitempty"`

	Elapsed       float64 `json:"elapsed_s,omitempty"`
	Iterations    uint64  `json:"iterations,omitempty"`
	ItersPerSec   float64 `json:"iterations_per_s,omitempty"`
	CallsPerSec   float64 `json:"solver_calls_per_s,omitempty"`
	Stats         *Stats  `json:"stats,omitempty"`
	Findings      int64   `json:"findings,omitempty"`
	NewSignatures int64   `json:"new_signatures,omitempty"`
	Signatures    int64   `json:"signatures,omitempty"`
	SolverShare   float64 `json:"solver_cpu_share,omitempty"`
	ETA           float64 `json:"eta_s,omitempty"`

	Iteration *uint64 `json:"iteration,omitempty"`
	Index     *int    `json:"index,omitempty"`
	Signature string  `json:"signature,omitempty"`
	Class     Class   `json:"class,omitempty"`
	Message   string  `json:"message,omitempty"`
	New       bool    `json:"new,omitempty"`
	Status    string  `json:"status,omitempty"`
	Size      int     `json:"size,omitempty"`

	Summary *Summary `json:"summary,omitempty"`
}

// progress keeps the counters of a run and prints them.
type progress struct {
	opts     Options
	dir      string
	meta     Meta
	shard    Shard
	resumed  uint64
	total    uint64        // iterations of the shard in the budget (0: none)
	timeBase time.Duration // time used by earlier runs, out of meta.Duration
	t0       time.Time
	cpu0     time.Duration
	child0   time.Duration
	line     *statusline.Line // the status line and log lines on opts.Progress
	mu       sync.Mutex       // guards everything below
	iters    uint64
	stats    Stats
	cut      uint64 // iterations cut short by the budget or a stop
	// cutFindings are the findings kept from cut iterations (CutKeeper)
	cutFindings int64
	failed      uint64 // iterations that ended in an error
	firstErr    string // the first of their errors
	cutStats    Stats  // their work
	findings    int64
	newSigs     int64
	warned      bool // the early error warning was given

	sigsTotal atomic.Int64
	unhook    func() // removes the signal messages
	stopc     chan struct{}
	donec     chan struct{}
}

func newProgress(dir string, opts Options, meta Meta, shard Shard, resumed, total uint64, timeBase time.Duration) *progress {
	p := &progress{dir: dir, opts: opts, meta: meta, shard: shard, resumed: resumed, total: total, timeBase: timeBase,
		t0: time.Now(), cpu0: selfCPU(), child0: childrenCPU(), stopc: make(chan struct{}), donec: make(chan struct{}),
		line: statusline.New(opts.Progress, true)}
	return p
}

// selfCPU is this process's user+system CPU time.
func selfCPU() time.Duration { return rusageCPU(syscall.RUSAGE_SELF) }

// childrenCPU is the user+system CPU time of this process's terminated and
// reaped children (and theirs).
func childrenCPU() time.Duration { return rusageCPU(syscall.RUSAGE_CHILDREN) }

func rusageCPU(who int) time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func (p *progress) budget() string {
	var parts []string
	if p.meta.Iterations > 0 {
		parts = append(parts, fmt.Sprintf("%d iterations", p.meta.Iterations))
	}
	if p.meta.Duration > 0 {
		d := p.meta.Duration.String()
		if p.timeBase > 0 {
			d += fmt.Sprintf(" (%s used before)", p.timeBase.Round(time.Second))
		}
		parts = append(parts, d)
	}
	return strings.Join(parts, ", ")
}

func (p *progress) start() {
	p.event(Event{Event: "start", System: p.meta.System, Shard: p.shard.String(), Resumed: p.resumed, Budget: p.budget()})
	if p.opts.Progress != nil {
		msg := fmt.Sprintf("campaign %s: system %s, seed %d, budget %s, %d workers, shard %s",
			p.meta.ID, p.meta.System, p.meta.Seed, p.budget(), p.opts.Workers, p.shard)
		if p.resumed > 0 {
			msg += fmt.Sprintf(", resuming after %d done iterations", p.resumed)
		}
		p.logf("%s", msg)
	}
	// The process's signal handler (proc.SignalContext, as tandem's main
	// installs it) cancels ctx on the first SIGINT or SIGTERM and exits on
	// the second: say what each means.
	p.unhook = proc.OnSignal(func(n int) {
		if n == 1 {
			p.logf("stopping: committing finished iterations (interrupt again to abort now)")
		} else {
			p.logf("aborted; resume the campaign with --resume")
		}
	})
	go p.loop()
}

func (p *progress) loop() {
	defer close(p.donec)
	every := p.opts.LogEvery
	if p.line.TTY() {
		every = 500 * time.Millisecond
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	evTick := time.NewTicker(p.opts.LogEvery)
	defer evTick.Stop()
	for {
		select {
		case <-p.stopc:
			return
		case <-tick.C:
			if p.opts.Progress != nil {
				p.mu.Lock()
				line := p.statusLine()
				p.mu.Unlock()
				p.line.Set(line)
			}
		case <-evTick.C:
			if p.opts.Events != nil {
				p.mu.Lock()
				e := p.progressEvent()
				p.mu.Unlock()
				p.event(e)
			}
		}
	}
}

func (p *progress) stop() {
	if p.unhook != nil {
		p.unhook()
	}
	close(p.stopc)
	<-p.donec
	p.line.Clear()
}

// logf prints one line, above the status line on a terminal.
func (p *progress) logf(format string, args ...any) { p.line.Logf(format, args...) }

func (p *progress) event(e Event) {
	if p.opts.Events == nil {
		return
	}
	e.Time = time.Now().UTC()
	e.Campaign = p.meta.ID
	data, err := json.Marshal(e)
	if err != nil {
		return
	}
	p.mu.Lock()
	p.opts.Events.Write(append(data, '\n'))
	p.mu.Unlock()
}

func (p *progress) addIteration(b iterResult) {
	p.mu.Lock()
	p.iters++
	p.stats.Add(b.stats)
	warn := p.errorWarning()
	p.mu.Unlock()
	if warn != "" {
		p.logf("%s", warn)
	}
}

// EarlyWarnCalls and EarlyErrorShare decide the run-time warning about
// errors: once EarlyWarnCalls solver calls are done, a share of error
// answers above EarlyErrorShare is worth a look before the run ends. It is
// below Health's MaxErrorShare because one solver of three that refuses
// every query (a grammar in a logic it does not take, an option it does
// not know) makes a third of the calls errors, and compares nothing.
const (
	EarlyWarnCalls  = 40
	EarlyErrorShare = 0.25
)

// errorWarning returns, once, the warning that the run so far has too
// many error answers, naming the most common kinds (p.mu held).
func (p *progress) errorWarning() string {
	calls, errs := p.stats.SolverCalls, p.stats.Error
	if p.warned || calls < EarlyWarnCalls || float64(errs) <= EarlyErrorShare*float64(calls) {
		return ""
	}
	p.warned = true
	w := fmt.Sprintf("warning: %d of the first %d solver calls (%.0f%%) ended in an error", errs, calls, 100*float64(errs)/float64(calls))
	if kinds := countersLine(p.stats.Counters, ErrorCounter, 2); kinds != "" {
		w += ": " + kinds
	} else if p.stats.FirstError != "" {
		w += ", the first: " + oneLine(p.stats.FirstError, 160)
	}
	return w + "; such calls compare nothing: check the solver command, its options and the logic on one input (tandem run --solver SPEC FILE)"
}

// addCut counts the work of an iteration cut short: it is not done (it
// runs again on resume) and its findings are dropped, but its solver calls
// and CPU time were spent.
func (p *progress) addCut(st Stats) {
	p.mu.Lock()
	p.cut++
	p.stats.Add(st)
	p.cutStats.Add(st)
	p.mu.Unlock()
}

// addCutFindings counts the findings kept from a cut iteration
// (CutKeeper).
func (p *progress) addCutFindings(n int) {
	p.mu.Lock()
	p.cutFindings += int64(n)
	p.mu.Unlock()
}

// addFailed counts an iteration that ended in an error: not done (it runs
// again on resume), its work counted. It logs the error and returns how
// many iterations failed and how many are done in this run.
func (p *progress) addFailed(st Stats, err error) (failed, done uint64) {
	p.mu.Lock()
	p.failed++
	if p.firstErr == "" {
		p.firstErr = err.Error()
	}
	p.stats.Add(st)
	failed, done = p.failed, p.iters
	p.mu.Unlock()
	p.logf("failed: %s", oneLine(err.Error(), 400))
	return failed, done
}

func (p *progress) finding(iter uint64, idx int, sig string, f *Finding, isNew bool) {
	p.mu.Lock()
	p.findings++
	if isNew {
		p.newSigs++
	}
	p.mu.Unlock()
	if isNew {
		p.sigsTotal.Add(1)
		p.logf("new %s finding %s in iteration %d: %s", f.Class, sig, iter, oneLine(f.Message, 120))
	}
	p.event(Event{Event: "finding", Iteration: &iter, Index: &idx, Signature: sig, Class: f.Class, Message: f.Message, New: isNew})
}

func (p *progress) reduced(sig, status string, size int, note string) {
	if status != ReduceVerified && status != ReduceUnverified {
		p.logf("reduction of %s: %s (%s)", sig, status, note)
	} else {
		p.logf("reduced %s to %d bytes (%s)", sig, size, status)
	}
	p.event(Event{Event: "reduced", Signature: sig, Status: status, Size: size, Message: note})
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}

// eta returns the time left by the budget (-1 when unknown). Called with mu.
func (p *progress) eta(el time.Duration) time.Duration {
	eta := time.Duration(-1)
	if p.total > 0 && p.iters > 0 {
		left := int64(p.total) - int64(p.resumed) - int64(p.iters)
		if left < 0 {
			left = 0
		}
		eta = time.Duration(float64(el) / float64(p.iters) * float64(left))
	}
	if p.meta.Duration > 0 {
		if d := p.meta.Duration - p.timeBase - el; eta < 0 || d < eta {
			eta = max(d, 0)
		}
	}
	return eta
}

// share is the solver share of CPU so far. Called with mu.
func (p *progress) share() float64 {
	self := max(selfCPU()-p.cpu0-p.stats.InProcessCPU, 0)
	t := self + p.stats.SolverCPU
	if t <= 0 {
		return 0
	}
	return float64(p.stats.SolverCPU) / float64(t)
}

// statusLine is the one-line dashboard. Called with mu.
func (p *progress) statusLine() string {
	el := time.Since(p.t0)
	sec := el.Seconds()
	s := &p.stats
	line := fmt.Sprintf("%s  it %d (%.1f/s)  calls %d (%.1f/s)  sat %d unsat %d unk %d to %d cut %d crash %d err %d  findings %d new %d (bugs %d)  solver CPU %.0f%%",
		fmtDur(el), p.resumed+p.iters, float64(p.iters)/sec, s.SolverCalls, float64(s.SolverCalls)/sec,
		s.Sat, s.Unsat, s.Unknown, s.Timeout, s.LimitCut, s.Crash+s.Memout, s.Error, p.findings, p.newSigs, p.sigsTotal.Load(), 100*p.share())
	if in := countersLine(s.Counters, InputsCounter, 4); in != "" {
		line += "  inputs " + in
	}
	if eta := p.eta(el); eta >= 0 {
		line += "  ETA " + fmtDur(eta)
	}
	return line
}

func (p *progress) progressEvent() Event {
	el := time.Since(p.t0)
	st := p.stats
	e := Event{Event: "progress", Elapsed: el.Seconds(), Iterations: p.resumed + p.iters,
		ItersPerSec: float64(p.iters) / el.Seconds(), CallsPerSec: float64(st.SolverCalls) / el.Seconds(),
		Stats: &st, Findings: p.findings, NewSignatures: p.newSigs, Signatures: p.sigsTotal.Load(), SolverShare: p.share()}
	if eta := p.eta(el); eta >= 0 {
		e.ETA = eta.Seconds()
	}
	return e
}

func fmtDur(d time.Duration) string {
	d = d.Round(time.Second)
	h := d / time.Hour
	m := (d % time.Hour) / time.Minute
	s := (d % time.Minute) / time.Second
	return fmt.Sprintf("%02d:%02d:%02d", h, m, s)
}

func (p *progress) summary() *Summary {
	p.mu.Lock()
	defer p.mu.Unlock()
	return &Summary{Iterations: p.iters, Stats: p.stats, Cut: p.cut, CutStats: p.cutStats, CutFindings: p.cutFindings, Failed: p.failed, FirstFailure: p.firstErr,
		Findings: p.findings, NewSignatures: p.newSigs, Elapsed: time.Since(p.t0),
		HarnessCPU:  max(selfCPU()-p.cpu0-p.stats.InProcessCPU, 0),
		ChildrenCPU: childrenCPU() - p.child0}
}

func (p *progress) printSummary(s *Summary) {
	p.event(Event{Event: "summary", Summary: s})
	if p.opts.Progress == nil {
		return
	}
	w := p.opts.Progress
	p.mu.Lock()
	defer p.mu.Unlock()
	how := "budget used"
	switch {
	case s.Interrupted:
		how = "stopped"
	case !s.Complete && p.meta.Iterations > 0 && p.meta.Duration == 0:
		how = "stopped early"
	case !s.Complete && p.meta.Duration > 0:
		how = "time budget used"
	}
	sec := s.Elapsed.Seconds()
	fmt.Fprintf(w, "campaign %s (%s): %s after %s\n", s.Campaign, s.System, how, fmtDur(s.Elapsed))
	fmt.Fprintf(w, "  iterations   %d this run (%.1f/s), %d done before\n", s.Iterations, float64(s.Iterations)/sec, s.Resumed)
	st := s.Stats
	fmt.Fprintf(w, "  solver calls %d (%.1f/s): sat %d, unsat %d, unknown %d, timeout %d, crash %d, memout %d, error %d\n",
		st.SolverCalls, float64(st.SolverCalls)/sec, st.Sat, st.Unsat, st.Unknown, st.Timeout, st.Crash, st.Memout, st.Error)
	if st.LimitCut > 0 {
		fmt.Fprintf(w, "  cut          %d solver calls stopped by the system's adaptive limit below the time limit (not timeouts)\n", st.LimitCut)
	}
	if in := countersLine(st.Counters, InputsCounter, 4); in != "" {
		fmt.Fprintf(w, "  inputs       %s\n", in)
	}
	if kinds := countersLine(st.Counters, ErrorCounter, 3); kinds != "" {
		fmt.Fprintf(w, "  error kinds  %s\n", kinds)
	}
	if skips := countersLine(st.Counters, SkipCounter, 4); skips != "" {
		fmt.Fprintf(w, "  skipped      %s\n", skips)
	}
	if n := st.Counters[RefusedCounter]; n > 0 {
		fmt.Fprintf(w, "  refused      %d solver calls answered after the solver refused an option (counted and judged as default-mode answers; the refusals are in the error kinds)\n", n)
	}
	if opts := countersLine(st.Counters, RetiredCounter, 5); opts != "" {
		fmt.Fprintf(w, "  retired      %s (options the solver refused, not drawn again)\n", opts)
	}
	if s.Cut > 0 {
		kept := "findings dropped"
		if s.CutFindings > 0 {
			kept = fmt.Sprintf("%d confirmed findings recorded, the rest dropped", s.CutFindings)
		}
		fmt.Fprintf(w, "  cut short    %d iterations by the budget or a stop: %d solver calls, %s solver CPU (counted here; %s; they run again on resume)\n",
			s.Cut, s.CutStats.SolverCalls, s.CutStats.SolverCPU.Round(time.Millisecond), kept)
	}
	if s.Failed > 0 {
		fmt.Fprintf(w, "  FAILED       %d iterations ended in an error (they run again on resume); the first: %s\n", s.Failed, oneLine(s.FirstFailure, 400))
	}
	solvers := st.SolverCPU.Round(time.Millisecond).String()
	if st.InProcessCPU > 0 {
		solvers += fmt.Sprintf(" (%s in process)", st.InProcessCPU.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "  CPU          solvers %s, harness %s (%.1f%% inside solvers)\n", solvers, s.HarnessCPU.Round(time.Millisecond), 100*s.SolverShare())
	tree := s.HarnessCPU + st.InProcessCPU + s.ChildrenCPU
	other := max(s.ChildrenCPU-(st.SolverCPU-st.InProcessCPU), 0)
	fmt.Fprintf(w, "  process tree %s CPU: this process %s, child processes %s (%s outside the iterations' solver runs: reductions, version probes)\n",
		tree.Round(time.Millisecond), (s.HarnessCPU + st.InProcessCPU).Round(time.Millisecond), s.ChildrenCPU.Round(time.Millisecond), other.Round(time.Millisecond))
	if p.meta.Duration > 0 {
		fmt.Fprintf(w, "  time budget  %s: %s used in all\n", p.meta.Duration, s.TimeUsed.Round(time.Second))
	}
	if s.StoreError != "" {
		fmt.Fprintf(w, "  findings     %d this run, %d new bugs; the store was unreachable at the end (%s): at least %d distinct bugs in the campaign\n",
			s.Findings, s.NewSignatures, s.StoreError, s.Signatures)
	} else {
		fmt.Fprintf(w, "  findings     %d this run, %d new bugs; %d distinct bugs in the campaign\n", s.Findings, s.NewSignatures, s.Signatures)
	}
	fmt.Fprintf(w, "  store        %s\n", s.Store)
	for _, m := range s.Warnings {
		fmt.Fprintf(w, "  WARNING      %s\n", m)
	}
	for i, m := range s.Problems {
		head := "               "
		if i == 0 {
			head = "  BROKEN       "
		}
		fmt.Fprintf(w, "%s%s\n", head, m)
	}
	timeLeft := p.meta.Duration == 0 || s.TimeUsed < p.meta.Duration
	switch {
	case s.Complete:
	case timeLeft:
		fmt.Fprintf(w, "  resume with  tandem campaign resume %s\n", quoteArg(p.dir))
	default:
		fmt.Fprintf(w, "  go on with   tandem campaign resume %s --time LONGER (the time budget counts every run)\n", quoteArg(p.dir))
	}
}

// Counter name prefixes the summary shows: a system counts each kind of
// solver error as ErrorCounter+kind, and each option it stopped fuzzing
// because the solver refused it as RetiredCounter+option.
const (
	ErrorCounter   = "error: "
	RetiredCounter = "option retired: "
	// InputsCounter+kind counts a system's inputs by kind (DIVER:
	// sat-seed and unsat-seed mutants), shown in the status line and the
	// summary.
	InputsCounter = "inputs: "
	// SkipCounter+reason counts the inputs a system skipped by reason
	// (DIVER: "seed skipped: parse error", …): the summary names the most
	// common ones, and so does a broken campaign's problem.
	SkipCounter = "seed skipped: "
	// RefusedCounter counts the solver calls answered after the solver
	// refused an option (z3 trunk: "invalid parameter for
	// smt.string_solver, valid options are …", then an answer): the call
	// ran without that option, so its answer is counted and judged as a
	// default-mode answer (under its outcome), not as an error, and the
	// refusal's text goes to the error kinds (ErrorCounter) all the same.
	RefusedCounter = "refused option"
)

// countersLine is the n largest counters named prefix+X as "N× X; …",
// with how many more there are ("" when there is none).
func countersLine(c map[string]int64, prefix string, n int) string {
	type kv struct {
		k string
		v int64
	}
	var l []kv
	for k, v := range c {
		if x, ok := strings.CutPrefix(k, prefix); ok && v > 0 {
			l = append(l, kv{x, v})
		}
	}
	slices.SortFunc(l, func(a, b kv) int {
		if a.v != b.v {
			return cmp.Compare(b.v, a.v)
		}
		return strings.Compare(a.k, b.k)
	})
	var b strings.Builder
	for i, e := range l {
		if i == n {
			fmt.Fprintf(&b, "; %d more", len(l)-n)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d× %s", e.v, e.k)
	}
	return b.String()
}

func quoteArg(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\n'\"\\$`") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}
