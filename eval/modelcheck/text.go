package modelcheck

import (
	"fmt"
	"io"
)

// WriteText writes one line per assertion with its verdict (and, for an
// error or an undefined value, why; at most 400 characters) unless quiet,
// then the summary line "N assertions: T true, F false, U undefined, E
// not evaluable".
func (r *Report) WriteText(w io.Writer, quiet bool) {
	if !quiet {
		for _, a := range r.Assertions {
			line := fmt.Sprintf("assertion %d: %s", a.Index+1, a.Verdict)
			switch {
			case a.Err != nil:
				line += ": " + a.Err.Error()
			case a.Verdict == Undefined:
				line += ": " + a.Value.String()
			}
			if len(line) > 400 {
				line = line[:397] + "..."
			}
			fmt.Fprintln(w, line)
		}
	}
	fmt.Fprintf(w, "%d assertions: %d true, %d false, %d undefined, %d not evaluable\n",
		len(r.Assertions), r.True, r.False, r.Undefined, r.Errors)
}

// WriteVerdict writes the line `tandem run --check-model` prints under the
// solver's result: the model not checked (the answer was not sat), valid,
// or INVALID followed by the report.
func (r *Run) WriteVerdict(w io.Writer) {
	switch rep := r.Report; {
	case rep == nil:
		fmt.Fprintf(w, "model      not checked (the answer was %s)\n", r.Result.Status)
	case rep.Holds():
		fmt.Fprintf(w, "model      valid: all %d assertions are true under it\n", rep.True)
	default:
		fmt.Fprintf(w, "model      INVALID: %d true, %d false, %d undefined, %d not evaluable\n", rep.True, rep.False, rep.Undefined, rep.Errors)
		rep.WriteText(w, false)
	}
}

// WriteChecks writes the outcome of every check-sat of the run as
// `tandem check-model` prints it: the check-sat's place and answer (when
// there are several), why an answer is not judged, the model text when
// showModel is set, then the report of its model or why it has none.
func (r *Run) WriteChecks(w io.Writer, showModel bool) {
	for i, c := range r.Checks {
		if len(r.Checks) > 1 {
			fmt.Fprintf(w, "check-sat %d (%s): %s\n", i+1, c.Pos, c.Answer)
		}
		if c.Untrusted != "" {
			fmt.Fprintln(w, "  not judged:", c.Untrusted)
		}
		if showModel && c.ModelText != "" {
			fmt.Fprintln(w, c.ModelText)
		}
		switch {
		case c.Report != nil:
			c.Report.WriteText(w, false)
		case c.Unsupported != "":
			fmt.Fprintln(w, "  model not checked:", c.Unsupported)
		case c.NoModel != "":
			fmt.Fprintln(w, "  no model:", c.NoModel)
		}
	}
}

// NoModelReason is the first check-sat's reason for a sat answer without a
// model to check, or "" when every sat answer had one.
func (r *Run) NoModelReason() string {
	for _, c := range r.Checks {
		if c.NoModel != "" {
			return c.NoModel
		}
	}
	return ""
}
