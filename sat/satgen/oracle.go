package satgen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	var args []string
	switch strings.TrimSuffix(filepath.Base(bin), ".exe") {
	case "minisat":
		args = []string{"-verb=0", f.Name()}
	case "cadical":
		args = []string{"-q", "-n", f.Name()}
	default:
		args = []string{f.Name()}
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if c := ee.ExitCode(); c == 10 || c == 20 {
			return c, nil
		}
	}
	if err != nil {
		return 0, fmt.Errorf("running %s: %w (output: %.200s)", bin, err, out.String())
	}
	return 0, fmt.Errorf("%s exited 0 without an answer (output: %.200s)", bin, out.String())
}
