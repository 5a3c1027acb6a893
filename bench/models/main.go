// Command models checks that tandem reads the models z3 and cvc5 print:
// for a deterministic sample of the corpus files labelled sat (every k-th
// in sorted path order), each solver gets the file's text up to its first
// check-sat, with (set-option :produce-models true) first and (get-model)
// after. The model text is read with smtlib.ParseModel against the parsed
// file; every definition of a declared symbol must have a body of the
// declared sort and, for a constant, smt.ValueOf must turn the body into a
// value of that sort. Every failure is listed with the text that caused it.
//
//	go run ./bench/models -json models.json
//
// With -incremental it checks instead every model of every check-sat of
// the corpus files that push, pop, reset or check under assumptions, each
// in its own scope (eval/modelcheck.SolveAndCheck: one solver run per
// file, print-success pairing responses with commands), and lists every
// verdict that is not valid:
//
//	go run ./bench/models -incremental -json scoped.json
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

	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// Outcome is one (file, solver) check.
type Outcome struct {
	Path   string `json:"path"`
	Group  string `json:"group"`
	Solver string `json:"solver"`
	// Verdict: parse-error, no-check-sat, not-sat (the solver did not
	// answer sat; Status says what it did), no-model, model-error (ParseModel
	// failed), sort-mismatch, value-error (ValueOf failed), ok.
	Verdict string `json:"verdict"`
	Status  string `json:"status,omitempty"`
	Detail  string `json:"detail,omitempty"`
	// Defs counts the model's definitions of declared symbols, Consts those
	// of them without parameters (converted with ValueOf).
	Defs   int `json:"defs"`
	Consts int `json:"consts"`
	// Missing counts the script's declared constants and functions the model
	// does not define (allowed: a solver may omit irrelevant symbols).
	Missing int     `json:"missing"`
	Wall    float64 `json:"wall_s"`
	// Model is the model text of a failure (cut at 4 KB).
	Model string `json:"model,omitempty"`
}

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "the shared corpus folder")
	every := flag.Int("every", 12, "take every k-th sat-labelled file in sorted order")
	wall := flag.Duration("timeout", 5*time.Second, "solver wall-time limit per run")
	jobs := flag.Int("j", 2, "solver runs in parallel")
	solvers := flag.String("solvers", "z3,cvc5", "comma-separated solver profiles")
	out := flag.String("json", "", "write every outcome as JSON to this file")
	incremental := flag.Bool("incremental", false, "instead: check every model of every check-sat of the corpus's incremental files (push, pop, reset, check-sat-assuming) in its own scope")
	flag.Parse()

	reg := solver.NewRegistry()
	var profiles []*solver.Profile
	for _, name := range strings.Split(*solvers, ",") {
		p, err := reg.Lookup(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "models:", err)
			os.Exit(1)
		}
		profiles = append(profiles, p)
	}
	if *incremental {
		all := runIncremental(*corpus, profiles, *wall, *jobs)
		writeJSON(*out, all)
		return
	}
	files := sample(satFiles(*corpus), *every)
	type task struct{ file, prof int }
	var tasks []task
	for i := range files {
		for j := range profiles {
			tasks = append(tasks, task{i, j})
		}
	}
	results := make([]*Outcome, len(tasks))
	ch := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				t := tasks[i]
				results[i] = check(*corpus, files[t.file], profiles[t.prof], *wall)
			}
		}()
	}
	start := time.Now()
	for i := range tasks {
		if i%200 == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d runs (%.0fs)\n", i, len(tasks), time.Since(start).Seconds())
		}
		ch <- i
	}
	close(ch)
	wg.Wait()
	report(results, profiles, *every, *wall, time.Since(start))
	if *out != "" {
		b, _ := json.MarshalIndent(struct {
			Every    int        `json:"every"`
			TimeoutS float64    `json:"timeout_s"`
			Runs     []*Outcome `json:"runs"`
		}{*every, wall.Seconds(), results}, "", "  ")
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "models:", err)
			os.Exit(1)
		}
	}
}

func writeJSON(path string, v any) {
	if path == "" {
		return
	}
	b, _ := json.MarshalIndent(v, "", "  ")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "models:", err)
		os.Exit(1)
	}
}

// satFiles lists the corpus files labelled sat, sorted: seeds/<LOGIC>/sat,
// the sat rows of the MANIFEST.tsv of sage/, smtlib/ and regress/ (regress:
// the first expected answer), and the fp/ benchmarks whose YAML label is
// sat. delphi/ (oracle functions no solver knows) and fuzzysat/ (no
// check-sat) are left out.
func satFiles(root string) []string {
	var fs []string
	seeds, _ := filepath.Glob(filepath.Join(root, "seeds", "*", "sat", "*.smt2"))
	fs = append(fs, seeds...)
	for _, dir := range []string{"sage", "smtlib", "regress"} {
		f, err := os.Open(filepath.Join(root, dir, "MANIFEST.tsv"))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		first := true
		for sc.Scan() {
			line := sc.Text()
			if first || strings.HasPrefix(line, "#") {
				first = false
				continue
			}
			cols := strings.Split(line, "\t")
			if len(cols) >= 2 && strings.Split(cols[1], ",")[0] == "sat" {
				fs = append(fs, filepath.Join(root, dir, cols[0]))
			}
		}
		f.Close()
	}
	for _, y := range []string{"qf_fp_filtered_final_ii.yml", "qf_bvfp_filtered_final_ii.yml"} {
		f, err := os.Open(filepath.Join(root, "fp", y))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		bench := ""
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if b, ok := strings.CutPrefix(line, "- benchmark: "); ok {
				bench = b
			} else if line == "expected_sat: sat" && bench != "" {
				fs = append(fs, filepath.Join(root, "fp", bench))
				bench = ""
			}
		}
		f.Close()
	}
	sort.Strings(fs)
	return fs
}

func sample(all []string, k int) []string {
	var out []string
	for i := 0; i < len(all); i += k {
		out = append(out, all[i])
	}
	return out
}

func group(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return "?"
	}
	parts := strings.Split(rel, string(filepath.Separator))
	if len(parts) > 2 && (parts[0] == "seeds" || parts[0] == "fp" || parts[0] == "smtlib") {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// ModelScript is the text of src up to its first check-sat (the command
// at offset at), with (set-option :produce-models true) before it and
// (get-model) after.
func ModelScript(src []byte, at int64) []byte {
	var b strings.Builder
	b.WriteString("(set-option :produce-models true)\n")
	b.Write(src[:at])
	b.WriteString("(check-sat)\n(get-model)\n")
	return []byte(b.String())
}

func check(root, path string, p *solver.Profile, wall time.Duration) *Outcome {
	o := &Outcome{Path: path, Group: group(root, path), Solver: p.Name}
	src, err := os.ReadFile(path)
	if err != nil {
		o.Verdict, o.Detail = "parse-error", err.Error()
		return o
	}
	sc, err := smtlib.Parse(path, src)
	if err != nil {
		o.Verdict, o.Detail = "parse-error", firstLine(err.Error())
		return o
	}
	at := int64(-1)
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdCheckSat {
			at = c.Pos.Offset
			break
		}
	}
	if at < 0 {
		o.Verdict = "no-check-sat"
		return o
	}
	// The script goes through a file, not standard input: cvc5 1.0.3
	// misreads a |quoted symbol| spanning lines on standard input
	// ("Parse Error: <stdin>:6.1: basic_string::_M_create"), and the SAGE
	// files have one in their set-info :source.
	tmp, err := os.CreateTemp("", "models-*.smt2")
	if err != nil {
		o.Verdict, o.Detail = "not-sat", err.Error()
		return o
	}
	native := p.Quirks.NativeModelFormat
	if native {
		// Boolector 1.5 takes neither set-option nor get-model: its -m
		// switch prints the model in its own format, which solver reads.
		tmp.Write(src[:at])
		tmp.WriteString("(check-sat)\n")
	} else {
		tmp.Write(ModelScript(src, at))
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	// The model answers the first check-sat: read it against the symbols
	// in scope there (a script may (reset) and declare a name again).
	if sc, err = smtlib.Parse(path, ModelScript(src, at)); err != nil {
		o.Verdict, o.Detail = "parse-error", firstLine(err.Error())
		return o
	}
	res, err := solver.Run(context.Background(), p, solver.FileInput(tmp.Name()),
		solver.RunOptions{Limits: solver.Limits{Wall: wall}, Mode: solver.Mode{Models: native}})
	if err != nil {
		o.Verdict, o.Detail = "not-sat", err.Error()
		return o
	}
	o.Wall = res.Wall.Seconds()
	o.Status = res.Status.String()
	if len(res.Answers) == 0 || res.Answers[0] != solver.StatusSat {
		o.Verdict = "not-sat"
		if len(res.Answers) > 0 {
			o.Status = res.Answers[0].String()
		}
		if len(res.Errors) > 0 {
			o.Detail = "error: " + firstLine(res.Errors[0])
		}
		return o
	}
	if native {
		m, err := res.Model(sc)
		if err != nil {
			o.Verdict, o.Detail = "model-error", firstLine(err.Error())
			return o
		}
		o.Verdict, o.Detail = checkDefs(m, sc, o)
		return o
	}
	if len(res.RawResponses) == 0 && res.Status == solver.StatusTimeout {
		// sat, then the time ran out before the model was printed.
		o.Verdict, o.Status = "not-sat", "sat then timeout"
		return o
	}
	if len(res.RawResponses) == 0 {
		o.Verdict = "no-model"
		if len(res.Errors) > 0 {
			o.Detail = "error: " + firstLine(res.Errors[len(res.Errors)-1])
		}
		return o
	}
	text := res.RawResponses[len(res.RawResponses)-1]
	verdict, detail := CheckModel(text, sc, o)
	o.Verdict, o.Detail = verdict, detail
	if verdict != "ok" {
		o.Model = text
		if len(o.Model) > 4096 {
			o.Model = o.Model[:4096] + "..."
		}
	}
	return o
}

// CheckModel reads a model against its script and checks every
// definition of a declared symbol; it fills o's counters and returns the
// verdict and, for a failure, its cause.
func CheckModel(text string, sc *smtlib.Script, o *Outcome) (string, string) {
	m, err := smtlib.ParseModel([]byte(text), sc)
	if err != nil {
		return "model-error", firstLine(err.Error())
	}
	return checkDefs(m, sc, o)
}

// checkDefs checks a model read by any route: every definition of a
// declared symbol has its declared sort, and constants have values.
func checkDefs(m *smtlib.Model, sc *smtlib.Script, o *Outcome) (string, string) {
	defined := map[*smt.Func]bool{}
	for _, d := range m.Defs {
		if !d.Declared {
			continue
		}
		o.Defs++
		defined[d.Func] = true
		if d.Body == nil {
			return "sort-mismatch", fmt.Sprintf("%s: no body", d.Func.Name)
		}
		if d.Body.Sort() != d.Func.Result {
			return "sort-mismatch", fmt.Sprintf("%s: declared %s, body %s has sort %s", d.Func.Name, d.Func.Result, clip(d.Body.String()), d.Body.Sort())
		}
		if len(d.Func.Params) > 0 {
			continue
		}
		o.Consts++
		v, err := smt.ValueOf(d.Body)
		if err != nil {
			cause := "other"
			switch {
			case d.Body.Kind() == smt.Let:
				cause = "let" // z3 shares subterms of a value with let
			case strings.Contains(d.Body.String(), "root-obj"):
				cause = "root-obj" // z3's irrational algebraic number
			}
			return "value-error", fmt.Sprintf("[%s] %s: ValueOf(%s): %v", cause, d.Func.Name, clip(d.Body.String()), err)
		}
		if v.Sort() != d.Func.Result {
			return "sort-mismatch", fmt.Sprintf("%s: declared %s, value %s has sort %s", d.Func.Name, d.Func.Result, clip(v.String()), v.Sort())
		}
	}
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdDeclareFun || c.Kind == smtlib.CmdDeclareConst {
			for _, f := range c.Funcs {
				if !defined[f] {
					o.Missing++
				}
			}
		}
	}
	return "ok", ""
}

func report(results []*Outcome, profiles []*solver.Profile, every int, wall, elapsed time.Duration) {
	type tally struct{ files, parsed, sat, ok, fail, defs, consts int }
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "solver\tgroup\tfiles\tparsed\tsolver sat\tmodel ok\tmodel failures\tdefs checked\tconstants valued\t")
	for _, p := range profiles {
		per := map[string]*tally{}
		var names []string
		var tot tally
		for _, o := range results {
			if o.Solver != p.Name {
				continue
			}
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
				if o.Verdict == "not-sat" || o.Verdict == "no-check-sat" {
					continue
				}
				x.sat++
				x.defs += o.Defs
				x.consts += o.Consts
				if o.Verdict == "ok" {
					x.ok++
				} else {
					x.fail++
				}
			}
		}
		sort.Strings(names)
		for _, n := range append(names, "total") {
			t := per[n]
			if n == "total" {
				t = &tot
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", p.Name, n, t.files, t.parsed, t.sat, t.ok, t.fail, t.defs, t.consts)
		}
	}
	tw.Flush()
	fmt.Printf("(every %d-th sat-labelled file, limit %v per run, %.0fs)\n", every, wall, elapsed.Seconds())
	notSat := map[string]int{}
	for _, o := range results {
		switch o.Verdict {
		case "ok":
		case "not-sat", "no-check-sat":
			k := o.Solver + " " + o.Verdict + " " + o.Status
			if o.Detail != "" {
				d := o.Detail
				if len(d) > 80 {
					d = d[:80] + "..."
				}
				k += " (" + d + ")"
			}
			notSat[k]++
		case "parse-error":
			fmt.Printf("REJECTED (not counted) %s %s: %s\n", o.Solver, o.Path, o.Detail)
		default:
			fmt.Printf("FAIL %s %s %s: %s\n", o.Solver, o.Verdict, o.Path, o.Detail)
		}
	}
	causes := map[string]int{}
	for _, o := range results {
		if o.Verdict == "ok" || o.Verdict == "not-sat" || o.Verdict == "no-check-sat" || o.Verdict == "parse-error" {
			continue
		}
		k := o.Solver + " " + o.Verdict
		if strings.HasPrefix(o.Detail, "[") {
			k += " " + o.Detail[:strings.IndexByte(o.Detail, ']')+1]
		}
		causes[k]++
	}
	var cs []string
	for k := range causes {
		cs = append(cs, k)
	}
	sort.Strings(cs)
	for _, k := range cs {
		fmt.Printf("model failures: %4d  %s\n", causes[k], k)
	}
	var ks []string
	for k := range notSat {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("no model: %4d  %s\n", notSat[k], k)
	}
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
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
