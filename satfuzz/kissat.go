package satfuzz

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"tandem/satfuzz/trace"
	"tandem/solver"
)

func init() {
	RegisterTarget("kissat", func() (Target, error) { return NewKissat(context.Background(), "kissat") })
	RegisterParamTarget("kissat", func(bin string) (Target, error) { return NewKissat(context.Background(), bin) })
}

// Kissat is the target of the Kissat binary (issue 29 §1: "Kissat for the
// non-incremental checks"). Kissat has no incremental API, so every solve
// call of a trace is a fresh `kissat` process on a DIMACS file of the
// clauses added so far, with the assumptions as unit clauses: the trace's
// incremental structure is not exercised, only the answers and models.
// The failed assumptions of an unsat answer under assumptions are all the
// assumptions (always a valid core). Enumeration counts models with
// blocking clauses, one process per model, up to kissatMaxModels (beyond
// that the enumerator declines). Each unsat answer's DRAT proof
// (`--no-binary`) is checked with drat-trim when DratTrim is set; without
// it an unsat answer is checked only against the reference (tandem's
// sat, whose unsat answers come with IDRUP proofs in its own tests).
//
// The option model is every option of `kissat --range` except the
// printing ones (verbose, statistics, profile) and the proof's
// flushproof.
type Kissat struct {
	Bin      string // the kissat binary
	DratTrim string // drat-trim binary ("": unsat proofs are not checked)
	opts     []OptionSpec
}

// kissatMaxModels bounds the models the enumeration emulation counts.
const kissatMaxModels = 64

// kissatSkip are the options left out of the model: output only.
var kissatSkip = map[string]bool{"verbose": true, "statistics": true, "profile": true, "flushproof": true}

// NewKissat returns the target of the kissat binary bin (looked up on
// PATH), with its option model read from `bin --range`, and drat-trim from
// PATH when there is one.
func NewKissat(ctx context.Context, bin string) (*Kissat, error) {
	path, err := exec.LookPath(bin)
	if err != nil {
		return nil, fmt.Errorf("satfuzz: target kissat: %w (build Kissat: ./configure && make, then give target kissat@PATH/build/kissat)", err)
	}
	r, err := solver.Run(ctx, solver.Command("kissat --range", path, "--range"), solver.BytesInput(nil),
		solver.RunOptions{Limits: solver.Limits{CPU: 10 * time.Second, Wall: 20 * time.Second, Memory: 1 << 30}})
	if err != nil {
		return nil, fmt.Errorf("satfuzz: target kissat: %w", err)
	}
	opts, err := parseKissatRange(r.Stdout)
	if err != nil {
		return nil, fmt.Errorf("satfuzz: target kissat: %s --range: %w", path, err)
	}
	k := &Kissat{Bin: path, opts: opts}
	if d, err := exec.LookPath("drat-trim"); err == nil {
		k.DratTrim = d
	}
	return k, nil
}

// parseKissatRange reads `kissat --range` lines "NAME MIN DEFAULT MAX";
// 0..1 options are Booleans.
func parseKissatRange(out []byte) ([]OptionSpec, error) {
	var o []OptionSpec
	for i, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 {
			return nil, fmt.Errorf("line %d: %q is not NAME MIN DEFAULT MAX", i+1, line)
		}
		lo, err1 := strconv.ParseInt(f[1], 10, 64)
		hi, err2 := strconv.ParseInt(f[3], 10, 64)
		if err1 != nil || err2 != nil || lo > hi {
			return nil, fmt.Errorf("line %d: %q: bad range", i+1, line)
		}
		if kissatSkip[f[0]] {
			continue
		}
		spec := OptionSpec{Name: f[0], Kind: Int, Min: float64(lo), Max: float64(hi), Doc: "default " + f[2]}
		if lo == 0 && hi == 1 {
			spec = OptionSpec{Name: f[0], Kind: Bool, Doc: "default " + f[2]}
		}
		o = append(o, spec)
	}
	if len(o) == 0 {
		return nil, fmt.Errorf("no options")
	}
	return o, nil
}

// Name returns "kissat@BIN".
func (k *Kissat) Name() string { return "kissat@" + k.Bin }

// Options returns the option model of the binary.
func (k *Kissat) Options() []OptionSpec { return k.opts }

// kissatRun is the state of one trace's run.
type kissatRun struct {
	k       *Kissat
	args    []string
	dir     string
	lim     Limits
	used    time.Duration
	res     *Result
	clauses [][]int
	maxVar  int
}

// Run executes the trace, one kissat process per solve call.
func (k *Kissat) Run(ctx context.Context, t *trace.Trace, lim Limits) (*Result, error) {
	lim = lim.withDefaults()
	if err := checkOptions(k.opts, t.Options()); err != nil {
		return &Result{Error: "option: " + err.Error()}, nil
	}
	dir, err := os.MkdirTemp("", "satfuzz-kissat")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	r := &kissatRun{k: k, dir: dir, lim: lim, res: &Result{}}
	for _, kv := range t.Options() {
		r.args = append(r.args, "--"+kv[0]+"="+kv[1])
	}
	t0 := time.Now()
	defer func() { r.res.Wall, r.res.CPU = time.Since(t0), r.used }()
	var (
		last     = Unknown
		model    []int
		assumps  []int
		assuming bool
	)
	for _, c := range t.Calls {
		var a Answer
		switch c.Op {
		case trace.NewVar:
			r.maxVar = max(r.maxVar, c.N)
		case trace.AddClause:
			for _, l := range c.Lits {
				r.maxVar = max(r.maxVar, abs(l))
			}
			r.clauses = append(r.clauses, c.Lits)
		case trace.Solve, trace.Assuming:
			assumps, assuming = c.Lits, c.Op == trace.Assuming
			for _, l := range assumps {
				r.maxVar = max(r.maxVar, abs(l))
			}
			var stop bool
			last, model, stop = r.solve(ctx, assumps, nil)
			if stop {
				return r.res, nil
			}
			a.Status = last
		case trace.Model:
			if last == Sat {
				a.Valid, a.Lits = true, append([]int(nil), model...)
			}
		case trace.Failed:
			if last == Unsat && assuming {
				a.Valid, a.Lits = true, append([]int(nil), assumps...)
			}
		case trace.Enumerating:
			n, stop := r.count(ctx)
			if stop {
				return r.res, nil
			}
			a.Counts = []Count{{"blocking", n}}
		}
		r.res.Answers = append(r.res.Answers, a)
	}
	return r.res, nil
}

// count enumerates the models over 1..maxVar with blocking clauses (-1
// past kissatMaxModels).
func (r *kissatRun) count(ctx context.Context) (int64, bool) {
	var block [][]int
	for n := int64(0); n <= kissatMaxModels; n++ {
		st, m, stop := r.solve(ctx, nil, block)
		switch {
		case stop:
			return 0, true
		case st == Unsat:
			return n, false
		case st != Sat:
			return -1, false
		}
		b := make([]int, len(m))
		for i, l := range m {
			b[i] = -l
		}
		block = append(block, b)
	}
	return -1, false
}

// solve runs kissat on the clauses, the extra clauses and the assumptions
// as units. It returns the answer and model; stop says the run ended (a
// timeout, crash or error is in r.res).
func (r *kissatRun) solve(ctx context.Context, assumps []int, extra [][]int) (Status, []int, bool) {
	left := r.lim.Time - r.used
	if r.res.stopped(ctx) {
		return Unknown, nil, true
	}
	if left <= 0 {
		r.res.Timeout = true
		return Unknown, nil, true
	}
	cnf := filepath.Join(r.dir, "in.cnf")
	proof := filepath.Join(r.dir, "proof.drat")
	if err := r.writeCNF(cnf, assumps, extra); err != nil {
		r.res.Error = "writing the CNF: " + err.Error()
		return Unknown, nil, true
	}
	argv := append(append([]string{"-q"}, r.args...), "--no-binary", "-f", cnf, proof)
	r.res.Command = append([]string{r.k.Bin}, argv...)
	p := solver.Command("kissat", r.k.Bin, argv...)
	p.NormalExitCodes = []int{0, 10, 20}
	run, err := solver.Run(ctx, p, solver.BytesInput(nil), solver.RunOptions{Limits: solver.Limits{CPU: left, Wall: WallFactor * left, Memory: r.lim.Memory}})
	if r.res.stopped(ctx) {
		return Unknown, nil, true
	}
	if err != nil {
		r.res.Error = err.Error()
		return Unknown, nil, true
	}
	r.used += run.CPU()
	r.res.Output = append(append(append([]byte{}, run.Stdout...), "\n== stderr\n"...), run.Stderr...)
	switch {
	case run.Status == solver.StatusTimeout:
		r.res.Timeout = true
		return Unknown, nil, true
	case run.Status == solver.StatusMemout:
		r.res.Memout = true
		return Unknown, nil, true
	case run.Signal != "":
		r.res.Crash = "signal " + run.Signal
		if first := firstLine(run.Stderr); first != "" {
			r.res.Crash += ": " + first
		}
		return Unknown, nil, true
	}
	switch run.ExitCode {
	case 10:
		return Sat, kissatModel(run.Stdout, r.maxVar), false
	case 20:
		r.checkProof(ctx, cnf, proof)
		return Unsat, nil, false
	case 0:
		return Unknown, nil, false
	}
	r.res.Crash = fmt.Sprintf("exit %d", run.ExitCode)
	if first := firstLine(run.Stderr); first != "" {
		r.res.Crash += ": " + first
	} else if first := firstLine(run.Stdout); first != "" {
		r.res.Crash += ": " + first
	}
	return Unknown, nil, true
}

func (r *kissatRun) writeCNF(path string, assumps []int, extra [][]int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "p cnf %d %d\n", r.maxVar, len(r.clauses)+len(extra)+len(assumps))
	line := func(c []int) {
		for _, l := range c {
			w.WriteString(strconv.Itoa(l))
			w.WriteByte(' ')
		}
		w.WriteString("0\n")
	}
	for _, c := range r.clauses {
		line(c)
	}
	for _, c := range extra {
		line(c)
	}
	for _, a := range assumps {
		line([]int{a})
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// kissatModel reads the 'v' lines into the values of 1..maxVar; a
// variable the lines leave out stays out (the model check reports it).
func kissatModel(out []byte, maxVar int) []int {
	val := make([]int, maxVar+1)
	for line := range strings.SplitSeq(string(out), "\n") {
		rest, ok := strings.CutPrefix(line, "v ")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			l, err := strconv.Atoi(f)
			if err != nil || l == 0 || abs(l) > maxVar {
				continue
			}
			val[abs(l)] = l
		}
	}
	var m []int
	for _, l := range val[1:] {
		if l != 0 {
			m = append(m, l)
		}
	}
	return m
}

// checkProof checks an unsat answer's DRAT proof with drat-trim, when
// there is one; the first failure goes to r.res.ProofError.
func (r *kissatRun) checkProof(ctx context.Context, cnf, proof string) {
	if r.k.DratTrim == "" || r.res.ProofError != "" {
		return
	}
	p := solver.Command("drat-trim", r.k.DratTrim, cnf, proof)
	p.NormalExitCodes = []int{0, 1}
	run, err := solver.Run(ctx, p, solver.BytesInput(nil), solver.RunOptions{Limits: solver.Limits{CPU: 60 * time.Second, Wall: 120 * time.Second}})
	if r.res.stopped(ctx) { // drat-trim was not run or was killed: no verdict
		return
	}
	if err != nil {
		r.res.ProofError = "drat-trim: " + err.Error()
		return
	}
	r.res.ProofChecked = true
	if !strings.Contains(string(run.Stdout), "s VERIFIED") {
		r.res.ProofError = "drat-trim does not verify the DRAT proof of an unsat answer: " + firstLine(lastLines(run.Stdout))
	}
}

func lastLines(b []byte) []byte {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndex(s, "\n"); i >= 0 {
		return []byte(s[i+1:])
	}
	return []byte(s)
}
