// Command evalspeed measures the compiled evaluator of package eval (and,
// with -interp, the interpreter and the compile time) on the
// QF_BV queries of the SAGE corpus: for every query, evaluations per
// second on one core (Run plus Depth, on precomputed random inputs), then
// the median and distribution of ns/evaluation and ns/node, by query size,
// with allocations per evaluation. With -agree N it first checks the
// compiled program against the interpreter on N random assignments in
// total.
//
//	go run ./bench/evalspeed -json evalspeed.json
//	go run ./bench/evalspeed -agree 1000000
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"text/tabwriter"
	"time"
	"unsafe"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/smtlib"
)

type query struct {
	File   string  `json:"file"`
	Nodes  int     `json:"nodes"`
	Instrs int     `json:"instructions"`
	Roots  int     `json:"roots"`
	NsEval float64 `json:"ns_per_eval"`
	NsNode float64 `json:"ns_per_node"`
	// the interpreter (eval.Evaluator) on the same inputs: model written
	// and memo reset per evaluation, as fuzzysat's exact checks do
	NsInterp float64 `json:"ns_per_eval_interpreter,omitempty"`
	// eval.Compile of the whole query, once
	NsCompile float64 `json:"ns_compile,omitempty"`
}

func main() {
	dir := flag.String("corpus", "../shared/corpus/sage", "folder of the SAGE QF_BV queries")
	agree := flag.Int("agree", 0, "check compiled vs interpreter on this many random assignments in total first")
	minDur := flag.Duration("t", 5*time.Millisecond, "length of one measuring window per query")
	rounds := flag.Int("rounds", 3, "measuring windows per query; the fastest counts")
	out := flag.String("json", "", "write per-query results and the summary as JSON")
	interp := flag.Bool("interp", true, "also measure the interpreter and the compile time on every query")
	flag.Parse()
	runtime.GOMAXPROCS(1)
	runtime.LockOSThread() // windows are measured in this thread's CPU time
	files, _ := filepath.Glob(filepath.Join(*dir, "*", "*.smt2"))
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "evalspeed: no .smt2 files under", *dir)
		os.Exit(1)
	}
	var progs []*eval.Program
	var compileNs []float64
	for _, f := range files {
		s, err := smtlib.ParseFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "evalspeed:", err)
			os.Exit(1)
		}
		t0 := threadCPU()
		p, err := eval.Compile(s.Assertions()...)
		compileNs = append(compileNs, float64((threadCPU() - t0).Nanoseconds()))
		if err != nil {
			fmt.Fprintln(os.Stderr, "evalspeed:", f, err)
			os.Exit(1)
		}
		progs = append(progs, p)
	}
	r := rand.New(rand.NewPCG(7, 7))
	if *agree > 0 {
		start := time.Now()
		per := max(1, (*agree+len(progs)-1)/len(progs))
		for i, p := range progs {
			if err := evaltest.Agree(p, r, per); err != nil {
				fmt.Fprintf(os.Stderr, "evalspeed: DISAGREEMENT in %s: %v\n", files[i], err)
				os.Exit(1)
			}
		}
		fmt.Printf("agreement: %d queries x %d random assignments = %d evaluations, compiled == interpreted on all (%.1fs)\n\n",
			len(progs), per, per*len(progs), time.Since(start).Seconds())
	}
	const nIn = 64
	var qs []query
	var allocs float64
	for i, p := range progs {
		m := p.NewMachine(nil)
		gen := evaltest.NewInputs(p, r)
		ins := make([][]uint64, nIn)
		for k := range ins {
			ins[k] = make([]uint64, len(p.Inputs()))
			gen.Fill(ins[k])
		}
		// The machine is shared: take the fastest of a few windows, so
		// that another process's burst does not count as our time.
		depth := 0
		ns := 0.0
		for round := 0; round < *rounds; round++ {
			n := 0
			start := threadCPU()
			for threadCPU()-start < *minDur {
				for k := 0; k < 1024; k++ {
					m.Run(ins[k&(nIn-1)])
					depth += m.Depth()
				}
				n += 1024
			}
			x := float64((threadCPU() - start).Nanoseconds()) / float64(n)
			if round == 0 || x < ns {
				ns = x
			}
		}
		if i%50 == 0 {
			allocs = max(allocs, testingAllocs(func() { m.Run(ins[0]); depth += m.Depth() }))
		}
		_ = depth
		rel, _ := filepath.Rel(*dir, files[i])
		q := query{File: rel, Nodes: p.Nodes(), Instrs: p.Len(), Roots: len(p.Roots()), NsEval: ns, NsNode: ns / float64(p.Nodes())}
		if *interp {
			q.NsInterp = interpNs(p, ins, *minDur, *rounds)
			q.NsCompile = compileNs[i]
		}
		qs = append(qs, q)
	}
	type bucket struct {
		name   string
		lo, hi int
	}
	buckets := []bucket{{"all", 0, 1 << 30}, {"<= 50 nodes", 0, 50}, {"51-200", 51, 200}, {"201-1000", 201, 1000}, {"> 1000", 1001, 1 << 30}}
	type summary struct {
		Bucket                          string
		Queries                         int
		MedianNodes                     int
		NsEvalP10, NsEvalMed, NsEvalP90 float64
		NsEvalMax                       float64
		NsNodeMed                       float64
		MEvalsPerSecMed                 float64
	}
	var sums []summary
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "queries\tcount\tmedian nodes\tns/eval p10\tmedian\tp90\tmax\tns/node median\tM evals/s (median)\t")
	for _, b := range buckets {
		var evals, nodes, perNode []float64
		for _, q := range qs {
			if q.Nodes >= b.lo && q.Nodes <= b.hi {
				evals = append(evals, q.NsEval)
				nodes = append(nodes, float64(q.Nodes))
				perNode = append(perNode, q.NsNode)
			}
		}
		if len(evals) == 0 {
			continue
		}
		slices.Sort(evals)
		slices.Sort(nodes)
		slices.Sort(perNode)
		s := summary{b.name, len(evals), int(pct(nodes, 50)), pct(evals, 10), pct(evals, 50), pct(evals, 90), evals[len(evals)-1], pct(perNode, 50), 1e3 / pct(evals, 50)}
		sums = append(sums, s)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.1f\t%.1f\t%.0f\t%.2f\t%.1f\t\n", s.Bucket, s.Queries, s.MedianNodes, s.NsEvalP10, s.NsEvalMed, s.NsEvalP90, s.NsEvalMax, s.NsNodeMed, s.MEvalsPerSecMed)
	}
	tw.Flush()
	if *interp {
		fmt.Println("\nthe interpreter on the same inputs (model written and memo reset per evaluation), and eval.Compile once per query:")
		tw = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "queries	count	compiled ns/eval	interpreter ns/eval	compiled M evals/s	interpreter M evals/s	speed-up (median of ratios)	compile µs	break-even evals	")
		for _, b := range buckets {
			var c, it, ratio, comp, even []float64
			for _, q := range qs {
				if q.Nodes >= b.lo && q.Nodes <= b.hi {
					c = append(c, q.NsEval)
					it = append(it, q.NsInterp)
					ratio = append(ratio, q.NsInterp/q.NsEval)
					comp = append(comp, q.NsCompile)
					even = append(even, q.NsCompile/max(q.NsInterp-q.NsEval, 1))
				}
			}
			if len(c) == 0 {
				continue
			}
			for _, xs := range [][]float64{c, it, ratio, comp, even} {
				slices.Sort(xs)
			}
			interpSums = append(interpSums, interpSummary{b.name, len(c), pct(c, 50), pct(it, 50), 1e3 / pct(c, 50), 1e3 / pct(it, 50), pct(ratio, 50), pct(comp, 50) / 1e3, pct(even, 50)})
			fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.1f\t%.2f\t%.1f×\t%.1f\t%.1f\t\n", b.name, len(c), pct(c, 50), pct(it, 50), 1e3/pct(c, 50), 1e3/pct(it, 50), pct(ratio, 50), pct(comp, 50)/1e3, pct(even, 50))
		}
		tw.Flush()
	}
	fmt.Printf("\nallocations per evaluation (max over sampled queries): %.0f\n", allocs)
	fmt.Printf("one core (GOMAXPROCS=1), %s, %s/%s; anchor: FUZZY-SAT's evaluator 0.34-0.77 M evals/s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if *out != "" {
		b, _ := json.MarshalIndent(map[string]any{"date": time.Now().UTC().Format(time.RFC3339), "summary": sums, "queries": qs, "allocs_per_eval": allocs, "interpreter": interpSums}, "", "  ")
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "evalspeed:", err)
			os.Exit(1)
		}
	}
}

// interpSummary compares the interpreter with the compiled program on one
// bucket of queries (medians).
type interpSummary struct {
	Bucket                         string
	Queries                        int
	CompiledNsEval, InterpNsEval   float64
	CompiledMEvalsS, InterpMEvalsS float64
	SpeedupMedian                  float64
	CompileMicros                  float64
	BreakEvenEvals                 float64 // compile time / (interpreter − compiled) per evaluation
}

var interpSums []interpSummary

// interpNs is the interpreter's ns per evaluation of every root of p on
// the inputs, the fastest of rounds windows of d: each evaluation writes
// the inputs into the model and resets the memo, as a re-check of a new
// candidate does.
func interpNs(p *eval.Program, ins [][]uint64, d time.Duration, rounds int) float64 {
	m := eval.NewModel()
	ev := eval.New(m)
	best := 0.0
	for round := 0; round < rounds; round++ {
		n := 0
		start := threadCPU()
		for threadCPU()-start < d {
			for k := 0; k < 64; k++ {
				if err := evaltest.SetModel(p, ins[k&(len(ins)-1)], m); err != nil {
					fmt.Fprintln(os.Stderr, "evalspeed:", err)
					os.Exit(1)
				}
				ev.Reset()
				for _, r := range p.Roots() {
					if _, err := ev.Eval(r); err != nil {
						fmt.Fprintln(os.Stderr, "evalspeed:", err)
						os.Exit(1)
					}
				}
			}
			n += 64
		}
		x := float64((threadCPU() - start).Nanoseconds()) / float64(n)
		if round == 0 || x < best {
			best = x
		}
	}
	return best
}

// threadCPU is the CPU time of the calling thread (the main goroutine is
// locked to it): on a shared machine a window of wall time would count
// other processes' turns as ours.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	// CLOCK_THREAD_CPUTIME_ID (3): nanoseconds, unlike getrusage's ticks
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

func pct(xs []float64, p int) float64 {
	i := (len(xs) - 1) * p / 100
	return xs[i]
}

// testingAllocs is the average number of heap allocations of f.
func testingAllocs(f func()) float64 {
	var a, b runtime.MemStats
	f()
	runtime.ReadMemStats(&a)
	const n = 1000
	for i := 0; i < n; i++ {
		f()
	}
	runtime.ReadMemStats(&b)
	return float64(b.Mallocs-a.Mallocs) / n
}
