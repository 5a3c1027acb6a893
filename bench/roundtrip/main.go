// Command roundtrip checks that tandem's printer keeps a script's meaning,
// with z3 as the judge: for a deterministic sample of the shared corpus
// (every k-th .smt2 file in sorted path order, across all folders), each
// file that tandem parses is printed with smtlib.Print, and z3 solves the
// original file and the printed file. The sequences of check-sat answers
// must be the same. A disagreement is run once more, both sides, to tell a
// timing-dependent answer from a printing bug.
//
//	go run ./bench/roundtrip -json roundtrip.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"tandem/smtlib"
	"tandem/solver"
)

// Outcome is what happened to one sampled file.
type Outcome struct {
	Path  string `json:"path"`
	Group string `json:"group"`
	// Verdict is one of: parse-error, not-decided (z3 gave no sat/unsat
	// for every check-sat of the original), same, differ, flaky (the
	// second run of a disagreement agreed, or the original itself changed).
	Verdict  string  `json:"verdict"`
	Original *Run    `json:"original,omitempty"`
	Printed  *Run    `json:"printed,omitempty"`
	Rerun    []*Run  `json:"rerun,omitempty"` // original, printed again for disagreements
	Detail   string  `json:"detail,omitempty"`
	Checks   int     `json:"check_sats"`
	Theory   string  `json:"unsupported_theory,omitempty"`
	WallSecs float64 `json:"wall_s"`
}

// Run is one z3 run, summarized.
type Run struct {
	Status  string   `json:"status"`
	Answers []string `json:"answers"`
	Errors  []string `json:"errors,omitempty"`
	Wall    float64  `json:"wall_s"`
	Stderr  string   `json:"stderr,omitempty"`
}

func (r *Run) key() string { return strings.Join(r.Answers, ",") }

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "the shared corpus folder")
	every := flag.Int("every", 10, "take every k-th file in sorted order")
	wall := flag.Duration("timeout", 5*time.Second, "z3 wall-time limit per run")
	jobs := flag.Int("j", 2, "files checked in parallel (one z3 process each)")
	out := flag.String("json", "", "write every outcome as JSON to this file")
	keep := flag.String("keep", "", "write the printed form of disagreeing files into this folder")
	flag.Parse()

	files, err := sample(*corpus, *every)
	if err != nil {
		fmt.Fprintln(os.Stderr, "roundtrip:", err)
		os.Exit(1)
	}
	z3, err := solver.NewRegistry().Lookup("z3")
	if err != nil {
		fmt.Fprintln(os.Stderr, "roundtrip:", err)
		os.Exit(1)
	}
	tmp, err := os.MkdirTemp("", "roundtrip")
	if err != nil {
		fmt.Fprintln(os.Stderr, "roundtrip:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(tmp)

	results := make([]*Outcome, len(files))
	ch := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				results[i] = check(*corpus, files[i], z3, *wall, filepath.Join(tmp, fmt.Sprintf("%d.smt2", i)), *keep)
			}
		}()
	}
	start := time.Now()
	for i := range files {
		if i%100 == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d files (%.0fs)\n", i, len(files), time.Since(start).Seconds())
		}
		ch <- i
	}
	close(ch)
	wg.Wait()
	elapsed := time.Since(start)

	report(results, *every, *wall, elapsed)
	if *out != "" {
		b, _ := json.MarshalIndent(struct {
			Every    int        `json:"every"`
			TimeoutS float64    `json:"timeout_s"`
			Files    []*Outcome `json:"files"`
		}{*every, wall.Seconds(), results}, "", "  ")
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "roundtrip:", err)
			os.Exit(1)
		}
	}
}

// sample lists every .smt2 file under root in sorted order and keeps every
// k-th, starting with the first.
func sample(root string, k int) ([]string, error) {
	var all []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".smt2") {
			all = append(all, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(all)
	var out []string
	for i := 0; i < len(all); i += k {
		out = append(out, all[i])
	}
	return out, nil
}

// group names a file's folder for the table: seeds/<LOGIC>, fp/<LOGIC>,
// regress/<regressN>/<dir>, otherwise the top folder.
func group(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return "?"
	}
	parts := strings.Split(rel, string(filepath.Separator))
	switch {
	case len(parts) > 2 && (parts[0] == "seeds" || parts[0] == "fp" || parts[0] == "smtlib"):
		return parts[0] + "/" + parts[1]
	default:
		return parts[0]
	}
}

func check(root, path string, z3 *solver.Profile, wall time.Duration, printedPath, keep string) *Outcome {
	start := time.Now()
	o := &Outcome{Path: path, Group: group(root, path)}
	defer func() { o.WallSecs = time.Since(start).Seconds() }()
	sc, err := smtlib.ParseFile(path)
	if err != nil {
		o.Verdict = "parse-error"
		o.Theory = smtlib.UnsupportedTheory(err)
		o.Detail = firstLine(err.Error())
		return o
	}
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdCheckSat || c.Kind == smtlib.CmdCheckSatAssuming {
			o.Checks++
		}
	}
	printed := smtlib.Print(sc)
	if err := os.WriteFile(printedPath, []byte(printed), 0o644); err != nil {
		o.Verdict, o.Detail = "io-error", err.Error()
		return o
	}
	defer os.Remove(printedPath)
	o.Original = run(z3, path, wall)
	if !decided(o.Original, o.Checks) {
		o.Verdict = "not-decided"
		return o
	}
	o.Printed = run(z3, printedPath, wall)
	if agree(o.Original, o.Printed) {
		o.Verdict = "same"
		return o
	}
	// Run both again: a second disagreement with the same answers on each
	// side is a real difference; anything else depends on timing.
	o.Rerun = []*Run{run(z3, path, wall), run(z3, printedPath, wall)}
	if agree(o.Original, o.Rerun[0]) && agree(o.Printed, o.Rerun[1]) {
		o.Verdict = "differ"
	} else {
		o.Verdict = "flaky"
	}
	o.Detail = fmt.Sprintf("original %s / printed %s; rerun original %s / printed %s",
		o.Original.key()+errs(o.Original), o.Printed.key()+errs(o.Printed),
		o.Rerun[0].key()+errs(o.Rerun[0]), o.Rerun[1].key()+errs(o.Rerun[1]))
	if keep != "" {
		os.MkdirAll(keep, 0o755)
		name := strings.ReplaceAll(strings.TrimPrefix(path, root+"/"), "/", "__")
		os.WriteFile(filepath.Join(keep, name), []byte(printed), 0o644)
	}
	return o
}

func errs(r *Run) string {
	if len(r.Errors) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d errors: %s)", len(r.Errors), firstLine(r.Errors[0]))
}

// decided: z3 answered sat or unsat to every check-sat, without errors.
func decided(r *Run, checks int) bool {
	if len(r.Answers) != checks || checks == 0 || len(r.Errors) > 0 {
		return false
	}
	for _, a := range r.Answers {
		if a != "sat" && a != "unsat" {
			return false
		}
	}
	return true
}

func agree(a, b *Run) bool {
	return a.key() == b.key() && len(a.Errors) == len(b.Errors)
}

func run(z3 *solver.Profile, path string, wall time.Duration) *Run {
	res, err := solver.Run(context.Background(), z3, solver.FileInput(path), solver.RunOptions{Limits: solver.Limits{Wall: wall}})
	if err != nil {
		return &Run{Status: "run-error", Errors: []string{err.Error()}}
	}
	r := &Run{Status: res.Status.String(), Errors: res.Errors, Wall: res.Wall.Seconds()}
	for _, a := range res.Answers {
		r.Answers = append(r.Answers, a.String())
	}
	if res.Status == solver.StatusCrash || res.Status == solver.StatusError {
		r.Stderr = firstLine(string(res.Stderr) + string(res.Stdout))
	}
	return r
}

func report(results []*Outcome, every int, wall, elapsed time.Duration) {
	type tally struct{ files, parsed, decided, same, differ, flaky int }
	per := map[string]*tally{}
	var names []string
	var tot tally
	for _, o := range results {
		t := per[o.Group]
		if t == nil {
			t = &tally{}
			per[o.Group] = t
			names = append(names, o.Group)
		}
		for _, x := range []*tally{t, &tot} {
			x.files++
			if o.Verdict == "parse-error" {
				continue
			}
			x.parsed++
			if o.Verdict == "not-decided" {
				continue
			}
			x.decided++
			switch o.Verdict {
			case "same":
				x.same++
			case "differ":
				x.differ++
			case "flaky":
				x.flaky++
			}
		}
	}
	sort.Strings(names)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "group\tsampled\tparsed\tz3 decides original\tsame answers printed\tdiffer\tflaky\t")
	for _, n := range append(names, "total") {
		t := per[n]
		if n == "total" {
			t = &tot
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", n, t.files, t.parsed, t.decided, t.same, t.differ, t.flaky)
	}
	tw.Flush()
	fmt.Printf("(every %d-th file, z3 limit %v per run, %.0fs)\n", every, wall, elapsed.Seconds())
	for _, o := range results {
		switch o.Verdict {
		case "differ", "flaky":
			fmt.Printf("%s %s: %s\n", strings.ToUpper(o.Verdict), o.Path, o.Detail)
		case "parse-error":
			fmt.Printf("PARSE-ERROR %s: %s\n", o.Path, o.Detail)
		}
	}
	notDecided := map[string]int{}
	for _, o := range results {
		if o.Verdict == "not-decided" {
			k := o.Original.Status
			if len(o.Original.Errors) > 0 {
				k = "z3 error: " + firstLine(o.Original.Errors[0])
				if len(k) > 90 {
					k = k[:90] + "..."
				}
			}
			notDecided[k]++
		}
	}
	var ks []string
	for k := range notDecided {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("not decided on the original: %4d  %s\n", notDecided[k], k)
	}
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
