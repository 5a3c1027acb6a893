// Command reducecross finds real bugs to reduce and reduces them: it runs
// z3 and cvc5 (from PATH) on a deterministic sample of the shared corpus
// with a short time limit, collects the files on which they disagree
// (one says sat, the other unsat, on the same check-sat) or on which one
// crashes, and then runs tandem reduce on up to -reduce of them: with
// --cross-check for disagreements, and on the crashing solver's signature
// (or its signal) for crashes. It prints both tables and writes JSON.
//
//	go run ./bench/reducecross -every 4 -reduce 8 -json reducecross.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"tandem/solver"
)

// Finding is one file where the solvers disagree or one crashes.
type Finding struct {
	Path   string   `json:"path"`
	Kind   string   `json:"kind"` // disagree, crash-z3, crash-cvc5
	Z3     []string `json:"z3"`
	CVC5   []string `json:"cvc5"`
	Detail string   `json:"detail,omitempty"`
	// InStderr says the crash signature is on standard error.
	InStderr bool `json:"signature_in_stderr,omitempty"`
	// Reduction (when reduced).
	Command string  `json:"command,omitempty"`
	Before  int     `json:"bytes_before"`
	After   int     `json:"bytes_after,omitempty"`
	Secs    float64 `json:"reduce_seconds,omitempty"`
	Summary string  `json:"summary,omitempty"`
	Err     string  `json:"error,omitempty"`
}

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "the shared corpus folder")
	dirs := flag.String("dirs", "regress,seeds/QF_FP,seeds/QF_S,seeds/QF_SLIA,seeds/QF_BVFP,seeds/QF_NRA,seeds/FP", "comma-separated corpus folders to search")
	every := flag.Int("every", 4, "take every k-th file in sorted order")
	limit := flag.Duration("timeout", 5*time.Second, "time limit per solver run in the search")
	workers := flag.Int("j", 2, "parallel solver runs in the search")
	nReduce := flag.Int("reduce", 8, "reduce at most this many findings (crashes first, then disagreements)")
	reduceJobs := flag.Int("reduce-j", 1, "tandem reduce -j")
	jsonOut := flag.String("json", "", "write the findings as JSON to this file")
	also := flag.String("also", "regress/regress0/fp/issue9078-3.smt2", "comma-separated corpus files searched in addition to the sample (a known cvc5 1.0.3 crash)")
	keep := flag.String("out", "", "copy the reduced files into this folder")
	flag.Parse()

	var files []string
	for _, d := range strings.Split(*dirs, ",") {
		filepath.WalkDir(filepath.Join(*corpus, d), func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(p, ".smt2") {
				files = append(files, p)
			}
			return nil
		})
	}
	slices.Sort(files)
	var sample []string
	for i := 0; i < len(files); i += *every {
		sample = append(sample, files[i])
	}
	for _, a := range strings.Split(*also, ",") {
		if p := filepath.Join(*corpus, a); a != "" && !slices.Contains(sample, p) {
			sample = append(sample, p)
		}
	}
	reg := solver.NewRegistry()
	z3, err := reg.Lookup("z3")
	if err != nil {
		fail(err)
	}
	cvc5, err := reg.Lookup("cvc5")
	if err != nil {
		fail(err)
	}
	fmt.Printf("searching %d of %d files with z3 and cvc5, %v each, %d workers\n", len(sample), len(files), *limit, *workers)
	start := time.Now()
	var mu sync.Mutex
	var found []*Finding
	work := make(chan string)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				if f := check(p, z3, cvc5, *limit); f != nil {
					mu.Lock()
					found = append(found, f)
					mu.Unlock()
				}
			}
		}()
	}
	for _, p := range sample {
		work <- p
	}
	close(work)
	wg.Wait()
	slices.SortFunc(found, func(a, b *Finding) int {
		if c := strings.Compare(b.Kind[:2], a.Kind[:2]); c != 0 { // crashes first
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	fmt.Printf("search: %d findings in %.0f s\n", len(found), time.Since(start).Seconds())

	dir, err := os.MkdirTemp("", "reducecross-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	tandem := filepath.Join(dir, "tandem")
	if out, err := exec.Command("go", "build", "-o", tandem, "./cmd/tandem").CombinedOutput(); err != nil {
		fail(fmt.Errorf("go build ./cmd/tandem: %v\n%s (run from the repository root)", err, out))
	}
	done := 0
	for i, f := range found {
		if done >= *nReduce {
			break
		}
		done++
		reduceOne(tandem, dir, i, f, *reduceJobs)
		if *keep != "" && f.After > 0 {
			os.MkdirAll(*keep, 0o755)
			if b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("r%d.smt2", i))); err == nil {
				os.WriteFile(filepath.Join(*keep, strings.ReplaceAll(strings.TrimPrefix(f.Path, *corpus+"/"), "/", "_")), b, 0o644)
			}
		}
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "file\tkind\tz3\tcvc5\tbytes\t→\tsecs\ttandem reduce")
	for _, f := range found {
		after := "-"
		if f.After > 0 {
			after = strconv.Itoa(f.After)
		}
		note := f.Summary
		if f.Err != "" {
			note = "ERROR " + f.Err
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%.1f\t%s\n", strings.TrimPrefix(f.Path, *corpus+"/"), f.Kind,
			strings.Join(f.Z3, ","), strings.Join(f.CVC5, ","), f.Before, after, f.Secs, note)
	}
	tw.Flush()
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(found, "", "  ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func names(ss []solver.Status) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.String())
	}
	return out
}

func check(p string, z3, cvc5 *solver.Profile, limit time.Duration) *Finding {
	ctx := context.Background()
	opts := solver.RunOptions{Limits: solver.Limits{Wall: limit}}
	rz, err1 := solver.Run(ctx, z3, solver.FileInput(p), opts)
	rc, err2 := solver.Run(ctx, cvc5, solver.FileInput(p), opts)
	if err1 != nil || err2 != nil {
		return nil
	}
	st, _ := os.Stat(p)
	f := &Finding{Path: p, Z3: names(rz.Answers), CVC5: names(rc.Answers), Before: int(st.Size())}
	switch {
	case rc.Status == solver.StatusCrash:
		f.Kind, f.Detail = "crash-cvc5", rc.Signature
		f.InStderr = strings.Contains(string(rc.Stderr), rc.Signature)
	case rz.Status == solver.StatusCrash:
		f.Kind, f.Detail = "crash-z3", rz.Signature
		f.InStderr = strings.Contains(string(rz.Stderr), rz.Signature)
	default:
		// A disagreement counts only when both ran cleanly: z3 answers
		// sat after skipping commands it does not know (cvc5's sets,
		// relations, higher-order terms), which is not a soundness bug.
		if len(rz.Errors) > 0 || len(rc.Errors) > 0 || !rz.Status.IsAnswer() || !rc.Status.IsAnswer() {
			return nil
		}
		for i := 0; i < len(rz.Answers) && i < len(rc.Answers); i++ {
			a, b := rz.Answers[i], rc.Answers[i]
			if (a == solver.StatusSat && b == solver.StatusUnsat) || (a == solver.StatusUnsat && b == solver.StatusSat) {
				f.Kind = "disagree"
				return f
			}
		}
		return nil
	}
	return f
}

func reduceOne(tandem, dir string, i int, f *Finding, jobs int) {
	out := filepath.Join(dir, fmt.Sprintf("r%d.smt2", i))
	args := []string{"reduce", "-j", strconv.Itoa(jobs), "--memout", "2048"}
	switch f.Kind {
	case "disagree":
		args = append(args, "--cross-check", "cvc5 --lang=smt2", f.Path, out, "--", "z3", "-smt2")
	case "crash-cvc5", "crash-z3":
		switch {
		case strings.HasPrefix(f.Detail, "signal ") || f.Detail == "":
			args = append(args, "--ignore-output") // same exit code and signal
		case f.InStderr:
			args = append(args, "--match-err", f.Detail)
		default:
			args = append(args, "--match-out", f.Detail)
		}
		args = append(args, f.Path, out, "--")
		if f.Kind == "crash-cvc5" {
			args = append(args, "cvc5", "--lang=smt2")
		} else {
			args = append(args, "z3", "-smt2")
		}
	}
	f.Command = "tandem " + strings.Join(args, " ")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	start := time.Now()
	b, err := exec.CommandContext(ctx, tandem, args...).CombinedOutput()
	f.Secs = time.Since(start).Seconds()
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	f.Summary = lines[len(lines)-1]
	if err != nil {
		f.Err = fmt.Sprintf("%v: %s", err, f.Summary)
		return
	}
	if src, err := os.ReadFile(out); err == nil {
		f.After = len(src)
	}
	fmt.Printf("reduced %s (%s): %d -> %d bytes in %.1f s\n", f.Path, f.Kind, f.Before, f.After, f.Secs)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "reducecross:", err)
	os.Exit(2)
}
