package satfuzz

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"tandem/internal/proc"
	"tandem/satfuzz/trace"
)

// A jvmPool keeps warm driver processes speaking the serve protocol of
// satfuzz/target/sat4j/src/Driver.java: a trace's lines followed by a line
// "." on stdin, its answers followed by a line "." on stdout, trace after
// trace, each from fresh state. A JVM costs about half a second to start,
// more than most traces take, so the sat4j target runs traces on idle warm
// processes of the pool instead of one JVM per trace.
//
// A process runs one trace at a time; the pool starts another when every
// process is busy, so it holds at most as many as there are concurrent
// runs (the campaign's -j). A new process first answers an empty trace, so
// the JVM's start does not count against a trace's time limit. A process goes back to the pool only after a
// clean "." at the end of its trace; after a timeout, a crash or a
// cancellation its process group is killed. It is recycled after
// jvmRecycle traces, so that whatever Sat4j leaks cannot pile up, and an
// idle one exits after jvmIdle.
//
// Processes die with tandem: tandem/internal/proc starts each in its own
// process tree with PR_SET_PDEATHSIG SIGKILL (forked on a thread that lives
// as long as tandem), and its guardian kills what remains after a kill -9;
// the driver also exits when its stdin reaches end of file.
type jvmPool struct {
	argv    []string
	recycle int // traces per process (jvmRecycle)

	mu   sync.Mutex
	idle []*jvmProc
	live map[*jvmProc]bool // every process started and not yet discarded
}

const (
	// jvmRecycle is how many traces a process runs before it is replaced.
	jvmRecycle = 500
	// jvmIdle is how long an idle process waits for its next trace.
	jvmIdle = 30 * time.Second
	// jvmStderr bounds the standard error kept per trace.
	jvmStderr = 64 << 10
	// jvmStdout bounds the standard output read per trace.
	jvmStdout = 64 << 20
)

// errPoolClosed is the error of a run whose process Close killed.
var errPoolClosed = errors.New("satfuzz: the sat4j target was closed during the run")

// livePools are the pools with processes, for CloseTargets.
var (
	livePoolsMu sync.Mutex
	livePools   = map[*jvmPool]bool{}
)

// CloseTargets ends the kept-alive processes of every target of this
// process (the sat4j target's warm JVMs), also of targets nobody closed;
// commands call it as a last resort when they return. A target used
// afterwards starts new processes.
func CloseTargets() error {
	livePoolsMu.Lock()
	ps := make([]*jvmPool, 0, len(livePools))
	for p := range livePools {
		ps = append(ps, p)
	}
	livePoolsMu.Unlock()
	for _, p := range ps {
		p.Close()
	}
	return nil
}

func newJVMPool(argv []string) *jvmPool {
	return &jvmPool{argv: argv, recycle: jvmRecycle, live: map[*jvmProc]bool{}}
}

// jvmProc is one driver process, started by tandem/internal/proc.
type jvmProc struct {
	*proc.Piped
	pool   *jvmPool
	r      *bufio.Reader
	stderr *proc.Head  // the current trace's standard error
	traces int         // traces run
	timer  *time.Timer // the idle timer while in the pool
	closed atomic.Bool // killed by Close

	cpuSeen time.Duration // CPU time already counted (cpuShare, cpu.go)
}

// start starts a driver process.
func (pl *jvmPool) start() (*jvmProc, error) {
	path, err := exec.LookPath(pl.argv[0])
	if err != nil {
		return nil, fmt.Errorf("satfuzz: starting the sat4j driver: %w", err)
	}
	stderr := &proc.Head{Max: jvmStderr}
	c, err := proc.StartPiped(proc.Attr{Path: path, Args: pl.argv}, stderr)
	if err != nil {
		return nil, fmt.Errorf("satfuzz: starting the sat4j driver: %w", err)
	}
	return &jvmProc{Piped: c, pool: pl, r: bufio.NewReaderSize(c.Stdout, 64<<10), stderr: stderr}, nil
}

// get returns an idle process, or a new one when none is idle.
func (pl *jvmPool) get(ctx context.Context) (*jvmProc, error) {
	pl.mu.Lock()
	for len(pl.idle) > 0 {
		p := pl.idle[len(pl.idle)-1]
		pl.idle = pl.idle[:len(pl.idle)-1]
		p.timer.Stop() // a timer that already fired finds p gone from idle
		if p.Exited() {
			delete(pl.live, p)
			pl.mu.Unlock()
			p.reap()
			pl.mu.Lock()
			continue
		}
		pl.mu.Unlock()
		return p, nil
	}
	pl.mu.Unlock()
	p, err := pl.start()
	if err != nil {
		return nil, err
	}
	pl.mu.Lock()
	pl.live[p] = true
	pl.mu.Unlock()
	livePoolsMu.Lock()
	livePools[pl] = true
	livePoolsMu.Unlock()
	if err := p.ping(ctx); err != nil {
		select { // a driver that cannot start exits: say how
		case <-p.Done():
		case <-time.After(500 * time.Millisecond):
		}
		died := p.Exited()
		pl.discard(p)
		switch {
		case p.closed.Load():
			return nil, errPoolClosed
		case ctx.Err() != nil:
			return nil, ctx.Err()
		}
		msg := err.Error()
		if died {
			if exit, sig := p.status(); sig != "" {
				msg = "killed by " + sig
			} else {
				msg = fmt.Sprintf("exit %d", exit)
			}
		}
		if errs := strings.TrimSpace(string(p.stderr.Take())); errs != "" {
			msg += "\n" + errs
		}
		return nil, fmt.Errorf("satfuzz: the sat4j driver (%s) did not start: %s", strings.Join(pl.argv, " "), msg)
	}
	return p, nil
}

// jvmStart bounds the start of a JVM.
const jvmStart = time.Minute

// ping sends a new driver an empty trace and waits for its ".", so that
// the JVM's start does not count against the first trace's time limit.
func (p *jvmProc) ping(ctx context.Context) error {
	deadline := time.Now().Add(jvmStart)
	p.Stdout.SetReadDeadline(deadline)
	p.Stdin.SetWriteDeadline(deadline)
	stop := context.AfterFunc(ctx, func() {
		p.Stdout.SetReadDeadline(time.Now())
		p.Stdin.SetWriteDeadline(time.Now())
	})
	defer stop()
	if _, err := p.Stdin.Write([]byte(".\n")); err != nil {
		return err
	}
	out, clean, err := p.readTrace()
	if err != nil {
		return err
	}
	if !clean || len(out) > 0 {
		return fmt.Errorf("it answered an empty trace with %q", clip(string(out)))
	}
	return nil
}

// put returns a process after a clean trace; a recycled one is ended.
func (pl *jvmPool) put(p *jvmProc) {
	pl.mu.Lock()
	if p.closed.Load() || p.traces >= pl.recycle {
		delete(pl.live, p)
		pl.mu.Unlock()
		p.reap()
		return
	}
	pl.idle = append(pl.idle, p)
	p.timer = time.AfterFunc(jvmIdle, func() { pl.expire(p) })
	pl.mu.Unlock()
}

// expire ends p if it is still idle.
func (pl *jvmPool) expire(p *jvmProc) {
	pl.mu.Lock()
	i := -1
	for k, q := range pl.idle {
		if q == p {
			i = k
		}
	}
	if i < 0 {
		pl.mu.Unlock()
		return
	}
	pl.idle = append(pl.idle[:i], pl.idle[i+1:]...)
	delete(pl.live, p)
	pl.mu.Unlock()
	p.reap()
}

// discard ends a process that is not in the pool.
func (pl *jvmPool) discard(p *jvmProc) {
	pl.mu.Lock()
	delete(pl.live, p)
	pl.mu.Unlock()
	p.reap()
}

// Close kills every process of the pool, idle or running a trace (that run
// returns errPoolClosed), and reaps them. The pool stays usable: a later
// run starts a new process.
func (pl *jvmPool) Close() error {
	pl.mu.Lock()
	idle := map[*jvmProc]bool{}
	for _, p := range pl.idle {
		p.timer.Stop()
		idle[p] = true
	}
	ps := make([]*jvmProc, 0, len(pl.live))
	for p := range pl.live {
		p.closed.Store(true)
		ps = append(ps, p)
	}
	pl.idle = nil
	pl.live = map[*jvmProc]bool{}
	pl.mu.Unlock()
	livePoolsMu.Lock()
	delete(livePools, pl)
	livePoolsMu.Unlock()
	for _, p := range ps {
		p.Kill()
	}
	for _, p := range ps {
		if idle[p] {
			p.reap()
		} else {
			<-p.Done() // its run reaps it
		}
	}
	return nil
}

// reap kills the tree, waits for the process and closes the pipes,
// waiting at most a moment for a descendant that holds stderr.
func (p *jvmProc) reap() { p.Stop(100 * time.Millisecond) }

// status describes how the process ended.
func (p *jvmProc) status() (exit int, signal string) {
	e := p.Exit()
	if !p.Exited() || e.Err != nil {
		return -1, ""
	}
	if sig, ok := e.Signaled(); ok {
		name := unix.SignalName(sig)
		if name == "" {
			name = sig.String()
		}
		return -1, name
	}
	return e.Status.ExitStatus(), ""
}

// run runs t on a process of the pool within the time limit: limit of the
// JVM's CPU time, WallFactor × limit of wall-clock time.
func (pl *jvmPool) run(ctx context.Context, t *trace.Trace, limit time.Duration) (*Result, error) {
	if ctx.Err() != nil {
		return &Result{Stopped: true, Command: pl.argv}, nil
	}
	p, err := pl.get(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return &Result{Stopped: true, Command: pl.argv}, nil
		}
		return nil, err
	}
	p.traces++
	p.stderr.Take() // what an earlier trace left
	res := &Result{Command: pl.argv}
	in := append(t.Plain(), ".\n"...)
	start := time.Now()
	deadline := start.Add(WallFactor * limit)
	p.Stdout.SetReadDeadline(deadline)
	p.Stdin.SetWriteDeadline(deadline)
	// The limit is on the JVM's CPU time (cpuWatch); the deadline above
	// is the wall-clock bound, also enforced by the watch.
	endWatch := cpuWatch(limit, func() (time.Duration, error) { return procCPU(p.Pid) }, func() {
		p.Stdout.SetReadDeadline(time.Now())
		p.Stdin.SetWriteDeadline(time.Now())
	})
	var stop func() bool
	if ctx.Done() != nil {
		stop = context.AfterFunc(ctx, func() {
			p.Stdout.SetReadDeadline(time.Now())
			p.Stdin.SetWriteDeadline(time.Now())
		})
	}
	// The driver reads the trace as it answers it, so a trace larger than
	// the pipe's buffer is written while the answers are read.
	werr := make(chan error, 1)
	go func() {
		_, err := p.Stdin.Write(in)
		werr <- err
	}()
	out, clean, rerr := p.readTrace()
	res.Wall = time.Since(start)
	if endWatch() {
		clean = false // the watch may have fired as the trace ended: a timeout either way
		rerr = os.ErrDeadlineExceeded
	}
	if stop != nil {
		stop()
	}
	if clean {
		<-werr // the driver has read the trace's "."
		p.Stdout.SetReadDeadline(time.Time{})
		p.Stdin.SetWriteDeadline(time.Time{})
		res.Output = outputOf(out, p.stderr.Take())
		ParseResponses(t, out, res)
		if res.Error == "" && len(res.Answers) < len(t.Calls) {
			res.Error = "driver: stopped after " + fmt.Sprint(len(res.Answers)) + " calls"
		}
		res.CPU = p.cpuShare()
		pl.put(p)
		return res, nil
	}
	// The trace did not end cleanly: the process is not used again.
	timedOut := errors.Is(rerr, os.ErrDeadlineExceeded)
	if !timedOut { // it died or closed stdout: let it finish exiting
		select {
		case <-p.Done():
		case <-time.After(500 * time.Millisecond):
		}
	}
	died := p.Exited()
	pl.discard(p)
	res.CPU = p.cpuShare() // reaped: its rusage
	<-werr
	if p.closed.Load() {
		return nil, errPoolClosed
	}
	stderr := p.stderr.Take()
	res.Output = outputOf(out, stderr)
	ParseResponses(t, out, res)
	if res.stopped(ctx) { // the stop also ends the read (AfterFunc above)
		return res, nil
	}
	if timedOut {
		res.Timeout, res.Error = true, ""
		return res, nil
	}
	if !died { // it closed stdout or talked too much, and was killed here
		if res.Error == "" {
			res.Error = "driver protocol: " + rerr.Error()
		}
		return res, nil
	}
	exit, sig := p.status()
	first := firstLine(stderr)
	switch {
	case exit == 3 && strings.Contains(res.Error, "OutOfMemoryError"):
		res.Memout, res.Error = true, ""
	case sig != "":
		res.Crash = "signal " + sig
		if first != "" {
			res.Crash += ": " + first
		}
	case exit != 0 && res.Error == "":
		res.Crash = fmt.Sprintf("exit %d", exit)
		if first != "" {
			res.Crash += ": " + first
		}
	case res.Error == "":
		res.Error = "driver: stopped after " + fmt.Sprint(len(res.Answers)) + " calls"
	}
	return res, nil
}

// readTrace reads the answers of one trace up to the line "." (clean), or
// up to an error: a deadline, end of file, too much output.
func (p *jvmProc) readTrace() (out []byte, clean bool, err error) {
	for {
		line, err := p.r.ReadSlice('\n')
		if err == nil && string(line) == ".\n" {
			return out, true, nil
		}
		for errors.Is(err, bufio.ErrBufferFull) && len(out) < jvmStdout {
			out = append(out, line...) // a long line: its rest follows
			line, err = p.r.ReadSlice('\n')
		}
		out = append(out, line...)
		if err != nil {
			return out, false, err
		}
		if len(out) >= jvmStdout {
			return out, false, fmt.Errorf("more than %d bytes of output", jvmStdout)
		}
	}
}

// outputOf is a trace's Output: the driver's stdout, then its stderr.
func outputOf(stdout, stderr []byte) []byte {
	o := append([]byte{}, stdout...)
	if len(stderr) > 0 {
		o = append(append(o, "\n== stderr\n"...), stderr...)
	}
	return o
}
