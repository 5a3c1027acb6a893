// Command checkmodel validates z3's models of the satisfiable corpus files
// with tandem's evaluator: for every file labelled sat in a supported
// logic, z3 solves it (5 s), prints its model, and every assertion must
// evaluate to true. It prints a table per logic and lists each exception
// (false, undefined, not evaluable, model not readable).
//
//	go run ./bench/checkmodel -json checkmodel.json
package main

import (
	"bufio"
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

	"tandem/eval/modelcheck"
	"tandem/smtlib"
	"tandem/solver"
)

var logics = map[string]bool{
	"QF_BV": true, "QF_ABV": true, "QF_LIA": true, "QF_LRA": true, "QF_NRA": true, "QF_NIA": true,
	"QF_AX": true, "QF_ALIA": true, "QF_ANIA": true, "QF_AUFLIA": true, "QF_UF": true, "QF_UFLIA": true,
	"QF_UFLRA": true, "QF_UFBV": true, "QF_IDL": true, "QF_RDL": true, "QF_LIRA": true, "QF_AUFBV": true,
	"QF_UFNIA": true, "QF_UFNRA": true, "QF_ABVFP": false,
}

type job struct{ path, logic, source string }

type outcome struct {
	Path    string `json:"path"`
	Logic   string `json:"logic"`
	Status  string `json:"status"` // z3's answer or failure
	Verdict string `json:"verdict"`
	Detail  string `json:"detail,omitempty"`
}

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "the shared corpus folder")
	wall := flag.Duration("timeout", 5*time.Second, "z3 time limit per file")
	jobs := flag.Int("j", 1, "parallel z3 runs")
	limit := flag.Int("limit", 0, "at most this many files (0: all)")
	out := flag.String("json", "", "write every outcome as JSON")
	solverName := flag.String("solver", "z3", "the solver whose models are checked (a profile name or spec)")
	only := flag.String("logics", "", "comma-separated logics to check instead of the default set (e.g. QF_FP,QF_BVFP,QF_S,QF_SLIA)")
	flag.Parse()
	if *only != "" {
		logics = map[string]bool{}
		for _, l := range strings.Split(*only, ",") {
			logics[strings.TrimSpace(l)] = true
		}
	}
	var js []job
	// seeds/<LOGIC>/sat
	dirs, _ := filepath.Glob(filepath.Join(*corpus, "seeds", "*", "sat"))
	for _, d := range dirs {
		l := filepath.Base(filepath.Dir(d))
		if !logics[l] {
			continue
		}
		fs, _ := filepath.Glob(filepath.Join(d, "*.smt2"))
		for _, f := range fs {
			js = append(js, job{f, l, "seeds"})
		}
	}
	for _, m := range []string{"sage", "smtlib", "regress"} {
		js = append(js, manifest(*corpus, m)...)
	}
	js = append(js, fpLabels(*corpus)...)
	if *limit > 0 && len(js) > *limit {
		js = js[:*limit]
	}
	reg := solver.NewRegistry()
	z3, err := reg.Lookup(*solverName)
	if err != nil {
		fmt.Fprintln(os.Stderr, "checkmodel:", err)
		os.Exit(1)
	}
	results := make([]outcome, len(js))
	var wg sync.WaitGroup
	ch := make(chan int)
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				results[i] = check(js[i], z3, *wall)
			}
		}()
	}
	start := time.Now()
	for i := range js {
		ch <- i
		if i%200 == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d files (%.0fs)\n", i, len(js), time.Since(start).Seconds())
		}
	}
	close(ch)
	wg.Wait()

	type tally struct{ files, sat, holds, other int }
	per := map[string]*tally{}
	var names []string
	for _, r := range results {
		t := per[r.Logic]
		if t == nil {
			t = &tally{}
			per[r.Logic] = t
			names = append(names, r.Logic)
		}
		t.files++
		if r.Status == "sat" {
			t.sat++
			if r.Verdict == "holds" {
				t.holds++
			} else {
				t.other++
			}
		}
	}
	sort.Strings(names)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "logic\tfiles\t%s sat in time\tmodel holds\texceptions\t\n", *solverName)
	var tot tally
	for _, n := range names {
		t := per[n]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t\n", n, t.files, t.sat, t.holds, t.other)
		tot.files += t.files
		tot.sat += t.sat
		tot.holds += t.holds
		tot.other += t.other
	}
	fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t\n", tot.files, tot.sat, tot.holds, tot.other)
	tw.Flush()
	fmt.Printf("(%.0fs, z3 limit %v)\n", time.Since(start).Seconds(), *wall)
	for _, r := range results {
		if r.Status == "sat" && r.Verdict != "holds" {
			fmt.Printf("EXCEPTION %s [%s] %s: %s\n", r.Path, r.Logic, r.Verdict, r.Detail)
		}
	}
	if *out != "" {
		b, _ := json.MarshalIndent(results, "", "  ")
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "checkmodel:", err)
			os.Exit(1)
		}
	}
}

// fpLabels reads the JFS benchmark label lists of fp/: the files whose
// expected_sat is sat, in the logic named by their folder.
func fpLabels(corpus string) []job {
	var js []job
	for _, name := range []string{"qf_fp_filtered_final_ii.yml", "qf_bvfp_filtered_final_ii.yml"} {
		data, err := os.ReadFile(filepath.Join(corpus, "fp", name))
		if err != nil {
			continue
		}
		bench := ""
		for _, line := range strings.Split(string(data), "\n") {
			t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- "))
			switch {
			case strings.HasPrefix(t, "benchmark:"):
				bench = strings.TrimSpace(strings.TrimPrefix(t, "benchmark:"))
			case strings.HasPrefix(t, "expected_sat:") && bench != "":
				if strings.TrimSpace(strings.TrimPrefix(t, "expected_sat:")) == "sat" {
					logic := strings.SplitN(bench, "/", 2)[0]
					if logics[logic] {
						js = append(js, job{filepath.Join(corpus, "fp", bench), logic, "fp"})
					}
				}
				bench = ""
			}
		}
	}
	return js
}

// manifest reads <corpus>/<dir>/MANIFEST.tsv: the files labelled sat, in
// supported logics (the logic column, or set-logic in the file).
func manifest(corpus, dir string) []job {
	f, err := os.Open(filepath.Join(corpus, dir, "MANIFEST.tsv"))
	if err != nil {
		return nil
	}
	defer f.Close()
	var js []job
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if header || strings.HasPrefix(sc.Text(), "#") {
			header = false
			continue
		}
		if len(cols) < 2 || cols[1] != "sat" {
			continue
		}
		logic := ""
		if dir == "regress" && len(cols) > 2 {
			logic = cols[2]
		} else {
			logic = strings.SplitN(cols[0], "/", 2)[0]
			if dir == "sage" {
				logic = "QF_BV"
			}
		}
		if !logics[logic] {
			continue
		}
		js = append(js, job{filepath.Join(corpus, dir, cols[0]), logic, dir})
	}
	return js
}

func check(j job, z3 *solver.Profile, wall time.Duration) outcome {
	o := outcome{Path: j.path, Logic: j.logic}
	sc, err := smtlib.ParseFile(j.path)
	if err != nil {
		o.Status, o.Detail = "parse-error", firstLine(err.Error())
		return o
	}
	run, err := modelcheck.SolveAndCheck(context.Background(), sc, z3, solver.Limits{Wall: wall})
	if run != nil && run.Result != nil {
		o.Status = run.Result.Status.String()
	}
	if err != nil {
		o.Verdict, o.Detail = "model-error", firstLine(err.Error())
		if o.Status == "" {
			o.Status = "run-error"
		}
		return o
	}
	if run.Report == nil {
		return o
	}
	r := run.Report
	if r.Holds() {
		o.Verdict = "holds"
		return o
	}
	for _, a := range r.Assertions {
		if a.Verdict != modelcheck.True {
			o.Verdict = a.Verdict.String()
			d := fmt.Sprintf("assertion %d", a.Index+1)
			if a.Err != nil {
				d += ": " + a.Err.Error()
			} else if a.Value != nil {
				d += " = " + a.Value.String()
			}
			o.Detail = firstLine(d)
			break
		}
	}
	return o
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
