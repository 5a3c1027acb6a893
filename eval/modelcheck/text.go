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
