// Command cb runs tandem's closed-box solver (tandem solve, package cbsolve)
// on the closed-box benchmark suite of bench/cb/MANIFEST.tsv and on Delphi's
// benchmarks (../shared/corpus/delphi), in the three modes side by side, and
// prints the paper's Table 7: solved and PAR-2 per mode, speed-ups on the
// commonly solved instances, per-source counts, and every wrong answer
// (there must be none). It also writes results.tsv and an HTML report with
// the cactus plot.
//
//	go run ./bench/cb                       # the suite, 60 s, all three modes
//	go run ./bench/cb -delphi -timeout 10s  # Delphi's 638 benchmarks
//	go run ./bench/cb -filter motivating -modes cdfl -v
//
// The generated suite (bench/cb/generated, written by ./bench/cb/cbgen) is
// run with -manifest bench/cb/generated/MANIFEST.tsv; best with -tandem,
// which runs each job as a child tandem solve limited and timed by the CPU
// time of its process tree:
//
//	go build -o /tmp/tandem ./cmd/tandem
//	go run ./bench/cb -manifest bench/cb/generated/MANIFEST.tsv -tandem /tmp/tandem -j 2 -v
//
// Every finished job is appended to OUT/results.jsonl at once, and a rerun
// with the same flags skips the jobs recorded there (-fresh starts over), so
// a long run can be stopped and resumed; the tables and the cactus plot
// (OUT/cactus.svg, OUT/report.html) cover every recorded job.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"tandem/campaign"
	"tandem/cbsolve"
	"tandem/cbsolve/cbox"
	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

type instance struct {
	Name     string // as listed
	Path     string // file to solve
	Source   string
	Expected string
	Pure     string
	Boxes    map[string]string // NAME -> IMPL ("define" for --cb-from-define)
	Oracles  string            // directory of Delphi oracles
	Base     string            // the name without the seed (-seeds)
	Seed     uint64
}

type outcome struct {
	Inst   *instance
	Mode   string
	Status string
	Reason string
	Time   time.Duration // CPU time of the process tree with -tandem, else wall time
	Wall   time.Duration
	Wrong  string // why the answer is wrong ("" when it is not)
	Stats  cbsolve.Stats
}

func main() {
	var (
		manifest   = flag.String("manifest", "bench/cb/MANIFEST.tsv", "the suite's manifest")
		corpus     = flag.String("corpus", "../shared/corpus", "the shared corpus (for corpus: entries and -delphi)")
		delphi     = flag.Bool("delphi", false, "run Delphi's benchmarks instead of the suite")
		oracles    = flag.String("oracles", "bench/cb/delphi", "directory of the Delphi oracle implementations")
		timeout    = flag.Duration("timeout", 60*time.Second, "time limit per instance and mode")
		modes      = flag.String("modes", "cdfl,fuzz-only,active-learning", "modes to compare")
		jobs       = flag.Int("j", runtime.NumCPU(), "instances solved at once")
		filter     = flag.String("filter", "", "only instances whose name matches this regexp")
		every      = flag.Int("every", 1, "only every n-th instance (quick runs)")
		smtName    = flag.String("smt", "z3", "SMT engine")
		skipFuzzUn = flag.Bool("skip-fuzz-unsat", false, "record fuzz-only on an instance labelled unsat as unknown at the timeout without running it: fuzz-only answers only sat, so it can only run out of time there (saves the timeout per instance; the summary says how many)")
		outDir     = flag.String("out", "", "write results.tsv and report.html here (default bench/cb/results[-delphi])")
		verbose    = flag.Bool("v", false, "print every outcome")
		cbTimeout  = flag.Duration("cb-timeout", time.Second, "time limit of one closed-box call")
		seeds      = flag.Int("seeds", 1, "run every instance with seeds 1..N (each run counts as an instance; a dominance table compares modes per instance)")
		examples   = flag.Bool("delphi-examples", false, "add Delphi's 12 examples (all but the invertibility benchmarks) to the suite, after -every and -filter")
		tandemBin  = flag.String("tandem", "", "run each job as this tandem binary's solve in a child process, limited and timed by the CPU time of its process tree (default: in-process, wall time)")
		all        = flag.Bool("all", false, "also run manifest rows whose critical column is not yes (generated suite)")
		reportOnly = flag.Bool("report-only", false, "run nothing: write the tables and the cactus plot of the jobs recorded in the output folder's results.jsonl (a partial run)")
		fresh      = flag.Bool("fresh", false, "ignore the results of earlier runs in the output folder's results.jsonl (default: resume, skipping jobs already done)")
	)
	flag.Parse()
	var insts []*instance
	var err error
	if *delphi {
		insts, err = loadDelphi(*corpus, *oracles)
	} else {
		insts, err = loadSuite(*manifest, *corpus, *all)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "cb:", err)
		os.Exit(2)
	}
	insts = choose(insts, *filter, *every)
	if *examples && !*delphi {
		// all 12, whatever -every and -filter pick from the suite
		ds, err := loadDelphi(*corpus, *oracles)
		if err != nil {
			fmt.Fprintln(os.Stderr, "cb:", err)
			os.Exit(2)
		}
		for _, d := range ds {
			if !strings.Contains(d.Name, "invertability") {
				insts = append(insts, d)
			}
		}
	}
	insts = withSeeds(insts, *seeds)
	var ms []cbsolve.Mode
	for _, n := range strings.Split(*modes, ",") {
		m, err := cbsolve.ParseMode(strings.TrimSpace(n))
		if err != nil {
			fmt.Fprintln(os.Stderr, "cb:", err)
			os.Exit(2)
		}
		ms = append(ms, m)
	}
	if *outDir == "" {
		*outDir = "bench/cb/results"
		if *delphi {
			*outDir += "-delphi"
		}
	}
	type job struct {
		inst *instance
		mode cbsolve.Mode
	}
	jobsCh := make(chan job)
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	total := len(insts) * len(ms)
	resultsPath := filepath.Join(*outDir, "results.jsonl")
	var recs []*record
	if !*fresh {
		if recs, err = readRecords(resultsPath); err != nil {
			fmt.Fprintln(os.Stderr, "cb:", err)
			os.Exit(2)
		}
	}
	outs, done := resumed(recs, insts, ms, *timeout)
	if len(outs) > 0 {
		fmt.Fprintf(os.Stderr, "cb: resuming: %d of %d jobs done in %s\n", len(outs), total, resultsPath)
	}
	rf, err := openResults(resultsPath, *fresh)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cb:", err)
		os.Exit(2)
	}
	defer rf.Close()
	clock := "wall"
	if *tandemBin != "" {
		clock = "cpu"
	}
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobsCh {
				var o *outcome
				if *skipFuzzUn && j.mode == cbsolve.FuzzOnly && j.inst.Expected == "unsat" {
					o = notRun(j.inst, j.mode, *timeout)
				} else if *tandemBin != "" {
					o = runProcess(*tandemBin, j.inst, j.mode, *timeout, *cbTimeout, *smtName)
				} else {
					o = run(j.inst, j.mode, *timeout, *cbTimeout, *smtName, j.inst.Seed)
				}
				mu.Lock()
				outs = append(outs, o)
				n := len(outs)
				if err := appendRecord(rf, o, *timeout, clock); err != nil {
					fmt.Fprintln(os.Stderr, "cb: saving a result:", err)
				}
				mu.Unlock()
				if *verbose || o.Wrong != "" {
					fmt.Fprintf(os.Stderr, "[%d/%d %s] %-16s %-60s %-8s %8.2fs %s%s\n", n, total, time.Since(start).Round(time.Second),
						o.Mode, o.Inst.Name, o.Status, o.Time.Seconds(), o.Reason, wrongNote(o))
				} else if n%20 == 0 {
					fmt.Fprintf(os.Stderr, "[%d/%d %s]\n", n, total, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	// Interleave the modes so a partial run compares like with like, and
	// the sources (families) so that it covers all of them.
	for _, in := range roundRobin(insts) {
		for _, m := range ms {
			if !done[jobKey(in, m.String(), *timeout)] && !*reportOnly {
				jobsCh <- job{in, m}
			}
		}
	}
	close(jobsCh)
	wg.Wait()
	sort.Slice(outs, func(i, j int) bool {
		if outs[i].Inst.Name != outs[j].Inst.Name {
			return outs[i].Inst.Name < outs[j].Inst.Name
		}
		return outs[i].Mode < outs[j].Mode
	})
	jobsDone := len(outs)
	outs, n := complete(outs, ms)
	report := summarize(outs, ms, n, *timeout)
	if len(ms) > 1 {
		// the union check of issue 25 §1: does the first mode solve every
		// instance another mode solves?
		report += dominance(outs, ms, *seeds)
	}
	if len(recs) > 0 && recs[0].Clock != "" && *reportOnly {
		clock = recs[0].Clock
	}
	report += fmt.Sprintf("\n(%d of %d instances done in every mode, %d of %d jobs; -timeout %v of %s time, %s)\n",
		n, len(insts), jobsDone, total, *timeout, clock, *smtName)
	fmt.Print(report)
	fmt.Printf("(-j %d; wall %v)\n", *jobs, time.Since(start).Round(time.Second))
	if err := writeResults(*outDir, outs, ms, report, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "cb:", err)
		os.Exit(1)
	}
}

// notRunReason marks the outcomes -skip-fuzz-unsat records without a run.
const notRunReason = "not run (-skip-fuzz-unsat): fuzz-only answers only sat, so on an unsat instance it runs out of time"

// notRun is the outcome of a job -skip-fuzz-unsat does not run: unknown,
// counted as a timeout in PAR-2.
func notRun(in *instance, mode cbsolve.Mode, timeout time.Duration) *outcome {
	return &outcome{Inst: in, Mode: mode.String(), Status: "unknown", Reason: notRunReason, Time: timeout}
}

// complete keeps the outcomes of the instances done in every mode (a
// partial run compares like with like) and counts those instances.
func complete(outs []*outcome, ms []cbsolve.Mode) ([]*outcome, int) {
	modes := map[string]map[string]bool{}
	for _, o := range outs {
		if modes[o.Inst.Name] == nil {
			modes[o.Inst.Name] = map[string]bool{}
		}
		modes[o.Inst.Name][o.Mode] = true
	}
	var keep []*outcome
	n := 0
	for name, m := range modes {
		if len(m) == len(ms) {
			n++
		} else {
			delete(modes, name)
		}
	}
	for _, o := range outs {
		if modes[o.Inst.Name] != nil {
			keep = append(keep, o)
		}
	}
	return keep, n
}

// roundRobin orders instances one source at a time in turn, keeping the
// order within each source.
func roundRobin(insts []*instance) []*instance {
	var srcs []string
	by := map[string][]*instance{}
	for _, in := range insts {
		if by[in.Source] == nil {
			srcs = append(srcs, in.Source)
		}
		by[in.Source] = append(by[in.Source], in)
	}
	out := make([]*instance, 0, len(insts))
	for len(out) < len(insts) {
		for _, s := range srcs {
			if q := by[s]; len(q) > 0 {
				out = append(out, q[0])
				by[s] = q[1:]
			}
		}
	}
	return out
}

// withSeeds makes n copies of every instance, with seeds 1..n, named
// NAME#sK (n <= 1: the instances as they are, seed 0).
func withSeeds(insts []*instance, n int) []*instance {
	for _, in := range insts {
		in.Base = in.Name
	}
	if n <= 1 {
		return insts
	}
	var out []*instance
	for _, in := range insts {
		for k := 1; k <= n; k++ {
			c := *in
			c.Name, c.Seed = fmt.Sprintf("%s#s%d", in.Name, k), uint64(k)
			out = append(out, &c)
		}
	}
	return out
}

// dominance compares the first mode with the others per instance over the
// seeds: the instances another mode solves with some seed that the first
// solves with none, and those it solves with fewer seeds.
func dominance(outs []*outcome, ms []cbsolve.Mode, seeds int) string {
	count := map[string]map[string]int{} // base -> mode -> seeds solved
	var bases []string
	for _, o := range outs {
		if count[o.Inst.Base] == nil {
			count[o.Inst.Base] = map[string]int{}
			bases = append(bases, o.Inst.Base)
		}
		if solved(o) {
			count[o.Inst.Base][o.Mode]++
		}
	}
	sort.Strings(bases)
	var b strings.Builder
	first := ms[0].String()
	fmt.Fprintf(&b, "\n### Per instance over %d seeds: %s against the others\n\n", seeds, first)
	union, missed, fewer := 0, 0, 0
	for _, base := range bases {
		c := count[base]
		best, who := 0, ""
		for _, m := range ms[1:] {
			if c[m.String()] > best {
				best, who = c[m.String()], m.String()
			}
		}
		if best > 0 || c[first] > 0 {
			union++
		}
		switch {
		case best > 0 && c[first] == 0:
			missed++
			fmt.Fprintf(&b, "- MISSED %s: %s solves it with %d of %d seeds, %s with none\n", base, who, best, seeds, first)
		case best > c[first]:
			fewer++
			fmt.Fprintf(&b, "- fewer seeds %s: %s %d, %s %d of %d\n", base, who, best, first, c[first], seeds)
		}
	}
	fmt.Fprintf(&b, "\n%d instances solved by some mode with some seed; %s misses %d of them and solves %d with fewer seeds than another mode.\n", union, first, missed, fewer)
	return b.String()
}

// openResults opens results.jsonl for appending (truncated when fresh).
func openResults(path string, fresh bool) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
	if fresh {
		flags |= os.O_TRUNC
	}
	return os.OpenFile(path, flags, 0o644)
}

func wrongNote(o *outcome) string {
	if o.Wrong == "" {
		return ""
	}
	return "  WRONG: " + o.Wrong
}

func choose(insts []*instance, filter string, every int) []*instance {
	var re *regexp.Regexp
	if filter != "" {
		re = regexp.MustCompile(filter)
	}
	var out []*instance
	for i, in := range insts {
		if every > 1 && i%every != 0 {
			continue
		}
		if re != nil && !re.MatchString(in.Name) {
			continue
		}
		out = append(out, in)
	}
	return out
}

// readTSV reads a tab-separated file with a header line into maps.
func readTSV(path string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var head []string
	var rows []map[string]string
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if head == nil {
			head = cols
			continue
		}
		row := map[string]string{}
		for i, h := range head {
			if i < len(cols) {
				row[h] = cols[i]
			}
		}
		rows = append(rows, row)
	}
	return rows, sc.Err()
}

// loadSuite reads a manifest: bench/cb's, or one with more columns such
// as generated/MANIFEST.tsv, whose rows are run only when the box is on
// the critical path (column critical starts with yes) unless all, and
// never when the labelling solvers disagreed.
func loadSuite(manifest, corpus string, all bool) ([]*instance, error) {
	rows, err := readTSV(manifest)
	if err != nil {
		return nil, err
	}
	base := filepath.Dir(manifest)
	var out []*instance
	for _, r := range rows {
		if c, ok := r["critical"]; (ok && !all && !strings.HasPrefix(c, "yes")) || r["expected"] == "disagree" {
			continue
		}
		in := &instance{Name: r["path"], Source: r["source"], Expected: r["expected"], Pure: r["pure"], Boxes: map[string]string{}}
		if p, ok := strings.CutPrefix(r["path"], "corpus:"); ok {
			// one corpus file may serve several entries, one per define-fun
			in.Name += "#" + r["boxes"]
			in.Path = filepath.Join(corpus, p)
		} else {
			in.Path = filepath.Join(base, r["path"])
		}
		for _, b := range strings.Split(r["boxes"], ";") {
			if b = strings.TrimSpace(b); b == "" {
				continue
			}
			name, impl, ok := strings.Cut(b, "=")
			if !ok {
				return nil, fmt.Errorf("%s: %s: bad boxes entry %q", manifest, r["path"], b)
			}
			if impl != "define" {
				sym := ""
				if i := strings.LastIndex(impl, ":"); i > 0 {
					impl, sym = impl[:i], impl[i:]
				}
				impl = filepath.Join(base, impl) + sym
			}
			in.Boxes[name] = impl
		}
		out = append(out, in)
	}
	return out, nil
}

func loadDelphi(corpus, oracles string) ([]*instance, error) {
	dir := filepath.Join(corpus, "delphi")
	rows, err := readTSV(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		return nil, err
	}
	var out []*instance
	for _, r := range rows {
		out = append(out, &instance{Name: "delphi/" + r["path"], Path: filepath.Join(dir, r["path"]), Source: "delphi",
			Expected: r["expected"], Oracles: oracles})
	}
	return out, nil
}

// run solves one instance in one mode, then judges the answer on its own:
// a sat model is re-evaluated with freshly opened closed boxes, and every
// answer is compared with the instance's expected status.
func run(in *instance, mode cbsolve.Mode, timeout, cbTimeout time.Duration, smtName string, seed uint64) *outcome {
	o := &outcome{Inst: in, Mode: mode.String()}
	sc, err := smtlib.ParseFile(in.Path)
	if err != nil {
		o.Status, o.Reason = "error", err.Error()
		return o
	}
	ctx := context.Background()
	bopts := cbox.Options{CallTimeout: cbTimeout}
	set, defs, err := boxes(ctx, sc, in, bopts)
	if err != nil {
		o.Status, o.Reason = "error", err.Error()
		return o
	}
	defer set.Close()
	t0 := time.Now()
	res, err := cbsolve.Solve(ctx, sc, set, defs, cbsolve.Options{Mode: mode, SMT: smtName, Timeout: timeout, Seed: seed})
	o.Time = time.Since(t0)
	o.Wall = o.Time
	if err != nil {
		o.Status, o.Reason = "error", err.Error()
		return o
	}
	o.Status, o.Reason, o.Stats = res.Status.String(), res.Reason, res.Stats
	switch {
	case res.Status == cbsolve.Sat:
		if why := revalidate(ctx, in, cbsolve.FormatModel(sc, res.Model), bopts); why != "" {
			o.Wrong = "sat model does not re-validate: " + why
		} else if in.Expected == "unsat" {
			o.Wrong = "sat (re-validated) but the label says unsat: the label is wrong"
		}
	case res.Status == cbsolve.Unsat && in.Expected == "sat":
		o.Wrong = "unsat but the instance is sat"
	}
	return o
}

func boxes(ctx context.Context, sc *smtlib.Script, in *instance, o cbox.Options) (*cbox.Set, []string, error) {
	set := cbox.NewSet(o)
	var defs []string
	for name, impl := range in.Boxes {
		if impl == "define" {
			defs = append(defs, name)
		}
	}
	for _, f := range cbsolve.ClosedBoxes(sc) {
		impl, ok := in.Boxes[f.Name]
		if !ok && in.Oracles != "" && f.Binary != "" {
			b := filepath.Base(f.Binary)
			impl, ok = filepath.Join(in.Oracles, b+".c")+":"+b, true
		}
		if !ok {
			set.Close()
			return nil, nil, fmt.Errorf("no implementation for closed box %s", f.Name)
		}
		b, err := cbox.Open(ctx, impl, f, o)
		if err != nil {
			set.Close()
			return nil, nil, err
		}
		set.Add(b)
	}
	return set, defs, nil
}

// revalidate parses the instance again, opens its closed boxes afresh,
// reads the printed model (what a user gets) and evaluates every assertion.
func revalidate(ctx context.Context, in *instance, model string, o cbox.Options) string {
	sc, err := smtlib.ParseFile(in.Path)
	if err != nil {
		return err.Error()
	}
	set, defs, err := boxes(ctx, sc, in, o)
	if err != nil {
		return err.Error()
	}
	defer set.Close()
	closed := map[string]bool{}
	for _, d := range defs {
		closed[d] = true
	}
	for _, c := range sc.Commands {
		for _, f := range c.Funcs {
			if c.Kind == smtlib.CmdDefineFun && closed[f.Name] {
				b, err := cbox.Define(f)
				if err != nil {
					return err.Error()
				}
				set.Add(b)
				f.Kind = smt.FuncClosedBox
			}
		}
	}
	sm, err := smtlib.ParseModel([]byte(model), sc)
	if err != nil {
		return "the printed model does not parse: " + err.Error()
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return err.Error()
	}
	m.Boxes = set.CallValues
	ev := eval.New(m)
	ex := smt.NewExpander(sc.Store)
	for i, a := range sc.Assertions() {
		e, err := ex.Expand(a)
		if err != nil {
			return err.Error()
		}
		v, err := ev.Eval(e)
		if err != nil {
			return fmt.Sprintf("assertion %d: %v", i+1, err)
		}
		if v != smt.BoolValue(true) {
			return fmt.Sprintf("assertion %d is %v", i+1, v)
		}
	}
	return ""
}

type modeSum struct {
	solved, sat, unsat, unknown, errors, wrong int
	par2                                       float64
	times                                      []float64 // of solved instances
}

func summarize(outs []*outcome, ms []cbsolve.Mode, n int, timeout time.Duration) string {
	var b strings.Builder
	sums := map[string]*modeSum{}
	byInst := map[string]map[string]*outcome{}
	sources := map[string]map[string]int{} // source -> mode -> solved
	srcCount := map[string]int{}
	notRunN := 0
	for _, o := range outs {
		if o.Reason == notRunReason {
			notRunN++
		}
		s := sums[o.Mode]
		if s == nil {
			s = &modeSum{}
			sums[o.Mode] = s
		}
		if byInst[o.Inst.Name] == nil {
			byInst[o.Inst.Name] = map[string]*outcome{}
			srcCount[o.Inst.Source]++
		}
		byInst[o.Inst.Name][o.Mode] = o
		if sources[o.Inst.Source] == nil {
			sources[o.Inst.Source] = map[string]int{}
		}
		switch o.Status {
		case "sat":
			s.sat++
		case "unsat":
			s.unsat++
		case "unknown":
			s.unknown++
		default:
			s.errors++
		}
		if o.Wrong != "" {
			s.wrong++
		}
		if (o.Status == "sat" || o.Status == "unsat") && o.Wrong == "" {
			s.solved++
			s.par2 += o.Time.Seconds()
			s.times = append(s.times, o.Time.Seconds())
			sources[o.Inst.Source][o.Mode]++
		} else {
			s.par2 += 2 * timeout.Seconds()
		}
	}
	fmt.Fprintf(&b, "| mode | solved (of %d) | sat | unsat | unknown | errors | wrong | PAR-2 (s) |\n|---|---|---|---|---|---|---|---|\n", n)
	for _, m := range ms {
		s := sums[m.String()]
		if s == nil {
			continue
		}
		fmt.Fprintf(&b, "| %s | %d (%.1f%%) | %d | %d | %d | %d | %d | %.2f |\n", m, s.solved, 100*float64(s.solved)/float64(max(n, 1)),
			s.sat, s.unsat, s.unknown, s.errors, s.wrong, s.par2/float64(max(n, 1)))
	}
	if notRunN > 0 {
		fmt.Fprintf(&b, "\n%d fuzz-only unknowns on unsat instances were recorded without a run (-skip-fuzz-unsat): fuzz-only answers only sat.\n", notRunN)
	}
	b.WriteString("\n")
	// speed-ups of cdfl on commonly solved instances
	for _, m := range ms[1:] {
		var ratios []float64
		var tc, to float64
		for _, per := range byInst {
			a, o := per[ms[0].String()], per[m.String()]
			if a == nil || o == nil || !solved(a) || !solved(o) {
				continue
			}
			ta, tm := math.Max(a.Time.Seconds(), 1e-3), math.Max(o.Time.Seconds(), 1e-3)
			ratios = append(ratios, tm/ta)
			tc += ta
			to += tm
		}
		if len(ratios) == 0 {
			fmt.Fprintf(&b, "- %s vs %s: no commonly solved instance\n", ms[0], m)
			continue
		}
		mean, geo := 0.0, 0.0
		for _, r := range ratios {
			mean += r
			geo += math.Log(r)
		}
		mean /= float64(len(ratios))
		geo = math.Exp(geo / float64(len(ratios)))
		fmt.Fprintf(&b, "- %s vs %s on %d commonly solved: mean speed-up %.2f×, geometric mean %.2f×, total time %.1f s vs %.1f s (%.2f×)\n",
			ms[0], m, len(ratios), mean, geo, tc, to, to/math.Max(tc, 1e-9))
		if sa, sm := sums[ms[0].String()], sums[m.String()]; sa != nil && sm != nil && sa.par2 > 0 {
			fmt.Fprintf(&b, "- PAR-2 %s / %s: %.2f×\n", m, ms[0], sm.par2/sa.par2)
		}
	}
	b.WriteString("\n| source | instances |")
	for _, m := range ms {
		fmt.Fprintf(&b, " %s solved |", m)
	}
	b.WriteString("\n|---|---|")
	for range ms {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	var srcs []string
	for s := range srcCount {
		srcs = append(srcs, s)
	}
	sort.Strings(srcs)
	for _, s := range srcs {
		fmt.Fprintf(&b, "| %s | %d |", s, srcCount[s])
		for _, m := range ms {
			fmt.Fprintf(&b, " %d |", sources[s][m.String()])
		}
		b.WriteString("\n")
	}
	var wrong []string
	for _, o := range outs {
		if o.Wrong != "" {
			wrong = append(wrong, fmt.Sprintf("- %s %s: %s", o.Mode, o.Inst.Name, o.Wrong))
		}
	}
	fmt.Fprintf(&b, "\nWrong answers: %d\n", len(wrong))
	for _, w := range wrong {
		b.WriteString(w + "\n")
	}
	return b.String()
}

func solved(o *outcome) bool { return (o.Status == "sat" || o.Status == "unsat") && o.Wrong == "" }

func writeResults(dir string, outs []*outcome, ms []cbsolve.Mode, report string, timeout time.Duration) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var t strings.Builder
	t.WriteString("instance\tsource\texpected\tmode\tstatus\tseconds\titerations\tpartial_models\tto_fuzz\tfacts\tfuzz_evals\tbox_calls\treason\n")
	for _, o := range outs {
		fmt.Fprintf(&t, "%s\t%s\t%s\t%s\t%s\t%.3f\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", o.Inst.Name, o.Inst.Source, o.Inst.Expected, o.Mode, o.Status,
			o.Time.Seconds(), o.Stats.Iterations, o.Stats.PartialModels, o.Stats.ToFuzz, o.Stats.Facts, o.Stats.FuzzEvals, o.Stats.Boxes.Calls,
			strings.ReplaceAll(o.Reason, "\t", " "))
	}
	if err := os.WriteFile(filepath.Join(dir, "results.tsv"), []byte(t.String()), 0o644); err != nil {
		return err
	}
	svg := cactus(outs, ms, timeout)
	if err := os.WriteFile(filepath.Join(dir, "cactus.svg"), []byte(svg), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "summary.md"), []byte(report), 0o644); err != nil {
		return err
	}
	page := "<!doctype html><meta charset=utf-8><title>tandem solve: closed-box benchmarks</title>" +
		"<style>body{font:14px sans-serif;max-width:900px;margin:2em auto}pre{background:#f4f4f4;padding:1em}</style>" +
		"<h1>tandem solve on the closed-box benchmarks</h1>" + svg +
		"<pre>" + html.EscapeString(report) + "</pre>"
	return os.WriteFile(filepath.Join(dir, "report.html"), []byte(page), 0o644)
}

// cactus draws the cactus plot: per mode, the solved instances' times.
func cactus(outs []*outcome, ms []cbsolve.Mode, timeout time.Duration) string {
	colors := []string{"#2a9d3a", "#d62728", "#1f5fbf", "#8c564b"}
	var series []campaign.Series
	for k, m := range ms {
		s := campaign.Series{Name: m.String(), Color: colors[k%len(colors)]}
		for _, o := range outs {
			if o.Mode == m.String() && solved(o) {
				s.Y = append(s.Y, o.Time.Seconds())
			}
		}
		series = append(series, s)
	}
	return campaign.Cactus("solved instances by time, per mode", timeout.Seconds(), series)
}
