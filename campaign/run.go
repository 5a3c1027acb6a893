package campaign

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Defaults of Options.
const (
	DefaultReduceTimeout = 5 * time.Minute
	DefaultLogEvery      = 10 * time.Second
	// DefaultBatch is how many finished iterations one store transaction
	// commits at most, and DefaultBatchDelay how long a finished iteration
	// waits for others to share its transaction. Group commits keep the
	// harness cheap with thousands of iterations a second; the delay is
	// also the longest a finding waits before it is committed and shown.
	DefaultBatch      = 256
	DefaultBatchDelay = 250 * time.Millisecond
	// DefaultQuietBatchDelay is how long finished iterations without
	// findings wait for a commit: longer, since nothing is announced from
	// them, and each commit costs (a few hundred µs with SQLite, a network
	// round trip with PostgreSQL). It also bounds how much of the time
	// budget's use a kill -9 forgets.
	DefaultQuietBatchDelay = time.Second
)

// MetaFile is the campaign directory's description of the campaign: its id,
// system, store and shard, read by Resume, Replay and BuildReport.
const MetaFile = "campaign.json"

// Shard is the part K (from 0) of N of a campaign's iterations that one
// process runs: the iterations i with i mod N = K. The zero value is the
// whole campaign.
type Shard struct{ K, N uint64 }

func (s Shard) norm() Shard {
	if s.N == 0 {
		return Shard{0, 1}
	}
	return s
}

// String prints the shard as K/N.
func (s Shard) String() string { s = s.norm(); return fmt.Sprintf("%d/%d", s.K, s.N) }

// ParseShard reads "K/N" with 0 ≤ K < N.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.ParseUint(a, 10, 64)
	n, err2 := strconv.ParseUint(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || n == 0 || k >= n {
		return Shard{}, fmt.Errorf("shard %q: want K/N with 0 ≤ K < N, e.g. 0/4 for the first of four workers", s)
	}
	return Shard{k, n}, nil
}

// Options are the settings of one run of a campaign. The zero value runs
// on every core with an SQLite store in the campaign directory and no
// progress output; a budget (Iterations or Duration) is required.
type Options struct {
	// Store is the findings store: "" for the SQLite file in the campaign
	// directory, or a postgres:// URL shared by many workers.
	Store string
	// Campaign is the campaign's id in the store (default: the base name
	// of the campaign directory). Workers sharing a PostgreSQL store run
	// one campaign when they give the same id.
	Campaign string
	// Seed is the master seed; iteration i runs with IterationSeed(Seed, i).
	Seed uint64
	// Iterations is the iteration budget of the whole campaign (0: none).
	// Iterations 0 … Iterations-1 are run, each once, across all shards
	// and resumes.
	Iterations uint64
	// Duration is the time budget of the campaign (0: none): how long it
	// runs in all, summed over its runs, so a resumed campaign runs for
	// what is left (Store.TimeUsed). With shards, each shard has this
	// budget. Given to Run for an existing campaign or to Resume, it
	// replaces the stored budget.
	Duration time.Duration
	// Workers is the number of iterations run at once (default:
	// runtime.NumCPU()).
	Workers int
	// Shard selects the iterations this process runs (default: all).
	Shard Shard
	// Reducer shrinks new findings in the background (default: the
	// system, when it implements Reducer). NoReduce turns reduction off.
	Reducer  Reducer
	NoReduce bool
	// ReduceTimeout bounds the reduction of one finding (default
	// DefaultReduceTimeout).
	ReduceTimeout time.Duration
	// Progress receives human-readable progress: a status line redrawn in
	// place when it is a terminal, otherwise a log line every LogEvery,
	// and the summary. nil prints nothing.
	Progress io.Writer
	// LogEvery is the interval of progress log lines and JSON progress
	// events (default DefaultLogEvery).
	LogEvery time.Duration
	// Events receives the JSON event stream, one object per line: start,
	// progress, finding, reduced, summary (see Event). nil sends none.
	Events io.Writer
	// Worker names this process in the store (default host:pid).
	Worker string
}

// Summary is what one run of a campaign did.
type Summary struct {
	Campaign string `json:"campaign"`
	System   string `json:"system"`
	Store    string `json:"store"`
	Shard    string `json:"shard"`
	// Iterations done by this run, and done in the campaign before it.
	Iterations uint64 `json:"iterations"`
	Resumed    uint64 `json:"resumed_from"`
	// Stats counts the work of this run: of the iterations done and of
	// those cut short by the budget or a stop (Cut of them, whose work is
	// also in CutStats; their findings are dropped and they run again on
	// resume).
	Stats    Stats  `json:"stats"`
	Cut      uint64 `json:"cut_iterations,omitempty"`
	CutStats Stats  `json:"cut_stats"`
	// CutFindings are the findings of cut iterations recorded all the
	// same (their system confirms each before returning it: CutKeeper);
	// they are in Findings too.
	CutFindings int64 `json:"cut_findings,omitempty"`
	// Failed iterations ended in an error of the system (a bug of tandem,
	// or a solver that went away): not done, like cut ones (they run
	// again on resume), their work in Stats. FirstFailure is the first's
	// error, with the command that replays it.
	Failed       uint64 `json:"failed_iterations,omitempty"`
	FirstFailure string `json:"first_failure,omitempty"`
	// Findings committed by this run; NewSignatures of them were bugs not
	// seen before in the campaign. Signatures is the campaign's total.
	Findings      int64         `json:"findings"`
	NewSignatures int64         `json:"new_signatures"`
	Signatures    int           `json:"signatures"`
	Elapsed       time.Duration `json:"elapsed_ns"`
	// TimeUsed is how long this shard of the campaign has run in all, this
	// run included: what counts against the time budget.
	TimeUsed time.Duration `json:"time_used_ns"`
	// HarnessCPU is this process's own CPU time, less the time of solvers
	// run inside it (Stats.InProcessCPU); Stats.SolverCPU is the solvers'.
	// ChildrenCPU is the CPU time of every child process this run reaped
	// (getrusage RUSAGE_CHILDREN): the solver processes, and also the
	// reducer's, version probes and re-checks. HarnessCPU+Stats.InProcessCPU
	// +ChildrenCPU is the CPU time of the whole process tree.
	HarnessCPU  time.Duration `json:"harness_cpu_ns"`
	ChildrenCPU time.Duration `json:"children_cpu_ns"`
	Interrupted bool          `json:"interrupted"`
	// Complete says the iteration budget is used up for this shard.
	Complete bool `json:"complete"`
	// StoreError is set when the store could not be read at the end (then
	// Signatures counts only the bugs known to this run).
	StoreError string `json:"store_error,omitempty"`
	// Problems say the campaign is broken (every iteration skipped, most
	// solver calls errors): Run then returns an *UnhealthyError. Warnings
	// are worth a look but not fatal. See Health.
	Problems []string `json:"problems,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

// SolverShare is the share of CPU time spent inside solver processes.
func (s *Summary) SolverShare() float64 {
	t := s.Stats.SolverCPU + s.HarnessCPU
	if t == 0 {
		return 0
	}
	return float64(s.Stats.SolverCPU) / float64(t)
}

type dirMeta struct {
	ID     string `json:"id"`
	System string `json:"system"`
	Store  string `json:"store,omitempty"`
	Seed   uint64 `json:"seed"`
	Shard  string `json:"shard,omitempty"`
	// NoReduce records that the campaign runs without reduction
	// (--no-reduce), so that a resume does not start reducing.
	NoReduce bool `json:"no_reduce,omitempty"`
}

// ReadDirMeta reads a campaign directory's MetaFile: the campaign id and the
// store (without password) it uses.
func ReadDirMeta(dir string) (id, store string, shard Shard, err error) {
	m, shard, err := readDirMeta(dir)
	return m.ID, m.Store, shard, err
}

func readDirMeta(dir string) (dirMeta, Shard, error) {
	var m dirMeta
	data, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return m, Shard{}, fmt.Errorf("%s is not a campaign directory: %w", dir, err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, Shard{}, fmt.Errorf("reading %s: %w", filepath.Join(dir, MetaFile), err)
	}
	var shard Shard
	if m.Shard != "" {
		if shard, err = ParseShard(m.Shard); err != nil {
			return m, Shard{}, err
		}
	}
	return m, shard, nil
}

func writeDirMeta(dir string, m dirMeta) error {
	data, _ := json.MarshalIndent(m, "", "  ")
	tmp := filepath.Join(dir, MetaFile+".tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", MetaFile, err)
	}
	return os.Rename(tmp, filepath.Join(dir, MetaFile))
}

// Run starts (or, when the store already holds it with the same system,
// configuration and seed, continues) a campaign of the registered system
// with the given configuration, in the campaign directory dir, and runs it
// until its budget is used or ctx is done. Cancelling ctx is a clean stop:
// in-flight iterations are abandoned (they run again on resume), finished
// ones are committed, and the Summary is returned with Interrupted set.
func Run(ctx context.Context, dir, system string, config []byte, opts Options) (*Summary, error) {
	if opts.Iterations == 0 && opts.Duration == 0 {
		return nil, errors.New("a campaign needs a budget: give an iteration count, a duration, or both")
	}
	if len(config) > 0 && !json.Valid(config) {
		return nil, fmt.Errorf("system %s: the configuration must be JSON", system)
	}
	sys, err := NewSystem(system, config)
	if err != nil {
		return nil, err
	}
	closeSys := sync.OnceFunc(func() { closeSystem(sys) })
	defer closeSys()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating the campaign directory: %w", err)
	}
	if opts.Campaign == "" {
		abs, _ := filepath.Abs(dir)
		opts.Campaign = filepath.Base(abs)
	}
	st, release, err := openLocked(ctx, dir, opts.Store)
	if err != nil {
		return nil, err
	}
	defer release()
	useDir(sys, dir)
	meta, _, err := st.Campaign(ctx, Meta{ID: opts.Campaign, System: system, Config: config, Seed: opts.Seed,
		Iterations: opts.Iterations, Duration: opts.Duration, Created: time.Now()})
	if err != nil {
		return nil, err
	}
	if err := writeDirMeta(dir, dirMeta{ID: meta.ID, System: meta.System, Store: RedactURL(opts.Store), Seed: meta.Seed, Shard: opts.Shard.String(), NoReduce: opts.NoReduce}); err != nil {
		return nil, err
	}
	if meta.Iterations != opts.Iterations || meta.Duration != opts.Duration {
		if err := st.SetBudget(ctx, meta.ID, opts.Iterations, opts.Duration); err != nil {
			return nil, err
		}
		meta.Iterations, meta.Duration = opts.Iterations, opts.Duration
	}
	return run(ctx, dir, st, sys, closeSys, meta, opts)
}

// openLocked locks the campaign directory dir for this process and opens
// its store (spec as in OpenStore); release closes the store and unlocks.
func openLocked(ctx context.Context, dir, spec string) (st *Store, release func(), err error) {
	unlock, err := lockDir(dir)
	if err != nil {
		return nil, nil, err
	}
	if st, err = OpenStore(ctx, spec, dir); err != nil {
		unlock()
		return nil, nil, err
	}
	return st, func() { st.Close(); unlock() }, nil
}

// Resume continues the campaign of directory dir where it stopped: the
// iterations not recorded as done are run again (the same ones, with the
// same seeds), then the campaign goes on until its budget is used; the time
// its earlier runs took counts against a time budget. Options fields left
// zero take the campaign's values (store, id, shard, iteration budget and
// duration); a budget given replaces the stored one. Workers, Progress and
// Events apply as in Run.
func Resume(ctx context.Context, dir string, opts Options) (*Summary, error) {
	dm, shard, err := readDirMeta(dir)
	if err != nil {
		return nil, err
	}
	if opts.Store == "" {
		opts.Store = dm.Store
	}
	if opts.Campaign == "" {
		opts.Campaign = dm.ID
	}
	// A campaign started with --no-reduce stays without reduction.
	opts.NoReduce = opts.NoReduce || dm.NoReduce
	if opts.Shard == (Shard{}) {
		opts.Shard = shard
	}
	st, release, err := openLocked(ctx, dir, opts.Store)
	if err != nil {
		return nil, err
	}
	defer release()
	meta, err := st.LoadCampaign(ctx, opts.Campaign)
	if err != nil {
		return nil, err
	}
	iters, dur := meta.Iterations, meta.Duration
	if opts.Iterations != 0 {
		iters = opts.Iterations
	}
	if opts.Duration != 0 {
		dur = opts.Duration
	}
	if iters == 0 && dur == 0 {
		return nil, errors.New("the campaign has no iteration budget: give a duration to resume it for")
	}
	if iters != meta.Iterations || dur != meta.Duration {
		if err := st.SetBudget(ctx, meta.ID, iters, dur); err != nil {
			return nil, err
		}
		meta.Iterations, meta.Duration = iters, dur
	}
	sys, err := NewSystem(meta.System, meta.Config)
	if err != nil {
		return nil, err
	}
	closeSys := sync.OnceFunc(func() { closeSystem(sys) })
	defer closeSys()
	useDir(sys, dir)
	return run(ctx, dir, st, sys, closeSys, meta, opts)
}

// lockDir takes an exclusive lock on the campaign directory, so two
// processes never run the same directory at once. The kernel drops it when
// the process dies, even by kill -9.
func lockDir(dir string) (func(), error) {
	path := filepath.Join(dir, ".lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking the campaign directory: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("another tandem process is running the campaign in %s (%w): wait for it, or stop it first", dir, err)
	}
	return func() { f.Close() }, nil
}

// runner is the state of one run.
type runner struct {
	dir   string
	st    *Store
	sys   System
	meta  Meta
	opts  Options
	shard Shard
	prog  *progress
	redq  *reduceQueue
	// stopWorkers cancels the iterations.
	stopWorkers context.CancelFunc
	errMu       sync.Mutex
	runErr      error
	// The time budget: this shard's time used before this run, and when
	// this run started counting.
	timeBase  time.Duration
	timeStart time.Time
	// reduceOff says reduction is turned off (Options.NoReduce).
	reduceOff bool
}

// timeMark is the shard's time used at now, for the store.
func (r *runner) timeMark(now time.Time) timeMark {
	return timeMark{shard: r.shard.String(), used: r.timeBase + now.Sub(r.timeStart)}
}

func (r *runner) fail(err error) {
	r.errMu.Lock()
	if r.runErr == nil {
		r.runErr = err
	}
	r.errMu.Unlock()
}

// run runs the campaign; closeSys closes the system (once), which run does
// before it sums up, so that processes the system keeps (a JVM pool) are
// reaped and their CPU time is in the process tree's count.
func run(ctx context.Context, dir string, st *Store, sys System, closeSys func(), meta Meta, opts Options) (*Summary, error) {
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
	}
	if opts.ReduceTimeout <= 0 {
		opts.ReduceTimeout = DefaultReduceTimeout
	}
	if opts.LogEvery <= 0 {
		opts.LogEvery = DefaultLogEvery
	}
	if opts.Worker == "" {
		host, _ := os.Hostname()
		opts.Worker = fmt.Sprintf("%s:%d", host, os.Getpid())
	}
	shard := opts.Shard.norm()
	done, err := st.DoneIterations(ctx, meta.ID, shard)
	if err != nil {
		return nil, err
	}
	timeBase, err := st.TimeUsed(ctx, meta.ID, shard)
	if err != nil {
		return nil, err
	}
	r := &runner{dir: dir, st: st, sys: sys, meta: meta, opts: opts, shard: shard, timeBase: timeBase}
	var reducer Reducer
	if opts.NoReduce {
		r.reduceOff = true
	} else {
		reducer = opts.Reducer
		if reducer == nil {
			reducer, _ = sys.(Reducer)
		}
	}
	total := uint64(0) // iterations of this shard within the budget
	if meta.Iterations > 0 {
		total = shardCount(meta.Iterations, shard)
	}
	r.prog = newProgress(dir, opts, meta, shard, uint64(len(done)), total, timeBase)
	sigs, err := st.Signatures(ctx, meta.ID)
	if err != nil {
		return nil, err
	}
	r.prog.sigsTotal.Store(int64(len(sigs)))
	r.prog.start()

	// Reductions left pending by an earlier run go first.
	rctx, rcancel := context.WithCancel(ctx)
	defer rcancel()
	if reducer != nil {
		r.redq = newReduceQueue(r, reducer)
		for _, s := range sigs {
			if s.ReduceStatus == ReducePending {
				r.redq.add(s.Signature)
			}
		}
		go r.redq.loop(rctx)
	}

	ictx, icancel := context.WithCancel(ctx)
	defer icancel()
	r.stopWorkers = icancel
	r.timeStart = time.Now()
	if meta.Duration > 0 {
		// What earlier runs used is gone; when nothing is left, this run
		// starts no iteration.
		var tcancel context.CancelFunc
		ictx, tcancel = context.WithTimeout(ictx, meta.Duration-timeBase)
		defer tcancel()
	}
	jobs := make(chan uint64)
	results := make(chan iterResult, 2*opts.Workers)
	scratchRoot := filepath.Join(dir, "scratch", sanitize(opts.Worker))
	removeStaleScratch(filepath.Dir(scratchRoot))
	go func() { // dispatcher
		defer close(jobs)
		di := 0
		for i := shard.K; meta.Iterations == 0 || i < meta.Iterations; i += shard.N {
			for di < len(done) && done[di] < i {
				di++
			}
			if di < len(done) && done[di] == i {
				continue
			}
			select {
			case jobs <- i:
			case <-ictx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < opts.Workers; w++ {
		scratch := filepath.Join(scratchRoot, strconv.Itoa(w))
		if err := os.MkdirAll(scratch, 0o755); err != nil {
			icancel()
			r.fail(fmt.Errorf("creating a scratch directory: %w", err))
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if ictx.Err() != nil {
					return
				}
				it := NewIteration(meta.Seed, i)
				it.Worker, it.Scratch = w, scratch
				t0 := time.Now()
				fs, stats, err := safeIterate(ictx, sys, it)
				if ictx.Err() != nil {
					// Abandoned: it runs again on resume, and the work it
					// did is counted; its findings are dropped unless the
					// system confirms each before it returns it (CutKeeper):
					// those are recorded now.
					r.prog.addCut(stats)
					if err == nil && len(fs) > 0 && keepsCutFindings(sys) {
						results <- iterResult{index: i, worker: opts.Worker, wall: time.Since(t0), findings: fs, cut: true}
					}
					return
				}
				if err != nil {
					err = fmt.Errorf("iteration %d: %w (replay it alone with: tandem replay %s %d)", i, err, dir, i)
					if failed, done := r.prog.addFailed(stats, err); tooManyFailures(failed, done) {
						r.fail(fmt.Errorf("%d iterations failed, %d done: stopping; the last failed in %w", failed, done, err))
						icancel()
						return
					}
					continue
				}
				results <- iterResult{index: i, worker: opts.Worker, wall: time.Since(t0), findings: fs, stats: stats}
				if stats.Exhausted {
					icancel() // nothing left to try: the run ends (Stats.Exhausted)
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	r.commitLoop(context.WithoutCancel(ctx), results)
	os.RemoveAll(scratchRoot)
	os.Remove(filepath.Dir(scratchRoot))

	interrupted := ctx.Err() != nil
	if r.redq != nil {
		if !interrupted && r.runErr == nil {
			r.redq.drain() // the budget is used: finish reducing, unless stopped
		}
		rcancel()
		r.redq.wait()
	}
	closeSys()
	r.prog.stop()
	sum := r.prog.summary()
	sum.Campaign, sum.System, sum.Store, sum.Shard = meta.ID, meta.System, st.String(), shard.String()
	sum.Interrupted = interrupted
	sum.Resumed = uint64(len(done))
	sum.Complete = meta.Iterations > 0 && sum.Resumed+sum.Iterations >= total
	sum.TimeUsed = timeBase + sum.Elapsed
	if sigs, err := st.Signatures(context.WithoutCancel(ctx), meta.ID); err == nil {
		sum.Signatures = len(sigs)
	} else {
		// The store is gone (PostgreSQL stopped, the disk failed): say so,
		// and give what is known, the bugs seen before and in this run.
		sum.StoreError = oneLine(err.Error(), 300)
		sum.Signatures = int(r.prog.sigsTotal.Load())
	}
	sum.Problems, sum.Warnings = sum.Health()
	r.prog.printSummary(sum)
	if r.runErr == nil && len(sum.Problems) > 0 {
		return sum, &UnhealthyError{Campaign: meta.ID, Problems: sum.Problems}
	}
	if r.runErr == nil && sum.Failed > 0 {
		return sum, fmt.Errorf("%d iterations failed (they run again on resume); the first: %s", sum.Failed, sum.FirstFailure)
	}
	return sum, r.runErr
}

// tooManyFailures says a run with failed iterations that ended in an
// error, and done ones, stops: an error in one iteration out of many (an
// input that trips a bug of the system) costs that iteration only, and is
// reported at the end, while a system that fails again and again (the
// solver is gone, every input trips the bug) stops after a few.
func tooManyFailures(failed, done uint64) bool {
	return failed > MaxFailedIterations && failed*FailedShare > done
}

// MaxFailedIterations failed iterations are always tolerated; above it, a
// run stops once more than 1 in FailedShare of its iterations failed.
const (
	MaxFailedIterations = 3
	FailedShare         = 20
)

// removeStaleScratch removes the scratch directories of earlier runs on
// this host whose process is gone (killed runs never remove theirs). Their
// names are the sanitized default worker name, host:pid.
func removeStaleScratch(root string) {
	host, _ := os.Hostname()
	prefix := sanitize(host) + "_"
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.IsDir() {
			continue
		}
		pid, err := strconv.Atoi(rest)
		if err != nil || pid <= 0 || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
}

// shardCount is how many of the iterations 0…n-1 shard sh runs.
func shardCount(n uint64, sh Shard) uint64 {
	if sh.K >= n {
		return 0
	}
	return (n-sh.K-1)/sh.N + 1
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == ':' || r == ' ' {
			return '_'
		}
		return r
	}, s)
}

// safeIterate runs one iteration and turns a panic of the system into an
// error, so a bug in a system stops the campaign cleanly with everything
// done so far committed.
func safeIterate(ctx context.Context, sys System, it *Iteration) (fs []Finding, st Stats, err error) {
	defer func() {
		if p := recover(); p != nil {
			buf := make([]byte, 8<<10)
			buf = buf[:runtime.Stack(buf, false)]
			err = fmt.Errorf("system %s panicked: %v\n%s", sys.Name(), p, buf)
		}
	}()
	return sys.Iterate(ctx, it)
}

// commitLoop commits finished iterations in batches until results is
// closed, and only then announces their findings. A batch is committed
// when it is full, DefaultBatchDelay after its first iteration with
// findings, or DefaultQuietBatchDelay after its first iteration. The time
// used is written with every commit, and on its own when nothing was
// committed for DefaultQuietBatchDelay (iterations longer than that).
func (r *runner) commitLoop(ctx context.Context, results <-chan iterResult) {
	pending := ReduceNone
	switch {
	case r.redq != nil:
		pending = ReducePending
	case r.reduceOff:
		pending = ReduceOff
	}
	var batch []iterResult
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var due time.Time // when the batch is committed; zero when there is none
	tick := time.NewTicker(DefaultQuietBatchDelay)
	defer tick.Stop()
	lastWrite := time.Now()
	flush := func(force bool) {
		timer.Stop()
		due = time.Time{}
		if len(batch) == 0 && !force {
			return
		}
		now := time.Now()
		lastWrite = now
		news, err := r.st.commit(ctx, r.meta.ID, r.meta.System, pending, batch, now, r.timeMark(now))
		if err != nil {
			r.fail(err)
			r.stopWorkers() // the store is failing: stop, and resume later
			batch = batch[:0]
			return
		}
		newSet := map[string]bool{}
		for _, n := range news {
			newSet[n.Signature] = true
		}
		for _, b := range batch {
			if b.cut {
				r.prog.addCutFindings(len(b.findings))
			} else {
				r.prog.addIteration(b)
			}
			for idx := range b.findings {
				f := &b.findings[idx]
				sig := Signature(r.meta.System, f)
				isNew := newSet[sig]
				delete(newSet, sig) // the first occurrence is the new one
				r.prog.finding(b.index, idx, sig, f, isNew)
			}
		}
		for _, n := range news {
			if err := r.exportSignature(ctx, n.Signature); err != nil {
				r.prog.logf("warning: %v", err)
			}
			if r.redq != nil {
				r.redq.add(n.Signature)
			}
		}
		batch = batch[:0]
	}
	commitBy := func(d time.Duration) {
		if at := time.Now().Add(d); due.IsZero() || at.Before(due) {
			due = at
			timer.Reset(d)
		}
	}
	for {
		select {
		case res, ok := <-results:
			if !ok {
				flush(true)
				return
			}
			batch = append(batch, res)
			switch {
			case len(batch) >= DefaultBatch:
				flush(false)
			case len(res.findings) > 0:
				commitBy(DefaultBatchDelay)
			default:
				commitBy(DefaultQuietBatchDelay)
			}
		case <-timer.C:
			flush(false)
		case <-tick.C:
			if time.Since(lastWrite) >= DefaultQuietBatchDelay {
				flush(true)
			}
		}
	}
}

func (r *runner) exportSignature(ctx context.Context, sig string) error {
	return ExportSignature(ctx, r.st, r.meta, sig, filepath.Join(r.dir, FindingsDir))
}
