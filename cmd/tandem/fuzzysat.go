package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smtlib"
	"tandem/solver"
)

func init() {
	var (
		seedModel  string
		timeout    time.Duration
		outdir     string
		fallback   string
		showStats  bool
		asJSON     bool
		jobs       int
		branch     string
		optimistic bool
		rngSeed    uint64
		maxEvals   int64
	)
	cmd := &cobra.Command{
		Use:   "fuzzysat QUERY.smt2 SEED.bin|--seed-model M.smt2",
		Short: "approximate, seed-driven solving of bit-vector queries (FUZZY-SAT)",
		Long: `fuzzysat solves the queries of a concolic or hybrid fuzzer by mutating the
seed input that drove the run, as FUZZY-SAT (ICSE'21) does: each assert of
QUERY.smt2 is one query (and e π1 π2 …) whose first conjunct e is the branch
condition and the rest π (--branch last reads the branch from the end).

Inputs follow the FUZZY-SAT convention — 8-bit symbols k!i are byte i of the
binary SEED.bin — or, with --seed-model, any Bool and bit-vector constants with
the seed given as an SMT-LIB model (get-model output); they are laid out as
bytes in declaration order for the byte-level mutations.

Per query it prints sat/unknown (unsat only when an exhaustive phase or the
fallback solver proved it), the phase that answered, and the time. --outdir
writes each solution as a patched seed file (k!i convention) or as a model.
--fallback z3 (or cvc5) asks that solver, in one incremental session, when
fuzzing fails: the portfolio a user deploys.

Exit status: 0 when every query is sat, 1 when some are not, 2 on bad input.`,
		Example: `  tandem fuzzysat ../shared/corpus/fuzzysat/002_arithm.smt2 ../shared/corpus/fuzzysat/zero_seed.bin
  tandem fuzzysat q.smt2 --seed-model seed-model.smt2 --fallback z3 --stats`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			pos := fuzzysat.BranchFirst
			switch branch {
			case "first":
			case "last":
				pos = fuzzysat.BranchLast
			default:
				return fmt.Errorf("--branch must be first or last, not %q", branch)
			}
			if (len(args) == 2) == (seedModel != "") {
				return fmt.Errorf("give either SEED.bin or --seed-model")
			}
			var seed []byte
			var err error
			if len(args) == 2 {
				if seed, err = fuzzysat.ReadSeed(args[1]); err != nil {
					return err
				}
			}
			fl, err := fuzzysat.LoadFile(args[0], pos, len(seed))
			if err != nil {
				return err
			}
			if len(fl.Queries) == 0 {
				return fmt.Errorf("%s: no assert, so no query to solve: write each query as (assert (and e π1 π2 …))", args[0])
			}
			if seedModel != "" {
				seed, err = seedFromModel(fl, seedModel)
				if err != nil {
					return err
				}
			}
			var prof *solver.Profile
			if fallback != "" {
				reg, err := solver.LoadRegistry("") // $TANDEM_SOLVERS, as run, diver and bandit
				if err != nil {
					return err
				}
				if prof, err = reg.Lookup(fallback); err != nil {
					return err
				}
			}
			opts := fuzzysat.Options{Timeout: timeout, Optimistic: optimistic, Seed: rngSeed, MaxEvals: maxEvals}
			results, stats, err := solveAll(cmd.Context(), fl, seed, opts, prof, max(jobs, 1))
			if err != nil {
				return err
			}
			allSat := true
			type jsonRes struct {
				Query  string  `json:"query"`
				Status string  `json:"status"`
				Phase  string  `json:"phase,omitempty"`
				TimeMS float64 `json:"time_ms"`
				Evals  int64   `json:"evals"`
				Proof  string  `json:"proof,omitempty"`
				Output string  `json:"output,omitempty"`
				Opt    bool    `json:"optimistic,omitempty"`
			}
			var js []jsonRes
			for i, r := range results {
				q := fl.Queries[i]
				out := ""
				if r.Status != fuzzysat.Sat {
					allSat = false
				}
				sol := r.Assignment
				if sol == nil && r.Optimistic != nil {
					sol = r.Optimistic
				}
				if outdir != "" && sol != nil {
					if out, err = writeSolution(outdir, args[0], i, fl.Layout, sol, r.Status != fuzzysat.Sat); err != nil {
						return err
					}
				}
				phase := ""
				if r.Status != fuzzysat.Unknown {
					phase = r.Phase.String()
				}
				jr := jsonRes{Query: q.Name, Status: r.Status.String(), Phase: phase, TimeMS: float64(r.Time.Microseconds()) / 1000,
					Evals: r.Evals, Proof: r.Proof, Output: out, Opt: r.Status != fuzzysat.Sat && r.Optimistic != nil}
				js = append(js, jr)
				if !asJSON {
					line := fmt.Sprintf("%s: %s", q.Name, jr.Status)
					if phase != "" {
						line += " (" + phase + ")"
					}
					if jr.Opt {
						line += " (optimistic answer)"
					}
					line += fmt.Sprintf(" %.3f ms, %d evals", jr.TimeMS, jr.Evals)
					if out != "" {
						line += " -> " + out
					}
					fmt.Println(line)
				}
			}
			if asJSON {
				doc := map[string]any{"results": js}
				if showStats {
					doc["stats"] = stats
				}
				enc := json.NewEncoder(os.Stdout)
				enc.SetIndent("", " ")
				if err := enc.Encode(doc); err != nil {
					return err
				}
			} else if showStats {
				if err := stats.Write(os.Stdout); err != nil {
					return err
				}
			}
			if !allSat {
				return exitError{1}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&seedModel, "seed-model", "", "the seed as an SMT-LIB model (general convention)")
	f.DurationVar(&timeout, "timeout", time.Second, "fuzzing budget per query")
	f.StringVar(&outdir, "outdir", "", "write each solution here as a patched seed file (or a model)")
	f.StringVar(&fallback, "fallback", "", "solver to ask when fuzzing fails: z3, cvc5, or a solver spec")
	f.BoolVar(&showStats, "stats", false, "print per-phase statistics")
	f.BoolVar(&asJSON, "json", false, "print the results as JSON")
	f.IntVarP(&jobs, "jobs", "j", 1, "solve this many queries in parallel")
	f.StringVar(&branch, "branch", "first", "which conjunct of an assert is the branch condition: first or last")
	f.BoolVar(&optimistic, "optimistic", false, "when a query is not solved, give an assignment that satisfies the branch condition only")
	f.Uint64Var(&rngSeed, "seed", 0, "seed of the random mutations")
	f.Int64Var(&maxEvals, "max-evals", 0, "evaluation budget per query (0: none; the time budget decides)")
	rootCmd.AddCommand(cmd)
}

func seedFromModel(fl *fuzzysat.File, path string) ([]byte, error) {
	text, err := smtlib.ReadFile(path, "seed model", 0)
	if err != nil {
		return nil, fmt.Errorf("reading the seed model: %w", err)
	}
	sm, err := smtlib.ParseModel(text, fl.Script)
	if err != nil {
		return nil, fmt.Errorf("reading the seed model %s: %w", path, err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return nil, fmt.Errorf("seed model %s: %w", path, err)
	}
	seed := make([]byte, fl.Layout.Size)
	if err := fl.Layout.FromModel(m, seed); err != nil {
		return nil, err
	}
	return seed, nil
}

// solveAll solves the queries of fl on jobs workers, each with its own
// Solver (and fallback session); results come back in query order.
func solveAll(ctx context.Context, fl *fuzzysat.File, seed []byte, opts fuzzysat.Options, prof *solver.Profile, jobs int) ([]*fuzzysat.Result, *fuzzysat.Stats, error) {
	results := make([]*fuzzysat.Result, len(fl.Queries))
	next := make(chan int)
	var mu sync.Mutex
	var firstErr error
	total := &fuzzysat.Stats{}
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, max(len(fl.Queries), 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := opts
			if prof != nil {
				fb, err := fuzzysat.NewSolverFallback(ctx, prof)
				if err != nil {
					mu.Lock()
					firstErr = fmt.Errorf("starting the fallback solver: %w", err)
					mu.Unlock()
					for range next {
					}
					return
				}
				defer fb.Close()
				o.Fallback = fb
			}
			s := fuzzysat.NewSolver(fl.Layout, seed, o)
			for i := range next {
				r, err := s.SolveQuery(ctx, fl.Queries[i])
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("%s: %w", fl.Queries[i].Name, err)
					if errors.Is(err, fuzzysat.ErrUnsupported) {
						firstErr = fmt.Errorf("%w (give --fallback z3 to have a solver answer such queries)", firstErr)
					}
				}
				results[i] = r
				mu.Unlock()
			}
			mu.Lock()
			total.Add(&s.Stats)
			mu.Unlock()
		}()
	}
	for i := range fl.Queries {
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, nil, firstErr
	}
	return results, total, nil
}

func writeSolution(dir, query string, i int, l *fuzzysat.Layout, b []byte, optimistic bool) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := strings.TrimSuffix(filepath.Base(query), filepath.Ext(query))
	name := fmt.Sprintf("%s-%d", base, i+1)
	if optimistic {
		name += "-optimistic"
	}
	var data []byte
	if l.K {
		name += ".bin"
		data = b
	} else {
		name += ".model.smt2"
		data = []byte(l.Assignment(b))
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return "", err
	}
	return p, nil
}
