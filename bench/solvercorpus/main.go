// Command solvercorpus runs real solvers on the labelled shared corpus
// through tandem's solver package and checks that every sat/unsat answer
// matches its label. It prints a table per solver (how many files ended in
// each status, how many answers matched) and lists every mismatch and crash,
// then writes the whole result as JSON.
//
//	go run ./bench/solvercorpus -n 300 -timeout 5s -j 2 -json solvercorpus.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"tandem/internal/corpus"
	"tandem/internal/testutil"
	"tandem/solver"
)

type fileResult struct {
	Solver    string          `json:"solver"`
	File      string          `json:"file"`
	Logic     string          `json:"logic"`
	Expected  []solver.Status `json:"expected"`
	Status    solver.Status   `json:"status"`
	Answers   []solver.Status `json:"answers"`
	Reason    string          `json:"reason,omitempty"`
	Signature string          `json:"signature,omitempty"`
	Mismatch  int             `json:"mismatch"` // index of the first differing answer, -1 for none
	WallMS    float64         `json:"wall_ms"`
}

type summary struct {
	Solver     string         `json:"solver"`
	Version    string         `json:"version"`
	Files      int            `json:"files"`
	ByStatus   map[string]int `json:"by_status"`
	Answered   int            `json:"answered_sat_unsat"`
	Matched    int            `json:"matched"`
	Mismatches int            `json:"mismatches"`
}

func main() {
	n := flag.Int("n", 300, "files per solver (spread evenly over the files it accepts)")
	timeout := flag.Duration("timeout", 5*time.Second, "wall-time limit per file")
	memory := flag.String("memory", "2GiB", "memory limit per run")
	jobs := flag.Int("j", 2, "runs in parallel")
	maxSize := flag.Int64("maxsize", 64<<10, "skip files larger than this many bytes")
	solvers := flag.String("solvers", "z3,cvc5,cvc4,boolector", "comma-separated solver specs")
	jsonOut := flag.String("json", "solvercorpus.json", "write results here")
	root := flag.String("corpus", filepath.Join(testutil.SharedDir(), "corpus"), "corpus root")
	flag.Parse()

	mem, err := solver.ParseSize(*memory)
	if err != nil {
		fatal(err)
	}
	all, err := corpus.Load(*root)
	if err != nil {
		fatal(err)
	}
	var small []corpus.Item
	for _, it := range all {
		if it.Size <= *maxSize {
			small = append(small, it)
		}
	}
	reg := solver.NewRegistry()
	ctx := context.Background()
	var sums []summary
	var results []fileResult
	for _, spec := range strings.Split(*solvers, ",") {
		p, err := reg.Lookup(spec)
		if err != nil {
			fatal(err)
		}
		ver, err := solver.Version(ctx, p)
		if err != nil {
			fmt.Fprintf(os.Stderr, "skipping %s: %v\n", spec, err)
			continue
		}
		items := corpus.Sample(corpus.ForProfile(small, p), *n)
		rs := runAll(ctx, p, items, solver.Limits{Wall: *timeout, Memory: mem}, *jobs)
		s := summary{Solver: spec, Version: ver, Files: len(rs), ByStatus: map[string]int{}}
		for _, r := range rs {
			s.ByStatus[r.Status.String()]++
			if r.Status == solver.StatusSat || r.Status == solver.StatusUnsat {
				s.Answered++
			}
			if r.Mismatch >= 0 {
				s.Mismatches++
			} else if r.Status == solver.StatusSat || r.Status == solver.StatusUnsat {
				s.Matched++
			}
		}
		sums = append(sums, s)
		results = append(results, rs...)
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	statuses := []string{"sat", "unsat", "unknown", "timeout", "memout", "crash", "error", "unsupported"}
	fmt.Fprintf(tw, "solver\tversion\tfiles\t%s\tmatched\tmismatch\t\n", strings.Join(statuses, "\t"))
	for _, s := range sums {
		var cols []string
		for _, st := range statuses {
			cols = append(cols, fmt.Sprint(s.ByStatus[st]))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d\t%d\t\n", s.Solver, s.Version, s.Files, strings.Join(cols, "\t"), s.Matched, s.Mismatches)
	}
	tw.Flush()
	for _, r := range results {
		switch {
		case r.Mismatch >= 0:
			fmt.Printf("MISMATCH %s %s: expected %v, answered %v\n", r.Solver, r.File, r.Expected, r.Answers)
		case r.Status == solver.StatusCrash:
			fmt.Printf("CRASH    %s %s: %s\n", r.Solver, r.File, r.Signature)
		}
	}
	errs := map[string]int{}
	for _, r := range results {
		if r.Status == solver.StatusError || r.Status == solver.StatusUnsupported {
			errs[r.Solver+" "+r.Status.String()+": "+trim(r.Reason)]++
		}
	}
	var keys []string
	for k := range errs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%4d× %s\n", errs[k], k)
	}
	out, _ := json.MarshalIndent(map[string]any{"summary": sums, "files": results}, "", "  ")
	if err := os.WriteFile(*jsonOut, out, 0o644); err != nil {
		fatal(err)
	}
	fmt.Println("wrote", *jsonOut)
}

func trim(s string) string {
	s = solver.NormalizeSignature(s)
	if len(s) > 90 {
		s = s[:90]
	}
	return s
}

func runAll(ctx context.Context, p *solver.Profile, items []corpus.Item, lim solver.Limits, jobs int) []fileResult {
	out := make([]fileResult, len(items))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				it := items[i]
				fr := fileResult{Solver: p.Name, File: it.Rel, Logic: it.Logic, Expected: it.Expected, Mismatch: -1}
				r, err := solver.Run(ctx, p, solver.FileInput(it.Path), solver.RunOptions{Limits: lim})
				if err != nil {
					fr.Status, fr.Reason = solver.StatusError, err.Error()
				} else {
					fr.Status, fr.Answers, fr.Reason, fr.Signature = r.Status, r.Answers, r.Reason, r.SignatureNorm
					if r.Status.IsAnswer() {
						fr.Mismatch = corpus.Mismatch(it.Expected, r.Answers)
					}
					fr.WallMS = float64(r.Wall.Microseconds()) / 1000
				}
				out[i] = fr
			}
		}()
	}
	for i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "solvercorpus:", err)
	os.Exit(1)
}
