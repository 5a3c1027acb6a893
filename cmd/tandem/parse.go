package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"tandem/smtlib"
)

var parseFlags struct {
	print, expand bool
	dialect       string
	opts          smtlib.Options
}

var parseCmd = &cobra.Command{
	Use:   "parse [--print] FILE...",
	Short: "parse and type-check SMT-LIB 2.6 scripts",
	Long: `parse reads each SMT-LIB 2.6 script, type-checks every term, and prints
"FILE: ok" or every error found, as FILE:LINE:COL: message.

With --print, it writes the normalized script instead (one command per
line, 2.6 names, unknown commands kept verbatim); z3 and cvc5 read it back.
With --expand, let bindings, define-fun applications and :named terms are
inlined into the assertions first (sharing is kept in memory; the printed
form may be much larger than the input).

Exit status: 0 when every file parsed, 1 when any had errors.`,
	Example: `  tandem parse examples/*.smt2
  tandem parse --print query.smt2 > normalized.smt2`,
	Args: cobra.MinimumNArgs(1),
	RunE: runParse,
}

func runParse(cmd *cobra.Command, args []string) error {
	d, err := smtlib.ParseDialect(parseFlags.dialect)
	if err != nil {
		return err
	}
	parseFlags.opts = smtlib.Options{Dialect: d, Warn: smtlib.WarnStderr}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	// With --print, standard output is the script: errors go to
	// standard error, never into it (issue 23 item 4).
	errOut := out
	if parseFlags.print {
		errOut = bufio.NewWriter(os.Stderr)
		defer errOut.Flush()
	}
	failed := 0
	for _, path := range args {
		ok, err := parseOne(path, out, errOut)
		if err != nil {
			return err
		}
		if !ok {
			failed++
		}
	}
	if failed > 0 {
		out.Flush()
		errOut.Flush()
		return fail(1, fmt.Errorf("%d of %d files had errors", failed, len(args)))
	}
	return nil
}

// parseOne checks (or prints, or expands) one file; its problems go to
// errOut. The error is for output that cannot be written.
func parseOne(path string, out, errOut *bufio.Writer) (bool, error) {
	if !parseFlags.print && !parseFlags.expand {
		// Only checking: read the file as a stream, keeping neither the
		// commands nor their terms.
		n, _, err := smtlib.CheckFile(path, parseFlags.opts)
		if err != nil {
			out.WriteString(smtlib.ErrorText(path, err))
			return false, nil
		}
		fmt.Fprintf(out, "%s: ok (%d commands)\n", path, n)
		return true, nil
	}
	sc, err := smtlib.ParseFile(path, parseFlags.opts)
	if err != nil {
		errOut.WriteString(smtlib.ErrorText(path, err))
		errOut.Flush()
		return false, nil
	}
	if parseFlags.expand {
		if err := smtlib.Expand(sc); err != nil {
			fmt.Fprintf(errOut, "%s: %v\n", path, err)
			return false, nil
		}
	}
	if parseFlags.print {
		return true, smtlib.Write(out, sc)
	}
	fmt.Fprintf(out, "%s: ok (%d commands, %d terms)\n", path, len(sc.Commands), sc.Store.NumTerms())
	return true, nil
}

func init() {
	parseCmd.Flags().BoolVar(&parseFlags.print, "print", false, "write the normalized script to standard output")
	parseCmd.Flags().BoolVar(&parseFlags.expand, "expand", false, "inline let, define-fun and :named terms in assertions (with --print: the expanded script)")
	parseCmd.Flags().StringVar(&parseFlags.dialect, "dialect", "smtlib", "smtlib (strict SMT-LIB 2.6) or z3 (also one-argument + * xor, div of Reals, 0.; each with a warning on standard error)")
	rootCmd.AddCommand(parseCmd)
}
