package campaign

import (
	"context"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"sort"
	"time"
)

// Report is a campaign as data: what `tandem report` renders as HTML and
// prints as JSON.
type Report struct {
	Campaign  Meta      `json:"campaign"`
	Store     string    `json:"store"`
	Generated time.Time `json:"generated"`
	// Iterations done, and their summed Stats (Counters included).
	Iterations uint64 `json:"iterations"`
	Stats      Stats  `json:"stats"`
	// Findings is the number of findings; Signatures the distinct bugs,
	// most severe class first, then most frequent, except that the
	// signatures of one cluster follow each other.
	Findings   int64          `json:"findings"`
	Signatures []SignatureRow `json:"signatures"`
	// Clusters group the signatures by fuzzy dedup (ClusterSignatures):
	// the number of bugs a solver developer probably has to look at.
	Clusters []Cluster     `json:"clusters"`
	ByClass  map[Class]int `json:"by_class"`
	// Span is the time from the first to the last finished iteration.
	Span time.Duration `json:"span_ns"`
	// Timeline is the campaign cut in equal time buckets.
	Timeline []Bucket `json:"timeline"`
	// Workers are the processes that ran iterations.
	Workers []WorkerRow `json:"workers"`
	// Panels are the system's own report sections (HTML only).
	Panels []Panel `json:"-"`

	lead map[string]string // signature → the first signature of its cluster
}

// SimilarTo returns the first signature of sig's cluster when that is
// another signature (sig is probably the same bug), else "".
func (r *Report) SimilarTo(sig string) string {
	if l := r.lead[sig]; l != sig {
		return l
	}
	return ""
}

// Bucket is one time slice of a campaign's timeline.
type Bucket struct {
	Start         float64 `json:"start_s"` // seconds since the first finished iteration
	Width         float64 `json:"width_s"`
	Iterations    int64   `json:"iterations"`
	Stats         Stats   `json:"stats"`
	Findings      int64   `json:"findings"`
	NewSignatures int64   `json:"new_signatures"`
}

// WorkerRow is one worker process's share of a campaign.
type WorkerRow struct {
	Worker     string    `json:"worker"`
	Iterations int64     `json:"iterations"`
	First      time.Time `json:"first"`
	Last       time.Time `json:"last"`
}

// Panel is a section of a report that a system adds: its rankings, cactus
// plots or counters. HTML is inserted as it is.
type Panel struct {
	Title string
	HTML  template.HTML
}

// Paneler is implemented by systems that add sections to their campaigns'
// reports. Panels gets the report built so far; counters are in
// r.Stats.Counters.
type Paneler interface {
	Panels(ctx context.Context, st *Store, r *Report) ([]Panel, error)
}

// Buckets is how many time slices a report's timeline has at most.
const Buckets = 60

// BuildReport reads campaign id from the store and summarizes it.
func BuildReport(ctx context.Context, st *Store, id string) (*Report, error) {
	meta, err := st.LoadCampaign(ctx, id)
	if err != nil {
		return nil, err
	}
	r := &Report{Campaign: meta, Store: st.String(), Generated: time.Now().UTC(), ByClass: map[Class]int{}}
	var t0, t1 *int64
	var n int64
	err = st.db.QueryRowContext(ctx, st.q(`SELECT COUNT(*), MIN(finished_ns), MAX(finished_ns) FROM iterations WHERE campaign = ?`), id).Scan(&n, &t0, &t1)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", st, err)
	}
	r.Iterations = uint64(n)
	if r.Signatures, err = st.Signatures(ctx, id); err != nil {
		return nil, err
	}
	for _, s := range r.Signatures {
		r.ByClass[s.Class]++
	}
	r.Clusters = ClusterSignatures(meta.System, r.Signatures)
	r.lead = map[string]string{}
	pos := map[string]int{}
	for _, c := range r.Clusters {
		for _, sig := range c.Signatures {
			r.lead[sig] = c.Signatures[0]
			pos[sig] = len(pos)
		}
	}
	sort.SliceStable(r.Signatures, func(i, j int) bool { return pos[r.Signatures[i].Signature] < pos[r.Signatures[j].Signature] })
	if err := st.db.QueryRowContext(ctx, st.q(`SELECT COUNT(*) FROM findings WHERE campaign = ?`), id).Scan(&r.Findings); err != nil {
		return nil, fmt.Errorf("reading %s: %w", st, err)
	}
	if r.Stats.Counters, err = st.Counters(ctx, id); err != nil {
		return nil, err
	}
	if n > 0 {
		if err := r.timeline(ctx, st, id, *t0, *t1); err != nil {
			return nil, err
		}
		r.Span = time.Duration(*t1 - *t0)
	}
	rows, err := st.db.QueryContext(ctx, st.q(`SELECT worker, COUNT(*), MIN(finished_ns), MAX(finished_ns) FROM iterations WHERE campaign = ? GROUP BY worker ORDER BY worker`), id)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", st, err)
	}
	defer rows.Close()
	for rows.Next() {
		var w WorkerRow
		var a, b int64
		if err := rows.Scan(&w.Worker, &w.Iterations, &a, &b); err != nil {
			return nil, err
		}
		w.First, w.Last = time.Unix(0, a), time.Unix(0, b)
		r.Workers = append(r.Workers, w)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if sys, err := NewSystem(meta.System, meta.Config); err == nil {
		if p, ok := sys.(Paneler); ok {
			panels, err := p.Panels(ctx, st, r)
			if err != nil {
				return nil, fmt.Errorf("system %s's report panels: %w", meta.System, err)
			}
			r.Panels = panels
		}
	}
	return r, nil
}

func (r *Report) timeline(ctx context.Context, st *Store, id string, t0, t1 int64) error {
	width := max((t1-t0)/Buckets+1, int64(time.Second))
	nb := int((t1-t0)/width) + 1
	r.Timeline = make([]Bucket, nb)
	for i := range r.Timeline {
		r.Timeline[i].Start = float64(int64(i)*width) / 1e9
		r.Timeline[i].Width = float64(width) / 1e9
	}
	rows, err := st.db.QueryContext(ctx, st.q(`SELECT (finished_ns - ?) / ?, COUNT(*), SUM(solver_calls), SUM(sat), SUM(unsat), SUM(unknown),
		SUM(timeout), SUM(crash), SUM(memout), SUM(error), SUM(solver_cpu_ns), SUM(solver_wall_ns), SUM(limit_cut)
		FROM iterations WHERE campaign = ? GROUP BY 1`), t0, width, id)
	if err != nil {
		return fmt.Errorf("reading %s: %w", st, err)
	}
	defer rows.Close()
	for rows.Next() {
		var b int64
		var c, calls, sat, unsat, unk, to, cr, mo, er, cpu, wall, cut int64
		if err := rows.Scan(&b, &c, &calls, &sat, &unsat, &unk, &to, &cr, &mo, &er, &cpu, &wall, &cut); err != nil {
			return fmt.Errorf("reading %s: %w", st, err)
		}
		if b < 0 || int(b) >= nb {
			continue
		}
		s := Stats{SolverCalls: calls, Sat: sat, Unsat: unsat, Unknown: unk, Timeout: to, Crash: cr, Memout: mo, Error: er, LimitCut: cut,
			SolverCPU: time.Duration(cpu), SolverWall: time.Duration(wall)}
		r.Timeline[b].Iterations += c
		r.Timeline[b].Stats.Add(s)
		counters := r.Stats.Counters
		r.Stats.Add(s)
		r.Stats.Counters = counters
	}
	if err := rows.Err(); err != nil {
		return err
	}
	frows, err := st.db.QueryContext(ctx, st.q(`SELECT (found_ns - ?) / ?, COUNT(*) FROM findings WHERE campaign = ? GROUP BY 1`), t0, width, id)
	if err != nil {
		return fmt.Errorf("reading %s: %w", st, err)
	}
	defer frows.Close()
	for frows.Next() {
		var b, c int64
		if err := frows.Scan(&b, &c); err != nil {
			return err
		}
		r.Timeline[clampBucket(b, nb)].Findings += c
	}
	for _, s := range r.Signatures {
		r.Timeline[clampBucket((s.First.UnixNano()-t0)/width, nb)].NewSignatures++
	}
	return frows.Err()
}

func clampBucket(b int64, n int) int {
	return int(min(max(b, 0), int64(n-1)))
}

// Colors of statuses and classes in charts.
var (
	statusColors = map[string]string{"sat": "#2e7d32", "unsat": "#1565c0", "unknown": "#9e9e9e", "timeout": "#f9a825", "cut": "#ffe082",
		"crash": "#c62828", "memout": "#6a1b9a", "error": "#ef6c00"}
	classColors = []string{"#b71c1c", "#e65100", "#c62828", "#6a1b9a", "#f9a825", "#546e7a"}
)

// Charts returns the report's charts as inline SVG: findings over time,
// throughput, status mix, and findings by class.
func (r *Report) Charts() []template.HTML {
	var xs []float64
	var cumF, cumS, itps, cps []float64
	var f, s float64
	st := map[string][]float64{}
	names := []string{"sat", "unsat", "unknown", "timeout", "cut", "crash", "memout", "error"}
	for _, b := range r.Timeline {
		xs = append(xs, b.Start+b.Width)
		f += float64(b.Findings)
		s += float64(b.NewSignatures)
		cumF, cumS = append(cumF, f), append(cumS, s)
		itps = append(itps, float64(b.Iterations)/b.Width)
		cps = append(cps, float64(b.Stats.SolverCalls)/b.Width)
		v := []int64{b.Stats.Sat, b.Stats.Unsat, b.Stats.Unknown, b.Stats.Timeout, b.Stats.LimitCut, b.Stats.Crash, b.Stats.Memout, b.Stats.Error}
		for i, n := range names {
			st[n] = append(st[n], float64(v[i]))
		}
	}
	var mix []Series
	for _, n := range names {
		mix = append(mix, Series{Name: n, Color: statusColors[n], Y: st[n]})
	}
	charts := []template.HTML{
		template.HTML(LineChart("Findings over time (cumulative)", "count", xs, []Series{
			{Name: "findings", Color: "#ef6c00", Y: cumF}, {Name: "distinct bugs", Color: "#b71c1c", Y: cumS}})),
		template.HTML(LineChart("Throughput", "per second", xs, []Series{
			{Name: "iterations/s", Color: "#1565c0", Y: itps}, {Name: "solver calls/s", Color: "#2e7d32", Y: cps}})),
		template.HTML(StackedBars("Solver status mix", "share of calls", xs, mix, true)),
	}
	var labels []string
	var vals []float64
	for _, c := range Classes {
		labels = append(labels, string(c))
		vals = append(vals, float64(r.ByClass[c]))
	}
	charts = append(charts, template.HTML(HBars("Distinct bugs by class", labels, vals, classColors)))
	return charts
}

var reportTmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"dur":  func(d time.Duration) string { return fmtDur(d) },
	"pct":  func(a, b int64) string { return pct(a, b) },
	"date": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05Z") },
	"msg":  rowMessage,
	"dir": func(s SignatureRow) string {
		return filepath.ToSlash(filepath.Join(FindingsDir, SignatureDirName(s.Class, s.Signature)))
	},
	"rate": func(n uint64, d time.Duration) string {
		if d <= 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f", float64(n)/d.Seconds())
	},
	"counters": func(m map[string]int64) []kv {
		var out []kv
		for k, v := range m {
			out = append(out, kv{k, v})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].K < out[j].K })
		return out
	},
}).Parse(reportHTML))

type kv struct {
	K string
	V int64
}

func pct(a, b int64) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// WriteHTML writes the report as one self-contained HTML page: inline CSS
// and SVG, no script, nothing fetched when it is viewed.
func (r *Report) WriteHTML(w io.Writer) error {
	return reportTmpl.Execute(w, struct {
		*Report
		Charts []template.HTML
	}{r, r.Charts()})
}

const reportHTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>tandem campaign {{.Campaign.ID}}</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1180px;color:#212121;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e0e0e0;padding-bottom:4px}
.sub{color:#616161;margin-bottom:16px}
.cards{display:flex;flex-wrap:wrap;gap:10px}.card{border:1px solid #e0e0e0;border-radius:6px;padding:8px 14px;min-width:120px}
.card b{display:block;font-size:20px}.card span{color:#616161;font-size:12px}
.charts{display:grid;grid-template-columns:repeat(2,1fr);gap:12px}.charts svg{border:1px solid #eee;border-radius:6px;max-width:100%;height:auto}
.ct{font-size:13px;font-weight:600;fill:#212121}.ax{font-size:11px;fill:#616161}.grid{stroke:#eeeeee}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eeeeee;vertical-align:top}
th{background:#fafafa}td.n{text-align:right;font-variant-numeric:tabular-nums}code{font-size:12px;background:#f5f5f5;padding:1px 3px;border-radius:3px}
.cls{font-weight:600}.soundness,.crash{color:#b71c1c}.invalid-model{color:#e65100}.disagreement{color:#6a1b9a}.performance{color:#8d6e00}.api-error{color:#546e7a}
.none{color:#757575;font-style:italic}
</style></head><body>
<h1>Campaign {{.Campaign.ID}}</h1>
<div class="sub">system <b>{{.Campaign.System}}</b> · seed {{.Campaign.Seed}} ·
budget {{if .Campaign.Iterations}}{{.Campaign.Iterations}} iterations{{else}}time{{end}} ·
started {{date .Campaign.Created}} · store <code>{{.Store}}</code> · report of {{date .Generated}}</div>
<div class="cards">
<div class="card"><b>{{.Iterations}}</b><span>iterations{{if .Campaign.Iterations}} of {{.Campaign.Iterations}}{{end}}</span></div>
<div class="card"><b>{{.Stats.SolverCalls}}</b><span>solver calls</span></div>
<div class="card"><b>{{rate .Iterations .Span}}</b><span>iterations/s</span></div>
<div class="card"><b>{{dur .Span}}</b><span>span (first to last iteration)</span></div>
<div class="card"><b>{{len .Clusters}}</b><span>distinct bugs{{if ne (len .Clusters) (len .Signatures)}} ({{len .Signatures}} signatures){{end}}</span></div>
<div class="card"><b>{{.Findings}}</b><span>findings</span></div>
<div class="card"><b>{{dur .Stats.SolverCPU}}</b><span>solver CPU</span></div>
</div>
<h2>Charts</h2>
<div class="charts">{{range .Charts}}<div>{{.}}</div>{{end}}</div>
<h2>Status totals</h2>
<table><tr><th>sat</th><th>unsat</th><th>unknown</th><th>timeout</th><th title="calls stopped by the system's adaptive limit below the time limit">cut</th><th>crash</th><th>memout</th><th>error</th><th title="calls answered after the solver refused an option: counted under their answer, judged as default-mode answers">refused option</th></tr>
<tr><td>{{.Stats.Sat}} ({{pct .Stats.Sat .Stats.SolverCalls}})</td><td>{{.Stats.Unsat}} ({{pct .Stats.Unsat .Stats.SolverCalls}})</td>
<td>{{.Stats.Unknown}} ({{pct .Stats.Unknown .Stats.SolverCalls}})</td><td>{{.Stats.Timeout}} ({{pct .Stats.Timeout .Stats.SolverCalls}})</td>
<td>{{.Stats.LimitCut}}</td><td>{{.Stats.Crash}}</td><td>{{.Stats.Memout}}</td><td>{{.Stats.Error}}</td><td>{{index .Stats.Counters "refused option"}}</td></tr></table>
<h2>Distinct bugs</h2>
{{if .Signatures}}<table><tr><th>class</th><th>solver</th><th>message (normalized)</th><th>count</th><th>first</th><th>trigger</th><th>directory</th></tr>
{{range .Signatures}}<tr><td class="cls {{.Class}}">{{.Class}}</td><td>{{.Solver}} {{.SolverVersion}}</td><td><code>{{msg $.Campaign.System .}}</code>{{with $.SimilarTo .Signature}}<br><span class="none">≈ {{.}} above: similar message (fuzzy dedup)</span>{{end}}</td>
<td class="n">{{.Count}}</td><td>it {{.FirstIter}}<br>{{date .First}}</td>
<td>{{.SmallestSize}} B{{if .ReducedSize}} → {{.ReducedSize}} B{{end}}<br><span class="none">{{.ReduceStatus}}</span></td>
<td><a href="{{dir .}}/README.md">{{dir .}}</a></td></tr>
{{end}}</table>{{else}}<p class="none">No findings.</p>{{end}}
<h2>System: {{.Campaign.System}}</h2>
{{range .Panels}}<h3>{{.Title}}</h3>{{.HTML}}{{else}}{{with counters .Stats.Counters}}<table><tr><th>counter</th><th>value</th></tr>
{{range .}}<tr><td>{{.K}}</td><td class="n">{{.V}}</td></tr>{{end}}</table>{{else}}<p class="none">The system reports no counters.</p>{{end}}{{end}}
<h2>Workers</h2>
<table><tr><th>worker</th><th>iterations</th><th>first</th><th>last</th></tr>
{{range .Workers}}<tr><td>{{.Worker}}</td><td class="n">{{.Iterations}}</td><td>{{date .First}}</td><td>{{date .Last}}</td></tr>{{end}}</table>
<p class="sub">Generated by tandem report. Replay any iteration with <code>tandem replay DIR ITERATION</code>.</p>
</body></html>
`
