package fuzzysat

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"tandem/eval"
	"tandem/solver"
)

// FileOptions are the settings of SolveFile: the per-query Options and
// how the file, its seed and its solutions are handled.
type FileOptions struct {
	Options
	// Branch says which conjunct of an assert is the branch condition.
	Branch BranchPos
	// SeedModel is an SMT-LIB model file (get-model output) giving the
	// seed, for files whose inputs do not follow the k!i convention; used
	// when SolveFile gets no seed bytes.
	SeedModel string
	// Fallback is the solver asked, in one incremental session per worker,
	// when fuzzing fails (nil: none).
	Fallback *solver.Profile
	// Jobs is the number of queries solved at once (default 1), each
	// worker with its own Solver and fallback session.
	Jobs int
	// OutDir, when set, receives each solution (or optimistic answer): a
	// patched seed file QUERY-N.bin under the k!i convention, else a
	// model QUERY-N.model.smt2.
	OutDir string
}

// FileResult is the outcome of SolveFile: one Outcome per query, in file
// order, and the statistics of all workers.
type FileResult struct {
	Results []Outcome `json:"results"`
	Stats   *Stats    `json:"stats,omitempty"`
}

// Outcome is the answer to one query, as `tandem fuzzysat` reports it.
type Outcome struct {
	Query  string  `json:"query"`
	Status string  `json:"status"`
	Phase  string  `json:"phase,omitempty"` // the phase that answered (none for unknown)
	TimeMS float64 `json:"time_ms"`
	Evals  int64   `json:"evals"`
	Proof  string  `json:"proof,omitempty"`
	Output string  `json:"output,omitempty"`     // the solution file written, if any
	Opt    bool    `json:"optimistic,omitempty"` // Output is an optimistic answer
	Sat    bool    `json:"-"`
}

// SolveFile loads the queries of the file path (LoadFile) and solves them
// from seed, or from the seed of o.SeedModel when seed is nil.
func SolveFile(ctx context.Context, path string, seed []byte, o FileOptions) (*FileResult, error) {
	fl, err := LoadFile(path, o.Branch, len(seed))
	if err != nil {
		return nil, err
	}
	if len(fl.Queries) == 0 {
		return nil, fmt.Errorf("%s: no assert, so no query to solve: write each query as (assert (and e π1 π2 …))", path)
	}
	if seed == nil && o.SeedModel != "" {
		if seed, err = SeedFromModel(fl, o.SeedModel); err != nil {
			return nil, err
		}
	}
	results, stats, err := SolveAll(ctx, fl, seed, o.Options, o.Fallback, max(o.Jobs, 1))
	if err != nil {
		return nil, err
	}
	fr := &FileResult{Stats: stats}
	for i, r := range results {
		oc := Outcome{Query: fl.Queries[i].Name, Status: r.Status.String(), TimeMS: float64(r.Time.Microseconds()) / 1000,
			Evals: r.Evals, Proof: r.Proof, Sat: r.Status == Sat, Opt: r.Status != Sat && r.Optimistic != nil}
		if r.Status != Unknown {
			oc.Phase = r.Phase.String()
		}
		sol := r.Assignment
		if sol == nil {
			sol = r.Optimistic
		}
		if o.OutDir != "" && sol != nil {
			if oc.Output, err = WriteSolution(o.OutDir, path, i, fl.Layout, sol, !oc.Sat); err != nil {
				return nil, err
			}
		}
		fr.Results = append(fr.Results, oc)
	}
	return fr, nil
}

// AllSat reports whether every query was answered sat.
func (r *FileResult) AllSat() bool {
	for _, o := range r.Results {
		if !o.Sat {
			return false
		}
	}
	return true
}

// WriteText writes one line per query ("NAME: sat (phase) 0.058 ms, 2
// evals -> FILE"), then the statistics when stats is set.
func (r *FileResult) WriteText(w io.Writer, stats bool) error {
	for _, o := range r.Results {
		line := fmt.Sprintf("%s: %s", o.Query, o.Status)
		if o.Phase != "" {
			line += " (" + o.Phase + ")"
		}
		if o.Opt {
			line += " (optimistic answer)"
		}
		line += fmt.Sprintf(" %.3f ms, %d evals", o.TimeMS, o.Evals)
		if o.Output != "" {
			line += " -> " + o.Output
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	if stats {
		return r.Stats.Write(w)
	}
	return nil
}

// WriteJSON writes the results (and the statistics when stats is set) as
// one indented JSON object.
func (r *FileResult) WriteJSON(w io.Writer, stats bool) error {
	doc := *r
	if !stats {
		doc.Stats = nil
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(doc)
}

// SeedFromModel reads the seed of fl from an SMT-LIB model file (the
// general convention: any Bool and bit-vector constants, laid out as
// bytes in declaration order).
func SeedFromModel(fl *File, path string) ([]byte, error) {
	m, err := eval.ReadModelFile(path, "seed model", fl.Script)
	if err != nil {
		return nil, err
	}
	seed := make([]byte, fl.Layout.Size)
	if err := fl.Layout.FromModel(m, seed); err != nil {
		return nil, err
	}
	return seed, nil
}

// SolveAll solves the queries of fl on jobs workers, each with its own
// Solver (and, with a fallback profile, its own fallback session);
// results come back in query order, with the statistics of all workers.
func SolveAll(ctx context.Context, fl *File, seed []byte, opts Options, fallback *solver.Profile, jobs int) ([]*Result, *Stats, error) {
	results := make([]*Result, len(fl.Queries))
	next := make(chan int)
	var mu sync.Mutex
	var firstErr error
	setErr := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
	}
	total := &Stats{}
	var wg sync.WaitGroup
	for range min(max(jobs, 1), max(len(fl.Queries), 1)) {
		wg.Go(func() {
			o := opts
			if fallback != nil {
				fb, err := NewSolverFallback(ctx, fallback)
				if err != nil {
					setErr(fmt.Errorf("starting the fallback solver: %w", err))
					for range next {
					}
					return
				}
				defer fb.Close()
				o.Fallback = fb
			}
			s := NewSolver(fl.Layout, seed, o)
			for i := range next {
				r, err := s.SolveQuery(ctx, fl.Queries[i])
				if err != nil {
					err = fmt.Errorf("%s: %w", fl.Queries[i].Name, err)
					setErr(err)
				}
				mu.Lock()
				results[i] = r
				mu.Unlock()
			}
			mu.Lock()
			total.Add(&s.Stats)
			mu.Unlock()
		})
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

// WriteSolution writes the solution b of query i of the file query into
// dir: the patched seed QUERY-N.bin under the k!i convention, else the
// model QUERY-N.model.smt2 ("-optimistic" before the extension for an
// optimistic answer). It returns the file's path.
func WriteSolution(dir, query string, i int, l *Layout, b []byte, optimistic bool) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := strings.TrimSuffix(filepath.Base(query), filepath.Ext(query))
	name := fmt.Sprintf("%s-%d", base, i+1)
	if optimistic {
		name += "-optimistic"
	}
	data := b
	if l.K {
		name += ".bin"
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

// ParseBranch reads a BranchPos by name: "first" or "last".
func ParseBranch(s string) (BranchPos, error) {
	switch s {
	case "first":
		return BranchFirst, nil
	case "last":
		return BranchLast, nil
	}
	return 0, fmt.Errorf("%q: want first or last", s)
}
