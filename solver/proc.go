package solver

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Limits bounds one solver process. A run always has a wall-time and a
// memory limit: zero fields take the defaults below.
type Limits struct {
	// Wall is the wall-clock limit (default DefaultWall). When it passes, the
	// whole process group is killed with SIGKILL.
	Wall time.Duration
	// CPU is the user+system CPU limit, enforced by the kernel with
	// RLIMIT_CPU in whole seconds, rounded up (default: Wall).
	CPU time.Duration
	// Memory is the address-space limit in bytes, enforced with RLIMIT_AS
	// (default DefaultMemory). A negative value sets no RLIMIT_AS, for
	// sanitizer builds that reserve terabytes of address space; the run is
	// still classified as memout when its peak RSS passes -Memory.
	Memory int64
	// OutputCap is how many bytes of stdout and of stderr are kept (default
	// DefaultOutputCap). The rest is read and dropped, so the solver never
	// blocks on a full pipe; the dropped count is in the Result.
	OutputCap int
}

// Defaults of [Limits].
const (
	DefaultWall      = 10 * time.Second
	DefaultMemory    = 2 << 30
	DefaultOutputCap = 16 << 20
)

func (l Limits) withDefaults() Limits {
	if l.Wall <= 0 {
		l.Wall = DefaultWall
	}
	if l.CPU <= 0 {
		l.CPU = l.Wall
	}
	if l.Memory == 0 {
		l.Memory = DefaultMemory
	}
	if l.OutputCap <= 0 {
		l.OutputCap = DefaultOutputCap
	}
	return l
}

// proc is one started solver process in its own process group.
//
// Limits are applied with prlimit(2) on the child's pid right after it
// starts. Go cannot run code between fork and exec, and a re-exec of tandem
// as a limiter would double the process count and the start-up cost of
// every query. The price is a window of a few tens of microseconds in which
// the solver runs unlimited: it cannot use a meaningful amount of CPU or
// memory in that time, and the wall-time limit, enforced by tandem itself,
// covers it anyway.
//
// The process is started with syscall.ForkExec (vfork and exec, as os/exec
// does, without os/exec's per-run files and goroutines) and a pidfd. A
// one-shot run then waits for everything at once in the calling goroutine:
// output, exit and the wall-time limit, through one epoll set in Go's
// poller (see loop.go). No thread sits in a blocking wait(2) for the whole
// run: a blocked thread keeps the Go runtime's monitor thread waking every
// 20 µs, which cost more CPU than everything else tandem does per query
// (bench/campaignoverhead). A session, whose output is read as it comes,
// uses goroutines instead ([proc.watch]).
type proc struct {
	path  string
	pid   int
	pidfd int // -1 when the kernel gives none
	start time.Time

	// The parent's ends of the pipes, until watch wraps them in files or
	// the run loop closes them; inFD is -1 when there is none.
	inFD, outFD, errFD int
	pending            []byte // input still to write to stdin (see startProc)

	// Set by watch.
	stdin  *os.File
	stdout *os.File
	stderr *os.File
	done   chan struct{} // closed when the process has been reaped

	mu     sync.Mutex // guards reaped against kill
	reaped bool
	// Set when reaped.
	status  syscall.WaitStatus
	rusage  syscall.Rusage
	waitErr error // from wait4; status and rusage are meaningless when set
	end     time.Time
}

// binaryCache remembers where exec.LookPath found each solver binary for a
// given PATH, so a campaign does not search PATH for every query. An entry
// is dropped when starting the binary fails.
var binaryCache sync.Map // binaryKey → string

type binaryKey struct{ name, path string }

func lookBinary(p *Profile) (string, error) {
	if p.Binary == "" {
		return "", fmt.Errorf("profile %q has no binary: set binary in a profiles file", p.Name)
	}
	key := binaryKey{p.Binary, os.Getenv("PATH")}
	if path, ok := binaryCache.Load(key); ok {
		return path.(string), nil
	}
	path, err := exec.LookPath(p.Binary)
	if err != nil {
		return "", fmt.Errorf("solver %s: %w (install it, e.g. with ./scripts/setup.sh, or set binary in a profiles file)", p.Name, err)
	}
	binaryCache.Store(key, path)
	return path, nil
}

// pipe returns a pipe whose parent end is non-blocking (for Go's poller)
// and whose child end is blocking, as programs expect. Both are close-on-
// exec; ForkExec dups the child's end onto 0, 1 or 2 without the flag.
func pipe(parentReads bool) (parent, child int, err error) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_CLOEXEC|unix.O_NONBLOCK); err != nil {
		return -1, -1, err
	}
	parent, child = fds[1], fds[0]
	if parentReads {
		parent, child = fds[0], fds[1]
	}
	if err := unix.SetNonblock(child, false); err != nil {
		unix.Close(parent)
		unix.Close(child)
		return -1, -1, err
	}
	return parent, child, nil
}

// stdinKind says what a solver's standard input is.
type stdinKind int

const (
	stdinNull        stdinKind = iota // /dev/null: the input is a file argument
	stdinData                         // a pipe that gets the input and is closed
	stdinInteractive                  // a pipe left open for the caller (Session)
)

// startProc starts the solver with argv. For stdinData the input is written
// before the solver starts when it fits in the pipe, and the pipe closed;
// otherwise pr.inFD and pr.pending hold the pipe and the rest. For
// stdinInteractive pr.inFD is the open pipe.
func startProc(p *Profile, argv []string, lim Limits, kind stdinKind, input []byte) (*proc, error) {
	path, err := lookBinary(p)
	if err != nil {
		return nil, err
	}
	var parentFDs, childFDs []int
	closeFDs := func(fds []int) {
		for _, fd := range fds {
			unix.Close(fd)
		}
	}
	fail := func(what string, err error) (*proc, error) {
		closeFDs(parentFDs)
		closeFDs(childFDs)
		return nil, fmt.Errorf("solver %s: %s: %w", p.Name, what, err)
	}
	inParent, inChild := -1, -1
	if kind == stdinNull {
		if inChild, err = unix.Open(os.DevNull, unix.O_RDONLY|unix.O_CLOEXEC, 0); err != nil {
			return fail("opening "+os.DevNull, err)
		}
		childFDs = append(childFDs, inChild)
	} else {
		if inParent, inChild, err = pipe(false); err != nil {
			return fail("creating stdin pipe", err)
		}
		parentFDs, childFDs = append(parentFDs, inParent), append(childFDs, inChild)
		// Most scripts fit in the pipe's buffer: written now, they need no
		// writer while the solver runs.
		for kind == stdinData && len(input) > 0 {
			n, err := unix.Write(inParent, input)
			if err != nil {
				break // EAGAIN: the rest is written while the solver reads
			}
			input = input[n:]
		}
	}
	outParent, outChild, err := pipe(true)
	if err != nil {
		return fail("creating stdout pipe", err)
	}
	parentFDs, childFDs = append(parentFDs, outParent), append(childFDs, outChild)
	errParent, errChild, err := pipe(true)
	if err != nil {
		return fail("creating stderr pipe", err)
	}
	parentFDs, childFDs = append(parentFDs, errParent), append(childFDs, errChild)

	pidfd := -1
	attr := &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: []uintptr{uintptr(inChild), uintptr(outChild), uintptr(errChild)},
		Sys:   &syscall.SysProcAttr{Setpgid: true, PidFD: &pidfd},
	}
	if testNoPidfd {
		attr.Sys.PidFD = nil
	}
	pr := &proc{path: path, outFD: outParent, errFD: errParent, inFD: -1, done: make(chan struct{})}
	pr.start = time.Now()
	pid, err := syscall.ForkExec(path, append([]string{path}, argv...), attr)
	if err != nil {
		// The binary may have moved since it was looked up: look again.
		binaryCache.Delete(binaryKey{p.Binary, os.Getenv("PATH")})
		if again, lerr := lookBinary(p); lerr == nil && again != path {
			path, pr.path = again, again
			pid, err = syscall.ForkExec(path, append([]string{path}, argv...), attr)
		}
	}
	closeFDs(childFDs) // the child has its copies
	childFDs = nil
	if err != nil {
		binaryCache.Delete(binaryKey{p.Binary, os.Getenv("PATH")})
		return fail("starting "+path, err)
	}
	pr.pid, pr.pidfd = pid, pidfd
	if err := applyLimits(pid, lim); err != nil {
		pr.reapNow()
		if pidfd >= 0 {
			unix.Close(pidfd)
		}
		return fail("setting resource limits", err)
	}
	switch {
	case inParent < 0:
	case kind == stdinData && len(input) == 0:
		unix.Close(inParent)
	default:
		pr.inFD, pr.pending = inParent, input
	}
	return pr, nil
}

// testNoPidfd makes startProc start processes without a pidfd, as on a
// kernel before 5.3, so tests cover the fallback.
var testNoPidfd = false

// watch wraps the pipes in files and waits for the process in a
// goroutine, which closes done when it has been reaped.
func (pr *proc) watch() {
	if pr.inFD >= 0 {
		pr.stdin = os.NewFile(uintptr(pr.inFD), "solver stdin")
	}
	pr.stdout = os.NewFile(uintptr(pr.outFD), "solver stdout")
	pr.stderr = os.NewFile(uintptr(pr.errFD), "solver stderr")
	pr.inFD, pr.outFD, pr.errFD = -1, -1, -1
	go pr.wait()
}

// applyLimits sets RLIMIT_CPU and RLIMIT_AS on a started process.
func applyLimits(pid int, lim Limits) error {
	if lim.CPU > 0 {
		secs := uint64((lim.CPU + time.Second - 1) / time.Second)
		// Soft limit: SIGXCPU; hard limit one second later: SIGKILL.
		rl := unix.Rlimit{Cur: secs, Max: secs + 1}
		if err := unix.Prlimit(pid, unix.RLIMIT_CPU, &rl, nil); err != nil && !errors.Is(err, unix.ESRCH) {
			return fmt.Errorf("RLIMIT_CPU: %w", err)
		}
	}
	if lim.Memory > 0 {
		rl := unix.Rlimit{Cur: uint64(lim.Memory), Max: uint64(lim.Memory)}
		if err := unix.Prlimit(pid, unix.RLIMIT_AS, &rl, nil); err != nil && !errors.Is(err, unix.ESRCH) {
			return fmt.Errorf("RLIMIT_AS: %w", err)
		}
	}
	return nil
}

// wait waits for the process to exit, reaps it and closes done.
func (pr *proc) wait() {
	defer close(pr.done)
	if !pr.awaitExit() {
		// No pidfd, or the kernel cannot wait on one: block a thread, and
		// do not reap yet (see reapNow).
		var info unix.Siginfo
		for {
			err := unix.Waitid(unix.P_PID, pr.pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
			if err != unix.EINTR {
				break
			}
		}
	}
	pr.reapNow()
}

// awaitExit waits for the exit through the pidfd in Go's poller, so the
// goroutine parks instead of holding a thread in wait(2). It closes the
// pidfd, and reports false when it could not wait that way.
func (pr *proc) awaitExit() bool {
	if pr.pidfd < 0 {
		return false
	}
	fd := pr.pidfd
	pr.pidfd = -1
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return false
	}
	f := os.NewFile(uintptr(fd), "pidfd")
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	ok := true
	err = rc.Read(func(fd uintptr) bool {
		exited, err := pidfdExited(int(fd))
		if err != nil {
			ok = false // e.g. a kernel without P_PIDFD (before 5.4)
			return true
		}
		return exited
	})
	return ok && err == nil
}

// pidfdExited reports whether the process of pidfd has exited, without
// reaping it.
func pidfdExited(pidfd int) (bool, error) {
	for {
		var info unix.Siginfo
		err := unix.Waitid(unix.P_PIDFD, pidfd, &info, unix.WEXITED|unix.WNOWAIT|unix.WNOHANG, nil)
		if err == unix.EINTR {
			continue
		}
		return err == nil && info.Signo != 0, err // Signo 0: not exited yet
	}
}

// reapNow kills the group, then reaps the leader (waiting for it to exit
// if need be) and records how it ended. Called when the leader has exited
// but is not reaped yet, the kill sweeps children it left behind while its
// pid, and so its group id, still cannot belong to anyone else.
func (pr *proc) reapNow() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.reaped {
		return
	}
	syscall.Kill(-pr.pid, syscall.SIGKILL)
	for {
		_, err := syscall.Wait4(pr.pid, &pr.status, 0, &pr.rusage)
		if err != syscall.EINTR {
			pr.waitErr = err
			break
		}
	}
	pr.reaped = true
	pr.end = time.Now()
}

// kill sends SIGKILL to the whole process group. Safe to call many times;
// after the leader has been reaped it does nothing (the group was killed
// just before, and its id may belong to someone else by now).
func (pr *proc) kill() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if !pr.reaped {
		syscall.Kill(-pr.pid, syscall.SIGKILL)
	}
}

// reap waits until the process has been reaped by the wait goroutine
// (after watch).
func (pr *proc) reap() {
	<-pr.done
}

// exited reports whether the direct child has been reaped.
func (pr *proc) exited() bool {
	select {
	case <-pr.done:
		return true
	default:
		return false
	}
}

// capture keeps the first max bytes read from a pipe and counts the rest.
// Its reader never stops reading early, so the writer never blocks. It
// reads straight into the kept data, which starts small: most solver
// answers are a few bytes.
type capture struct {
	max     int
	data    []byte
	dropped int64
	discard []byte
	done    chan struct{} // closed when a capture goroutine has read to the end
}

// buf is where the next read goes.
func (c *capture) buf() []byte {
	room := c.max - len(c.data)
	if room <= 0 {
		if c.discard == nil {
			c.discard = make([]byte, 64<<10)
		}
		return c.discard
	}
	if len(c.data) == cap(c.data) {
		c.data = slices.Grow(c.data, min(max(cap(c.data), 512), room))
	}
	return c.data[len(c.data):min(cap(c.data), c.max)]
}

// got counts n bytes read into buf.
func (c *capture) got(n int) {
	if len(c.data) < c.max {
		c.data = c.data[:len(c.data)+n]
	} else {
		c.dropped += int64(n)
	}
}

// startCapture reads f to its end in a goroutine.
func startCapture(f *os.File, limit int) *capture {
	c := &capture{max: limit, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		for {
			n, err := f.Read(c.buf())
			c.got(n)
			if err != nil {
				return
			}
		}
	}()
	return c
}

// finish waits for the capture to reach end of file, or, when a process
// that escaped the group still holds the pipe open, for at most grace; then
// it closes the pipe.
func (c *capture) finish(f *os.File, grace time.Duration) {
	select {
	case <-c.done:
	case <-time.After(grace):
		f.SetReadDeadline(time.Now())
		<-c.done
	}
	f.Close()
}

// writeInput writes data to the child's stdin and closes it. It gives up
// (without blocking forever) when the child stops reading and the process
// group is gone.
func writeInput(w *os.File, data []byte) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = w.Write(data)
		w.Close()
	}()
	return done
}
