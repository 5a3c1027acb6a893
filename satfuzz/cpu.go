package satfuzz

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// CPU accounting of trace runs (Result.CPU): an external driver's is
// wait4's rusage (solver.Run); a warm JVM's is its share of the JVM's CPU
// time, read from /proc/PID/stat after each trace (one trace runs at a
// time on a JVM, so the differences add up to all the JVM used, its start
// and JIT included); an in-process target's is the CPU time of the OS
// thread its goroutine is locked to while it runs the trace.

// threadMeter locks the calling goroutine to its OS thread and returns a
// function that unlocks it and says how much CPU time the thread used
// since. Call the function on the same goroutine, also after a panic.
func threadMeter() func() time.Duration {
	runtime.LockOSThread()
	t0 := threadCPU()
	return func() time.Duration {
		d := threadCPU() - t0
		runtime.UnlockOSThread()
		return max(d, 0)
	}
}

func threadCPU() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// clockTick is the unit of /proc/PID/stat's times: USER_HZ, 100 on every
// Linux architecture Go supports.
const clockTick = 10 * time.Millisecond

// procCPU is the user+system CPU time of a running process (all its
// threads) from /proc/PID/stat.
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: no command name", pid)
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 13 { // fields 3… ; utime and stime are fields 14 and 15
		return 0, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f))
	}
	ut, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	st, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: bad times", pid)
	}
	return time.Duration(ut+st) * clockTick, nil
}

// cpuShare is the CPU time p used since the last call: from /proc while
// it runs, from its rusage once it is reaped.
func (p *jvmProc) cpuShare() time.Duration {
	var total time.Duration
	if p.Exited() { // reaped: the exit carries the tree's CPU time
		e := p.Exit()
		total = e.User + e.Sys
	} else if t, err := procCPU(p.Pid); err == nil {
		total = t
	}
	if total <= p.cpuSeen {
		return 0
	}
	d := total - p.cpuSeen
	p.cpuSeen = total
	return d
}

// WallFactor bounds a trace's wall-clock time at WallFactor times its CPU
// limit (Limits.Time): the limit is on CPU time, so that a loaded machine
// (load 20 on 2 cores gives a process a tenth of a core) does not turn a
// trace that needs 1 s of CPU into a 10 s timeout; the wall-clock bound
// still ends a trace that waits without computing.
const WallFactor = 10

// cpuPoll is how often cpuWatch reads the CPU time.
const cpuPoll = 20 * time.Millisecond

// cpuWatch calls stop once, when used (the CPU time spent so far by what
// runs the trace, from a base read at the start) passes limit or the wall
// clock passes WallFactor × limit. The returned function ends the watch and
// reports whether stop was called. An error from used ends the watch
// silently (the process is gone).
func cpuWatch(limit time.Duration, used func() (time.Duration, error), stop func()) (end func() bool) {
	base, err := used()
	done := make(chan struct{})
	fired := make(chan bool, 1)
	go func() {
		defer close(fired)
		if err != nil {
			return
		}
		t := time.NewTicker(cpuPoll)
		defer t.Stop()
		wall := time.NewTimer(WallFactor * limit)
		defer wall.Stop()
		for {
			select {
			case <-done:
				return
			case <-wall.C:
				stop()
				fired <- true
				return
			case <-t.C:
				u, err := used()
				if err != nil {
					return
				}
				if u-base > limit {
					stop()
					fired <- true
					return
				}
			}
		}
	}()
	return func() bool {
		close(done)
		return <-fired
	}
}
