package solver

import (
	"context"
	"errors"
	"os"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"tandem/internal/proc"
)

// A one-shot run waits for its solver in the calling goroutine: stdout,
// stderr, the pidfd and, while input remains, stdin are in one epoll set,
// and that set's descriptor is in Go's poller, so the goroutine parks until
// any of them is ready or the wall-time limit (a read deadline on the set)
// passes. Cancelling the context moves the deadline to now. This replaces a
// goroutine per pipe plus one blocked in wait(2) per run.

// Tags of the descriptors in the epoll set.
const (
	tagStdout = iota
	tagStderr
	tagExit
	tagStdin
)

// runLoop is the state of one run's wait.
type runLoop struct {
	pr       *child
	ep       int
	out, err capture
	open     [2]bool // stdout, stderr not at end of file yet
	failed   error   // epoll itself failed
}

// executeLoop runs pr (started with a pidfd) to its end or its limit.
// It reports ok false, having touched nothing, when the epoll set cannot
// be made; the caller then uses the goroutine fallback.
func executeLoop(ctx context.Context, pr *child, lim Limits) (ex *execution, ok bool) {
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, false
	}
	l := &runLoop{pr: pr, ep: ep, out: capture{max: lim.OutputCap}, err: capture{max: lim.OutputCap}, open: [2]bool{true, true}}
	add := func(fd int, tag int32, events uint32) error {
		return unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, fd, &unix.EpollEvent{Events: events, Fd: tag})
	}
	err = add(pr.outFD, tagStdout, unix.EPOLLIN)
	if err == nil {
		err = add(pr.errFD, tagStderr, unix.EPOLLIN)
	}
	if err == nil {
		err = add(pr.PidFD, tagExit, unix.EPOLLIN)
	}
	if err == nil && pr.inFD >= 0 {
		err = add(pr.inFD, tagStdin, unix.EPOLLOUT)
	}
	if err == nil {
		err = unix.SetNonblock(ep, true) // so os.NewFile puts it in the poller
	}
	if err != nil {
		unix.Close(ep)
		return nil, false
	}
	epf := os.NewFile(uintptr(ep), "solver epoll")
	rc, err := epf.SyscallConn()
	if err != nil {
		epf.Close()
		return nil, false
	}
	defer func() {
		epf.Close() // drops the set with everything in it
		for _, fd := range []*int{&pr.outFD, &pr.errFD, &pr.inFD, &pr.PidFD} {
			if *fd >= 0 {
				unix.Close(*fd)
				*fd = -1
			}
		}
		pr.MarkDone()
	}()

	ex = &execution{sig: -1}
	var interrupted atomic.Bool
	stop := context.AfterFunc(ctx, func() {
		interrupted.Store(true)
		epf.SetReadDeadline(time.Now())
	})
	defer stop()
	// Every proc.TreePoll the whole tree's CPU and memory are checked,
	// when there are limits on them (a run shorter than that never is).
	wallEnd := pr.Started.Add(lim.Wall)
	poll := pr.HasTreeLimits()
	nextWake := func() time.Time {
		if t := time.Now().Add(proc.TreePoll); poll && t.Before(wallEnd) {
			return t
		}
		return wallEnd
	}
	epf.SetReadDeadline(nextWake())
	var drainUntil time.Time
	for {
		err := rc.Read(l.step)
		if l.failed == nil && err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
			l.failed = err
		}
		if l.failed != nil {
			// Cannot happen with a sound kernel; do not leave a process
			// behind in any case.
			pr.Kill()
			pr.Reap()
			break
		}
		reaped := pr.Reaped()
		if reaped && !l.open[0] && !l.open[1] {
			break
		}
		if reaped {
			// The group is dead; a process that escaped it may still hold
			// a pipe open. Give it drainGrace, as watched runs do.
			now := time.Now()
			if drainUntil.IsZero() {
				drainUntil = now.Add(drainGrace)
			} else if !now.Before(drainUntil) {
				break
			}
			epf.SetReadDeadline(drainUntil) // also after an early cancellation wake-up
			continue
		}
		if err == nil {
			continue
		}
		if poll && !interrupted.Load() && time.Now().Before(wallEnd) {
			if pr.CheckTree() != "" { // killed: wait for the exit
				poll = false
				epf.SetReadDeadline(wallEnd)
			} else {
				epf.SetReadDeadline(nextWake())
			}
			continue
		}
		// The wall-time limit, or ctx: kill the tree and wait for the exit.
		if !ex.timedOut && !ex.cancelled {
			if interrupted.Load() && ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				ex.cancelled = true
			} else {
				ex.timedOut = true
			}
		}
		pr.Kill()
		epf.SetReadDeadline(time.Time{})
	}
	ex.res = pr.result(l.out.data, l.err.data, l.out.dropped, l.err.dropped)
	return ex, true
}

// step handles every ready descriptor and reports whether the wait is over
// or the state changed (the process was reaped), so executeLoop acts.
func (l *runLoop) step(uintptr) bool {
	var evs [4]unix.EpollEvent
	reaped := false
	for {
		n, err := unix.EpollWait(l.ep, evs[:], 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			l.failed = err
			return true
		}
		if n == 0 {
			return reaped || l.pr.Reaped() && !l.open[0] && !l.open[1]
		}
		for _, ev := range evs[:n] {
			switch ev.Fd {
			case tagStdout:
				l.drain(&l.pr.outFD, &l.out, 0)
			case tagStderr:
				l.drain(&l.pr.errFD, &l.err, 1)
			case tagStdin:
				l.feed()
			case tagExit:
				if l.pr.PidFD < 0 {
					continue
				}
				if exited, err := proc.PidFDExited(l.pr.PidFD); exited || err != nil {
					l.remove(&l.pr.PidFD)
					l.pr.Reap()
					l.remove(&l.pr.inFD) // nobody reads the rest
					reaped = true
				}
			}
		}
	}
}

// drain reads a pipe until it would block, and closes it at its end.
func (l *runLoop) drain(fd *int, c *capture, i int) {
	for *fd >= 0 {
		n, err := unix.Read(*fd, c.buf())
		switch {
		case n > 0:
			c.got(n)
		case err == unix.EINTR:
		case err == unix.EAGAIN:
			return
		default: // end of file, or an error: the pipe is done either way
			l.remove(fd)
			l.open[i] = false
		}
	}
}

// feed writes pending input until the pipe is full, and closes it when all
// is written or the solver stopped reading.
func (l *runLoop) feed() {
	for l.pr.inFD >= 0 {
		if len(l.pr.pending) == 0 {
			l.remove(&l.pr.inFD)
			return
		}
		n, err := unix.Write(l.pr.inFD, l.pr.pending)
		switch {
		case n > 0:
			l.pr.pending = l.pr.pending[n:]
		case err == unix.EINTR:
		case err == unix.EAGAIN:
			return
		default: // EPIPE: the solver closed its input
			l.remove(&l.pr.inFD)
		}
	}
}

// remove takes a descriptor out of the set and closes it.
func (l *runLoop) remove(fd *int) {
	if *fd < 0 {
		return
	}
	unix.EpollCtl(l.ep, unix.EPOLL_CTL_DEL, *fd, nil)
	unix.Close(*fd)
	*fd = -1
}
