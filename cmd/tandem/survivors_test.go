package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slowSolver is a fake solver that leaves descendants behind the ways
// real ones can: a child in its process group, a grandchild, and a child
// that calls setsid (a new session and group). It writes every pid to
// $SURVIVOR_PIDS and then sleeps, or answers sat first when its first
// argument is "answer". As --version it does the same and then hangs.
const slowSolver = `#!/bin/sh
sleep 300 &
a=$!
sh -c 'sleep 300 & wait' &
b=$!
setsid sleep 300 &
c=$!
[ -n "$SURVIVOR_PIDS" ] && echo "$$ $a $b $c" > "$SURVIVOR_PIDS.tmp" && mv "$SURVIVOR_PIDS.tmp" "$SURVIVOR_PIDS"
if [ "$1" = answer ]; then echo sat; exit 0; fi
sleep 300
`

// TestNoSurvivors checks issue 28.5 and 28.6: after SIGINT, SIGTERM or
// kill -9 of tandem, after a timeout of a solver whose child calls
// setsid, and after 'tandem solvers' on a --version that hangs, no process
// that tandem started is left, in each isolation mode this machine has
// (pgroup always; cgroup where cgroup v2 is writable).
func TestNoSurvivors(t *testing.T) {
	bin := campaignBinary(t)
	dir := t.TempDir()
	fake := filepath.Join(dir, "slowsolver")
	if err := os.WriteFile(fake, []byte(slowSolver), 0o755); err != nil {
		t.Fatal(err)
	}
	profiles := filepath.Join(dir, "solvers.toml")
	toml := fmt.Sprintf("[solver.slow]\nbinary = %q\none_shot_args = [\"{file}\"]\nversion_args = [\"--version\"]\n"+
		"[solver.answer]\nbinary = %q\none_shot_args = [\"answer\", \"{file}\"]\nversion_args = [\"answer\"]\n", fake, fake)
	if err := os.WriteFile(profiles, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	query := filepath.Join(dir, "q.smt2")
	os.WriteFile(query, []byte("(check-sat)\n"), 0o644)

	modes := []string{"pgroup", "cgroup"}
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			if mode == "cgroup" {
				out, _ := exec.Command(bin, "solvers").CombinedOutput() // built-in profiles only
				if !strings.Contains(string(out), "isolation: cgroup") {
					t.Skipf("cgroup v2 isolation is not available on this machine: %s", lastLine(string(out)))
				}
			}
			run := func(name string, args []string, stop func(p *os.Process), wantRunning bool, check ...func(t *testing.T, out string)) {
				t.Run(name, func(t *testing.T) {
					pidFile := filepath.Join(t.TempDir(), "pids")
					cmd := exec.Command(bin, args...)
					cmd.Env = append(os.Environ(), "SURVIVOR_PIDS="+pidFile, "TANDEM_ISOLATION="+mode)
					var out bytes.Buffer
					cmd.Stdout, cmd.Stderr = &out, &out
					if err := cmd.Start(); err != nil {
						t.Fatal(err)
					}
					pids := waitPids(t, pidFile)
					guardian := guardianOf(cmd.Process.Pid)
					if wantRunning && guardian == 0 {
						t.Errorf("no guardian process found for tandem %d", cmd.Process.Pid)
					}
					if stop != nil {
						stop(cmd.Process)
					}
					done := make(chan error, 1)
					go func() { done <- cmd.Wait() }()
					select {
					case <-done:
					case <-time.After(20 * time.Second):
						cmd.Process.Kill()
						t.Fatalf("tandem did not end\n%s", out.String())
					}
					if guardian != 0 {
						pids = append(pids, guardian)
					}
					if left := survivors(pids, 5*time.Second); len(left) > 0 {
						for _, pid := range left {
							syscall.Kill(pid, syscall.SIGKILL)
						}
						t.Fatalf("processes left behind: %v (of %v)\n%s", left, pids, out.String())
					}
					for _, c := range check {
						c(t, out.String())
					}
				})
			}
			long := []string{"run", "--profiles", profiles, "--solver", "slow", "--timeout", "60s", query}
			run("SIGINT", long, func(p *os.Process) { p.Signal(os.Interrupt) }, true)
			run("SIGTERM", long, func(p *os.Process) { p.Signal(syscall.SIGTERM) }, true)
			run("kill-9", long, func(p *os.Process) { p.Kill() }, true)
			run("timeout-setsid", []string{"run", "--profiles", profiles, "--solver", "slow", "--timeout", "1s", query}, nil, true)
			run("answer-setsid", []string{"run", "--profiles", profiles, "--solver", "answer", query}, nil, false)
			run("solvers-hanging-version", []string{"solvers", "--profiles", profiles}, nil, false, func(t *testing.T, out string) {
				if !strings.Contains(out, "timed out after 5s") || !strings.Contains(out, "isolation: "+mode) {
					t.Errorf("'tandem solvers' does not say the --version run timed out, or the isolation mode:\n%s", out)
				}
			})
		})
	}
}

// waitPids waits for the fake solver's pid file.
func waitPids(t *testing.T, path string) []int {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err == nil {
			var pids []int
			for _, f := range strings.Fields(string(b)) {
				pid, _ := strconv.Atoi(f)
				pids = append(pids, pid)
			}
			return pids
		}
		if time.Now().After(deadline) {
			t.Fatal("the fake solver never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// guardianOf finds the guardian process of tandem pid (its environment
// names tandem's pid as the owner), or 0.
func guardianOf(pid int) int {
	want := []byte("TANDEM_PROC_GUARDIAN=" + strconv.Itoa(pid) + ".")
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		g, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, _ := os.ReadFile("/proc/" + e.Name() + "/environ")
		if bytes.Contains(env, want) {
			return g
		}
	}
	return 0
}

// survivors returns the pids still alive (not zombies) after waiting up to
// grace for them to go.
func survivors(pids []int, grace time.Duration) []int {
	deadline := time.Now().Add(grace)
	for {
		var left []int
		for _, pid := range pids {
			b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
			if err != nil {
				continue
			}
			s := string(b)
			if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) && s[i+2] != 'Z' && s[i+2] != 'X' {
				left = append(left, pid)
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndexByte(s, '\n')+1:]
}
