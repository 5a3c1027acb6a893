package satgen

import (
	"context"
	"fmt"
	"os"
	"time"

	"tandem/solver"
)

// External runs a DIMACS SAT solver binary (minisat or cadical) on the
// clauses with the assumptions as unit clauses and returns its exit code:
// 10 (satisfiable) or 20 (unsatisfiable). dir holds the temporary file.
func External(ctx context.Context, bin, dir string, vars int, clauses [][]int, assumptions []int) (int, error) {
	f, err := os.CreateTemp(dir, "q-*.cnf")
	if err != nil {
		return 0, fmt.Errorf("creating a temporary DIMACS file: %w", err)
	}
	defer os.Remove(f.Name())
	if err := WriteDIMACS(f, vars, clauses, assumptions); err != nil {
		f.Close()
		return 0, fmt.Errorf("writing %s: %w", f.Name(), err)
	}
	if err := f.Close(); err != nil {
		return 0, err
	}
	// Through solver.Run with the binary's DIMACS profile, as every solver
	// process: its own process tree, killed as a whole, dying with tandem.
	// The caller's ctx bounds the time; there is no RLIMIT_AS (a large CNF
	// may need more than the default), but the tree's memory is bounded.
	res, err := solver.Run(ctx, solver.DIMACSProfile(bin), solver.FileInput(f.Name()),
		solver.RunOptions{Limits: solver.Limits{Wall: 24 * time.Hour, Memory: -solver.DefaultMemory * 4}})
	if err != nil {
		return 0, fmt.Errorf("running %s: %w", bin, err)
	}
	out := string(res.Stdout) + string(res.Stderr)
	if c := res.ExitCode; c == 10 || c == 20 {
		return c, nil
	}
	if res.ExitCode != 0 || res.Signal != "" || ctx.Err() != nil {
		return 0, fmt.Errorf("running %s: exit %d%s, %s (output: %.200s)", bin, res.ExitCode, res.Signal, res.Reason, out)
	}
	return 0, fmt.Errorf("%s exited 0 without an answer (output: %.200s)", bin, out)
}
