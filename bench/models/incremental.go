package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"tandem/eval/modelcheck"
	"tandem/smtlib"
	"tandem/solver"
)

// ScopedCheck is one check-sat of an incremental file under one solver.
type ScopedCheck struct {
	Path   string `json:"path"`
	Solver string `json:"solver"`
	Check  int    `json:"check"` // 1-based
	Line   int    `json:"line"`
	Answer string `json:"answer"`
	// Verdict: valid, invalid (an assertion is false), undefined,
	// not-evaluable, model-error (not readable), unsupported (the model
	// uses a solver's own construct), no-model, untrusted (the
	// solver rejected an earlier command), or for a file: parse-error.
	Verdict string `json:"verdict"`
	Detail  string `json:"detail,omitempty"`
}

var incrementalCommand = regexp.MustCompile(`\((push|pop|check-sat-assuming|reset|reset-assertions)[\s)]`)

// incrementalFiles lists the corpus files that push, pop, reset or check
// under assumptions, sorted.
func incrementalFiles(root string) []string {
	var out []string
	_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".smt2") {
			return nil
		}
		src, err := smtlib.ReadFile(path, "corpus file", 0)
		if err == nil && incrementalCommand.Match(src) {
			out = append(out, path)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// runIncremental checks every model of every check-sat of the corpus's
// incremental files in its own scope, with each solver, and prints the
// counts and every verdict that is not valid.
func runIncremental(root string, profiles []*solver.Profile, wall time.Duration, jobs int) []*ScopedCheck {
	files := incrementalFiles(root)
	type task struct{ file, prof int }
	var tasks []task
	for i := range files {
		for j := range profiles {
			tasks = append(tasks, task{i, j})
		}
	}
	results := make([][]*ScopedCheck, len(tasks))
	ch := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				t := tasks[i]
				results[i] = checkScoped(root, files[t.file], profiles[t.prof], wall)
			}
		}()
	}
	start := time.Now()
	for i := range tasks {
		if i%100 == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d runs (%.0fs)\n", i, len(tasks), time.Since(start).Seconds())
		}
		ch <- i
	}
	close(ch)
	wg.Wait()
	var all []*ScopedCheck
	for _, r := range results {
		all = append(all, r...)
	}
	reportScoped(all, profiles, len(files), wall, time.Since(start))
	return all
}

func checkScoped(root, path string, p *solver.Profile, wall time.Duration) []*ScopedCheck {
	rel, _ := filepath.Rel(root, path)
	sc, err := smtlib.ParseFile(path)
	if err != nil {
		return []*ScopedCheck{{Path: rel, Solver: p.Name, Verdict: "parse-error", Detail: firstLine(err.Error())}}
	}
	run, err := modelcheck.SolveAndCheck(context.Background(), sc, p, solver.Limits{Wall: wall})
	if run == nil {
		return []*ScopedCheck{{Path: rel, Solver: p.Name, Verdict: "run-error", Detail: firstLine(err.Error())}}
	}
	var out []*ScopedCheck
	for i, c := range run.Checks {
		o := &ScopedCheck{Path: rel, Solver: p.Name, Check: i + 1, Line: c.Pos.Line, Answer: c.Answer.String()}
		switch {
		case c.Answer != solver.StatusSat:
			o.Verdict = "no-model"
			if !c.Answer.IsAnswer() {
				o.Detail = firstLine(run.Result.Reason + " " + c.NoModel)
			}
		case c.Untrusted != "":
			o.Verdict, o.Detail = "untrusted", c.Untrusted
		case c.Err != nil:
			o.Verdict, o.Detail = "model-error", firstLine(c.Err.Error())
		case c.Unsupported != "":
			o.Verdict, o.Detail = "unsupported", c.Unsupported
		case c.Report == nil:
			o.Verdict, o.Detail = "no-model", c.NoModel
		case c.Report.Holds():
			o.Verdict = "valid"
		default:
			o.Verdict, o.Detail = scopedVerdict(c.Report)
		}
		out = append(out, o)
	}
	return out
}

// scopedVerdict is the worst verdict of a report and the assertion that
// has it.
func scopedVerdict(r *modelcheck.Report) (string, string) {
	for _, want := range []modelcheck.Verdict{modelcheck.False, modelcheck.Undefined, modelcheck.Error} {
		for _, a := range r.Assertions {
			if a.Verdict != want {
				continue
			}
			d := fmt.Sprintf("assertion %s", short(a.Term.String()))
			switch {
			case a.Err != nil:
				d += ": " + a.Err.Error()
			case want == modelcheck.Undefined:
				d += ": " + a.Value.String()
			}
			return map[modelcheck.Verdict]string{modelcheck.False: "invalid", modelcheck.Undefined: "undefined", modelcheck.Error: "not-evaluable"}[want], firstLine(d)
		}
	}
	return "valid", ""
}

func short(s string) string {
	if len(s) > 160 {
		return s[:157] + "..."
	}
	return s
}

func reportScoped(all []*ScopedCheck, profiles []*solver.Profile, files int, wall, elapsed time.Duration) {
	fmt.Printf("%d incremental corpus files, %v per run, %.0fs\n\n", files, wall, elapsed.Seconds())
	verdicts := []string{"valid", "invalid", "undefined", "not-evaluable", "model-error", "unsupported", "untrusted", "no-model", "parse-error", "run-error"}
	tw := tabwriter.NewWriter(os.Stdout, 2, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "solver\tcheck-sats\tsat\tunsat\tunknown\tother\t")
	for _, v := range verdicts {
		fmt.Fprint(tw, v+"\t")
	}
	fmt.Fprintln(tw)
	for _, p := range profiles {
		n, ans := 0, map[string]int{}
		cnt := map[string]int{}
		for _, o := range all {
			if o.Solver != p.Name {
				continue
			}
			cnt[o.Verdict]++
			if o.Check > 0 {
				n++
				switch o.Answer {
				case "sat", "unsat", "unknown":
					ans[o.Answer]++
				default:
					ans["other"]++
				}
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t", p.Name, n, ans["sat"], ans["unsat"], ans["unknown"], ans["other"])
		for _, v := range verdicts {
			fmt.Fprintf(tw, "%d\t", cnt[v])
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Println("\nevery model that is not valid (and every file that could not be checked):")
	for _, o := range all {
		if o.Verdict == "valid" || (o.Verdict == "no-model" && o.Detail == "") {
			continue
		}
		fmt.Printf("  %s %s check-sat %d (line %d, %s): %s: %s\n", o.Solver, o.Path, o.Check, o.Line, o.Answer, o.Verdict, o.Detail)
	}
}
