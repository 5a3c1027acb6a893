package proc

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Limits bound one started process and its whole tree of descendants.
// Zero fields set no limit.
type Limits struct {
	// CPU is the user+system CPU time. Each process gets RLIMIT_CPU (whole
	// seconds, rounded up; SIGXCPU, then SIGKILL a second later), and
	// [Proc.CheckTree] kills the tree when the sum over it passes CPU.
	CPU time.Duration
	// AddressSpace is RLIMIT_AS of each process, in bytes.
	AddressSpace int64
	// Memory bounds the resident memory of the whole tree, in bytes:
	// memory.max of the cgroup when the memory controller is delegated, and
	// in any mode [Proc.CheckTree], which kills the tree when the sum of its
	// processes' resident sets passes it.
	Memory int64
}

// Attr says what to start.
type Attr struct {
	Path string   // the program, already looked up
	Args []string // argv, Args[0] the program's name
	// Env is the environment (nil: this process's). TANDEM_PROC is added.
	Env []string
	// Dir is the working directory ("": this process's).
	Dir string
	// Files are the child's descriptors 0, 1, 2, … (close-on-exec is
	// cleared on them by the fork).
	Files  []uintptr
	Limits Limits
	// PidFD asks for a pidfd in [Proc.PidFD].
	PidFD bool
}

// Proc is one started process, the leader of its tree. Its fields are
// set by Start; the rest of its state changes under its own lock.
type Proc struct {
	Pid int
	// PidFD is the process's pidfd when Attr.PidFD asked for one and the
	// kernel gives one, else -1. The caller owns it: it closes it and sets
	// the field to -1 before the process is reaped, or [Proc.Wait] does.
	PidFD int
	// Started is when the process was started.
	Started time.Time

	seq uint64
	cg  *cgroup
	lim Limits

	mu       sync.Mutex
	reaped   bool
	status   syscall.WaitStatus
	rusage   syscall.Rusage
	waitErr  error
	end      time.Time
	orphans  usage  // CPU of swept descendants (pgroup mode)
	tree     usage  // final usage of the cgroup (cgroup mode)
	limitHit string // "cpu" or "memory" when CheckTree killed the tree
	peakTree int64  // largest resident tree memory seen by CheckTree

	done      chan struct{}
	closeOnce sync.Once
}

// usage is CPU time split into user and system.
type usage struct{ user, sys time.Duration }

var (
	nextSeq atomic.Uint64
	// live maps the seq of every started, unreaped process to its pid (0
	// while the fork is under way), so a sweep never takes one for an
	// escaped descendant.
	liveMu sync.Mutex
	live   = map[uint64]int{}
)

// Start starts a process as the package doc describes.
func Start(a Attr) (*Proc, error) {
	iso := isolation()
	seq := nextSeq.Add(1)
	p := &Proc{PidFD: -1, seq: seq, lim: a.Limits, done: make(chan struct{})}
	sys := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if a.PidFD {
		sys.PidFD = &p.PidFD
	}
	if iso.Mode == ModeCgroup {
		cg, err := newCgroup(seq, a.Limits.Memory)
		if err != nil {
			return nil, fmt.Errorf("creating the process's cgroup: %w (set TANDEM_ISOLATION=pgroup to run without cgroups)", err)
		}
		p.cg = cg
		sys.UseCgroupFD, sys.CgroupFD = true, cg.fd
	}
	env := a.Env
	if env == nil {
		env = os.Environ()
	}
	env = append(env[:len(env):len(env)], tagVar+"="+ownerTag()+"/"+strconv.FormatUint(seq, 10))
	liveMu.Lock()
	live[seq] = 0
	liveMu.Unlock()
	p.Started = time.Now()
	pid, err := forkExec(a.Path, a.Args, &syscall.ProcAttr{Dir: a.Dir, Env: env, Files: a.Files, Sys: sys})
	if p.cg != nil {
		p.cg.closeFD()
	}
	if err != nil {
		liveMu.Lock()
		delete(live, seq)
		liveMu.Unlock()
		if p.cg != nil {
			p.cg.remove()
		}
		return nil, err
	}
	p.Pid = pid
	liveMu.Lock()
	live[seq] = pid
	liveMu.Unlock()
	if err := applyRlimits(pid, a.Limits); err != nil {
		p.Reap()
		p.closePidFD()
		return nil, err
	}
	return p, nil
}

// applyRlimits sets RLIMIT_CPU and RLIMIT_AS on a started process. Go
// cannot run code between fork and exec, so they are set right after the
// start: the child runs unlimited for some microseconds, too short to
// matter, and the tree limits cover it anyway.
//
// A limit is clamped to tandem's own hard limit: the child inherits that,
// raising it needs CAP_SYS_RESOURCE, and tandem itself often runs under
// one (a benchmark's or a campaign's limit on a child tandem that starts a
// compiler or a solver).
func applyRlimits(pid int, lim Limits) error {
	if lim.CPU > 0 {
		secs := uint64((lim.CPU + time.Second - 1) / time.Second)
		rl := clampToOwn(unix.RLIMIT_CPU, unix.Rlimit{Cur: secs, Max: secs + 1})
		if err := unix.Prlimit(pid, unix.RLIMIT_CPU, &rl, nil); err != nil && !errors.Is(err, unix.ESRCH) {
			return fmt.Errorf("setting RLIMIT_CPU: %w", err)
		}
	}
	if lim.AddressSpace > 0 {
		rl := clampToOwn(unix.RLIMIT_AS, unix.Rlimit{Cur: uint64(lim.AddressSpace), Max: uint64(lim.AddressSpace)})
		if err := unix.Prlimit(pid, unix.RLIMIT_AS, &rl, nil); err != nil && !errors.Is(err, unix.ESRCH) {
			return fmt.Errorf("setting RLIMIT_AS: %w", err)
		}
	}
	return nil
}

// clampToOwn lowers rl to this process's own hard limit of resource,
// which a child cannot exceed without CAP_SYS_RESOURCE.
func clampToOwn(resource int, rl unix.Rlimit) unix.Rlimit {
	var own unix.Rlimit
	if unix.Getrlimit(resource, &own) != nil || own.Max == unix.RLIM_INFINITY {
		return rl
	}
	rl.Max = min(rl.Max, own.Max)
	rl.Cur = min(rl.Cur, rl.Max)
	return rl
}

// forkExec runs syscall.ForkExec on one OS thread that never exits: the
// kernel sends PR_SET_PDEATHSIG when the forking *thread* ends, and Go
// ends a thread whenever a goroutine locked to it returns.
func forkExec(path string, argv []string, attr *syscall.ProcAttr) (int, error) {
	r := forkReq{path, argv, attr, make(chan forkRes, 1)}
	forker.reqs <- r
	res := <-r.res
	return res.pid, res.err
}

var forker struct {
	reqs chan forkReq
}

// startForker starts the forking thread's goroutine (from init, so that it
// exists before any test counts goroutines).
func startForker() {
	forker.reqs = make(chan forkReq)
	go func() {
		runtime.LockOSThread() // for good: never unlocked
		for r := range forker.reqs {
			pid, err := syscall.ForkExec(r.path, r.argv, r.attr)
			r.res <- forkRes{pid, err}
		}
	}()
}

type forkReq struct {
	path string
	argv []string
	attr *syscall.ProcAttr
	res  chan forkRes
}

type forkRes struct {
	pid int
	err error
}

// Kill sends SIGKILL to the whole tree: the cgroup, or the process group.
// It is safe to call many times and concurrently with Reap; after the
// process has been reaped it does nothing.
func (p *Proc) Kill() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.reaped {
		p.killTree()
	}
}

func (p *Proc) killTree() {
	if p.cg != nil {
		p.cg.kill()
	}
	syscall.Kill(-p.Pid, syscall.SIGKILL)
}

// Reap kills the tree, waits for the leader to exit, reaps it and records
// how it ended; then it removes the cgroup, or sweeps the descendants that
// escaped the group. Called when the leader has exited but is not reaped
// yet, the group kill reaches the children it left behind while its pid,
// and so its group id, still cannot belong to anyone else. Reap is
// idempotent and blocks until the leader has exited.
func (p *Proc) Reap() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.reaped {
		return
	}
	p.killTree()
	for {
		_, err := syscall.Wait4(p.Pid, &p.status, 0, &p.rusage)
		if err != syscall.EINTR {
			p.waitErr = err
			break
		}
	}
	p.reaped = true
	p.end = time.Now()
	liveMu.Lock()
	delete(live, p.seq)
	liveMu.Unlock()
	if p.cg != nil {
		p.tree, p.limitHit = p.cg.finish(p.limitHit)
		p.cg = nil
	} else if isolation().Mode == ModePgroup {
		p.orphans = sweep(p.seq, p.Pid)
	}
}

// Reaped reports whether the leader has been reaped.
func (p *Proc) Reaped() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reaped
}

// Wait waits for the leader to exit (through the pidfd in Go's poller when
// there is one, so no thread blocks), reaps it with [Proc.Reap] and closes
// [Proc.Done]. Call it once, typically in a goroutine.
func (p *Proc) Wait() {
	defer p.MarkDone()
	if !p.awaitExit() {
		var info unix.Siginfo
		for {
			err := unix.Waitid(unix.P_PID, p.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
			if err != unix.EINTR {
				break
			}
		}
	}
	p.Reap()
}

// Done is closed by [Proc.Wait] (or [Proc.MarkDone]) once the process has
// been reaped.
func (p *Proc) Done() <-chan struct{} { return p.done }

// MarkDone closes Done; for callers that wait for the exit their own way
// and call Reap themselves.
func (p *Proc) MarkDone() { p.closeOnce.Do(func() { close(p.done) }) }

// Exited reports whether Done is closed.
func (p *Proc) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *Proc) closePidFD() {
	if p.PidFD >= 0 {
		unix.Close(p.PidFD)
		p.PidFD = -1
	}
}

// awaitExit waits for the exit through the pidfd, which it closes, and
// reports false when it could not wait that way.
func (p *Proc) awaitExit() bool {
	if p.PidFD < 0 {
		return false
	}
	fd := p.PidFD
	p.PidFD = -1
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
		exited, err := PidFDExited(int(fd))
		if err != nil {
			ok = false // e.g. a kernel without P_PIDFD (before 5.4)
			return true
		}
		return exited
	})
	return ok && err == nil
}

// PidFDExited reports whether the process of pidfd has exited, without
// reaping it.
func PidFDExited(pidfd int) (bool, error) {
	for {
		var info unix.Siginfo
		err := unix.Waitid(unix.P_PIDFD, pidfd, &info, unix.WEXITED|unix.WNOWAIT|unix.WNOHANG, nil)
		if err == unix.EINTR {
			continue
		}
		return err == nil && info.Signo != 0, err // Signo 0: not exited yet
	}
}

// Exit is how a reaped process ended.
type Exit struct {
	// Status is the leader's wait status; meaningless when Err is set.
	Status syscall.WaitStatus
	// Err is wait4's error (the leader could not be reaped).
	Err error
	// Wall is the time from start to reap.
	Wall time.Duration
	// User and Sys are the CPU time of the whole tree: from the cgroup's
	// cpu.stat, or the leader's rusage (which includes the descendants it
	// waited for) plus the descendants swept in pgroup mode.
	User, Sys time.Duration
	// PeakRSS is the leader's peak resident set (wait4's rusage), or the
	// largest resident tree memory CheckTree saw when that is larger.
	PeakRSS int64
	// LimitHit is "cpu" or "memory" when the tree passed that limit and was
	// killed for it (by CheckTree, or the cgroup's OOM killer), else "".
	LimitHit string
}

// Signaled reports the signal that ended the leader, if one did.
func (e Exit) Signaled() (syscall.Signal, bool) {
	if e.Err == nil && e.Status.Signaled() {
		return e.Status.Signal(), true
	}
	return 0, false
}

// Exit returns how the process ended; call it after Reap.
func (p *Proc) Exit() Exit {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := Exit{Status: p.status, Err: p.waitErr, Wall: p.end.Sub(p.Started), LimitHit: p.limitHit}
	if p.waitErr == nil {
		e.User = time.Duration(p.rusage.Utime.Nano()) + p.orphans.user
		e.Sys = time.Duration(p.rusage.Stime.Nano()) + p.orphans.sys
		e.PeakRSS = p.rusage.Maxrss * 1024 // kilobytes on Linux
	}
	if p.tree.user+p.tree.sys > e.User+e.Sys {
		e.User, e.Sys = p.tree.user, p.tree.sys
	}
	e.PeakRSS = max(e.PeakRSS, p.peakTree)
	return e
}

// KillAll kills the tree of every started process that is not reaped yet;
// for a command about to call os.Exit.
func KillAll() {
	liveMu.Lock()
	pids := make([]int, 0, len(live))
	for _, pid := range live {
		if pid > 0 {
			pids = append(pids, pid)
		}
	}
	liveMu.Unlock()
	for _, pid := range pids {
		syscall.Kill(-pid, syscall.SIGKILL)
	}
	if iso := isolation(); iso.Mode == ModeCgroup {
		killCgroupTree(iso.base)
	}
}
