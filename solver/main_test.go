package solver

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeBin is the fakesolver program, built once per test binary.
var fakeBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tandem-solver-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fakeBin = filepath.Join(dir, "fakesolver")
	build := exec.Command("go", "build", "-o", fakeBin, "./testdata/fakesolver")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building testdata/fakesolver:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// fakeProfile runs fakesolver in the given mode.
func fakeProfile(mode string) *Profile {
	p, _ := NewRegistry().Get("generic")
	p.Name = "fake"
	p.Binary = fakeBin
	p.OneShotArgs = []string{FilePlaceholder}
	p.StdinArgs = nil
	p.InteractiveArgs = []string{"interactive"}
	p.Options = []string{mode}
	return p
}

// procInfo is what /proc says about one process.
type procInfo struct {
	pid, ppid, pgid int
	state           byte
}

func readProc(pid int) (procInfo, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procInfo{}, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+2 >= len(s) {
		return procInfo{}, false
	}
	f := strings.Fields(s[i+2:])
	if len(f) < 3 {
		return procInfo{}, false
	}
	ppid, _ := strconv.Atoi(f[1])
	pgid, _ := strconv.Atoi(f[2])
	return procInfo{pid: pid, ppid: ppid, pgid: pgid, state: f[0][0]}, true
}

func allProcs() []procInfo {
	ents, _ := os.ReadDir("/proc")
	var out []procInfo
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pi, ok := readProc(pid); ok {
			out = append(out, pi)
		}
	}
	return out
}

// alive reports whether pid is a live process (not gone, not a zombie).
func alive(pid int) bool {
	pi, ok := readProc(pid)
	return ok && pi.state != 'Z' && pi.state != 'X'
}

// checkNoStrays fails when, after a short settle time, a process of group
// pgid is still alive or any child of this test process is a zombie.
// Orphans killed with their group are reaped by init, not by us, so a
// zombie whose parent is init is dead and not ours to reap.
func checkNoStrays(t *testing.T, pgid int, extra ...int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		var bad []string
		for _, pi := range allProcs() {
			if pi.pgid == pgid && pi.state != 'Z' && pi.state != 'X' {
				bad = append(bad, fmt.Sprintf("pid %d of group %d still alive (state %c)", pi.pid, pgid, pi.state))
			}
			if pi.ppid == os.Getpid() && pi.state == 'Z' {
				bad = append(bad, fmt.Sprintf("zombie child %d", pi.pid))
			}
		}
		for _, pid := range extra {
			if alive(pid) {
				bad = append(bad, fmt.Sprintf("pid %d still alive", pid))
			}
		}
		if len(bad) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("stray processes after the call: %s", strings.Join(bad, "; "))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkGoroutines fails when the goroutine count does not settle back to
// before within a few seconds.
func checkGoroutines(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= before {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("goroutine leak: %d before, %d after\n%s", before, n, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
