package bandit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"tandem/smtlib"
)

// A bandit campaign directory holds, besides the harness's store and
// findings, one file per finished run (RunsDir/FUZZER-RUN.json, a
// [RunRecord]) and, in perf mode, each run's best input with every
// solver's result in a header (SuiteDir/FUZZER-RUN.smt2). [ReadComparison]
// reads them back into the side-by-side comparison of the fuzzers.
const (
	RunsDir  = "runs"
	SuiteDir = "suite"
)

// maxResultBytes bounds one result file read back (runs.json of a long
// comparison holds every run's trace).
const maxResultBytes = 1 << 30

// RunRecord is one finished iteration of a bandit campaign: which fuzzer
// and run it was, the system's options and solver versions, and the run.
type RunRecord struct {
	Fuzzer    string        `json:"fuzzer"`
	Run       int           `json:"run"`
	Iteration uint64        `json:"iteration"`
	Seed      uint64        `json:"seed"`
	Options   SystemOptions `json:"options"`
	Versions  []string      `json:"versions"`
	Perf      *PerfRun      `json:"perf,omitempty"`
	Bug       *BugRun       `json:"bug,omitempty"`
}

func (r *RunRecord) name() string { return fmt.Sprintf("%s-%02d", r.Fuzzer, r.Run) }

// writeRecord writes a finished run into the campaign directory (nothing
// without one: a replay, a test).
func (s *System) writeRecord(e *Env, rec *RunRecord) error {
	if s.dir == "" {
		return nil
	}
	rec.Options = s.opt
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(s.dir, RunsDir, rec.name()+".json"), b); err != nil {
		return err
	}
	run := rec.Perf
	if run == nil || run.Best == "" {
		return nil
	}
	var hdr strings.Builder
	fmt.Fprintf(&hdr, "; tandem bandit perf: fuzzer %s run %d (iteration %d, seed %d), %s, PAR-2 margin %s (%s)\n",
		rec.Fuzzer, rec.Run, rec.Iteration, rec.Seed, limitString(e.measure(), e.Timeout, e.EffortLimit, e.Unit()), run.amount(run.Score), run.ConfirmNote())
	for i, sp := range e.Specs {
		fmt.Fprintf(&hdr, "; %s %s: %s, PAR-2 %s\n", sp, e.Versions[i], run.Status[sp], run.amount(run.Times[sp]))
	}
	return writeAtomic(filepath.Join(s.dir, SuiteDir, rec.name()+".smt2"), []byte(hdr.String()+run.Best))
}

// writeAtomic writes a file through a temporary one, so a reader never
// sees half of it.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Comparison is a side-by-side comparison of fuzzers: the finished runs of
// every fuzzer of one bandit campaign (perf or bug mode).
type Comparison struct {
	Options  SystemOptions
	Versions []string
	// Perf is set in perf mode, Bug in bug mode.
	Perf *PerfComparison
	Bug  *BugComparison
}

// BugComparison is the bug-mode side of a [Comparison].
type BugComparison struct {
	Fuzzers []string
	Runs    map[string][]*BugRun
}

// ErrNoFinishedRuns is ReadComparison's error for a directory with no
// finished run: none to compare (every run cut by the budget, or not a
// bandit campaign).
var ErrNoFinishedRuns = errors.New("no finished bandit runs")

// ReadComparison reads the comparison of the runs in dir: a bandit campaign
// directory, or the --out directory of `tandem bandit perf` from before it
// ran on the campaign harness (summary.json and runs.json).
func ReadComparison(dir string) (*Comparison, error) {
	paths, err := filepath.Glob(filepath.Join(dir, RunsDir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		if _, err := os.Stat(filepath.Join(dir, "summary.json")); err == nil {
			return readLegacy(dir)
		}
		return nil, fmt.Errorf("%s: %w (%s/*.json): a run the budget cut short writes none (the confirmed findings of a cut bug run are in the store, see the summary's cut-short line); give a longer time budget or fewer queries per run, or the campaign directory of a perf or bug comparison", dir, ErrNoFinishedRuns, RunsDir)
	}
	var recs []*RunRecord
	for _, p := range paths {
		b, err := smtlib.ReadFile(p, "bandit run", maxResultBytes)
		if err != nil {
			return nil, err
		}
		var r RunRecord
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		recs = append(recs, &r)
	}
	return comparisonOf(recs)
}

// comparisonOf groups run records by fuzzer, in the options' fuzzer order
// and by run number.
func comparisonOf(recs []*RunRecord) (*Comparison, error) {
	sort.Slice(recs, func(i, j int) bool { return recs[i].Iteration < recs[j].Iteration })
	o := recs[0].Options
	if err := o.normalize(); err != nil {
		return nil, err
	}
	c := &Comparison{Options: o, Versions: recs[0].Versions}
	runs := 0
	for _, r := range recs {
		runs = max(runs, r.Run+1)
	}
	if o.Mode == "perf" {
		c.Perf = &PerfComparison{Target: o.Solvers[0], Refs: o.Solvers[1:], Theory: o.Theory, Timeout: o.Timeout,
			RunBudget: o.Budget, MaxQueries: o.Queries, RunsPerFuzzer: runs, Fuzzers: o.Fuzzers, Runs: map[string][]*PerfRun{}}
	} else {
		c.Bug = &BugComparison{Fuzzers: o.Fuzzers, Runs: map[string][]*BugRun{}}
	}
	for _, f := range o.Fuzzers {
		if c.Perf != nil {
			c.Perf.Runs[f] = make([]*PerfRun, runs)
		} else {
			c.Bug.Runs[f] = make([]*BugRun, runs)
		}
	}
	for _, r := range recs {
		switch {
		case c.Perf != nil && r.Perf != nil && c.Perf.Runs[r.Fuzzer] != nil:
			c.Perf.Runs[r.Fuzzer][r.Run] = r.Perf
		case c.Bug != nil && r.Bug != nil && c.Bug.Runs[r.Fuzzer] != nil:
			c.Bug.Runs[r.Fuzzer][r.Run] = r.Bug
		default:
			return nil, fmt.Errorf("run %s (iteration %d) does not belong to this %s comparison of %s", r.name(), r.Iteration, o.Mode, strings.Join(o.Fuzzers, ", "))
		}
	}
	if c.Perf != nil {
		c.Perf.fillMeasure()
	}
	return c, nil
}

// fillMeasure takes the measure from the runs; runs written before there
// was a choice are CPU-timed with the timeout as their limit.
func (c *PerfComparison) fillMeasure() {
	c.Measure, c.Unit, c.Limit = MeasureCPU, "s", c.Timeout.Seconds()
	for _, runs := range c.Runs {
		for _, r := range runs {
			if r == nil {
				continue
			}
			if r.Limit == 0 {
				r.Measure, r.Unit, r.Limit = MeasureCPU, "s", c.Timeout.Seconds()
			}
			c.Measure, c.Unit, c.Limit = r.Measure, r.Unit, r.Limit
		}
	}
}

// readLegacy reads the summary.json and runs.json of a `tandem bandit perf
// --out DIR` from before the campaign harness (bench/bandit/perf-*).
func readLegacy(dir string) (*Comparison, error) {
	var sum struct {
		Target   string   `json:"target"`
		Refs     []string `json:"refs"`
		Versions []string `json:"versions"`
		Theory   string   `json:"theory"`
		Timeout  string   `json:"timeout"`
		Budget   string   `json:"budget"`
		Runs     int      `json:"runs"`
		Queries  int      `json:"max_queries"`
	}
	runs := map[string][]*PerfRun{}
	for name, v := range map[string]any{"summary.json": &sum, "runs.json": &runs} {
		p := filepath.Join(dir, name)
		b, err := smtlib.ReadFile(p, "bandit results", maxResultBytes)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, v); err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
	}
	to, err1 := time.ParseDuration(sum.Timeout)
	budget, err2 := time.ParseDuration(sum.Budget)
	if err := errors.Join(err1, err2); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "summary.json"), err)
	}
	c := &Comparison{Versions: sum.Versions, Perf: &PerfComparison{Target: sum.Target, Refs: sum.Refs, Theory: sum.Theory,
		Timeout: to, RunBudget: budget, MaxQueries: sum.Queries, RunsPerFuzzer: sum.Runs, Runs: runs}}
	for _, f := range PerfFuzzers {
		if _, ok := runs[f]; ok {
			c.Perf.Fuzzers = append(c.Perf.Fuzzers, f)
		}
	}
	c.Options = SystemOptions{Mode: "perf", Theory: sum.Theory, Solvers: append([]string{sum.Target}, sum.Refs...),
		Fuzzers: c.Perf.Fuzzers, Timeout: to, Budget: budget, Queries: sum.Queries}
	c.Perf.fillMeasure()
	return c, nil
}

// PerfRow is one fuzzer's line of a performance comparison.
type PerfRow struct {
	Fuzzer string `json:"fuzzer"`
	// Margin is the summed PAR-2 margin of the runs, Margins each run's
	// (in the measure's unit).
	Margin  float64   `json:"par2_margin"`
	Margins []float64 `json:"margins"`
	Runs    int       `json:"runs"`
	Queries int       `json:"queries"`
	// GapRuns counts the runs that found an input the target did not
	// solve while the references did; GapMedian is the median time they
	// took to find it (PerfRun.FirstGap), counting a run that never did as
	// the budget.
	GapRuns   int     `json:"gap_runs"`
	GapMedian float64 `json:"first_gap_median_s"`
	Ranking   []Rank  `json:"ranking,omitempty"`
}

// Rows are the fuzzers' lines of the comparison.
func (c *PerfComparison) Rows() []PerfRow {
	var rows []PerfRow
	for _, f := range c.Fuzzers {
		rw := PerfRow{Fuzzer: f}
		for _, r := range c.Runs[f] {
			if r == nil {
				continue
			}
			rw.Runs++
			rw.Margin += r.Score
			rw.Margins = append(rw.Margins, r.Score)
			rw.Queries += r.Stats.Queries
		}
		rw.Ranking = mergeRankings(perfRankings(c.Runs[f]))
		rw.GapRuns, rw.GapMedian = GapSummary(c.Runs[f], c.RunBudget)
		rows = append(rows, rw)
	}
	return rows
}

// Improvement is BanditFuzz's summed margin against the best baseline's,
// as a fraction (+0.15: 15% larger); false without both.
func Improvement(rows []PerfRow) (float64, bool) {
	best, bandit, ok := 0.0, 0.0, false
	for _, r := range rows {
		if r.Fuzzer == FuzzerBandit {
			bandit, ok = r.Margin, true
		} else {
			best = max(best, r.Margin)
		}
	}
	if !ok || best <= 0 {
		return 0, false
	}
	return bandit/best - 1, true
}

// WriteTable prints the comparison as a table, the paper's Table 1 shape.
func (c *Comparison) WriteTable(w io.Writer) {
	if c.Perf != nil {
		c.Perf.writeTable(w, c.Versions)
		return
	}
	c.writeBugTable(w)
}

func (c *PerfComparison) writeTable(w io.Writer, versions []string) {
	v := ""
	if len(versions) > 0 {
		v = " " + versions[0]
	}
	budget := c.RunBudget.String()
	if c.MaxQueries > 0 {
		budget = fmt.Sprintf("%s or %d queries", budget, c.MaxQueries)
	}
	fmt.Fprintf(w, "\ntarget %s%s, refs %v, theory %s, %s, budget %s × %d runs\n", c.Target, v, c.Refs, c.Theory,
		limitString(c.Measure, c.Timeout, int64(c.Limit), c.Unit), budget, c.RunsPerFuzzer)
	fmt.Fprintf(w, "%-13s %16s %8s %10s %10s  %s\n", "fuzzer", "PAR-2 margin ("+shortUnit(c.Unit)+")", "queries", "gap runs", "first gap", "top-3 constructs")
	rows := c.Rows()
	for _, rw := range rows {
		fmt.Fprintf(w, "%-13s %16s %8d %10s %9.1fs  %s\n", rw.Fuzzer, fmtAmount(rw.Margin, c.Unit), rw.Queries,
			fmt.Sprintf("%d/%d", rw.GapRuns, rw.Runs), rw.GapMedian, TopConstructs(rw.Ranking, 3))
	}
	fmt.Fprintf(w, "(gap runs: runs that found an input the target did not solve while a reference did;\n first gap: median time to find one, a run that did not counting as the budget)\n")
	if impr, ok := Improvement(rows); ok {
		fmt.Fprintf(w, "banditfuzz vs best baseline: %+.1f%%\n", 100*impr)
	}
}

func shortUnit(u string) string {
	if u == "" || u == "s" {
		return "s"
	}
	return "units"
}

func fmtAmount(x float64, unit string) string {
	if unit == "" || unit == "s" {
		return fmt.Sprintf("%.2f", x)
	}
	return fmt.Sprintf("%.0f", x)
}

// BugRow is one fuzzer's line of a bug-mode comparison.
type BugRow struct {
	Fuzzer        string `json:"fuzzer"`
	Runs          int    `json:"runs"`
	Queries       int    `json:"queries"`
	Disagreements int    `json:"disagreements"`
	Crashes       int    `json:"crashes"`
	InvalidModels int    `json:"invalid_models"`
	// Verdicts counts the evaluator's verdicts on the disagreements, by
	// "kind wrong-solver".
	Verdicts map[string]int `json:"verdicts,omitempty"`
	Ranking  []Rank         `json:"ranking,omitempty"`
}

// Rows are the fuzzers' lines of the bug-mode comparison.
func (c *BugComparison) Rows() []BugRow {
	var rows []BugRow
	for _, f := range c.Fuzzers {
		rw := BugRow{Fuzzer: f, Verdicts: map[string]int{}}
		var rk [][]Rank
		for _, r := range c.Runs[f] {
			if r == nil {
				continue
			}
			rw.Runs++
			rw.Queries += r.Stats.Queries
			rw.Disagreements += len(r.Disagreements)
			for _, d := range r.Disagreements {
				rw.Verdicts[strings.TrimSpace(d.Verdict.Kind+" "+d.Verdict.Wrong)]++
			}
			for _, p := range r.Problems {
				if p.Kind == "crash" {
					rw.Crashes++
				} else {
					rw.InvalidModels++
				}
			}
			rk = append(rk, r.Ranking)
		}
		rw.Ranking = mergeRankings(rk)
		rows = append(rows, rw)
	}
	return rows
}

func (c *Comparison) writeBugTable(w io.Writer) {
	o := c.Options
	fmt.Fprintf(w, "\nsolvers %v (%v), theory %s, timeout %s, %d queries per run\n", o.Solvers, c.Versions, o.Theory, o.Timeout, o.Queries)
	fmt.Fprintf(w, "%-13s %5s %8s %13s %9s %9s  %s\n", "fuzzer", "runs", "queries", "disagreements", "crashes", "inv-model", "top-3 constructs")
	verdicts := map[string]int{}
	for _, rw := range c.Bug.Rows() {
		fmt.Fprintf(w, "%-13s %5d %8d %13d %9d %9d  %s\n", rw.Fuzzer, rw.Runs, rw.Queries, rw.Disagreements, rw.Crashes, rw.InvalidModels, TopConstructs(rw.Ranking, 3))
		for k, n := range rw.Verdicts {
			verdicts[k] += n
		}
	}
	ks := make([]string, 0, len(verdicts))
	for k := range verdicts {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	for _, k := range ks {
		fmt.Fprintf(w, "verdict %-40s %d\n", k, verdicts[k])
	}
	fmt.Fprintf(w, "(verdicts of the unreduced disagreements; the reduced triggers and their verdicts are under findings/)\n")
}

// WriteFiles writes the comparison into dir: summary.json (the rows),
// runs.json (every run by fuzzer) and, in perf mode, report.html. It
// returns the report's path ("" in bug mode).
func (c *Comparison) WriteFiles(dir string) (string, error) {
	o := c.Options
	sum := map[string]any{"mode": o.Mode, "solvers": o.Solvers, "versions": c.Versions, "theory": o.Theory,
		"timeout": o.Timeout.String(), "fuzzers": o.Fuzzers}
	var runs any
	if c.Perf != nil {
		rows := c.Perf.Rows()
		sum["rows"], sum["target"], sum["refs"] = rows, c.Perf.Target, c.Perf.Refs
		sum["budget"], sum["runs"], sum["max_queries"] = c.Perf.RunBudget.String(), c.Perf.RunsPerFuzzer, c.Perf.MaxQueries
		sum["measure"], sum["unit"], sum["limit"] = c.Perf.Measure, c.Perf.Unit, c.Perf.Limit
		if impr, ok := Improvement(rows); ok {
			sum["improvement"] = impr
		}
		runs = c.Perf.Runs
	} else {
		sum["rows"], sum["queries"] = c.Bug.Rows(), o.Queries
		runs = c.Bug.Runs
	}
	for name, v := range map[string]any{"summary.json": sum, "runs.json": runs} {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return "", err
		}
		if err := writeAtomic(filepath.Join(dir, name), b); err != nil {
			return "", err
		}
	}
	if c.Perf == nil {
		return "", nil
	}
	page := filepath.Join(dir, "report.html")
	return page, writeAtomic(page, []byte(c.Perf.HTML()))
}

// TopConstructs lists the first n constructs of a ranking with their
// expected reward and rewards/pulls.
func TopConstructs(rs []Rank, n int) string {
	var s []string
	for i := 0; i < n && i < len(rs); i++ {
		s = append(s, fmt.Sprintf("%s (%.2f, %g/%g)", rs[i].Construct, rs[i].Expected, rs[i].Rewards, rs[i].Pulls))
	}
	return strings.Join(s, ", ")
}

// perfRankings are the rankings of the runs that have one.
func perfRankings(runs []*PerfRun) [][]Rank {
	var rk [][]Rank
	for _, r := range runs {
		if r != nil {
			rk = append(rk, r.Ranking)
		}
	}
	return rk
}
