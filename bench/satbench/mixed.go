package main

// The mixed set (issue 29 §3): tandem's solver side by side with MiniSat,
// CaDiCaL and (when built) Kissat on instances of several families, each
// run a child process under the same CPU limit, CPU by rusage of the
// process tree, PAR-2 totals. Every model is checked against the clauses;
// every tandem unsat is checked through its IDRUP proof; the other
// solvers' answers are checked against the checked tandem answers (and
// against each other where tandem times out).

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/sat"
	"tandem/smtlib"
	"tandem/solver"
)

type mixedInstance struct {
	name, family string
	vars         int
	clauses      [][]int
	assumptions  []int // tandem gets them as a query; others as units
}

// cadicalTestCNFs are the non-trivial CNFs of CaDiCaL's test/cnf
// directory (factoring and adder circuits), by name.
var cadicalTestCNFs = []string{"prime4294967297", "prime65537", "add128", "factor2708413neg", "factor2708413pos", "sqrt1042441"}

func mixedInstances(cnfDir string) ([]mixedInstance, error) {
	var out []mixedInstance
	add := func(name, fam string, v int, cs [][]int, as []int) {
		out = append(out, mixedInstance{name, fam, v, cs, as})
	}
	for _, x := range []struct{ n, seed int }{
		{150, 1}, {150, 2}, {175, 3}, {200, 4}, {200, 5}, {225, 6}, {225, 7}, {250, 4}, {250, 5}, {250, 6},
		{275, 8}, {300, 9}, {300, 10}, {325, 11}, {350, 12}, {350, 13},
	} {
		r := rand.New(rand.NewSource(int64(x.seed)))
		add(fmt.Sprintf("uf%d-s%d", x.n, x.seed), "random3", x.n, satgen.Random3SAT(r, x.n, 4.26), nil)
	}
	for _, x := range []struct{ n, seed int }{{350, 21}, {350, 22}} {
		r := rand.New(rand.NewSource(int64(x.seed)))
		cs := satgen.Random3SAT(r, x.n, 4.2)
		var as []int
		for _, v := range r.Perm(x.n)[:4] {
			if r.Intn(2) == 0 {
				as = append(as, v+1)
			} else {
				as = append(as, -(v + 1))
			}
		}
		add(fmt.Sprintf("uf%d-a4-s%d", x.n, x.seed), "random3+assume", x.n, cs, as)
	}
	for _, p := range []int{8, 9, 10} {
		v, cs := satgen.Pigeonhole(p+1, p)
		add(fmt.Sprintf("php%d-%d", p+1, p), "pigeonhole", v, cs, nil)
	}
	for _, x := range []struct{ n, e, seed int }{{120, 520, 5}, {150, 640, 6}, {200, 840, 7}} {
		r := rand.New(rand.NewSource(int64(x.seed)))
		v, cs := satgen.Coloring(r, x.n, x.e, 4)
		add(fmt.Sprintf("col%d-4-s%d", x.n, x.seed), "colouring", v, cs, nil)
	}
	for _, x := range []struct{ n, seed int }{{16, 1}, {20, 2}, {24, 3}} {
		r := rand.New(rand.NewSource(int64(x.seed)))
		v, cs := parityEquivalence(r, x.n)
		add(fmt.Sprintf("parity%d-s%d", x.n, x.seed), "parity", v, cs, nil)
	}
	for _, x := range []struct {
		n uint64
		m int
	}{{1000003, 11}, {999983 * 1009, 20}, {4194301, 12}} {
		v, cs := factoring(x.n, x.m)
		add(fmt.Sprintf("factor%d", x.n), "factoring", v, cs, nil)
	}
	if cnfDir == "" {
		return out, nil
	}
	for _, name := range cadicalTestCNFs {
		path := filepath.Join(cnfDir, name+".cnf")
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("%v (give -cnfdir a CaDiCaL test/cnf directory, or -cnfdir '' to leave them out)", err)
		}
		cs, v, err := idrup.ReadDIMACS(bufio.NewReader(f), path, false)
		f.Close()
		if err != nil {
			return nil, err
		}
		add(name, "cadical-test", v, cs, nil)
	}
	return out, nil
}

// outcome is one solver's run on one instance.
type outcome struct {
	Answer  int     `json:"answer"` // 10, 20, or 0 (timeout, crash)
	CPU     float64 `json:"cpu_seconds"`
	Checked string  `json:"checked"` // how the answer was verified, or what is wrong
	Check   float64 `json:"check_seconds,omitempty"`
}

type mixedRow struct {
	Name    string             `json:"name"`
	Family  string             `json:"family"`
	Results map[string]outcome `json:"results"`
}

type mixedConfig struct {
	timeout time.Duration
	memory  int64
	dir     string
	solvers []namedSolver
	only    *regexp.Regexp // run only the instances whose name matches
	emit    string         // write the instances' DIMACS files here instead of running
}

type namedSolver struct{ name, path string }

func runMixed(cfg mixedConfig, cnfDir, jsonOut string) error {
	ins, err := mixedInstances(cnfDir)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	names := []string{"tandem"}
	for _, s := range cfg.solvers {
		names = append(names, s.name)
	}
	fmt.Printf("%-20s %-15s", "instance", "family")
	for _, n := range names {
		fmt.Printf(" %12s", n)
	}
	fmt.Printf(" %8s\n", "check(s)")
	var rows []mixedRow
	for _, in := range ins {
		if cfg.only != nil && !cfg.only.MatchString(in.name) {
			continue
		}
		if cfg.emit != "" {
			err := writeFile(filepath.Join(cfg.emit, in.name+".cnf"), func(w *bufio.Writer) error { return satgen.WriteDIMACS(w, in.vars, in.clauses, in.assumptions) })
			if err != nil {
				return err
			}
			continue
		}
		row := mixedRow{Name: in.name, Family: in.family, Results: map[string]outcome{}}
		cnf := filepath.Join(cfg.dir, in.name+".cnf")
		if err := writeFile(cnf, func(w *bufio.Writer) error { return satgen.WriteDIMACS(w, in.vars, in.clauses, in.assumptions) }); err != nil {
			return err
		}
		row.Results["tandem"] = runTandem(cfg, self, in)
		for _, s := range cfg.solvers {
			row.Results[s.name] = runExternal(cfg, s, in, cnf)
		}
		crossCheck(row.Results)
		os.Remove(cnf)
		rows = append(rows, row)
		printMixedRow(row, names)
	}
	printTotals(rows, names, cfg.timeout.Seconds())
	if jsonOut != "" {
		return writeJSON(jsonOut, rows)
	}
	return nil
}

func writeFile(path string, f func(*bufio.Writer) error) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(fh)
	if err := f(w); err != nil {
		fh.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

func limits(cfg mixedConfig) solver.Limits {
	return solver.Limits{CPU: cfg.timeout, Wall: 3*cfg.timeout + 10*time.Second, Memory: cfg.memory}
}

// runTandem runs tandem's solver in a child (this program with -solve)
// writing an IDRUP proof, checks a model against the clauses and an unsat
// answer with idrup.CheckFiles. An instance with assumptions goes in as an
// iCNF script with one query.
func runTandem(cfg mixedConfig, self string, in mixedInstance) outcome {
	input := filepath.Join(cfg.dir, in.name+".icnf")
	err := writeFile(input, func(w *bufio.Writer) error {
		sc := satgen.OneShot(in.name, in.vars, in.clauses)
		if len(in.assumptions) > 0 {
			sc.Steps[len(sc.Steps)-1].Lits = in.assumptions
		}
		return sc.WriteICNF(w)
	})
	if err != nil {
		return outcome{Checked: err.Error()}
	}
	defer os.Remove(input)
	proof := filepath.Join(cfg.dir, in.name+".idrup")
	defer os.Remove(proof)
	p := solver.Command("tandem", self, "-solve", input, "-proof", proof)
	r, err := solver.Run(context.Background(), p, solver.BytesInput(nil), solver.RunOptions{Limits: limits(cfg)})
	if err != nil {
		return outcome{Checked: err.Error()}
	}
	o := outcome{CPU: r.CPU().Seconds()}
	st, model := parseICNFAnswer(r.Stdout)
	switch st {
	case sat.Satisfiable:
		o.Answer = 10
		o.Checked = checkModel(in, model)
	case sat.Unsatisfiable:
		o.Answer = 20
		out := filepath.Join(cfg.dir, in.name+".out.icnf")
		defer os.Remove(out)
		if err := os.WriteFile(out, r.Stdout, 0o644); err != nil {
			o.Checked = err.Error()
			break
		}
		t0 := selfCPU()
		_, err := idrup.CheckFiles(context.Background(), out, proof, idrup.Options{})
		o.Check = selfCPU() - t0
		o.Checked = "proof"
		if err != nil {
			o.Checked = "PROOF FAILS: " + err.Error()
		}
	}
	if o.Answer == 0 {
		o.CPU = cfg.timeout.Seconds()
		o.Checked = r.Status.String()
	}
	return o
}

// parseICNFAnswer reads the 's' and 'm' lines of the interactions printed
// for a one-query script.
func parseICNFAnswer(out []byte) (sat.Status, []int) {
	st := sat.Unknown
	var model []int
	for line := range strings.SplitSeq(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "s":
			if len(f) == 2 {
				st, _ = sat.ParseStatus(f[1])
			}
		case "m":
			model = parseLits(f[1:])
		}
	}
	return st, model
}

func parseLits(f []string) []int {
	var ls []int
	for _, x := range f {
		n, err := strconv.Atoi(x)
		if err != nil || n == 0 {
			continue
		}
		ls = append(ls, n)
	}
	return ls
}

// checkModel says "model" when the literals satisfy every clause and
// assumption of in, else what is wrong.
func checkModel(in mixedInstance, model []int) string {
	val := make(map[int]bool, len(model))
	for _, l := range model {
		val[l] = true
	}
	for i, c := range in.clauses {
		ok := false
		for _, l := range c {
			if val[l] {
				ok = true
				break
			}
		}
		if !ok {
			return fmt.Sprintf("WRONG MODEL: clause %d %v falsified or unassigned", i+1, c)
		}
	}
	for _, a := range in.assumptions {
		if !val[a] {
			return fmt.Sprintf("WRONG MODEL: assumption %d not true", a)
		}
	}
	return "model"
}

// runExternal runs a DIMACS solver on the CNF (assumptions as units) and
// checks its model.
func runExternal(cfg mixedConfig, s namedSolver, in mixedInstance, cnf string) outcome {
	args := []string{cnf}
	resFile := ""
	switch filepath.Base(s.path) {
	case "minisat":
		resFile = filepath.Join(cfg.dir, in.name+".minisat")
		defer os.Remove(resFile)
		args = []string{"-verb=0", cnf, resFile}
	case "cadical", "kissat":
		args = []string{"-q", cnf}
	}
	p := solver.Command(s.name, s.path, args...)
	p.NormalExitCodes = []int{0, 10, 20}
	r, err := solver.Run(context.Background(), p, solver.BytesInput(nil), solver.RunOptions{Limits: limits(cfg)})
	if err != nil {
		return outcome{Checked: err.Error()}
	}
	o := outcome{CPU: r.CPU().Seconds()}
	out := r.Stdout
	if resFile != "" {
		b, err := smtlib.ReadFile(resFile, "minisat's result file", 1<<28)
		if err == nil {
			out = append([]byte("v "), bytes.TrimPrefix(b, []byte("SAT\n"))...)
		}
	}
	switch r.ExitCode {
	case 10:
		o.Answer = 10
		var model []int
		for line := range strings.SplitSeq(string(out), "\n") {
			if f := strings.Fields(line); len(f) > 0 && f[0] == "v" {
				model = append(model, parseLits(f[1:])...)
			}
		}
		o.Checked = checkModel(in, model)
	case 20:
		o.Answer = 20
		o.Checked = "agrees"
	default:
		o.CPU = cfg.timeout.Seconds()
		o.Checked = r.Status.String()
		if r.Status != solver.StatusTimeout {
			o.Checked += " exit " + strconv.Itoa(r.ExitCode) + " " + r.Signal
		}
	}
	return o
}

// crossCheck marks an unsat answer of a solver without a proof as agreeing
// when no solver found a (checked) model, and as WRONG when one did.
func crossCheck(res map[string]outcome) {
	modelBy := ""
	for n, o := range res {
		if o.Answer == 10 && o.Checked == "model" {
			modelBy = n
		}
	}
	for n, o := range res {
		if o.Answer == 20 && modelBy != "" {
			o.Checked = "WRONG UNSAT: " + modelBy + " found a model"
			res[n] = o
		} else if o.Answer == 20 && o.Checked == "agrees" && res["tandem"].Answer == 20 && res["tandem"].Checked == "proof" {
			o.Checked = "agrees with tandem's checked proof"
			res[n] = o
		}
	}
}

func printMixedRow(r mixedRow, names []string) {
	fmt.Printf("%-20s %-15s", r.Name, r.Family)
	var bad []string
	for _, n := range names {
		o := r.Results[n]
		ans := map[int]string{10: "S", 20: "U", 0: "-"}[o.Answer]
		fmt.Printf(" %10.2f %s", o.CPU, ans)
		if strings.Contains(o.Checked, "WRONG") || strings.Contains(o.Checked, "FAILS") {
			bad = append(bad, n+": "+o.Checked)
		}
	}
	fmt.Printf(" %8.2f\n", r.Results["tandem"].Check)
	for _, b := range bad {
		fmt.Println("   !!", b)
	}
}

// printTotals prints solved counts, PAR-2 (unsolved count twice the
// limit), the geometric mean of CPU ratios against tandem over the
// instances both solved, and the ratio of PAR-2 totals.
func printTotals(rows []mixedRow, names []string, limit float64) {
	par2 := map[string]float64{}
	solved := map[string]int{}
	for _, r := range rows {
		for _, n := range names {
			o := r.Results[n]
			if o.Answer == 0 {
				par2[n] += 2 * limit
			} else {
				par2[n] += o.CPU
				solved[n]++
			}
		}
	}
	fmt.Printf("\n%-12s %7s %10s %14s %14s\n", "solver", "solved", "PAR-2(s)", "tandem/x PAR-2", "geomean t/x")
	sorted := append([]string(nil), names...)
	sort.SliceStable(sorted, func(i, j int) bool { return par2[sorted[i]] < par2[sorted[j]] })
	for _, n := range sorted {
		fmt.Printf("%-12s %4d/%-2d %10.1f %14.2f %14s\n", n, solved[n], len(rows), par2[n], par2["tandem"]/par2[n], geomean(rows, n))
	}
}

func geomean(rows []mixedRow, n string) string {
	sum, k := 0.0, 0
	for _, r := range rows {
		t, o := r.Results["tandem"], r.Results[n]
		if t.Answer == 0 || o.Answer == 0 {
			continue
		}
		// A floor of 10 ms keeps process start-up noise out of the ratio.
		sum += math.Log(max(t.CPU, 0.01) / max(o.CPU, 0.01))
		k++
	}
	if k == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f (%d)", math.Exp(sum/float64(k)), k)
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// solveChild is the -solve mode: tandem's solver on one file in this
// process, as `tandem sat FILE --proof P` does, ended by SIGTERM.
func solveChild(path, proof string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	code, err := sat.SolveFile(ctx, path, nil, sat.FileOptions{Proof: proof}, os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "satbench:", err)
		return 1
	}
	return code
}
