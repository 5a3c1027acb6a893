package satfuzz

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

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
// Processes die with tandem: each runs in its own process group with
// Pdeathsig SIGKILL (sent when the thread that started it ends; Go does not
// end its threads while the process lives, but the driver also exits when
// its stdin reaches end of file, which happens when tandem dies).
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

// jvmProc is one driver process in its own process group.
type jvmProc struct {
	pool   *jvmPool
	cmd    *exec.Cmd
	pid    int
	stdin  *os.File
	stdout *os.File
	r      *bufio.Reader
	stderr *capBuf       // the current trace's standard error
	errR   *os.File      // the read end of stderr
	errEOF chan struct{} // closed when the stderr reader stops
	done   chan struct{} // closed when the process is reaped
	state  *os.ProcessState
	traces int         // traces run
	timer  *time.Timer // the idle timer while in the pool
	closed atomic.Bool // killed by Close

	cpuSeen time.Duration // CPU time already counted (cpuShare, cpu.go)
}

// start starts a driver process.
func (pl *jvmPool) start() (*jvmProc, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	cmd := exec.Command(pl.argv[0], pl.argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, fmt.Errorf("satfuzz: starting the sat4j driver: %w", err)
	}
	closeAll(inR, outW, errW) // the child has its copies
	p := &jvmProc{
		pool: pl, cmd: cmd, pid: cmd.Process.Pid, stdin: inW, stdout: outR,
		r:      bufio.NewReaderSize(outR, 64<<10),
		stderr: &capBuf{max: jvmStderr}, errR: errR,
		errEOF: make(chan struct{}), done: make(chan struct{}),
	}
	go func() {
		cmd.Wait()
		p.state = cmd.ProcessState
		close(p.done)
	}()
	go func() {
		io.Copy(p.stderr, errR)
		close(p.errEOF)
	}()
	return p, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

// get returns an idle process, or a new one when none is idle.
func (pl *jvmPool) get(ctx context.Context) (*jvmProc, error) {
	pl.mu.Lock()
	for len(pl.idle) > 0 {
		p := pl.idle[len(pl.idle)-1]
		pl.idle = pl.idle[:len(pl.idle)-1]
		p.timer.Stop() // a timer that already fired finds p gone from idle
		if p.exited() {
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
		case <-p.done:
		case <-time.After(500 * time.Millisecond):
		}
		died := p.exited()
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
		if errs := strings.TrimSpace(string(p.stderr.take())); errs != "" {
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
	p.stdout.SetReadDeadline(deadline)
	p.stdin.SetWriteDeadline(deadline)
	stop := context.AfterFunc(ctx, func() {
		p.stdout.SetReadDeadline(time.Now())
		p.stdin.SetWriteDeadline(time.Now())
	})
	defer stop()
	if _, err := p.stdin.Write([]byte(".\n")); err != nil {
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
		p.kill()
	}
	for _, p := range ps {
		if idle[p] {
			p.reap()
		} else {
			<-p.done // its run reaps it
		}
	}
	return nil
}

// kill sends SIGKILL to the process group.
func (p *jvmProc) kill() { syscall.Kill(-p.pid, syscall.SIGKILL) }

func (p *jvmProc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// reap kills the group, waits for the process and closes the pipes,
// waiting at most a moment for a descendant that holds stderr.
func (p *jvmProc) reap() {
	p.kill()
	<-p.done
	closeAll(p.stdin, p.stdout)
	select {
	case <-p.errEOF:
	case <-time.After(100 * time.Millisecond):
		p.errR.SetReadDeadline(time.Now())
		<-p.errEOF
	}
	p.errR.Close()
}

// status describes how the process ended.
func (p *jvmProc) status() (exit int, signal string) {
	if p.state == nil {
		return -1, ""
	}
	if ws, ok := p.state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		name := unix.SignalName(ws.Signal())
		if name == "" {
			name = ws.Signal().String()
		}
		return -1, name
	}
	return p.state.ExitCode(), ""
}

// capBuf keeps the first max bytes written to it since the last take.
type capBuf struct {
	mu      sync.Mutex
	max     int
	buf     []byte
	dropped int
}

func (b *capBuf) Write(p []byte) (int, error) {
	b.mu.Lock()
	n := min(len(p), b.max-len(b.buf))
	b.buf = append(b.buf, p[:n]...)
	b.dropped += len(p) - n
	b.mu.Unlock()
	return len(p), nil
}

// take returns the bytes written since the last take and empties b.
func (b *capBuf) take() []byte {
	b.mu.Lock()
	out := b.buf
	if b.dropped > 0 {
		out = fmt.Appendf(out, "\n[%d more bytes dropped]\n", b.dropped)
	}
	b.buf, b.dropped = nil, 0
	b.mu.Unlock()
	return out
}

// run runs t on a process of the pool within the time limit.
func (pl *jvmPool) run(ctx context.Context, t *trace.Trace, limit time.Duration) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return &Result{Timeout: true, Command: pl.argv}, nil
	}
	p, err := pl.get(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return &Result{Timeout: true, Command: pl.argv}, nil
		}
		return nil, err
	}
	p.traces++
	p.stderr.take() // what an earlier trace left
	res := &Result{Command: pl.argv}
	in := append(t.Plain(), ".\n"...)
	start := time.Now()
	deadline := start.Add(limit)
	p.stdout.SetReadDeadline(deadline)
	p.stdin.SetWriteDeadline(deadline)
	var stop func() bool
	if ctx.Done() != nil {
		stop = context.AfterFunc(ctx, func() {
			p.stdout.SetReadDeadline(time.Now())
			p.stdin.SetWriteDeadline(time.Now())
		})
	}
	// The driver reads the trace as it answers it, so a trace larger than
	// the pipe's buffer is written while the answers are read.
	werr := make(chan error, 1)
	go func() {
		_, err := p.stdin.Write(in)
		werr <- err
	}()
	out, clean, rerr := p.readTrace()
	res.Wall = time.Since(start)
	if stop != nil {
		stop()
	}
	if clean {
		<-werr // the driver has read the trace's "."
		p.stdout.SetReadDeadline(time.Time{})
		p.stdin.SetWriteDeadline(time.Time{})
		res.Output = outputOf(out, p.stderr.take())
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
		case <-p.done:
		case <-time.After(500 * time.Millisecond):
		}
	}
	died := p.exited()
	pl.discard(p)
	res.CPU = p.cpuShare() // reaped: its rusage
	<-werr
	if p.closed.Load() {
		return nil, errPoolClosed
	}
	stderr := p.stderr.take()
	res.Output = outputOf(out, stderr)
	ParseResponses(t, out, res)
	if timedOut || ctx.Err() != nil {
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
