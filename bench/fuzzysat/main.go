// Command fuzzysat is the FUZZY-SAT benchmark: tandem fuzzysat against z3
// on whitebox-fuzzer queries, measured side by side in one run.
//
// It rebuilds the concolic setting from the SAGE QF_BV queries (each file a
// conjunction c1 … cn): for each file and each k (or the last k only, with
// -last), π = c1 … c(k−1), branch = ck, and the seed is z3's model of π
// (skipped when π is unsat or z3 needs more than -z3-timeout). z3 decides
// π ∧ ck in one incremental session (push, assert, check-sat, pop), so
// process start-up is not counted; fuzzysat gets -timeout per query. It
// also runs every file with an all-zero seed (branch = cn), and the paper's
// small examples with their zero seed. Every sat answer of fuzzysat is
// re-checked by the evaluator and by z3 on the assignment.
//
// The portfolio (fuzzysat --fallback z3) is composed from the same two
// measured runs: its time on a query is fuzzysat's time plus, when
// fuzzysat answered unknown, z3's time on that query; it solves what
// either solves.
//
// fuzzysat's time on a query is the process's CPU time (all threads, so
// the garbage collector counts) and wall time around the call; z3's is its
// process CPU from /proc and the wall time of the session's round trip.
// The machine's load average is printed at the start and the end.
//
//	go run ./bench/fuzzysat -json bench/fuzzysat/results.json
//	go run ./bench/fuzzysat -last           # the last k of each file only
//	go run ./bench/fuzzysat -replay out.json -cpuprofile cpu.prof
//
// -replay reruns only fuzzysat on the queries and seeds recorded by an
// earlier -json run, without z3 (profiling, quick comparisons); its z3
// columns are copied from the file.
package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
	"tandem/solver"
)

type query struct {
	App      string  `json:"app"`
	File     string  `json:"file"`
	K        int     `json:"k"`
	N        int     `json:"n"`
	ZeroSeed bool    `json:"zero_seed,omitempty"`
	Z3       string  `json:"z3"`
	Z3Wall   float64 `json:"z3_wall_ms"`
	Z3CPU    float64 `json:"z3_cpu_ms"`
	FS       string  `json:"fuzzysat"`
	Phase    string  `json:"phase,omitempty"`
	FSWall   float64 `json:"fuzzysat_wall_ms"`
	FSCPU    float64 `json:"fuzzysat_cpu_ms"`
	Evals    int64   `json:"evals"`
	Checked  bool    `json:"z3_checked,omitempty"`
	Port     string  `json:"portfolio,omitempty"`
	PortWall float64 `json:"portfolio_wall_ms,omitempty"`
	Seed     string  `json:"seed,omitempty"` // hex; the concolic setting's z3 model of π
}

var (
	corpus    = flag.String("corpus", "../shared/corpus/sage", "SAGE corpus (with MANIFEST.tsv)")
	fsCorpus  = flag.String("examples", "../shared/corpus/fuzzysat", "FUZZY-SAT examples (with zero_seed.bin)")
	last      = flag.Bool("last", false, "only the last k of each file")
	timeout   = flag.Duration("timeout", time.Second, "fuzzysat budget per query")
	z3timeout = flag.Duration("z3-timeout", 10*time.Second, "z3 timeout per query")
	limit     = flag.Int("limit", 0, "at most this many files (0: all)")
	maxK      = flag.Int("max-k", 0, "at most this many prefixes per file (0: all)")
	jsonOut   = flag.String("json", "", "write every query and the tables as JSON")
	seedFlag  = flag.Uint64("seed", 1, "fuzzysat RNG seed")
	live      = flag.Bool("portfolio-live", false, "also run the portfolio for real (fuzzysat with a z3 fallback session) instead of only composing it")
	cpuprof   = flag.String("cpuprofile", "", "write a CPU profile of the benchmark process")
	noGiveUp  = flag.Bool("no-give-up", false, "fuzzysat runs every phase even when none can succeed (ablation)")
	replay    = flag.String("replay", "", "rerun only fuzzysat on the queries and seeds of an earlier -json file (z3's columns are copied from it)")

	small         = flag.Bool("small", false, "the cheap-query regime: sliced last-k queries reading few bytes plus generated ite chains, z3 alone against the live portfolio in rounds")
	smallK        = flag.Int("small-k", 10, "with -small: the last this many prefixes of each file")
	smallBytes    = flag.Int("small-bytes", 2, "with -small: keep queries reading at most this many input bytes")
	smallGen      = flag.Int("small-gen", 300, "with -small: this many generated single-byte ite-chain queries")
	portRounds    = flag.Int("portfolio-rounds", 0, "z3 alone against the live portfolio in this many interleaved rounds (default 3 with -small; with -last: the last-k queries)")
	showFallbacks = flag.Bool("show-fallbacks", false, "with -small or -portfolio-rounds: list the queries that reached the fallback")
)

var portFB *fuzzysat.SolverFallback

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench/fuzzysat:", err)
	os.Exit(1)
}

// threadCPU is the CPU time of the calling OS thread (the main goroutine
// is locked to it).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procCPU is the CPU time of process pid from /proc (10 ms ticks).
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	f := strings.Fields(s[i+2:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * 10 * time.Millisecond
}

type z3s struct {
	ver  string
	sess *solver.Session
	cpu  time.Duration
	last time.Duration // CPU of the last check (10 ms ticks: exact only in sums)
}

// sessionCPU is the CPU z3 has used in this session so far: the ended
// processes (a timeout or crash restarts z3) plus the live one, so a delta
// stays right across restarts.
func (z *z3s) sessionCPU() time.Duration {
	return z.sess.Stats().EndedCPU + procCPU(z.sess.PID())
}

func (z *z3s) must(r solver.Reply, err error) solver.Reply {
	if err != nil {
		fatal(err)
	}
	return r
}

// check decides terms in a scope; returns status, wall time and (when sat)
// the assignment of the layout.
func (z *z3s) check(ctx context.Context, l *fuzzysat.Layout, terms []*smt.Term, extra []string, values bool) (string, time.Duration, []byte) {
	z.must(z.sess.Push(ctx, 1))
	defer func() { z.must(z.sess.Pop(ctx, 1)) }()
	// one assert of the whole conjunction: one round trip per query, as a
	// C-API caller would pay
	var sb strings.Builder
	sb.WriteString("(and true")
	for _, t := range terms {
		sb.WriteByte(' ')
		sb.WriteString(fuzzysat.SharedString(t))
	}
	for _, e := range extra {
		sb.WriteByte(' ')
		sb.WriteString(e)
	}
	sb.WriteString(")")
	text := sb.String()
	c0 := z.sessionCPU()
	start := time.Now()
	if r := z.must(z.sess.Assert(ctx, text)); r.Failed() {
		fatal(fmt.Errorf("z3 assert: %s", r.Message))
	}
	r := z.must(z.sess.CheckSat(ctx))
	wall := time.Since(start)
	z.last = z.sessionCPU() - c0
	z.cpu += z.last
	st := "unknown"
	switch r.Status {
	case solver.StatusSat:
		st = "sat"
	case solver.StatusUnsat:
		st = "unsat"
	case solver.StatusTimeout:
		st = "timeout"
	}
	if st != "sat" || !values || len(l.Vars) == 0 {
		return st, wall, make([]byte, l.Size)
	}
	var names []string
	for _, v := range l.Vars {
		names = append(names, smt.QuoteSymbol(v.Func.Name))
	}
	gv := z.must(z.sess.GetValue(ctx, names...))
	m, err := modelFromValues(gv.Raw, l)
	if err != nil {
		fatal(err)
	}
	return st, wall, m
}

func modelFromValues(raw string, l *fuzzysat.Layout) ([]byte, error) {
	b := make([]byte, l.Size)
	return b, l.FromValues([]byte(raw), b)
}

// loadStart is the load average when the run started.
var loadStart = loadAvg()

// loadAvg is the 1-minute load average, from /proc/loadavg.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

func main() {
	flag.Parse()
	runtime.LockOSThread()
	if *cpuprof != "" {
		pf, err := os.Create(*cpuprof)
		if err != nil {
			fatal(err)
		}
		pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	ctx := context.Background()
	if *replay != "" {
		replayRun(ctx, *replay)
		return
	}
	if *unknowns != "" {
		unknownShapes(ctx, *unknowns)
		return
	}
	p, err := solver.NewRegistry().Lookup("z3")
	if err != nil {
		fatal(err)
	}
	sess, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: solver.Mode{Models: true}, CallTimeout: *z3timeout})
	if err != nil {
		fatal(err)
	}
	defer sess.Close()
	z := &z3s{sess: sess}
	if *small || *portRounds > 0 {
		z.ver, _ = solver.Version(ctx, p)
		rounds := *portRounds
		if rounds == 0 {
			rounds = 3
		}
		var qs []pquery
		if *small {
			qs = smallQueries(ctx, z)
		} else {
			qs = lastQueries(ctx, z)
		}
		portfolioRounds(ctx, p, z, qs, rounds)
		return
	}
	if *live {
		fb, err := fuzzysat.NewSolverFallback(ctx, p)
		if err != nil {
			fatal(err)
		}
		defer fb.Close()
		portFB = fb
	}
	ver, _ := solver.Version(ctx, p)

	files := corpusFiles()
	var qs []query
	var zs []query
	var stats fuzzysat.Stats
	wrong := 0
	checked := 0
	opts := fuzzysat.Options{Timeout: *timeout, Seed: *seedFlag, NoGiveUp: *noGiveUp}
	t0 := time.Now()
	for fi, f := range files {
		l, cs, ok := loadChain(f)
		if !ok {
			continue
		}
		n := len(cs)
		app := strings.SplitN(f, "/", 2)[0]
		z.must(sess.Push(ctx, 1))
		for _, v := range l.Vars {
			if r := z.must(sess.Exec(ctx, fmt.Sprintf("(declare-fun %s () %s)", smt.QuoteSymbol(v.Func.Name), v.Func.Result))); r.Failed() {
				fatal(fmt.Errorf("%s: %s", f, r.Message))
			}
		}
		fs := fuzzysat.NewSolver(l, nil, opts)
		var ps *fuzzysat.Solver
		if portFB != nil {
			po := opts
			po.Fallback = portFB
			ps = fuzzysat.NewSolver(l, nil, po)
		}
		seed := make([]byte, l.Size) // z3's model of the empty π: anything; zeros
		kFrom := 1
		if *last {
			kFrom = n
			st, _, m := z.check(ctx, l, cs[:n-1], nil, true)
			if st != "sat" {
				seed = nil
			} else {
				seed = m
			}
		}
		if *maxK > 0 && n-kFrom+1 > *maxK {
			kFrom = n - *maxK + 1
			st, _, m := z.check(ctx, l, cs[:kFrom-1], nil, true)
			if st != "sat" {
				seed = nil
			} else {
				seed = m
			}
		}
		var zFull string
		var zFullWall, zFullCPU time.Duration
		for k := kFrom; k <= n && seed != nil; k++ {
			st, wall, model := z.check(ctx, l, cs[:k], nil, true)
			q := query{App: app, File: f, K: k, N: n, Z3: st, Z3Wall: ms(wall), Z3CPU: ms(z.last), Seed: hex.EncodeToString(seed)}
			if k == n {
				zFull, zFullWall, zFullCPU = st, wall, z.last
			}
			r := runFS(ctx, fs, l, seed, cs[k-1], cs[:k-1], &q, &stats)
			if r != nil {
				checked++
				if !verify(ctx, z, l, cs[:k], r) {
					wrong++
					fmt.Fprintf(os.Stderr, "WRONG: %s k=%d\n", f, k)
				}
				q.Checked = true
			}
			if ps != nil {
				ps.SetSeed(seed)
				start := time.Now()
				pr, err := ps.SolveQuery(ctx, &fuzzysat.Query{Layout: l, Goal: cs[k-1], Pi: cs[:k-1]})
				if err != nil {
					fatal(err)
				}
				q.Port, q.PortWall = pr.Status.String(), ms(time.Since(start))
			}
			qs = append(qs, q)
			if st == "sat" {
				seed = model
			} else {
				seed = nil
			}
		}
		if zFull == "" {
			st, wall, _ := z.check(ctx, l, cs, nil, false)
			zFull, zFullWall, zFullCPU = st, wall, z.last
		}
		// all-zero seed: branch = cn, π = c1 … c(n−1)
		q := query{App: app, File: f, K: n, N: n, ZeroSeed: true, Z3: zFull, Z3Wall: ms(zFullWall), Z3CPU: ms(zFullCPU)}
		fz := fuzzysat.NewSolver(l, nil, opts)
		if r := runFS(ctx, fz, l, make([]byte, l.Size), cs[n-1], cs[:n-1], &q, nil); r != nil {
			checked++
			if !verify(ctx, z, l, cs, r) {
				wrong++
				fmt.Fprintf(os.Stderr, "WRONG (zero seed): %s\n", f)
			}
		}
		zs = append(zs, q)
		z.must(sess.Pop(ctx, 1))
		if (fi+1)%100 == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d files, %d queries, %s\n", fi+1, len(files), len(qs), time.Since(t0).Round(time.Second))
		}
	}
	examples := runExamples(ctx)

	out := report(qs, zs, examples, &stats, wrong, checked, z.cpu, ver)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"tables": out, "queries": qs, "zero_seed": zs}, "", " ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			fatal(err)
		}
	}
	if wrong > 0 {
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func gomaxprocs() int { return runtime.GOMAXPROCS(0) }

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

func runFS(ctx context.Context, fs *fuzzysat.Solver, l *fuzzysat.Layout, seed []byte, goal *smt.Term, pi []*smt.Term, q *query, stats *fuzzysat.Stats) []byte {
	fs.SetSeed(seed)
	c0 := threadCPU()
	start := time.Now()
	res, err := fs.SolveQuery(ctx, &fuzzysat.Query{Layout: l, Goal: goal, Pi: pi})
	wall := time.Since(start)
	cpu := threadCPU() - c0
	if err != nil {
		fatal(fmt.Errorf("%s k=%d: %w", q.File, q.K, err))
	}
	q.FS, q.FSWall, q.FSCPU, q.Evals = res.Status.String(), ms(wall), ms(cpu), res.Evals
	if res.Status != fuzzysat.Unknown {
		q.Phase = res.Phase.String()
	}
	if stats != nil {
		stats.Add(&res.Stats)
	}
	if res.Status == fuzzysat.Sat {
		return res.Assignment
	}
	return nil
}

// verify re-checks a fuzzysat solution with the interpreter and with z3.
func verify(ctx context.Context, z *z3s, l *fuzzysat.Layout, terms []*smt.Term, b []byte) bool {
	ev := eval.New(l.Model(b))
	for _, t := range terms {
		v, err := ev.Eval(t)
		if err != nil || v != smt.BoolValue(true) {
			return false
		}
	}
	var eqs []string
	for i, v := range l.Vars {
		eqs = append(eqs, fmt.Sprintf("(= %s %s)", smt.QuoteSymbol(v.Func.Name), valText(l.Value(b, i))))
	}
	st, _, _ := z.check(ctx, l, terms, eqs, false)
	if st != "sat" {
		fmt.Fprintf(os.Stderr, "z3 re-check: %s on %v\n", st, eqs)
	}
	return st == "sat"
}

func valText(v smt.Value) string {
	if bv, ok := v.(smt.BVValue); ok {
		return smt.BVString(bv.V, bv.W)
	}
	return fmt.Sprint(v)
}

func manifest(dir string) []string {
	fh, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		fatal(err)
	}
	defer fh.Close()
	var out []string
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		out = append(out, strings.Split(line, "\t")[0])
	}
	return out
}

type example struct {
	File   string  `json:"file"`
	Status string  `json:"status"`
	Phase  string  `json:"phase"`
	Evals  int64   `json:"evals"`
	WallMS float64 `json:"wall_ms"`
}

func runExamples(ctx context.Context) []example {
	seed, err := os.ReadFile(filepath.Join(*fsCorpus, "zero_seed.bin"))
	if err != nil {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(*fsCorpus, "*.smt2"))
	var out []example
	for _, f := range files {
		fl, err := fuzzysat.LoadFile(f, fuzzysat.BranchFirst, len(seed))
		if err != nil {
			fatal(err)
		}
		for _, q := range fl.Queries {
			start := time.Now()
			r, err := fuzzysat.Solve(ctx, q, seed, fuzzysat.Options{Timeout: *timeout})
			if err != nil {
				fatal(err)
			}
			out = append(out, example{filepath.Base(f), r.Status.String(), r.Phase.String(), r.Evals, ms(time.Since(start))})
		}
	}
	return out
}

type appRow struct {
	App         string  `json:"app"`
	Queries     int     `json:"queries"`
	Z3Sat       int     `json:"z3_sat"`
	FSSat       int     `json:"fuzzysat_sat"`
	Both        int     `json:"both"`
	Z3Only      int     `json:"z3_only"`
	FSOnly      int     `json:"fuzzysat_only"`
	Ratio       float64 `json:"ratio_fs_over_z3"`
	Recall      float64 `json:"recall_on_z3_sat"`
	Z3Total     float64 `json:"z3_total_ms"`
	FSTotal     float64 `json:"fuzzysat_total_ms"`
	FSCPUTotal  float64 `json:"fuzzysat_cpu_total_ms"`
	Z3CPUTotal  float64 `json:"z3_cpu_total_ms"`
	SpeedupCPU  float64 `json:"speedup_cpu"`
	Z3Geo       float64 `json:"z3_geomean_ms"`
	FSGeo       float64 `json:"fuzzysat_geomean_ms"`
	Speedup     float64 `json:"speedup_total"`
	PortSolved  int     `json:"portfolio_sat"`
	PortTotal   float64 `json:"portfolio_total_ms"`
	PortSpeedup float64 `json:"portfolio_speedup"`
}

func table(qs []query, key func(query) string) []appRow {
	rows := map[string]*appRow{}
	geo := map[string][2]float64{}
	var keys []string
	for _, q := range qs {
		for _, k := range []string{key(q), "total"} {
			r, ok := rows[k]
			if !ok {
				r = &appRow{App: k}
				rows[k] = r
				if k != "total" {
					keys = append(keys, k)
				}
			}
			r.Queries++
			zs, fs := q.Z3 == "sat", q.FS == "sat"
			if zs {
				r.Z3Sat++
			}
			if fs {
				r.FSSat++
			}
			switch {
			case zs && fs:
				r.Both++
			case zs:
				r.Z3Only++
			case fs:
				r.FSOnly++
			}
			r.Z3Total += q.Z3Wall
			r.FSTotal += q.FSWall
			r.FSCPUTotal += q.FSCPU
			r.Z3CPUTotal += q.Z3CPU
			port := q.FSWall
			if q.FS != "sat" && q.FS != "unsat" {
				port += q.Z3Wall
			}
			if q.Port != "" { // measured live
				port = q.PortWall
				if q.Port == "sat" {
					r.PortSolved++
				}
			} else if fs || zs {
				r.PortSolved++
			}
			r.PortTotal += port
			g := geo[k]
			g[0] += math.Log(max(q.Z3Wall, 1e-3))
			g[1] += math.Log(max(q.FSWall, 1e-3))
			geo[k] = g
		}
	}
	sort.Strings(keys)
	keys = append(keys, "total")
	var out []appRow
	for _, k := range keys {
		r, ok := rows[k]
		if !ok {
			continue
		}
		g := geo[k]
		r.Z3Geo = math.Exp(g[0] / float64(r.Queries))
		r.FSGeo = math.Exp(g[1] / float64(r.Queries))
		if r.Z3Sat > 0 {
			r.Ratio = float64(r.FSSat) / float64(r.Z3Sat)
			r.Recall = float64(r.Both) / float64(r.Z3Sat)
		}
		if r.FSTotal > 0 {
			r.Speedup = r.Z3Total / r.FSTotal
		}
		if r.FSCPUTotal > 0 {
			r.SpeedupCPU = r.Z3CPUTotal / r.FSCPUTotal
		}
		if r.PortTotal > 0 {
			r.PortSpeedup = r.Z3Total / r.PortTotal
		}
		out = append(out, *r)
	}
	return out
}

func printTable(title string, rows []appRow) {
	fmt.Println(title)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "app\tqueries\tz3 sat\tfs sat\tboth\tz3-only\tfs-only\tratio\trecall\tz3 total s\tfs total s\tfs cpu s\tz3 cpu s\tz3 geo ms\tfs geo ms\tspeed-up wall\tspeed-up cpu\tportfolio sat\tportfolio s\tportfolio speed-up\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t%.3f\t%.2f\t%.2f\t%.2f\t%.2f\t%.3f\t%.3f\t%.1f×\t%.1f×\t%d\t%.2f\t%.1f×\t\n",
			r.App, r.Queries, r.Z3Sat, r.FSSat, r.Both, r.Z3Only, r.FSOnly, r.Ratio, r.Recall, r.Z3Total/1000, r.FSTotal/1000,
			r.FSCPUTotal/1000, r.Z3CPUTotal/1000, r.Z3Geo, r.FSGeo, r.Speedup, r.SpeedupCPU, r.PortSolved, r.PortTotal/1000, r.PortSpeedup)
	}
	tw.Flush()
	fmt.Println()
}

func report(qs, zs []query, ex []example, st *fuzzysat.Stats, wrong, checked int, z3cpu time.Duration, ver string) map[string]any {
	fmt.Printf("z3 %s via an incremental session (timeout %s); tandem fuzzysat budget %s per query; GOMAXPROCS %d\n", strings.TrimSpace(ver), *z3timeout, *timeout, runtime.GOMAXPROCS(0))
	fmt.Printf("load average (1 min) at the start %s, at the end %s, on %d CPUs\n\n", loadStart, loadAvg(), runtime.NumCPU())
	byApp := table(qs, func(q query) string { return q.App })
	printTable("Concolic setting (π = c1…c(k−1), branch = ck, seed = z3's model of π):", byApp)
	zero := table(zs, func(q query) string { return q.App })
	printTable("All-zero seed (π = c1…c(n−1), branch = cn):", zero)

	// Table III analogue
	phases := map[string]int{}
	for _, q := range qs {
		if q.FS == "sat" {
			phases[q.Phase]++
		}
	}
	zphases := map[string]int{}
	for _, q := range zs {
		if q.FS == "sat" {
			zphases[q.Phase]++
		}
	}
	fmt.Println("Which phase solved the query (Table III analogue):")
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "phase\tconcolic\t%\tzero seed\t%\t")
	var tot, ztot int
	for _, n := range phases {
		tot += n
	}
	for _, n := range zphases {
		ztot += n
	}
	for _, p := range fuzzysat.Phases() {
		n, m := phases[p.String()], zphases[p.String()]
		if n == 0 && m == 0 {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%d\t%.2f\t\n", p, n, 100*float64(n)/float64(max(tot, 1)), m, 100*float64(m)/float64(max(ztot, 1)))
	}
	tw.Flush()
	fmt.Println()
	unsat := 0
	for _, q := range append(append([]query(nil), qs...), zs...) {
		if q.FS == "unsat" {
			unsat++
			if q.Z3 == "sat" {
				wrong++
				fmt.Fprintf(os.Stderr, "WRONG UNSAT: %s k=%d\n", q.File, q.K)
			}
		}
	}
	fmt.Printf("fuzzysat answers unsat (by an exhaustive phase) on %d queries; sat answers re-checked by the evaluator and by z3: %d, wrong: %d\n", unsat, checked, wrong)
	fmt.Printf("evaluations (concolic setting): %d in %.2f s of search = %.2f M evals/s; pre-filtered %d, digest hits %d\n",
		st.Evals, st.EvalTime.Seconds(), st.EvalsPerSecond()/1e6, st.Filtered, st.DigestHits)
	fmt.Printf("z3 process CPU over all its calls (including the re-checks): %.2f s\n\n", z3cpu.Seconds())
	fmt.Println("Work per phase (concolic setting; nested phases count inside multigoal/conjuncts too):")
	st.Write(os.Stdout)
	fmt.Println()
	if len(ex) > 0 {
		fmt.Println("FUZZY-SAT examples (zero seed):")
		tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
		for _, e := range ex {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d evals\t%.3f ms\t\n", e.File, e.Status, e.Phase, e.Evals, e.WallMS)
		}
		tw.Flush()
	}
	return map[string]any{"concolic": byApp, "zero_seed": zero, "phases_concolic": phases, "phases_zero_seed": zphases,
		"wrong": wrong, "checked": checked, "evals": st.Evals, "evals_per_sec": st.EvalsPerSecond(), "z3_cpu_s": z3cpu.Seconds(),
		"examples": ex, "z3": strings.TrimSpace(ver), "timeout": timeout.String()}
}

// replayRun reruns only the fuzzysat side on the queries of an earlier
// -json file, with the seeds recorded there (one Solver per file, queries
// in their recorded order, as in a full run), and prints the same tables
// with z3's columns copied from the file. It needs no z3, so it profiles
// fuzzysat alone (-cpuprofile) and is quick to repeat.
func replayRun(ctx context.Context, path string) {
	in := readRun(path)
	load := newLoader()
	opts := fuzzysat.Options{Timeout: *timeout, Seed: *seedFlag, NoGiveUp: *noGiveUp}
	var stats fuzzysat.Stats
	var qs, zs []query
	checked, wrong := 0, 0
	var fs *fuzzysat.Solver
	cur := ""
	files := 0
	for _, q := range in.Queries {
		if q.File != cur {
			if files++; *limit > 0 && files > *limit {
				break
			}
		}
		p := load(q.File)
		if q.File != cur {
			cur, fs = q.File, fuzzysat.NewSolver(p.l, nil, opts)
		}
		seed, err := hex.DecodeString(q.Seed)
		if err != nil || q.Seed == "" && p.l.Size > 0 {
			fatal(fmt.Errorf("%s k=%d: no seed recorded (rerun the full benchmark with -json)", q.File, q.K))
		}
		q.Port, q.PortWall = "", 0
		if r := runFS(ctx, fs, p.l, seed, p.cs[q.K-1], p.cs[:q.K-1], &q, &stats); r != nil {
			checked++
			if !verifyEval(p.l, p.cs[:q.K], r) {
				wrong++
				fmt.Fprintf(os.Stderr, "WRONG: %s k=%d\n", q.File, q.K)
			}
		}
		qs = append(qs, q)
	}
	for i, q := range in.ZeroSeed {
		if *limit > 0 && i >= *limit {
			break
		}
		p := load(q.File)
		fz := fuzzysat.NewSolver(p.l, nil, opts)
		n := len(p.cs)
		if r := runFS(ctx, fz, p.l, make([]byte, p.l.Size), p.cs[n-1], p.cs[:n-1], &q, nil); r != nil {
			checked++
			if !verifyEval(p.l, p.cs, r) {
				wrong++
				fmt.Fprintf(os.Stderr, "WRONG (zero seed): %s\n", q.File)
			}
		}
		zs = append(zs, q)
	}
	fmt.Printf("replay of %s: fuzzysat re-run, z3's columns copied (sat answers re-checked by the evaluator only)\n", path)
	report(qs, zs, nil, &stats, wrong, checked, 0, "(from "+path+")")
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"queries": qs, "zero_seed": zs}, "", " ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			fatal(err)
		}
	}
}

func verifyEval(l *fuzzysat.Layout, terms []*smt.Term, b []byte) bool {
	ev := eval.New(l.Model(b))
	for _, t := range terms {
		v, err := ev.Eval(t)
		if err != nil || v != smt.BoolValue(true) {
			return false
		}
	}
	return true
}
