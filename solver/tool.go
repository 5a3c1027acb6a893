package solver

import (
	"context"
	"fmt"
	"path/filepath"
)

// Tool runs a helper program (a compiler, a build step, a version query)
// the way a solver runs: in its own process group, under lim, killed with
// every descendant on a limit, on ctx's end, or when tandem dies. dir is
// its working directory ("": tandem's). It returns standard output
// followed by standard error; a non-zero exit, a signal or a limit is an
// error, and the output is returned with it.
func Tool(ctx context.Context, dir string, lim Limits, argv ...string) ([]byte, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("no program to run")
	}
	p := Command(filepath.Base(argv[0]), argv[0], argv[1:]...)
	p.Dir = dir
	r, err := Run(ctx, p, BytesInput(nil), RunOptions{Limits: lim})
	if err != nil {
		return nil, err
	}
	out := append(append([]byte{}, r.Stdout...), r.Stderr...)
	switch {
	case ctx.Err() != nil:
		return out, ctx.Err()
	case r.Status == StatusTimeout || r.Status == StatusMemout || r.TreeLimit != "":
		return out, fmt.Errorf("%s: %s (%s)", p.Name, r.Status, r.Reason)
	case r.Signal != "":
		return out, fmt.Errorf("%s: killed by %s", p.Name, r.Signal)
	case r.ExitCode != 0:
		return out, fmt.Errorf("%s: exit status %d", p.Name, r.ExitCode)
	}
	return out, nil
}
