package main

// The checker speed bench of issue 29 §2: tandem's IDRUP checker against
// Biere's idrup-check on the proofs of tandem's solver, with the solve time,
// all CPU seconds measured side by side in one run; and both checkers'
// verdicts on corrupted copies of every proof.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/sat"
)

// speedScripts is the fixed bench: pigeonhole with selector queries,
// incremental random 3-SAT near the threshold, and incremental colouring
// (chromatic number search under activation literals).
func speedScripts() []*satgen.Script {
	var out []*satgen.Script
	for _, p := range []int{8, 9, 10} {
		out = append(out, satgen.SelectorPigeonhole(p, 3, 6))
	}
	for _, x := range []struct{ n, seed int }{{225, 101}, {250, 103}, {275, 1}, {300, 2}} {
		r := rand.New(rand.NewSource(int64(x.seed)))
		sc := satgen.IncrementalRandom3SAT(r, x.n, 4.26, 15)
		sc.Name = fmt.Sprintf("%s-s%d", sc.Name, x.seed)
		out = append(out, sc)
	}
	// Two rounds of 2.1n edges: near the 4-colourability threshold (average
	// degree 8.4) after the second.
	for _, x := range []struct{ n, seed int }{{180, 8}, {210, 10}, {220, 9}} {
		r := rand.New(rand.NewSource(int64(x.seed)))
		sc := satgen.IncrementalColoring(r, x.n, 21*x.n/10, 6)
		sc.Name = fmt.Sprintf("%s-s%d", sc.Name, x.seed)
		out = append(out, sc)
	}
	return out
}

func cpuSelf() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func countLines(path string) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		n++
	}
	return n
}

// runIdrupCheck runs idrup-check and returns its CPU time and its verdict
// (nil: verified).
func runIdrupCheck(bin, icnf, proof string, limit time.Duration) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-q", icnf, proof)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	err := cmd.Run()
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil {
		return cpu, fmt.Errorf("%v: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return cpu, nil
}

// runTandemCheck runs idrup.CheckFiles in this process and returns its
// CPU time and verdict.
func runTandemCheck(icnf, proof string) (time.Duration, error) {
	runtime.GC()
	t0 := cpuSelf()
	_, err := idrup.CheckFiles(context.Background(), icnf, proof, idrup.Options{GCPercent: idrup.CommandGCPercent})
	return cpuSelf() - t0, err
}

func speed(idrupCheck, keep string, corrupt, repeat int, limit time.Duration) int {
	dir := keep
	if dir == "" {
		d, err := os.MkdirTemp("", "satcheck-speed")
		if err != nil {
			fmt.Fprintln(os.Stderr, "satcheck:", err)
			return 1
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "satcheck:", err)
		return 1
	}
	fmt.Printf("%-16s %9s %7s %7s %7s %10s %10s %10s %8s %8s\n", "proof", "lines", "answers", "tandem", "idrup-c", "tandem(s)", "idrup-c(s)", "solve(s)", "t/idrup", "t/solve")
	var tt, ti, ts time.Duration
	fails := 0
	agree, disagree := 0, 0
	for _, sc := range speedScripts() {
		icnfIn := filepath.Join(dir, sc.Name+".in.icnf")
		icnf := filepath.Join(dir, sc.Name+".icnf")
		proof := filepath.Join(dir, sc.Name+".idrup")
		if err := writeFile(icnfIn, sc.WriteICNF); err != nil {
			fmt.Fprintln(os.Stderr, "satcheck:", err)
			return 1
		}
		solve, answers, err := solveToFiles(icnfIn, icnf, proof, limit)
		if err != nil {
			fmt.Fprintf(os.Stderr, "satcheck: %s: %v\n", sc.Name, err)
			return 1
		}
		cpuT, errT := runTandemCheck(icnf, proof)
		cpuI, errI := runIdrupCheck(idrupCheck, icnf, proof, limit)
		for range repeat - 1 {
			t, eT := runTandemCheck(icnf, proof)
			i, eI := runIdrupCheck(idrupCheck, icnf, proof, limit)
			if (eT == nil) != (errT == nil) || (eI == nil) != (errI == nil) {
				fmt.Fprintf(os.Stderr, "FAIL %s: verdicts changed between repetitions: tandem %v then %v; idrup-check %v then %v\n", sc.Name, errT, eT, errI, eI)
				fails++
			}
			cpuT, cpuI = min(cpuT, t), min(cpuI, i)
		}
		if errT != nil || errI != nil {
			fails++
			fmt.Fprintf(os.Stderr, "FAIL %s: tandem: %v; idrup-check: %v\n", sc.Name, errT, errI)
		}
		tt, ti, ts = tt+cpuT, ti+cpuI, ts+solve
		fmt.Printf("%-16s %9d %7s %7s %7s %10.2f %10.2f %10.2f %8.2f %8.2f\n", sc.Name, countLines(proof), answers,
			verdict(errT), verdict(errI), cpuT.Seconds(), cpuI.Seconds(), solve.Seconds(), ratio(cpuT, cpuI), ratio(cpuT, solve))
		for k := 0; k < corrupt; k++ {
			bad := filepath.Join(dir, fmt.Sprintf("%s.bad%d.idrup", sc.Name, k))
			what, err := corruptProof(proof, bad, int64(k))
			if err != nil {
				fmt.Fprintf(os.Stderr, "satcheck: %s: %v\n", sc.Name, err)
				continue
			}
			_, eT := runTandemCheck(icnf, bad)
			_, eI := runIdrupCheck(idrupCheck, icnf, bad, limit)
			if (eT == nil) == (eI == nil) {
				agree++
			} else {
				disagree++
				fmt.Fprintf(os.Stderr, "DISAGREE %s corruption %d (%s): tandem: %v; idrup-check: %v\n", sc.Name, k, what, eT, eI)
			}
			os.Remove(bad)
		}
		if keep == "" {
			os.Remove(proof)
		}
	}
	fmt.Printf("%-16s %9s %7s %7s %7s %10.2f %10.2f %10.2f %8.2f %8.2f\n", "total", "", "", "", "", tt.Seconds(), ti.Seconds(), ts.Seconds(), ratio(tt, ti), ratio(tt, ts))
	fmt.Printf("corrupted proofs: both checkers agree on %d, disagree on %d\n", agree, disagree)
	if fails > 0 || disagree > 0 {
		return 1
	}
	return 0
}

func verdict(err error) string {
	if err == nil {
		return "ok"
	}
	return "FAIL"
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return a.Seconds() / b.Seconds()
}

func writeFile(path string, write func(w io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// solveToFiles runs tandem's solver on the script with the interactions
// and the proof written to files, and returns its CPU time and a summary
// of the answers (sat/unsat counts).
func solveToFiles(script, icnf, proof string, limit time.Duration) (time.Duration, string, error) {
	in, err := os.Open(script)
	if err != nil {
		return 0, "", err
	}
	defer in.Close()
	of, err := os.Create(icnf)
	if err != nil {
		return 0, "", err
	}
	defer of.Close()
	pf, err := os.Create(proof)
	if err != nil {
		return 0, "", err
	}
	defer pf.Close()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	runtime.GC()
	t0 := cpuSelf()
	s := sat.New(nil)
	s.SetProof(pf)
	st, err := sat.RunICNF(ctx, s, in, script, of, false)
	if err == nil {
		err = s.Flush()
	}
	cpu := cpuSelf() - t0
	if err == nil && st.Stopped {
		err = fmt.Errorf("solving stopped after %v", limit)
	}
	return cpu, fmt.Sprintf("%d/%d", st.Sat, st.Unsat), err
}

// corruptProof copies proof to bad with one change chosen by seed k: a
// literal of a lemma negated, a literal dropped from a lemma, a deletion of
// an absent clause, a core literal or a model literal negated. It says
// which.
func corruptProof(proof, bad string, k int64) (string, error) {
	data, err := os.ReadFile(proof)
	if err != nil {
		return "", err
	}
	lines := bytes.Split(data, []byte("\n"))
	kinds := []byte{'l', 'l', 'd', 'u', 'm'}
	kind := kinds[k%int64(len(kinds))]
	var idx []int
	for i, l := range lines {
		if len(l) > 2 && l[0] == kind && l[1] == ' ' && !bytes.Equal(l, []byte{kind, ' ', '0'}) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return "", fmt.Errorf("no '%c' line to corrupt", kind)
	}
	r := rand.New(rand.NewSource(k))
	// Late lines: their checks depend on most of the proof.
	i := idx[len(idx)/2+r.Intn(len(idx)-len(idx)/2)]
	f := bytes.Fields(lines[i])
	lits := f[1 : len(f)-1]
	j := r.Intn(len(lits))
	var what string
	switch {
	case kind == 'l' && k%int64(len(kinds)) == 1 && len(lits) > 1:
		lits = append(lits[:j:j], lits[j+1:]...)
		what = fmt.Sprintf("literal dropped from lemma at line %d", i+1)
	default:
		if lits[j][0] == '-' {
			lits[j] = lits[j][1:]
		} else {
			lits[j] = append([]byte{'-'}, lits[j]...)
		}
		what = fmt.Sprintf("literal negated in '%c' line %d", kind, i+1)
	}
	lines[i] = bytes.Join(append(append([][]byte{f[0]}, lits...), []byte("0")), []byte(" "))
	return what, os.WriteFile(bad, bytes.Join(lines, []byte("\n")), 0o644)
}
