package solver

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the result as `tandem run` prints it, one "key value"
// line each: status, reason, answers, exit code or signal, crash
// signature, errors, raw responses, wall and CPU time, peak memory, and
// dropped output. verbose adds the command line and the solver's stdout
// and stderr.
func (r *Result) WriteText(w io.Writer, verbose bool) {
	fmt.Fprintf(w, "status     %s\n", r.Status)
	if r.Reason != "" {
		fmt.Fprintf(w, "reason     %s\n", r.Reason)
	}
	answers := make([]string, len(r.Answers))
	for i, a := range r.Answers {
		answers[i] = a.String()
	}
	if len(answers) == 0 {
		answers = []string{"(none)"}
	}
	fmt.Fprintf(w, "answers    %s\n", strings.Join(answers, " "))
	if r.Signal != "" {
		fmt.Fprintf(w, "exit       killed by %s\n", r.Signal)
	} else {
		fmt.Fprintf(w, "exit       %d\n", r.ExitCode)
	}
	if r.Signature != "" {
		fmt.Fprintf(w, "signature  %s\n", r.SignatureNorm)
	}
	indent := func(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n           ") }
	for _, e := range r.Errors {
		fmt.Fprintf(w, "error      %s\n", indent(e))
	}
	for _, raw := range r.RawResponses {
		fmt.Fprintf(w, "response   %s\n", indent(raw))
	}
	fmt.Fprintf(w, "wall       %.3fs\n", r.Wall.Seconds())
	fmt.Fprintf(w, "cpu        %.3fs (user %.3fs, sys %.3fs)\n", r.CPU().Seconds(), r.User.Seconds(), r.Sys.Seconds())
	fmt.Fprintf(w, "peak rss   %s\n", FormatSize(r.PeakRSS))
	if r.StdoutDropped > 0 || r.StderrDropped > 0 {
		fmt.Fprintf(w, "dropped    %d bytes of stdout, %d of stderr (over the capture cap)\n", r.StdoutDropped, r.StderrDropped)
	}
	if verbose {
		fmt.Fprintf(w, "command    %s\n", strings.Join(r.Argv, " "))
		fmt.Fprintf(w, "--- stdout\n%s", r.Stdout)
		fmt.Fprintf(w, "--- stderr\n%s", r.Stderr)
	}
}
