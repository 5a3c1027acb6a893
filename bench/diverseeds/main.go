// Command diverseeds counts, for each seed directory (one logic each, as
// in the corpus's seeds/LOGIC/sat), the share of seed files DIVER uses:
// each file (or an evenly spread sample of -n per directory) runs as one
// DIVER iteration on its own (Options.Seeds is that file), the code path
// of a campaign iteration: parse, the seed's model from the solver, the
// checks of M, then -m mutants. A file is used when the iteration did not
// skip it (counter seeds_skipped). Where the build counts skip reasons
// (counters "seed skipped: REASON"), the most common are printed.
//
// It uses only diver.New, Options and Iterate, so the same file builds
// against older versions of the package for a before/after comparison.
//
//	go run ./bench/diverseeds -solver z3 -n 40 -seed-timeout 3s ../shared/corpus/seeds/*/sat
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/diver"
)

func main() {
	solverSpec := flag.String("solver", "z3", "solver under test")
	n := flag.Int("n", 0, "files per directory, spread evenly over the sorted list (0: all)")
	mutants := flag.Int("m", 1, "mutants per used seed")
	timeout := flag.Duration("t", 2*time.Second, "mutant time limit")
	seedTimeout := flag.Duration("seed-timeout", 3*time.Second, "time limit of a seed's model run")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: diverseeds [flags] SEED-DIR...")
		os.Exit(2)
	}
	fmt.Printf("%-12s %6s %6s %6s %7s  %s\n", "logic", "files", "tried", "used", "share", "skip reasons (this build)")
	var allTried, allUsed int
	for _, dir := range flag.Args() {
		files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
		sort.Strings(files)
		picked := files
		if *n > 0 && len(files) > *n {
			picked = nil
			for i := 0; i < *n; i++ {
				picked = append(picked, files[i*len(files) / *n])
			}
		}
		used := 0
		reasons := map[string]int64{}
		for _, f := range picked {
			ok, why := try(*solverSpec, f, *mutants, *timeout, *seedTimeout)
			if ok {
				used++
			}
			for k, v := range why {
				reasons[k] += v
			}
		}
		allTried += len(picked)
		allUsed += used
		fmt.Printf("%-12s %6d %6d %6d %6.1f%%  %s\n", logicOf(dir), len(files), len(picked), used, pct(used, len(picked)), top(reasons, 3))
	}
	fmt.Printf("%-12s %6s %6d %6d %6.1f%%\n", "all", "", allTried, allUsed, pct(allUsed, allTried))
}

// try runs one DIVER iteration on the file alone; ok says the seed was
// used, why counts the skip reasons the build reports.
func try(solverSpec, file string, mutants int, timeout, seedTimeout time.Duration) (ok bool, why map[string]int64) {
	d, err := diver.New(diver.Options{Solver: solverSpec, Seeds: []string{file}, Mutants: mutants,
		Timeout: timeout, SeedTimeout: seedTimeout, NoOptionFuzz: true})
	if err != nil {
		return false, map[string]int64{"not listed: " + campaign.ErrorKind(err.Error()): 1}
	}
	_, st, err := d.Iterate(context.Background(), campaign.NewIteration(1, 0))
	if err != nil {
		return false, map[string]int64{"iteration error: " + campaign.ErrorKind(err.Error()): 1}
	}
	why = map[string]int64{}
	for k, v := range st.Counters {
		if r, found := strings.CutPrefix(k, "seed skipped: "); found {
			why[r] += v
		}
	}
	return st.Counters["seeds_skipped"] == 0, why
}

func logicOf(dir string) string {
	dir = filepath.Clean(dir)
	if filepath.Base(dir) == "sat" {
		return filepath.Base(filepath.Dir(dir))
	}
	return filepath.Base(dir)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func top(m map[string]int64, k int) string {
	type kv struct {
		k string
		v int64
	}
	var l []kv
	for a, b := range m {
		l = append(l, kv{a, b})
	}
	slices.SortFunc(l, func(a, b kv) int {
		if a.v != b.v {
			return cmp.Compare(b.v, a.v)
		}
		return strings.Compare(a.k, b.k)
	})
	var parts []string
	for i, e := range l {
		if i == k {
			parts = append(parts, fmt.Sprintf("%d more", len(l)-k))
			break
		}
		parts = append(parts, fmt.Sprintf("%d× %s", e.v, e.k))
	}
	return strings.Join(parts, "; ")
}
