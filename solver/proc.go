package solver

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
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
// Limits are applied with prlimit(2) on the child's pid right after Start.
// Go cannot run code between fork and exec, and a re-exec of tandem as a
// limiter would double the process count and the start-up cost of every
// query (the overhead goal is 10% over a bare invocation). The price is a
// window of a few tens of microseconds in which the solver runs unlimited:
// it cannot use a meaningful amount of CPU or memory in that time, and the
// wall-time limit, enforced by tandem itself, covers it anyway.
type proc struct {
	cmd   *exec.Cmd
	pid   int
	start time.Time

	stdin  *os.File // parent's write end; nil when the input is a file
	stdout *os.File // parent's read end
	stderr *os.File

	done    chan struct{} // closed when the process has been reaped
	state   *os.ProcessState
	waitErr error
	end     time.Time

	killOnce sync.Once
}

// errNotFound wraps exec's lookup failure with what to do about it.
func lookBinary(p *Profile) (string, error) {
	if p.Binary == "" {
		return "", fmt.Errorf("profile %q has no binary: set binary in a profiles file", p.Name)
	}
	path, err := exec.LookPath(p.Binary)
	if err != nil {
		return "", fmt.Errorf("solver %s: %w (install it, e.g. with ./scripts/setup.sh, or set binary in a profiles file)", p.Name, err)
	}
	return path, nil
}

// startProc starts the solver with argv. When withStdin is false the child's
// standard input is /dev/null.
func startProc(p *Profile, argv []string, lim Limits, withStdin bool) (*proc, error) {
	path, err := lookBinary(p)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, argv...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var closeAfter []*os.File
	closeAll := func(fs ...*os.File) {
		for _, f := range fs {
			if f != nil {
				f.Close()
			}
		}
	}
	pr := &proc{cmd: cmd, done: make(chan struct{})}
	if withStdin {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, fmt.Errorf("solver %s: creating stdin pipe: %w", p.Name, err)
		}
		cmd.Stdin = r
		pr.stdin = w
		closeAfter = append(closeAfter, r)
	}
	or, ow, err := os.Pipe()
	if err != nil {
		closeAll(append(closeAfter, pr.stdin)...)
		return nil, fmt.Errorf("solver %s: creating stdout pipe: %w", p.Name, err)
	}
	er, ew, err := os.Pipe()
	if err != nil {
		closeAll(append(closeAfter, pr.stdin, or, ow)...)
		return nil, fmt.Errorf("solver %s: creating stderr pipe: %w", p.Name, err)
	}
	cmd.Stdout, cmd.Stderr = ow, ew
	pr.stdout, pr.stderr = or, er
	closeAfter = append(closeAfter, ow, ew)
	pr.start = time.Now()
	if err := cmd.Start(); err != nil {
		closeAll(append(closeAfter, pr.stdin, or, er)...)
		return nil, fmt.Errorf("solver %s: starting %s: %w", p.Name, path, err)
	}
	closeAll(closeAfter...) // the child has its copies
	pr.pid = cmd.Process.Pid
	if err := applyLimits(pr.pid, lim); err != nil {
		pr.kill()
		pr.reap()
		closeAll(pr.stdin, or, er)
		return nil, fmt.Errorf("solver %s: setting resource limits: %w", p.Name, err)
	}
	go func() {
		pr.waitErr = cmd.Wait()
		pr.state = cmd.ProcessState
		pr.end = time.Now()
		close(pr.done)
	}()
	return pr, nil
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

// kill sends SIGKILL to the whole process group. Safe to call many times and
// after the process has exited: the group id stays reserved while any
// member lives, and an empty group gives ESRCH, which is ignored.
func (pr *proc) kill() {
	syscall.Kill(-pr.pid, syscall.SIGKILL)
}

// reap waits until the process has been reaped by the wait goroutine.
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

// capture reads a pipe to its end, keeping the first max bytes and counting
// the rest. It never stops reading early, so the writer never blocks.
type capture struct {
	max     int
	data    []byte
	dropped int64
	done    chan struct{}
}

func startCapture(f *os.File, max int) *capture {
	c := &capture{max: max, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		buf := make([]byte, 64<<10)
		for {
			n, err := f.Read(buf)
			if n > 0 {
				keep := min(n, c.max-len(c.data))
				if keep > 0 {
					c.data = append(c.data, buf[:keep]...)
				}
				c.dropped += int64(n - keep)
			}
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
