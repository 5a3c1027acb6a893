package evaltest

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// GetValues asks an SMT solver (binary, with args such as "-in" for z3 or
// "--lang=smt2" for cvc5) for the values of ground terms: one process runs
// (check-sat) on an empty script and then (get-value (t1 t2 …)). The
// values come back in order. When the solver rejects the batch, it is
// split in halves until the offending terms are isolated; their entries
// are nil and their errors are in errs.
func GetValues(ctx context.Context, binary string, args []string, terms []*smt.Term, timeout time.Duration) (vals []smt.Value, errs []error, err error) {
	vals = make([]smt.Value, len(terms))
	errs = make([]error, len(terms))
	var run func(lo, hi int) error
	run = func(lo, hi int) error {
		vs, err := getValues(ctx, binary, args, terms[lo:hi], timeout)
		if err == nil {
			copy(vals[lo:hi], vs)
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if hi-lo == 1 {
			errs[lo] = err
			return nil
		}
		mid := (lo + hi) / 2
		if err := run(lo, mid); err != nil {
			return err
		}
		return run(mid, hi)
	}
	if len(terms) > 0 {
		err = run(0, len(terms))
	}
	return vals, errs, err
}

func getValues(ctx context.Context, binary string, args []string, terms []*smt.Term, timeout time.Duration) ([]smt.Value, error) {
	var in bytes.Buffer
	in.WriteString("(set-option :produce-models true)\n(set-logic ALL)\n(check-sat)\n(get-value (")
	for _, t := range terms {
		in.WriteString("\n")
		if err := smt.WriteTerm(&in, t); err != nil {
			return nil, err
		}
	}
	in.WriteString("))\n(exit)\n")
	res, err := solver.Run(ctx, solver.Command(binary, binary, args...), solver.BytesInput(in.Bytes()),
		solver.RunOptions{Limits: solver.Limits{Wall: timeout}})
	if err != nil {
		return nil, fmt.Errorf("running %s: %w", binary, err)
	}
	text := string(res.Stdout)
	if i := strings.Index(text, "(error"); i >= 0 {
		return nil, fmt.Errorf("solver error: %s", firstLine(text[i:]))
	}
	if failed(res) && !strings.HasPrefix(strings.TrimSpace(text), "sat") {
		return nil, fmt.Errorf("running %s: %s (%s): %s", binary, res.Status, res.Reason, firstLine(string(res.Stderr)))
	}
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "sat") {
		return nil, fmt.Errorf("solver said %q to an empty script", firstLine(text))
	}
	sc, err := smtlib.Parse("get-value.smt2", in.Bytes())
	if err != nil {
		return nil, fmt.Errorf("evaltest: the query does not parse: %w", err)
	}
	pairs, err := smtlib.ParseValues([]byte(text[3:]), sc)
	if err != nil {
		return nil, err
	}
	if len(pairs) != len(terms) {
		return nil, fmt.Errorf("get-value returned %d pairs for %d terms", len(pairs), len(terms))
	}
	out := make([]smt.Value, len(terms))
	for i, p := range pairs {
		v, err := smt.ValueOf(p.Value)
		if err != nil {
			return nil, fmt.Errorf("value of term %d: %w", i, err)
		}
		if x, ok := v.(smt.IntValue); ok && terms[i].Sort().Kind == smt.KindReal {
			v = smt.RealValue{V: new(big.Rat).SetInt(x.V)} // an integral value of a Real term
		}
		out[i] = v
	}
	return out, nil
}

// failed reports whether a solver run did not end with exit code 0.
func failed(r *solver.Result) bool {
	return r.Status == solver.StatusTimeout || r.Signal != "" || r.ExitCode != 0
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}
