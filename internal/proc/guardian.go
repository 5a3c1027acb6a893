package proc

import (
	"bytes"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// guardianEnv carries "owner|cgroup base" to the guardian.
const guardianEnv = "TANDEM_PROC_GUARDIAN"

// guardianIn is the write end of the guardian's standard input. It is
// close-on-exec and never written: it closes when this process exits. The
// variable is never read; it keeps the file reachable, so no finalizer
// closes the pipe early.
//
//lint:ignore U1000 kept reachable on purpose (see above)
var guardianIn *os.File

// startGuardian re-executes this program as the guardian (see the package
// doc). It is in its own process group, so a terminal's Ctrl-C does not
// reach it, and has no PR_SET_PDEATHSIG: it must outlive us.
func startGuardian(base string) error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		w.Close()
		return err
	}
	defer null.Close()
	attr := &syscall.ProcAttr{
		Env:   []string{guardianEnv + "=" + ownerTag() + "|" + base},
		Files: []uintptr{r.Fd(), null.Fd(), null.Fd()},
		Sys:   &syscall.SysProcAttr{Setpgid: true},
	}
	if _, err := syscall.ForkExec("/proc/self/exe", []string{"tandem-guardian"}, attr); err != nil {
		w.Close()
		return err
	}
	guardianIn = w
	return nil
}

// runGuardian is the guardian's whole life: wait for end of file on
// standard input, then kill what the owner left behind.
func runGuardian(v string) {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	owner, base, _ := strings.Cut(v, "|")
	io.Copy(io.Discard, os.Stdin)
	if base != "" {
		killCgroupTree(base)
		removeCgroupTree(base)
	}
	prefix := []byte(tagVar + "=" + owner + "/")
	for round := 0; round < 100; round++ {
		if killTagged(prefix) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// killTagged sends SIGKILL to every process that carries the tag prefix
// and returns how many it found.
func killTagged(prefix []byte) int {
	ents, _ := os.ReadDir("/proc")
	n := 0
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || !bytes.Contains(env, prefix) {
			continue
		}
		syscall.Kill(pid, syscall.SIGKILL)
		n++
	}
	return n
}

// removeCgroupTree removes base and its child cgroups once they are empty
// (a bounded wait).
func removeCgroupTree(base string) {
	for i := 0; i < 500; i++ {
		subs, _ := filepath.Glob(filepath.Join(base, "p*"))
		for _, s := range subs {
			os.Remove(s)
		}
		if err := os.Remove(base); err == nil || os.IsNotExist(err) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
