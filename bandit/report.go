package bandit

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strings"
	"time"

	"tandem/campaign"
)

// PerfComparison is a side-by-side performance-mode comparison: the runs
// of every fuzzer against one target and its references (the perf side of
// a [Comparison]).
type PerfComparison struct {
	Target  string
	Refs    []string
	Theory  string
	Timeout time.Duration
	// Measure, Unit and Limit are the runs' (PerfRun).
	Measure Measure
	Unit    string
	Limit   float64
	// RunBudget is each run's time budget, MaxQueries its query budget (0:
	// none); RunsPerFuzzer how many runs each fuzzer was given.
	RunBudget     time.Duration
	MaxQueries    int
	RunsPerFuzzer int
	// Fuzzers is the report order; Runs the runs of each (nil entries are
	// runs that did not finish).
	Fuzzers []string
	Runs    map[string][]*PerfRun
}

var fuzzerColors = map[string]string{
	FuzzerBandit: "#d62728", FuzzerRandom: "#7f7f7f", FuzzerMutational: "#1f77b4", FuzzerEvolutionary: "#2ca02c",
}

// seriesColors color chart series that have no color of their own: the
// solvers of a campaign's cactus plot, fuzzers other than the four above.
var seriesColors = []string{"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"}

func seriesColor(i int) string { return seriesColors[i%len(seriesColors)] }

func fuzzerColor(f string, i int) string {
	if c, ok := fuzzerColors[f]; ok {
		return c
	}
	return seriesColor(4 + i%4)
}

// solvedTimes are the spec's times on the fuzzer's best instances that it
// answered (sat or unsat) within the timeout.
func solvedTimes(runs []*PerfRun, spec string) []float64 {
	var ts []float64
	for _, r := range runs {
		if r == nil {
			continue
		}
		if st := r.Status[spec]; st == "sat" || st == "unsat" {
			ts = append(ts, r.Times[spec])
		}
	}
	return ts
}

// HTML is the comparison's report page: the PAR-2 margins, a cactus plot
// of the target and one of the fastest reference on each fuzzer's best
// instances (the BanditFuzz paper's figures: a fuzzer whose instances the
// target solves fewer of, or later, found the larger performance gap), and
// each fuzzer's ranking of culprit constructs.
func (c *PerfComparison) HTML() string {
	var b strings.Builder
	title := fmt.Sprintf("tandem bandit perf: %s against %s, %s", c.Target, strings.Join(c.Refs, ", "), c.Theory)
	fmt.Fprintf(&b, "<!doctype html><meta charset=utf-8><title>%s</title>", html.EscapeString(title))
	b.WriteString("<style>body{font:14px sans-serif;max-width:900px;margin:2em auto}td,th{padding:2px 10px;text-align:right}" +
		"td:first-child,th:first-child{text-align:left}.ct{font-weight:bold}.ax{fill:#444}.grid{stroke:#eee}</style>")
	fmt.Fprintf(&b, "<h1>%s</h1><p>Per-query %s; %s per run × %d runs per fuzzer. PAR-2 margin of a run: the target's PAR-2 cost minus the slowest reference's on the run's best instance. "+
		"First gap: median time until a run first held an input the target did not solve while the references answered (a run that never did counts as the budget).</p>",
		html.EscapeString(title), html.EscapeString(limitString(c.Measure, c.Timeout, int64(c.Limit), c.Unit)), c.RunBudget, c.RunsPerFuzzer)
	fmt.Fprintf(&b, "<table><tr><th>fuzzer</th><th>runs</th><th>PAR-2 margin (%s, summed)</th><th>instances the target does not solve</th><th>first gap</th><th>queries</th></tr>", html.EscapeString(cmpOr(c.Unit, "s")))
	var target, ref []campaign.Series
	for i, f := range c.Fuzzers {
		runs := c.Runs[f]
		n, margin, timeouts, queries := 0, 0.0, 0, 0
		best := campaign.Series{Name: f, Color: fuzzerColor(f, i)}
		for _, r := range runs {
			if r == nil {
				continue
			}
			n++
			margin += r.Score
			queries += r.Stats.Queries
			if st := r.Status[c.Target]; st != "sat" && st != "unsat" {
				timeouts++
			}
			fastest, ok := math.Inf(1), false
			for _, s := range c.Refs {
				if st := r.Status[s]; st == "sat" || st == "unsat" {
					fastest, ok = math.Min(fastest, r.Times[s]), true
				}
			}
			if ok {
				best.Y = append(best.Y, fastest)
			}
		}
		found, gap := GapSummary(runs, c.RunBudget)
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td>%.2f</td><td>%d</td><td>%.1f s (%d/%d runs)</td><td>%d</td></tr>",
			html.EscapeString(f), n, margin, timeouts, gap, found, n, queries)
		target = append(target, campaign.Series{Name: f, Color: fuzzerColor(f, i), Y: solvedTimes(runs, c.Target)})
		ref = append(ref, best)
	}
	b.WriteString("</table>")
	to := c.Limit
	b.WriteString("<h2>Cactus plots</h2><p>One point per run: the run's best instance. Fewer or slower instances solved by the target means a larger gap found.</p>")
	b.WriteString(campaign.Cactus(c.Target+" on each fuzzer's best instances", to, target))
	b.WriteString(campaign.Cactus("fastest reference on the same instances", to, ref))
	b.WriteString("<h2>Culprit constructs</h2>")
	for i, f := range c.Fuzzers {
		rk := mergeRankings(perfRankings(c.Runs[f]))
		if len(rk) == 0 {
			continue
		}
		var labels []string
		var vals []float64
		for _, r := range rk {
			labels = append(labels, fmt.Sprintf("%s (%g/%g)", r.Construct, r.Rewards, r.Pulls))
			vals = append(vals, r.Expected)
		}
		b.WriteString(campaign.HBars(f+": expected reward α/(α+β) per construct, summed over runs", labels, vals, []string{fuzzerColor(f, i)}))
	}
	return b.String()
}

// mergeRankings adds up the rankings' pulls and rewards per construct and
// ranks the sums (nil without any).
func mergeRankings(rankings [][]Rank) []Rank {
	pulls, rewards := map[string]float64{}, map[string]float64{}
	var names []string
	for _, rk := range rankings {
		for _, x := range rk {
			if _, ok := pulls[x.Construct]; !ok {
				names = append(names, x.Construct)
			}
			pulls[x.Construct] += x.Pulls
			rewards[x.Construct] += x.Rewards
		}
	}
	slices.Sort(names)
	p, w := make([]float64, len(names)), make([]float64, len(names))
	for i, n := range names {
		p[i], w[i] = pulls[n], rewards[n]
	}
	return Ranking(names, p, w)
}
