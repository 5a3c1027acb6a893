// Command cbmodes measures whether tandem solve's cdfl mode dominates the
// other two modes (issue 25 §1): it runs `tandem solve` as a child process
// on every instance of bench/cb's suite plus Delphi's 12 examples, in each
// mode, with several seeds, side by side in one run (the modes of one
// instance and seed run one after the other, so all meet the same load),
// and prints
//
//   - the table instance × mode × seed → verdict, CPU time of the whole
//     process tree (tandem and its z3), wall time;
//   - PAR-2 per mode, by CPU time and by wall time (an unsolved run counts
//     twice the timeout), over the whole set (the goal) and over the
//     instances some mode solves with some seed (extra information);
//   - the union check: every instance that some mode solves with some
//     seed, and whether cdfl solves it with some seed (and with as many
//     seeds as the best other mode).
//
// It saves everything as JSON (-out). A verdict against the instance's
// label is counted as wrong and printed; there must be none.
//
//	go run ./bench/cbmodes -timeout 10s -seeds 3 -j 2
//	go run ./bench/cbmodes -filter crc -seeds 1 -v
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"tandem/bench/cb/cbsuite"
	"tandem/internal/proc"
	"tandem/smtlib"
)

type instance struct {
	Name     string   `json:"name"`
	Source   string   `json:"source"`
	Expected string   `json:"expected"`
	File     string   `json:"-"`
	Flags    []string `json:"-"`
}

type run struct {
	Instance string  `json:"instance"`
	Source   string  `json:"source"`
	Expected string  `json:"expected"`
	Mode     string  `json:"mode"`
	Seed     int     `json:"seed"`
	Status   string  `json:"status"`
	CPU      float64 `json:"cpu_s"`
	Wall     float64 `json:"wall_s"`
	Reason   string  `json:"reason,omitempty"`
	Wrong    bool    `json:"wrong,omitempty"`
	// Copied: the mode ignores the seed (-seedless), so this is the run of
	// seed 1, counted again for this seed.
	Copied bool `json:"copied,omitempty"`
}

type modeSummary struct {
	Mode     string  `json:"mode"`
	Runs     int     `json:"runs"`
	Solved   int     `json:"solved"`
	Wrong    int     `json:"wrong"`
	PAR2CPU  float64 `json:"par2_cpu_s"`
	PAR2Wall float64 `json:"par2_wall_s"`
	// The same over the runs of the instances that some mode solves with
	// some seed (extra information: the goal is over the whole set).
	SolvableRuns     int     `json:"solvable_runs"`
	SolvablePAR2CPU  float64 `json:"solvable_par2_cpu_s"`
	SolvablePAR2Wall float64 `json:"solvable_par2_wall_s"`
}

type report struct {
	Started   time.Time     `json:"started"`
	Timeout   string        `json:"timeout"`
	Seeds     int           `json:"seeds"`
	Jobs      int           `json:"jobs"`
	LoadStart string        `json:"loadavg_start"`
	LoadEnd   string        `json:"loadavg_end"`
	Modes     []modeSummary `json:"modes"`
	Union     []unionRow    `json:"union"`
	Missed    []string      `json:"cdfl_missed"`
	Runs      []*run        `json:"runs"`
}

// unionRow is one instance that some mode solved with some seed.
type unionRow struct {
	Instance string         `json:"instance"`
	Solved   map[string]int `json:"seeds_solved"` // mode -> seeds
}

func main() {
	var (
		manifest = flag.String("manifest", "bench/cb/MANIFEST.tsv", "bench/cb's manifest")
		corpus   = flag.String("corpus", "../shared/corpus", "the shared corpus (corpus: entries and Delphi's examples)")
		oracles  = flag.String("oracles", "bench/cb/delphi", "Delphi's oracle implementations")
		tandem   = flag.String("tandem", "", "the tandem binary (default: go build ./cmd/tandem into a temporary directory)")
		timeout  = flag.Duration("timeout", 10*time.Second, "tandem solve --timeout of every run")
		modes    = flag.String("modes", "cdfl,active-learning,fuzz-only", "modes; the first is the one checked against the union of the others")
		seeds    = flag.Int("seeds", 3, "seeds 1..N per instance and mode")
		jobs     = flag.Int("j", 1, "runs at once")
		filter   = flag.String("filter", "", "only instances whose name matches this regexp")
		noDelphi = flag.Bool("no-delphi", false, "leave out Delphi's 12 examples")
		out      = flag.String("out", "bench/cbmodes/results.json", "where to save the JSON")
		verbose  = flag.Bool("v", false, "print every run as it ends")
		seedless = flag.String("seedless", "active-learning", "modes that never read the seed (cbsolve's active learning does not fuzz): run with seed 1 only, the run counted for every seed")
	)
	flag.Parse()
	insts, err := load(*manifest, *corpus, *oracles, !*noDelphi)
	if err != nil {
		fail(err)
	}
	if *filter != "" {
		re := regexp.MustCompile(*filter)
		insts = slices.DeleteFunc(insts, func(in *instance) bool { return !re.MatchString(in.Name) })
	}
	bin := *tandem
	if bin == "" {
		dir, err := os.MkdirTemp("", "cbmodes")
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
		bin = filepath.Join(dir, "tandem")
		if b, err := exec.Command("go", "build", "-o", bin, "./cmd/tandem").CombinedOutput(); err != nil {
			fail(fmt.Errorf("go build ./cmd/tandem: %v\n%s", err, b))
		}
	}
	ms := strings.Split(*modes, ",")
	once := map[string]bool{}
	for _, m := range strings.Split(*seedless, ",") {
		once[m] = true
	}
	rep := &report{Started: time.Now().UTC(), Timeout: timeout.String(), Seeds: *seeds, Jobs: *jobs, LoadStart: loadavg()}
	type job struct {
		in   *instance
		mode string
		seed int
	}
	ch := make(chan job)
	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	for _, m := range ms {
		if once[m] {
			total += len(insts)
		} else {
			total += len(insts) * *seeds
		}
	}
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				r := solve(bin, j.in, j.mode, j.seed, *timeout)
				mu.Lock()
				rep.Runs = append(rep.Runs, r)
				n := len(rep.Runs)
				mu.Unlock()
				if *verbose || r.Wrong {
					fmt.Fprintf(os.Stderr, "[%d/%d] %-16s s%d %-60s %-8s cpu %6.2fs wall %6.2fs %s\n", n, total, r.Mode, r.Seed, r.Instance, r.Status, r.CPU, r.Wall, r.Reason)
				} else if n%25 == 0 {
					fmt.Fprintf(os.Stderr, "[%d/%d]\n", n, total)
				}
			}
		}()
	}
	for _, in := range insts {
		for s := 1; s <= *seeds; s++ {
			for _, m := range ms {
				if s == 1 || !once[m] {
					ch <- job{in, m, s}
				}
			}
		}
	}
	close(ch)
	wg.Wait()
	for _, r := range slices.Clone(rep.Runs) {
		if once[r.Mode] {
			for s := 2; s <= *seeds; s++ {
				c := *r
				c.Seed, c.Copied = s, true
				rep.Runs = append(rep.Runs, &c)
			}
		}
	}
	rep.LoadEnd = loadavg()
	sort.SliceStable(rep.Runs, func(i, j int) bool {
		a, b := rep.Runs[i], rep.Runs[j]
		if a.Instance != b.Instance {
			return a.Instance < b.Instance
		}
		if a.Mode != b.Mode {
			return a.Mode < b.Mode
		}
		return a.Seed < b.Seed
	})
	summarize(rep, ms, *timeout)
	printReport(os.Stdout, rep, ms)
	b, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "cbmodes:", err)
	os.Exit(2)
}

// load reads bench/cb's suite and, with delphi, Delphi's 12 examples (the
// corpus's Delphi files that are not invertibility benchmarks).
func load(manifest, corpus, oracles string, delphi bool) ([]*instance, error) {
	entries, err := cbsuite.ReadManifest(manifest)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(manifest)
	var out []*instance
	for _, e := range entries {
		name := e.Path
		if _, ok := e.CorpusPath(); ok {
			name += "#" + cbsuite.FormatBoxes(e.Boxes)
		}
		out = append(out, &instance{Name: name, Source: e.Source, Expected: e.Expected, File: e.File(dir, corpus), Flags: e.CBFlags(dir)})
	}
	if !delphi {
		return out, nil
	}
	text, err := smtlib.ReadFile(filepath.Join(corpus, "delphi", "MANIFEST.tsv"), "Delphi's manifest", 1<<20)
	if err != nil {
		return nil, err
	}
	for i, line := range strings.Split(string(text), "\n") {
		cols := strings.Split(line, "\t")
		if i == 0 || len(cols) < 2 || strings.Contains(cols[0], "invertability") {
			continue
		}
		out = append(out, &instance{Name: "delphi/" + cols[0], Source: "delphi", Expected: cols[1],
			File: filepath.Join(corpus, "delphi", cols[0]), Flags: []string{"--oracle-dir", oracles}})
	}
	return out, nil
}

// solve runs tandem solve once as a child process and measures the CPU
// time of its whole tree (tandem, the z3 it starts, exec boxes).
func solve(bin string, in *instance, mode string, seed int, timeout time.Duration) *run {
	r := &run{Instance: in.Name, Source: in.Source, Expected: in.Expected, Mode: mode, Seed: seed}
	args := append([]string{bin, "solve", in.File, "--mode", mode, "--seed", fmt.Sprint(seed), "--timeout", timeout.String()}, in.Flags...)
	stderr := proc.Tail{Max: 4096}
	// The tree's CPU limit is a safety net only: --timeout ends the run.
	p, err := proc.StartPiped(proc.Attr{Path: bin, Args: args, Limits: proc.Limits{CPU: 4*timeout + 30*time.Second, Memory: 8 << 30}}, &stderr)
	if err != nil {
		r.Status, r.Reason = "error", err.Error()
		return r
	}
	p.Stdin.Close()
	stdout, _ := io.ReadAll(io.LimitReader(p.Stdout, 1<<20))
	io.Copy(io.Discard, p.Stdout)
	<-p.Done()
	p.Stop(2 * time.Second)
	e := p.Exit()
	r.CPU, r.Wall = (e.User + e.Sys).Seconds(), e.Wall.Seconds()
	line, _, _ := bytes.Cut(stdout, []byte("\n"))
	switch st := strings.TrimSpace(string(line)); st {
	case "sat", "unsat", "unknown":
		r.Status = st
		if st == "unknown" {
			r.Reason = lastLine(stderr.String())
		}
	default:
		r.Status, r.Reason = "error", fmt.Sprintf("exit %v: %s", e.Status, lastLine(stderr.String()))
	}
	if (r.Status == "sat" || r.Status == "unsat") && (in.Expected == "sat" || in.Expected == "unsat") && r.Status != in.Expected {
		r.Wrong = true
	}
	return r
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

func solved(r *run) bool { return (r.Status == "sat" || r.Status == "unsat") && !r.Wrong }

// summarize computes PAR-2 per mode and the union check.
func summarize(rep *report, ms []string, timeout time.Duration) {
	pen := 2 * timeout.Seconds()
	for _, m := range ms {
		s := modeSummary{Mode: m}
		for _, r := range rep.Runs {
			if r.Mode != m {
				continue
			}
			if r.Wrong {
				s.Wrong++
			}
			if solved(r) {
				s.Solved++
			}
		}
		s.Runs, s.PAR2CPU, s.PAR2Wall = par2(rep.Runs, pen, func(r *run) bool { return r.Mode == m })
		rep.Modes = append(rep.Modes, s)
	}
	count := map[string]map[string]int{}
	var names []string
	for _, r := range rep.Runs {
		if count[r.Instance] == nil {
			count[r.Instance] = map[string]int{}
			names = append(names, r.Instance)
		}
		if solved(r) {
			count[r.Instance][r.Mode]++
		}
	}
	sort.Strings(names)
	for _, n := range names {
		c := count[n]
		if len(c) == 0 {
			continue
		}
		rep.Union = append(rep.Union, unionRow{Instance: n, Solved: c})
		if c[ms[0]] == 0 {
			rep.Missed = append(rep.Missed, n)
		}
	}
	for i := range rep.Modes {
		s := &rep.Modes[i]
		s.SolvableRuns, s.SolvablePAR2CPU, s.SolvablePAR2Wall = par2(rep.Runs, pen, func(r *run) bool {
			return r.Mode == s.Mode && len(count[r.Instance]) > 0
		})
	}
}

// par2 is the number of runs that keep selects and their PAR-2 in CPU and
// wall seconds: a solved run counts its time, any other run pen.
func par2(runs []*run, pen float64, keep func(*run) bool) (n int, cpu, wall float64) {
	for _, r := range runs {
		if !keep(r) {
			continue
		}
		n++
		if solved(r) {
			cpu += r.CPU
			wall += r.Wall
		} else {
			cpu += pen
			wall += pen
		}
	}
	if n > 0 {
		cpu /= float64(n)
		wall /= float64(n)
	}
	return n, cpu, wall
}

func printReport(w io.Writer, rep *report, ms []string) {
	fmt.Fprintf(w, "## tandem solve modes side by side: timeout %s, seeds 1..%d, -j %d\n\n", rep.Timeout, rep.Seeds, rep.Jobs)
	fmt.Fprintf(w, "load average at start %s, at end %s\n\n", rep.LoadStart, rep.LoadEnd)
	fmt.Fprintf(w, "| instance | seed |")
	for _, m := range ms {
		fmt.Fprintf(w, " %s |", m)
	}
	fmt.Fprintf(w, "\n|---|---|%s\n", strings.Repeat("---|", len(ms)))
	type key struct {
		inst string
		seed int
	}
	cells := map[key]map[string]*run{}
	var keys []key
	for _, r := range rep.Runs {
		k := key{r.Instance, r.Seed}
		if cells[k] == nil {
			cells[k] = map[string]*run{}
			keys = append(keys, k)
		}
		cells[k][r.Mode] = r
	}
	for _, k := range keys {
		fmt.Fprintf(w, "| %s | %d |", k.inst, k.seed)
		for _, m := range ms {
			if r := cells[k][m]; r != nil {
				mark := ""
				if r.Wrong {
					mark = " WRONG"
				}
				if r.Copied {
					mark += " (seed 1)"
				}
				fmt.Fprintf(w, " %s %.2fs%s |", r.Status, r.CPU, mark)
			} else {
				fmt.Fprint(w, " |")
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n(times are CPU seconds of the whole process tree)\n\n| mode | runs | solved | wrong | PAR-2 CPU (s) | PAR-2 wall (s) |\n|---|---|---|---|---|---|\n")
	for _, s := range rep.Modes {
		fmt.Fprintf(w, "| %s | %d | %d | %d | %.3f | %.3f |\n", s.Mode, s.Runs, s.Solved, s.Wrong, s.PAR2CPU, s.PAR2Wall)
	}
	if len(rep.Modes) > 1 {
		first := rep.Modes[0]
		for _, s := range rep.Modes[1:] {
			fmt.Fprintf(w, "- PAR-2 %s / %s: %.2f× by CPU, %.2f× by wall time\n", s.Mode, first.Mode, s.PAR2CPU/max(first.PAR2CPU, 1e-9), s.PAR2Wall/max(first.PAR2Wall, 1e-9))
		}
	}
	if len(rep.Modes) > 0 {
		fmt.Fprintf(w, "\nOver the %d instances some mode solves with some seed (extra information; the goal is over the whole set):\n\n| mode | runs | PAR-2 CPU (s) | PAR-2 wall (s) |\n|---|---|---|---|\n", len(rep.Union))
		for _, s := range rep.Modes {
			fmt.Fprintf(w, "| %s | %d | %.3f | %.3f |\n", s.Mode, s.SolvableRuns, s.SolvablePAR2CPU, s.SolvablePAR2Wall)
		}
		first := rep.Modes[0]
		for _, s := range rep.Modes[1:] {
			fmt.Fprintf(w, "- PAR-2 %s / %s: %.2f× by CPU, %.2f× by wall time\n", s.Mode, first.Mode, s.SolvablePAR2CPU/max(first.SolvablePAR2CPU, 1e-9), s.SolvablePAR2Wall/max(first.SolvablePAR2Wall, 1e-9))
		}
	}
	fmt.Fprintf(w, "\nUnion check: %d instances solved by some mode with some seed; %s misses %d of them.\n", len(rep.Union), ms[0], len(rep.Missed))
	for _, u := range rep.Union {
		best, who := 0, ""
		for _, m := range ms[1:] {
			if u.Solved[m] > best {
				best, who = u.Solved[m], m
			}
		}
		switch {
		case u.Solved[ms[0]] == 0:
			fmt.Fprintf(w, "- MISSED %s: %s solves it with %d of %d seeds, %s with none\n", u.Instance, who, best, rep.Seeds, ms[0])
		case best > u.Solved[ms[0]]:
			fmt.Fprintf(w, "- fewer seeds %s: %s %d, %s %d of %d\n", u.Instance, who, best, ms[0], u.Solved[ms[0]], rep.Seeds)
		}
	}
}
