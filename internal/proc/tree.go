package proc

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// CheckTree measures the whole tree's CPU time and resident memory and,
// when either passes its limit, kills the tree and returns "cpu" or
// "memory" (also recorded in [Exit.LimitHit]). A caller waiting for the
// process calls it now and then (every [TreePoll]); it costs a few small
// reads of /proc or the cgroup. With no tree limits it does nothing.
func (p *Proc) CheckTree() string {
	if p.lim.CPU <= 0 && p.lim.Memory <= 0 {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.reaped || p.limitHit != "" {
		return p.limitHit
	}
	var pids []int
	var cpu usage
	if p.cg != nil {
		pids = p.cg.pids()
		cpu = p.cg.cpu()
	} else {
		pids = descendants(p.Pid)
	}
	var rss int64
	for _, pid := range pids {
		st, ok := readStat(pid)
		if !ok {
			continue
		}
		rss += st.rss
		if p.cg == nil {
			cpu.user += st.cpu.user
			cpu.sys += st.cpu.sys
		}
	}
	p.peakTree = max(p.peakTree, rss)
	switch {
	case p.lim.CPU > 0 && cpu.user+cpu.sys >= p.lim.CPU:
		p.limitHit = "cpu"
	case p.lim.Memory > 0 && rss > p.lim.Memory:
		p.limitHit = "memory"
	default:
		return ""
	}
	p.killTree()
	return p.limitHit
}

// TreeCPU is the CPU time (user + system) the live tree has used so far:
// its cgroup's cpu.stat, or the sum over the process and its descendants
// of /proc/PID/stat (each with the children it reaped; 10 ms ticks). It
// is what a long-lived process (a solver session) is charged per call;
// after the process is reaped it is 0, and [Proc.Exit] has the total.
func (p *Proc) TreeCPU() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.reaped {
		return 0
	}
	if p.cg != nil {
		u := p.cg.cpu()
		return u.user + u.sys
	}
	var sum time.Duration
	for _, pid := range descendants(p.Pid) {
		if st, ok := readStat(pid); ok {
			sum += st.cpu.user + st.cpu.sys
		}
	}
	return sum
}

// TreePoll is how often a waiting caller should call CheckTree.
const TreePoll = 100 * time.Millisecond

// HasTreeLimits reports whether CheckTree has anything to check.
func (p *Proc) HasTreeLimits() bool { return p.lim.CPU > 0 || p.lim.Memory > 0 }

// descendants returns pid and every descendant of it that is still its
// descendant (a walk of /proc/PID/task/TID/children).
func descendants(pid int) []int {
	out := []int{pid}
	for i := 0; i < len(out) && len(out) < 100000; i++ {
		out = append(out, children(out[i])...)
	}
	return out
}

// children lists the children of every thread of pid.
func children(pid int) []int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "children"))
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// procStat is what CheckTree reads from /proc/PID/stat.
type procStat struct {
	cpu usage // the process's own and its waited-for children's
	rss int64
}

var clockTick = time.Second / 100 // USER_HZ is 100 on every Linux ABI

var pageSize = int64(os.Getpagesize())

func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state); utime is field 14, stime 15, cutime 16,
	// cstime 17, rss 24.
	if len(f) < 22 {
		return procStat{}, false
	}
	n := func(k int) int64 { v, _ := strconv.ParseInt(f[k-3], 10, 64); return v }
	return procStat{
		cpu: usage{
			user: time.Duration(n(14)+n(16)) * clockTick,
			sys:  time.Duration(n(15)+n(17)) * clockTick,
		},
		rss: n(24) * pageSize,
	}, true
}

// sweepMu serializes sweeps: two must not wait for the same orphan.
var sweepMu sync.Mutex

// sweep kills and reaps the descendants of process seq (whose group is
// pgid) that have become our children (we are a subreaper in pgroup mode):
// children in a group swept here, and children that carry our tag and are
// not a started process that is still live. A zombie cannot be asked for
// its environment, so group membership, which /proc still shows, is what
// identifies a killed member. It returns the CPU time of those that were
// descendants of seq.
func sweep(seq uint64, pgid int) usage {
	sweepMu.Lock()
	defer sweepMu.Unlock()
	var u usage
	prefix := []byte(tagVar + "=" + ownerTag() + "/")
	groups := map[int]bool{pgid: true}
	for round := 0; round < 1000; round++ {
		found := false
		for _, pid := range children(os.Getpid()) {
			pg, ok := pgrpOf(pid)
			if !ok {
				continue
			}
			s, mine := seq, groups[pg]
			if !mine {
				var tagged bool
				if s, tagged = taggedSeq(pid, prefix); !tagged {
					continue
				}
				liveMu.Lock()
				_, isLive := live[s]
				liveMu.Unlock()
				if isLive {
					// A started process, one whose fork is under way, or an
					// orphan of a running process, swept when that ends.
					continue
				}
				groups[pg] = true
				syscall.Kill(-pg, syscall.SIGKILL)
			}
			found = true
			syscall.Kill(pid, syscall.SIGKILL)
			var ru syscall.Rusage
			var ws syscall.WaitStatus
			for {
				_, err := syscall.Wait4(pid, &ws, 0, &ru)
				if err != syscall.EINTR {
					break
				}
			}
			if s == seq {
				u.user += time.Duration(ru.Utime.Nano())
				u.sys += time.Duration(ru.Stime.Nano())
			}
		}
		if !found {
			break
		}
	}
	return u
}

// pgrpOf reads the process group of pid from /proc/PID/stat, which a
// zombie still has.
func pgrpOf(pid int) (int, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 3 {
		return 0, false
	}
	pg, err := strconv.Atoi(f[2])
	return pg, err == nil
}

// taggedSeq reads the seq of pid's tag, if it carries ours.
func taggedSeq(pid int, prefix []byte) (uint64, bool) {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return 0, false
	}
	for _, kv := range bytes.Split(env, []byte{0}) {
		if rest, ok := bytes.CutPrefix(kv, prefix); ok {
			s, err := strconv.ParseUint(string(rest), 10, 64)
			return s, err == nil
		}
	}
	return 0, false
}

// SelfTreeCPU is the CPU time (user + system) used so far by this process
// and its live descendants, each with the children it has reaped (10 ms
// ticks). A program that bounds its own steps by it decides the same on a
// loaded machine as on an idle one, where wall time would not.
func SelfTreeCPU() time.Duration {
	var sum time.Duration
	for _, pid := range descendants(os.Getpid()) {
		if st, ok := readStat(pid); ok {
			sum += st.cpu.user + st.cpu.sys
		}
	}
	return sum
}
