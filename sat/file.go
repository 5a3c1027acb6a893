package sat

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// FileOptions say how SolveFile reads its input and what it writes
// besides the answers.
type FileOptions struct {
	// Relaxed reads the input leniently (DIMACS: no header needed; iCNF:
	// any blanks, CR LF).
	Relaxed bool
	// Proof is a file to write the IDRUP proof of the run to ("": none).
	Proof string
	// Stats writes the solver's counters to the log at the end.
	Stats bool
}

// SolveFile solves the DIMACS CNF file path with a solver of options
// opts, or, when the file is an iCNF script ('p icnf' header), runs it as
// RunICNF does. Answers go to out as a SAT solver prints them: 's' and
// 'v' lines for DIMACS, the interactions as an iCNF file for a script;
// comment lines ("c …": script counts, a stop by ctx, statistics) go to
// log. It returns the exit status of a SAT solver: the Status of a DIMACS
// file (10, 20, 0 when stopped), 0 for a script.
func SolveFile(ctx context.Context, path string, opts *Options, fo FileOptions, out, log io.Writer) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("opening the input: %w", err)
	}
	defer f.Close()
	s := New(opts)
	if fo.Proof != "" {
		pf, err := os.Create(fo.Proof)
		if err != nil {
			return 0, fmt.Errorf("creating the proof file: %w", err)
		}
		defer pf.Close()
		s.SetProof(pf)
	}
	in := bufio.NewReaderSize(f, 1<<16)
	code := 0
	if isICNF(in) {
		st, err := RunICNF(ctx, s, in, path, out, fo.Relaxed)
		if err != nil {
			return 0, err
		}
		fmt.Fprintf(log, "c %d queries: %d satisfiable, %d unsatisfiable, %d unknown\n", st.Queries, st.Sat, st.Unsat, st.Unknown)
		if st.Stopped {
			fmt.Fprintf(log, "c stopped (%v) after %d queries; the output and the proof hold them all\n", context.Cause(ctx), st.Queries)
		}
	} else {
		if err := s.AddDIMACS(in, path, fo.Relaxed); err != nil {
			return 0, err
		}
		res := s.Solve(ctx)
		fmt.Fprintf(out, "s %s\n", res)
		if res == Satisfiable {
			WriteModel(out, s.Model())
		}
		code = int(res)
	}
	if err := s.Flush(); err != nil {
		return 0, err
	}
	if fo.Stats {
		st := s.Stats()
		fmt.Fprintf(log, "c conflicts %d decisions %d propagations %d restarts %d learned %d deleted %d\n",
			st.Conflicts, st.Decisions, st.Propagations, st.Restarts, st.Learned, st.Deleted)
	}
	return code, nil
}

// isICNF peeks at the first line that is not a comment: a 'p icnf' header,
// or an 'i' or 'q' line, makes the input an iCNF script.
func isICNF(r *bufio.Reader) bool {
	buf, _ := r.Peek(4096)
	for line := range strings.SplitSeq(string(buf), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == 'c' {
			continue
		}
		return strings.HasPrefix(t, "p icnf") || t[0] == 'i' || t[0] == 'q'
	}
	return false
}

// WriteModel writes a model as DIMACS 'v' lines of at most 78 characters,
// ending with 0.
func WriteModel(w io.Writer, m []int) {
	b := []byte("v")
	n := 1
	for _, l := range m {
		s := " " + strconv.Itoa(l)
		if n+len(s) > 78 {
			b = append(b, '\n', 'v')
			n = 1
		}
		b = append(b, s...)
		n += len(s)
	}
	b = append(b, " 0\n"...)
	w.Write(b)
}
