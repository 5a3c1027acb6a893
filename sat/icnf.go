package sat

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"tandem/idrup"
)

// AddDIMACS reads a DIMACS CNF file (see [idrup.DIMACSReader]; relaxed
// accepts a missing or wrong header) and adds its clauses to s, streaming.
func (s *Solver) AddDIMACS(r io.Reader, name string, relaxed bool) error {
	d := idrup.NewDIMACSReader(r, name, relaxed)
	for {
		c, err := d.Next()
		if err != nil {
			return err
		}
		if c == nil {
			break
		}
		if err := s.AddClause(c...); err != nil {
			return err
		}
	}
	if v, _, ok := d.Header(); ok {
		s.ensure(v)
	}
	return nil
}

// ScriptStats summarizes a run of an iCNF script.
type ScriptStats struct {
	Queries, Sat, Unsat, Unknown int
	// Stopped is set when ctx ended the run before the end of the script:
	// the query it interrupted is answered UNKNOWN and the rest are not run.
	Stopped bool
}

// RunICNF runs the iCNF script read from script on s: each 'i' line adds a
// clause, each 'q' line solves under its assumptions. The interactions,
// with the solver's answers ('s', then 'm' with the model or 'u' with the
// failed assumptions), are written to out as an iCNF file that, with the
// solver's proof, checks with [idrup.Check]. Answer lines already in the
// script ('s', 'm', 'v', 'u', 'f') are ignored. out may be nil.
//
// After each answer the proof (see [Solver.Flush]) and then out are
// flushed, so a run killed or stopped at any time leaves a prefix of the
// interactions that checks against the proof. When ctx is done the query
// it interrupted is answered UNKNOWN, both files are flushed, and RunICNF
// returns with ScriptStats.Stopped set and a nil error.
func RunICNF(ctx context.Context, s *Solver, script io.Reader, name string, out io.Writer, relaxed bool) (ScriptStats, error) {
	var st ScriptStats
	r := idrup.NewReader(script, name, idrup.ICNF, relaxed)
	var w *bufio.Writer
	if out != nil {
		w = bufio.NewWriterSize(out, 1<<16)
		w.WriteString("p icnf\n")
	}
	write := func(t byte, lits []int) {
		if w == nil {
			return
		}
		w.WriteByte(t)
		var buf [24]byte
		for _, l := range lits {
			w.WriteByte(' ')
			w.Write(appendInt(buf[:0], l))
		}
		w.WriteString(" 0\n")
	}
	for {
		l, err := r.Next()
		if err != nil {
			return st, err
		}
		switch l.Type {
		case 0:
			if w != nil {
				if err := w.Flush(); err != nil {
					return st, fmt.Errorf("writing the interactions: %w", err)
				}
			}
			return st, nil
		case 'i':
			if err := s.AddClause(l.Lits...); err != nil {
				return st, fmt.Errorf("%s:%d: %w", name, l.Num, err)
			}
			write('i', l.Lits)
		case 'q':
			for _, a := range l.Lits {
				if err := s.Assume(a); err != nil {
					return st, fmt.Errorf("%s:%d: %w", name, l.Num, err)
				}
			}
			write('q', l.Lits)
			res := s.Solve(ctx)
			st.Queries++
			if w != nil {
				fmt.Fprintf(w, "s %s\n", res)
			}
			switch res {
			case Satisfiable:
				st.Sat++
				write('m', s.Model())
			case Unsatisfiable:
				st.Unsat++
				write('u', s.Core())
			default:
				st.Unknown++
			}
			if err := s.Flush(); err != nil {
				return st, err
			}
			if w != nil {
				if err := w.Flush(); err != nil {
					return st, fmt.Errorf("writing the interactions: %w", err)
				}
			}
			if ctx.Err() != nil {
				st.Stopped = true
				return st, nil
			}
		}
	}
}
