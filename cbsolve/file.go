package cbsolve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"tandem/cbsolve/cbox"
	"tandem/internal/cli"
	"tandem/smtlib"
)

// FileOptions are the settings of SolveFile: the solve's Options and
// where the closed boxes' implementations come from.
type FileOptions struct {
	Options
	// Boxes are `--cb NAME=IMPL` specs (see cbox.Open); OracleDir is a
	// directory of Delphi oracles (see cbox.OpenAll).
	Boxes     []string
	OracleDir string
	// FromDefine names define-funs to treat as closed boxes.
	FromDefine []string
	// CallTimeout is the time limit of one closed-box call.
	CallTimeout time.Duration
}

// SolveFile reads the script in the file path, opens its closed boxes
// and solves it. Options.Timeout counts from the start: compiling and
// starting the boxes is part of the time the caller gave (CPU time of the
// process tree with Options.TreeCPU). The boxes are
// closed when it returns.
func SolveFile(ctx context.Context, path string, o FileOptions) (*smtlib.Script, *Result, error) {
	if o.Timeout <= 0 {
		return nil, nil, cli.Option("Timeout", fmt.Errorf("time limit %v: the time limit of the solve must be positive, e.g. 60s", o.Timeout))
	}
	if o.Wall < 0 {
		return nil, nil, cli.Option("Wall", fmt.Errorf("wall-clock limit %v: it must be positive, e.g. 3m, or 0 for the default", o.Wall))
	}
	if o.CallTimeout <= 0 {
		return nil, nil, cli.Option("CallTimeout", fmt.Errorf("time limit %v: the time limit of a closed-box call must be positive, e.g. 1s", o.CallTimeout))
	}
	sc, err := smtlib.ParseFile(path)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel, _ := limitContext(ctx, o.Options.withDefaults())
	defer cancel()
	bo := cbox.Options{CallTimeout: o.CallTimeout}
	set := cbox.NewSet(bo)
	defer set.Close()
	if err := cbox.OpenAll(ctx, set, ClosedBoxes(sc), sc.Filename, o.Boxes, o.OracleDir, bo); err != nil {
		return nil, nil, err
	}
	res, err := Solve(ctx, sc, set, o.FromDefine, o.Options)
	return sc, res, err
}

// WriteText writes the verdict and, for sat, the model of sc's symbols.
func (r *Result) WriteText(w io.Writer, sc *smtlib.Script) {
	fmt.Fprintln(w, r.Status)
	if r.Model != nil {
		fmt.Fprint(w, FormatModel(sc, r.Model))
	}
}

// WriteJSON writes the verdict, its reason, the statistics and the model
// as one indented JSON object.
func (r *Result) WriteJSON(w io.Writer, sc *smtlib.Script) error {
	out := map[string]any{"file": sc.Filename, "status": r.Status, "reason": r.Reason, "stats": r.Stats}
	if r.Model != nil {
		out["model"] = FormatModel(sc, r.Model)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// Write writes the statistics as a table, one line per counter group.
func (s Stats) Write(w io.Writer) {
	fmt.Fprintf(w, "mode                 %s\n", s.Mode)
	fmt.Fprintf(w, "time                 %v\n", s.Time.Round(time.Millisecond))
	fmt.Fprintf(w, "iterations           %d\n", s.Iterations)
	fmt.Fprintf(w, "SMT -> fuzz          %d conflict terms, %d blocking clauses (ω_fuzz: %d constraints)\n", s.ToFuzz, s.Blocks, s.FuzzConstraints)
	fmt.Fprintf(w, "fuzz -> SMT          %d partial models, %d closed-box facts (%d boxes tabulated), %d proposals, %d learning steps\n", s.PartialModels, s.Facts, s.Tabulated, s.Proposals, s.LearnSteps)
	fmt.Fprintf(w, "fuzzing              %d runs, %d executions, %v\n", s.FuzzRuns, s.FuzzEvals, s.FuzzTime.Round(time.Millisecond))
	fmt.Fprintf(w, "SMT engine           %d calls, %v\n", s.SMTCalls, s.SMTTime.Round(time.Millisecond))
	fmt.Fprintf(w, "closed-box calls     %s\n", s.Boxes)
}
