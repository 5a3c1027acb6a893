// Command letchain measures how tandem's parse, let expansion and
// evaluation scale on chains of nested lets (issue 28 item 8: they were
// quadratic), side by side with z3 parsing the same file.
//
// For each length n it writes evaltest.LetChain(n) to a temporary file,
// then, in this process, parses it, expands it (smtlib.Expand, what
// `tandem parse --expand` does) and evaluates its assertion under
// x0 = 0, taking the CPU time of each phase from getrusage (the whole
// process: the garbage collector's work counts). z3 runs as a child on the
// same file with (check-sat) replaced by (exit), so it only parses and
// asserts; its CPU time is the child's. The ratio column divides each
// phase's time per let at n by the one at the smallest n: 1 is linear.
//
//	go run ./bench/letchain              # n = 10000 and 100000
//	go run ./bench/letchain -n 5000,20000,80000
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/smtlib"
)

func main() {
	ns := flag.String("n", "10000,100000", "chain lengths, comma-separated")
	z3bin := flag.String("z3", "z3", "the z3 binary (empty: skip z3)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "letchain")
	check(err)
	defer os.RemoveAll(dir)

	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "n\tparse\texpand\teval\ttandem total\tz3 parse\tper-let ratio (parse/expand/eval)\t")
	var base [3]float64
	for i, f := range strings.Split(*ns, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		check(err)
		src := evaltest.LetChain(n)
		var ph [3]time.Duration
		ph[0] = cpu(func() {
			_, err := smtlib.Parse("chain.smt2", src, smtlib.Options{MaxDepth: n + 100})
			check(err)
		})
		sc, err := smtlib.Parse("chain.smt2", src, smtlib.Options{MaxDepth: n + 100})
		check(err)
		ph[1] = cpu(func() { check(smtlib.Expand(smtlib.Clone(sc))) })
		sm, err := smtlib.ParseModel([]byte("((define-fun x0 () Int 0))"), sc)
		check(err)
		m, err := eval.ModelFromSMTLIB(sm)
		check(err)
		ph[2] = cpu(func() {
			v, err := eval.New(m).Eval(sc.Assertions()[0])
			if err != nil || v.String() != "true" {
				check(fmt.Errorf("the chain evaluates to %v, %v; want true", v, err))
			}
		})
		z3 := "-"
		if *z3bin != "" {
			path := filepath.Join(dir, fmt.Sprintf("chain%d.smt2", n))
			check(os.WriteFile(path, bytes.Replace(src, []byte("(check-sat)"), []byte("(exit)"), 1), 0o644))
			z3 = runZ3(*z3bin, path)
		}
		var ratio []string
		for k, d := range ph {
			per := d.Seconds() / float64(n)
			if i == 0 {
				base[k] = per
			}
			ratio = append(ratio, fmt.Sprintf("%.1f", per/base[k]))
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", n, sec(ph[0]), sec(ph[1]), sec(ph[2]), sec(ph[0]+ph[1]+ph[2]), z3, strings.Join(ratio, " / "))
	}
	w.Flush()
	fmt.Println("times are CPU seconds (user+sys) of this process per phase, and of z3's process")
}

// cpu is the CPU time (user+sys) this process spends in f.
func cpu(f func()) time.Duration {
	before := usage(syscall.RUSAGE_SELF)
	f()
	return usage(syscall.RUSAGE_SELF) - before
}

func usage(who int) time.Duration {
	var ru syscall.Rusage
	check(syscall.Getrusage(who, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func runZ3(bin, path string) string {
	cmd := exec.Command(bin, "-smt2", "-T:600", path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "error: " + strings.TrimSpace(string(out))
	}
	ps := cmd.ProcessState
	return sec(ps.UserTime() + ps.SystemTime())
}

func sec(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "letchain:", err)
		os.Exit(1)
	}
}
