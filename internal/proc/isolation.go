package proc

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Isolation modes.
const (
	ModeCgroup = "cgroup" // one cgroup v2 per process tree
	ModePgroup = "pgroup" // process groups, subreaper and tag sweep
)

// IsolationEnv forces a mode: TANDEM_ISOLATION=pgroup uses the fallback
// even where cgroups work (for tests, or a machine where they misbehave).
const IsolationEnv = "TANDEM_ISOLATION"

// tagVar is the environment variable every started process carries:
// owner/seq, owner being this tandem process's pid and a random nonce.
const tagVar = "TANDEM_PROC"

// Info describes the isolation in force in this process.
type Info struct {
	// Mode is ModeCgroup or ModePgroup.
	Mode string
	// Reason says why: the cgroup used, or why cgroups are not.
	Reason string
	// Guardian says the guardian that cleans up after a kill -9 runs; when
	// false, GuardianErr says why not.
	Guardian    bool
	GuardianErr string
	// MemoryMax says the cgroup's memory.max bounds the tree's memory (the
	// memory controller is delegated); otherwise the tree's resident
	// memory is watched by CheckTree.
	MemoryMax bool

	base string // the cgroup of this tandem's process trees
}

// String describes the isolation in one line, for 'tandem solvers'.
func (i Info) String() string {
	s := i.Mode + " (" + i.Reason
	switch {
	case i.Mode == ModeCgroup && i.MemoryMax:
		s += "; memory.max bounds each tree"
	case i.Mode == ModeCgroup:
		s += "; no memory controller delegated: tree memory watched"
	}
	if i.Guardian {
		s += "; guardian cleans up after a kill -9)"
	} else {
		s += "; no guardian: " + i.GuardianErr + ")"
	}
	return s
}

var (
	isoOnce sync.Once
	iso     Info
	owner   string
)

// Isolation returns the isolation in force, detecting it on first use:
// cgroup v2 when its mount is writable here and has cgroup.kill (Linux
// 5.14), else the process-group fallback.
func Isolation() Info { return isolation() }

func isolation() Info {
	isoOnce.Do(func() {
		iso = detect()
		if iso.Mode == ModePgroup {
			// Orphaned descendants of our children come to us, not to init,
			// so sweep can find and reap them.
			unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
		}
		if err := startGuardian(iso.base); err != nil {
			iso.GuardianErr = err.Error()
		} else {
			iso.Guardian = true
		}
	})
	return iso
}

func ownerTag() string {
	if owner == "" {
		var b [6]byte
		rand.Read(b[:])
		owner = strconv.Itoa(os.Getpid()) + "." + hex.EncodeToString(b[:])
	}
	return owner
}

func init() {
	// Set before any goroutine can start a process.
	ownerTag()
	if v, ok := os.LookupEnv(guardianEnv); ok {
		runGuardian(v)
		os.Exit(0)
	}
	startForker()
}

func detect() Info {
	if os.Getenv(IsolationEnv) == ModePgroup {
		return Info{Mode: ModePgroup, Reason: IsolationEnv + "=pgroup"}
	}
	mount, err := cgroup2Mount()
	if err != nil {
		return Info{Mode: ModePgroup, Reason: err.Error()}
	}
	own, err := ownCgroup()
	if err != nil {
		return Info{Mode: ModePgroup, Reason: err.Error()}
	}
	parent := filepath.Join(mount, own)
	base := filepath.Join(parent, "tandem-"+ownerTag())
	if err := os.Mkdir(base, 0o755); err != nil {
		return Info{Mode: ModePgroup, Reason: fmt.Sprintf("cannot create a cgroup under %s: %v", parent, err)}
	}
	if _, err := os.Stat(filepath.Join(base, "cgroup.kill")); err != nil {
		os.Remove(base)
		return Info{Mode: ModePgroup, Reason: "cgroup v2 without cgroup.kill (Linux before 5.14)"}
	}
	info := Info{Mode: ModeCgroup, Reason: "cgroup v2 at " + base, base: base}
	if ctl, err := os.ReadFile(filepath.Join(parent, "cgroup.subtree_control")); err == nil && bytes.Contains(ctl, []byte("memory")) {
		info.MemoryMax = true
	}
	return info
}

// cgroup2Mount finds where the cgroup v2 hierarchy is mounted (/sys/fs/cgroup,
// or /sys/fs/cgroup/unified on a hybrid system).
func cgroup2Mount() (string, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return "", fmt.Errorf("no /proc/self/mountinfo: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root mountpoint options ... - fstype source ...
		fields := strings.Fields(sc.Text())
		for i, x := range fields {
			if x == "-" && i+1 < len(fields) && fields[i+1] == "cgroup2" && len(fields) > 4 {
				return fields[4], nil
			}
		}
	}
	return "", errors.New("no cgroup v2 hierarchy is mounted")
}

// ownCgroup is this process's cgroup v2 path ("0::/path").
func ownCgroup() (string, error) {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", fmt.Errorf("no /proc/self/cgroup: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "0::"); ok {
			return rest, nil
		}
	}
	return "", errors.New("this process is in no cgroup v2")
}

// cgroup is the cgroup of one process tree.
type cgroup struct {
	dir string
	fd  int // the directory, for CLONE_INTO_CGROUP; -1 once the child runs
	// stat is cpu.stat, opened at the first read (statOpened) and read
	// again at offset 0 each time (a session reads it per call); -1 when
	// it is not open
	stat       int
	statOpened bool
}

func newCgroup(seq uint64, memory int64) (*cgroup, error) {
	dir := filepath.Join(iso.base, "p"+strconv.FormatUint(seq, 10))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	if memory > 0 && iso.MemoryMax {
		os.WriteFile(filepath.Join(dir, "memory.max"), []byte(strconv.FormatInt(memory, 10)), 0)
		os.WriteFile(filepath.Join(dir, "memory.swap.max"), []byte("0"), 0)
	}
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		os.Remove(dir)
		return nil, err
	}
	return &cgroup{dir: dir, fd: fd, stat: -1}, nil
}

func (c *cgroup) closeFD() {
	if c.fd >= 0 {
		unix.Close(c.fd)
		c.fd = -1
	}
}

func (c *cgroup) kill() {
	os.WriteFile(filepath.Join(c.dir, "cgroup.kill"), []byte("1"), 0)
}

// remove deletes an unused cgroup.
func (c *cgroup) remove() {
	c.closeFD()
	c.closeStat()
	os.Remove(c.dir)
}

func (c *cgroup) closeStat() {
	if c.stat >= 0 {
		unix.Close(c.stat)
	}
	c.stat, c.statOpened = -1, true
}

// populated reads cgroup.events.
func populated(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "cgroup.events"))
	return err != nil || bytes.Contains(b, []byte("populated 1"))
}

// finish waits (a bounded time) until the killed tree is gone, reads its
// CPU time and out-of-memory kills, and removes the cgroup.
func (c *cgroup) finish(hit string) (usage, string) {
	c.kill()
	for i := 0; populated(c.dir) && i < 2000; i++ {
		time.Sleep(time.Duration(min(i+1, 10)) * 100 * time.Microsecond)
		if i%100 == 99 {
			c.kill()
		}
	}
	u := c.cpu()
	c.closeStat()
	if hit == "" {
		if ev, err := os.ReadFile(filepath.Join(c.dir, "memory.events")); err == nil && statValue(ev, "oom_kill") > 0 {
			hit = "memory"
		}
	}
	for i := 0; i < 100; i++ {
		if err := os.Remove(c.dir); err == nil || !errors.Is(err, syscall.EBUSY) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	return u, hit
}

// cpu reads cpu.stat: one pread of the file kept open (a kernfs file
// is generated anew at offset 0) into a buffer on the stack, or, when
// the file cannot be kept open or is larger, a whole read.
func (c *cgroup) cpu() usage {
	if !c.statOpened {
		c.statOpened = true
		if fd, err := unix.Open(filepath.Join(c.dir, "cpu.stat"), unix.O_RDONLY|unix.O_CLOEXEC, 0); err == nil {
			c.stat = fd
		}
	}
	var buf [1024]byte
	if c.stat >= 0 {
		if n, err := unix.Pread(c.stat, buf[:], 0); err == nil && n < len(buf) {
			return cpuUsage(buf[:n])
		}
	}
	b, err := os.ReadFile(filepath.Join(c.dir, "cpu.stat"))
	if err != nil {
		return usage{}
	}
	return cpuUsage(b)
}

// cpuUsage reads user_usec and system_usec of a cpu.stat.
func cpuUsage(b []byte) usage {
	return usage{
		user: time.Duration(statValue(b, "user_usec")) * time.Microsecond,
		sys:  time.Duration(statValue(b, "system_usec")) * time.Microsecond,
	}
}

// pids reads cgroup.procs.
func (c *cgroup) pids() []int {
	b, _ := os.ReadFile(filepath.Join(c.dir, "cgroup.procs"))
	var out []int
	for _, f := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// statValue reads "key value" from a cgroup stat file (without
// allocating: a session reads cpu.stat per call).
func statValue(b []byte, key string) int64 {
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		if len(line) > len(key) && string(line[:len(key)]) == key && line[len(key)] == ' ' {
			var n int64
			for _, c := range bytes.TrimSpace(line[len(key)+1:]) {
				if c < '0' || c > '9' || n > (1<<62)/10 {
					return 0
				}
				n = 10*n + int64(c-'0')
			}
			return n
		}
	}
	return 0
}

// killCgroupTree kills every process in base and its child cgroups.
func killCgroupTree(base string) {
	if base != "" {
		os.WriteFile(filepath.Join(base, "cgroup.kill"), []byte("1"), 0)
	}
}
