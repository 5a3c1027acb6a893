// Command fuzzysound is the long run of fuzzysat's differential soundness
// check (issue 22; tandem/fuzzysat/soundness): -n generated queries, each
// solved from three kinds of seed (one satisfying π, one violating it,
// all-zero), every unsat answer checked by z3 in one incremental session
// and every sat assignment by the evaluator. It prints z3's verdicts,
// fuzzysat's answers per seed kind with the unsat proofs by phase, the
// wrong answers (with reproducible cases) and the shapes covered, and
// exits 1 when any answer was wrong.
//
//	go run ./bench/fuzzysound -n 100000
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"time"

	"tandem/fuzzysat/soundness"
	"tandem/solver"
)

func main() {
	n := flag.Int("n", 100000, "generated queries")
	seed := flag.Uint64("seed", 1, "seed of the generator")
	maxBytes := flag.Int("max-bytes", 3, "input bytes per query, at most (≤ 4)")
	maxEvals := flag.Int64("max-evals", 20000, "fuzzysat's evaluation budget per query")
	flag.Parse()
	if *maxBytes < 1 || *maxBytes > soundness.MaxBytes {
		fail(fmt.Errorf("-max-bytes must be 1 … %d", soundness.MaxBytes))
	}
	ctx := context.Background()
	p, err := solver.NewRegistry().Lookup("z3")
	if err != nil {
		fail(err)
	}
	c, err := soundness.NewChecker(ctx, p)
	if err != nil {
		fail(err)
	}
	defer c.Close()
	c.Opts.MaxEvals = *maxEvals
	ver, _ := solver.Version(ctx, p)
	fmt.Printf("fuzzysat soundness: %d generated queries (≤ %d input bytes, generator seed %d) × 3 seeds, against z3 %s\n",
		*n, *maxBytes, *seed, strings.TrimSpace(ver))
	rng := rand.New(rand.NewPCG(*seed, 28))
	start, cpu0 := time.Now(), cpuTime()
	for id := range uint64(*n) {
		if err := c.Check(ctx, id, soundness.Generate(soundness.RandChooser{R: rng}, *maxBytes)); err != nil {
			fail(err)
		}
		if (id+1)%10000 == 0 {
			fmt.Fprintf(os.Stderr, "%d queries, wrong sat %d, wrong unsat %d, %s\n", id+1, c.Stats.WrongSat, c.Stats.WrongUnsat, time.Since(start).Round(time.Second))
		}
	}
	c.Stats.Write(os.Stdout)
	fmt.Printf("wall %s, CPU of this process %s (z3's not counted)\n", time.Since(start).Round(time.Second), (cpuTime() - cpu0).Round(time.Millisecond))
	if c.Stats.WrongSat+c.Stats.WrongUnsat+c.Stats.Errors > 0 {
		os.Exit(1)
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fuzzysound:", err)
	os.Exit(2)
}
