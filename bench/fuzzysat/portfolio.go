package main

// The live portfolio against z3 alone, side by side in rounds (-small,
// -portfolio-rounds): each query is asked of z3 alone (one incremental
// session, push / assert π ∧ e / check-sat / pop, as in the main tables)
// and of fuzzysat with a live z3 fallback session (what --fallback z3
// does), alternating query by query, the side that goes first alternating
// from round to round. Wall time is around the call; CPU is the process
// CPU of the benchmark (fuzzysat's side: every thread, so the garbage
// collector and the session's own I/O count) plus, for each side, the CPU
// its z3 process spent, read from /proc/PID/task/*/schedstat (nanoseconds).

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// pquery is one query of the portfolio benchmark.
type pquery struct {
	group string // queries of one group share a fuzzysat Solver (one concolic run)
	name  string
	l     *fuzzysat.Layout
	goal  *smt.Term
	pi    []*smt.Term
	seed  []byte
}

// schedCPU is the CPU time of every thread of process pid, in
// nanoseconds, from /proc/PID/task/*/schedstat (the thread list is read
// once per process, and again when a thread is gone).
func schedCPU(pid int) time.Duration {
	tasks := taskFiles[pid]
	if tasks == nil {
		tasks, _ = filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
		taskFiles[pid] = tasks
	}
	var sum int64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			delete(taskFiles, pid)
			continue
		}
		if f := strings.Fields(string(b)); len(f) > 0 {
			n, _ := strconv.ParseInt(f[0], 10, 64)
			sum += n
		}
	}
	return time.Duration(sum)
}

var taskFiles = map[int][]string{}

// smallQueries is the cheap-query regime from the corpus: for the last
// -small-k prefixes of each SAGE file, the branch ck with π sliced to the
// conjuncts of c1 … c(k−1) that share input bytes with it (transitively,
// as a concolic executor's independence slicing does), kept when the
// query reads at most -small-bytes input bytes; the seed is z3's model
// of the whole prefix (the input that drove the run). Then -small-gen
// generated SAGE-like single-byte ite chains.
func smallQueries(ctx context.Context, z *z3s) []pquery {
	var out []pquery
	for _, f := range corpusFiles() {
		l, cs, ok := loadChain(f)
		if !ok {
			continue
		}
		n := len(cs)
		an := fuzzysat.NewAnalyzer(l, 0)
		ins := make([][]int, n)
		for i, c := range cs {
			ins[i] = an.Inputs(c)
		}
		kFrom := max(1, n-*smallK+1)
		var sel []int
		for k := kFrom; k <= n; k++ {
			if pi, ok := slice(ins, k-1, *smallBytes); ok {
				sel = append(sel, k)
				_ = pi
			}
		}
		if len(sel) == 0 {
			continue
		}
		z.must(z.sess.Push(ctx, 1))
		declare(ctx, z, l)
		for _, k := range sel {
			st, _, model := z.check(ctx, l, cs[:k-1], nil, true)
			if st != "sat" {
				break // every longer prefix is unsat too
			}
			pi, _ := slice(ins, k-1, *smallBytes)
			var piT []*smt.Term
			for _, i := range pi {
				piT = append(piT, cs[i])
			}
			out = append(out, pquery{group: f, name: fmt.Sprintf("%s k=%d", f, k), l: l, goal: cs[k-1], pi: piT, seed: model})
		}
		z.must(z.sess.Pop(ctx, 1))
	}
	return append(out, iteChains(*smallGen, 1)...)
}

// corpusFiles is the SAGE files of the manifest, at most -limit.
func corpusFiles() []string {
	files := manifest(*corpus)
	if *limit > 0 && len(files) > *limit {
		files = files[:*limit]
	}
	return files
}

// loadChain parses SAGE file f (relative to -corpus) into its layout and
// its conjuncts c1 … cn; false when the file is not one query.
func loadChain(f string) (*fuzzysat.Layout, []*smt.Term, bool) {
	sc, err := smtlib.ParseFile(filepath.Join(*corpus, f))
	if err != nil {
		fatal(err)
	}
	fl, err := fuzzysat.FromScript(sc, fuzzysat.BranchLast, 0)
	if err != nil {
		fatal(err)
	}
	if len(fl.Queries) != 1 {
		return nil, nil, false
	}
	q0 := fl.Queries[0]
	return fl.Layout, append(append([]*smt.Term(nil), q0.Pi...), q0.Goal), true
}

// slice is the indices of the conjuncts before b that share input bytes
// with conjunct b, transitively, and whether the query reads at most
// maxBytes bytes.
func slice(ins [][]int, b, maxBytes int) ([]int, bool) {
	bytes := map[int]bool{}
	for _, x := range ins[b] {
		bytes[x] = true
	}
	if len(bytes) == 0 || len(bytes) > maxBytes {
		return nil, false
	}
	in := make([]bool, b)
	for changed := true; changed; {
		changed = false
		for i := 0; i < b; i++ {
			if in[i] {
				continue
			}
			shares := false
			for _, x := range ins[i] {
				if bytes[x] {
					shares = true
					break
				}
			}
			if !shares {
				continue
			}
			in[i], changed = true, true
			for _, x := range ins[i] {
				bytes[x] = true
			}
			if len(bytes) > maxBytes {
				return nil, false
			}
		}
	}
	var out []int
	for i, ok := range in {
		if ok {
			out = append(out, i)
		}
	}
	return out, true
}

// iteChains generates n SAGE-like queries over two input bytes: a branch
// comparing a zero-extended ite chain on one byte with a constant (false
// on the seed, as the negation of the branch the run took), and π of zero
// to two conjuncts on the two bytes that the seed satisfies. Some are
// unsat (the constant is no value of the chain, or π excludes it).
func iteChains(n int, seed uint64) []pquery {
	r := rand.New(rand.NewPCG(seed, 0x17e))
	var out []pquery
	for len(out) < n {
		sd := []byte{byte(r.IntN(256)), byte(r.IntN(256))}
		if r.IntN(2) == 0 {
			sd[r.IntN(2)] = byte('0' + r.IntN(10)) // text input
		}
		vars := []string{"k!0", "k!1"}
		var pi []string
		for range r.IntN(3) {
			j := r.IntN(2)
			x, v := vars[j], int(sd[j])
			switch r.IntN(4) {
			case 0:
				pi = append(pi, fmt.Sprintf("(bvule %s (_ bv%d 8))", x, v+r.IntN(256-v)))
			case 1:
				pi = append(pi, fmt.Sprintf("(bvuge %s (_ bv%d 8))", x, r.IntN(v+1)))
			case 2:
				pi = append(pi, fmt.Sprintf("(not (= %s (_ bv%d 8)))", x, (v+1+r.IntN(255))%256))
			default:
				pi = append(pi, fmt.Sprintf("(= (ite (= %s (_ bv%d 8)) #x01 #x00) #x00)", x, (v+1+r.IntN(255))%256))
			}
		}
		x := vars[r.IntN(2)]
		depth := 1 + r.IntN(4)
		chain := "#x00"
		for d := depth; d >= 1; d-- {
			c := r.IntN(256)
			if r.IntN(3) == 0 {
				c = '0' + r.IntN(10)
			}
			cond := fmt.Sprintf("(= %s (_ bv%d 8))", x, c)
			if r.IntN(4) == 0 {
				cond = fmt.Sprintf("(bvult %s (_ bv%d 8))", x, c)
			}
			chain = fmt.Sprintf("(ite %s (_ bv%d 8) %s)", cond, d, chain)
		}
		target := r.IntN(depth + 2) // depth+1: no value of the chain
		br := fmt.Sprintf("(= ((_ zero_extend 24) %s) (_ bv%d 32))", chain, target)
		src := "(declare-fun k!0 () (_ BitVec 8))(declare-fun k!1 () (_ BitVec 8))(assert (and " + strings.Join(pi, " ") + " " + br + "))"
		q := parseQuery(src)
		if holds(q, sd) {
			br = "(not " + br + ")"
			src = "(declare-fun k!0 () (_ BitVec 8))(declare-fun k!1 () (_ BitVec 8))(assert (and " + strings.Join(pi, " ") + " " + br + "))"
			q = parseQuery(src)
			if holds(q, sd) {
				continue
			}
		}
		out = append(out, pquery{group: fmt.Sprintf("gen%d", len(out)), name: fmt.Sprintf("ite-chain %d", len(out)), l: q.Layout, goal: q.Goal, pi: q.Pi, seed: sd})
	}
	return out
}

func parseQuery(src string) *fuzzysat.Query {
	sc, err := smtlib.Parse("gen.smt2", []byte(src))
	if err != nil {
		fatal(err)
	}
	f, err := fuzzysat.FromScript(sc, fuzzysat.BranchLast, 2)
	if err != nil {
		fatal(err)
	}
	return f.Queries[0]
}

// holds reports whether the branch condition of q is true on b.
func holds(q *fuzzysat.Query, b []byte) bool {
	v, err := eval.New(q.Layout.Model(b)).Eval(q.Goal)
	return err == nil && v == smt.BoolValue(true)
}

// lastQueries is the -last setting as portfolio queries: π = c1 … c(n−1),
// branch = cn, seed = z3's model of π.
func lastQueries(ctx context.Context, z *z3s) []pquery {
	var out []pquery
	for _, f := range corpusFiles() {
		l, cs, ok := loadChain(f)
		if !ok {
			continue
		}
		pi, goal := cs[:len(cs)-1], cs[len(cs)-1]
		z.must(z.sess.Push(ctx, 1))
		declare(ctx, z, l)
		st, _, model := z.check(ctx, l, pi, nil, true)
		z.must(z.sess.Pop(ctx, 1))
		if st == "sat" {
			out = append(out, pquery{group: f, name: f, l: l, goal: goal, pi: pi, seed: model})
		}
	}
	return out
}

func declare(ctx context.Context, z *z3s, l *fuzzysat.Layout) {
	for _, v := range l.Vars {
		if r := z.must(z.sess.Exec(ctx, fmt.Sprintf("(declare-fun %s () %s)", smt.QuoteSymbol(v.Func.Name), v.Func.Result))); r.Failed() {
			fatal(fmt.Errorf("declaring %s: %s", v.Func.Name, r.Message))
		}
	}
}

// side is one side's totals in one round.
type side struct {
	wall, cpu        time.Duration
	sat, unsat, unkn int
}

func (s *side) count(st string) {
	switch st {
	case "sat":
		s.sat++
	case "unsat":
		s.unsat++
	default:
		s.unkn++
	}
}

// portfolioRounds runs the queries rounds times, z3 alone against the
// live portfolio, and prints one line per round.
func portfolioRounds(ctx context.Context, p *solver.Profile, z *z3s, qs []pquery, rounds int) {
	fb, err := fuzzysat.NewSolverFallback(ctx, p)
	if err != nil {
		fatal(err)
	}
	defer fb.Close()
	if len(qs) > 0 { // warm the fallback up as the z3-alone session was
		if _, _, err := fb.Check(ctx, qs[0].l, []*smt.Term{qs[0].goal}); err != nil {
			fatal(err)
		}
	}
	opts := fuzzysat.Options{Timeout: *timeout, Seed: *seedFlag, NoGiveUp: *noGiveUp, Fallback: fb}
	nfiles := map[string]bool{}
	bytesHist := map[int]int{}
	conjHist := map[int]int{}
	for _, q := range qs {
		nfiles[q.group] = true
		an := fuzzysat.NewAnalyzer(q.l, 0)
		seen := map[int]bool{}
		for _, t := range append([]*smt.Term{q.goal}, q.pi...) {
			for _, b := range an.Inputs(t) {
				seen[b] = true
			}
		}
		bytesHist[len(seen)]++
		conjHist[min(1+len(q.pi), 4)]++
	}
	fmt.Printf("%d queries from %d groups; input bytes read: %v; conjuncts (4 = 4 or more): %v\n", len(qs), len(nfiles), bytesHist, conjHist)
	fmt.Printf("z3 %s; fuzzysat budget %s per query, live z3 fallback (pipelined session); GOMAXPROCS %d; load average at the start %s\n\n",
		strings.TrimSpace(z.ver), *timeout, runtimeProcs(), loadAvg())
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "round\tfirst\tz3 sat\tz3 unsat\tz3 unkn\tpf sat\tpf unsat\tpf unkn\tmissed\tfallbacks\tz3 wall s\tpf wall s\tspeed-up wall\tz3 cpu s\tpf cpu s\t(pf z3 cpu s)\tspeed-up cpu\tload\t")
	phases := map[string]int{}
	var fbShapes []string
	for round := 1; round <= rounds; round++ {
		var zs, ps side
		var pfZ3, fbWall, fbZ3Wall, fbZ3CPU, fbFuzz time.Duration
		missed, fallbacks := 0, 0
		z3First := round%2 == 1
		solvers := map[string]*fuzzysat.Solver{}
		cur := ""
		for _, q := range qs {
			if q.group != cur {
				if cur != "" {
					z.must(z.sess.Pop(ctx, 1))
				}
				cur = q.group
				z.must(z.sess.Push(ctx, 1))
				declare(ctx, z, q.l)
			}
			fs := solvers[q.group]
			if fs == nil {
				fs = fuzzysat.NewSolver(q.l, nil, opts)
				solvers = map[string]*fuzzysat.Solver{q.group: fs} // one run at a time
			}
			var zst string
			var zwall, zcpu time.Duration
			runZ3 := func() {
				terms := append(append([]*smt.Term(nil), q.pi...), q.goal)
				zc0 := schedCPU(z.sess.PID())
				st, wall, _ := z.check(ctx, q.l, terms, nil, false)
				zcpu = schedCPU(z.sess.PID()) - zc0
				zs.cpu += zcpu
				zs.wall += wall
				zwall = wall
				zs.count(st)
				zst = st
			}
			var res *fuzzysat.Result
			runPF := func() {
				fs.SetSeed(q.seed)
				fpid := fb.Session().PID()
				fc0 := schedCPU(fpid)
				c0 := threadCPU()
				start := time.Now()
				r, err := fs.SolveQuery(ctx, &fuzzysat.Query{Layout: q.l, Goal: q.goal, Pi: q.pi})
				wall := time.Since(start)
				c1 := threadCPU()
				fz := schedCPU(fpid) - fc0
				if err != nil {
					fatal(fmt.Errorf("%s: %w", q.name, err))
				}
				ps.wall += wall
				ps.cpu += c1 - c0 + fz
				pfZ3 += fz
				ps.count(r.Status.String())
				res = r
			}
			if z3First {
				runZ3()
				runPF()
			} else {
				runPF()
				runZ3()
			}
			if zst != "unknown" && zst != "timeout" && res.Status.String() != zst {
				missed++
				fmt.Fprintf(os.Stderr, "round %d: %s: z3 %s, portfolio %s (%s)\n", round, q.name, zst, res.Status, res.Phase)
			}
			if res.Status == fuzzysat.Sat {
				if err := verifyEvalErr(q.l, append(append([]*smt.Term(nil), q.pi...), q.goal), res.Assignment); err != nil {
					fatal(fmt.Errorf("%s: WRONG portfolio assignment: %v", q.name, err))
				}
			}
			if res.Stats.Phase[fuzzysat.PhaseFallback].Runs > 0 {
				fallbacks++
				fbWall += res.Stats.Phase[fuzzysat.PhaseFallback].Time
				fbFuzz += res.Time - res.Stats.Phase[fuzzysat.PhaseFallback].Time
				fbZ3Wall += zwall
				fbZ3CPU += zcpu
				if round == 1 {
					fbShapes = append(fbShapes, fmt.Sprintf("%s: z3 %s, %d evals, fuzzing %s\n    π: %s\n    e: %s", q.name, zst, res.Evals,
						(res.Time-res.Stats.Phase[fuzzysat.PhaseFallback].Time).Round(time.Microsecond), short(q.pi), trunc(q.goal.String())))
				}
			}
			if round == 1 {
				phases[res.Status.String()+" "+res.Phase.String()]++
			}
		}
		if cur != "" {
			z.must(z.sess.Pop(ctx, 1))
		}
		first := "pf"
		if z3First {
			first = "z3"
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t%.3f\t%.1f×\t%.3f\t%.3f\t%.3f\t%.1f×\t%s\t\n", round, first, zs.sat, zs.unsat, zs.unkn,
			ps.sat, ps.unsat, ps.unkn, missed, fallbacks, zs.wall.Seconds(), ps.wall.Seconds(), ratio(zs.wall, ps.wall),
			zs.cpu.Seconds(), ps.cpu.Seconds(), pfZ3.Seconds(), ratio(zs.cpu, ps.cpu), loadAvg())
		fmt.Fprintf(os.Stderr, "round %d: on the %d fallback queries: fuzzing %.3f s, fallback %.3f s wall, their z3-alone wall %.3f s, cpu %.3f s\n",
			round, fallbacks, fbFuzz.Seconds(), fbWall.Seconds(), fbZ3Wall.Seconds(), fbZ3CPU.Seconds())
	}
	tw.Flush()
	fmt.Printf("\nfallback round trips %d (over %d rounds)\n\nanswers of the portfolio by phase (round 1):\n", fb.RoundTrips, rounds)
	var keys []string
	for k := range phases {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %-30s %d\n", k, phases[k])
	}
	if *showFallbacks {
		fmt.Printf("\nqueries that reached the fallback (round 1):\n")
		for _, s := range fbShapes {
			fmt.Println(s)
		}
	}
}

func runtimeProcs() int { return gomaxprocs() }

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func short(ts []*smt.Term) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, trunc(t.String()))
	}
	return strings.Join(parts, " ∧ ")
}

func trunc(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}

func verifyEvalErr(l *fuzzysat.Layout, terms []*smt.Term, b []byte) error {
	ev := eval.New(l.Model(b))
	for i, t := range terms {
		v, err := ev.Eval(t)
		if err != nil {
			return err
		}
		if v != smt.BoolValue(true) {
			return fmt.Errorf("conjunct %d is false", i+1)
		}
	}
	return nil
}
