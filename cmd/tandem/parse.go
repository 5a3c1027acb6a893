package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"tandem/smt"
	"tandem/smtlib"
)

func init() {
	var print, expand bool
	cmd := &cobra.Command{
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
		RunE: func(cmd *cobra.Command, args []string) error {
			out := bufio.NewWriter(os.Stdout)
			defer out.Flush()
			// With --print, standard output is the script: errors go to
			// standard error, never into it (issue 23 item 4).
			errOut := out
			if print {
				errOut = bufio.NewWriter(os.Stderr)
				defer errOut.Flush()
			}
			failed := 0
			for _, path := range args {
				if !print && !expand {
					// Only checking: read the file as a stream, keeping
					// neither the commands nor their terms.
					n, _, err := checkFile(path)
					if err != nil {
						failed++
						writeParseError(out, path, err)
						continue
					}
					fmt.Fprintf(out, "%s: ok (%d commands)\n", path, n)
					continue
				}
				sc, err := smtlib.ParseFile(path)
				if err != nil {
					failed++
					writeParseError(errOut, path, err)
					errOut.Flush()
					continue
				}
				if expand {
					if err := smtlib.Expand(sc); err != nil {
						fmt.Fprintf(errOut, "%s: %v\n", path, err)
						failed++
						continue
					}
				}
				if print {
					if err := smtlib.Write(out, sc); err != nil {
						return err
					}
					continue
				}
				fmt.Fprintf(out, "%s: ok (%d commands, %d terms)\n", path, len(sc.Commands), sc.Store.NumTerms())
			}
			if failed > 0 {
				out.Flush()
				fmt.Fprintf(os.Stderr, "%d of %d files had errors\n", failed, len(args))
				return exitError{1}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&print, "print", false, "write the normalized script to standard output")
	cmd.Flags().BoolVar(&expand, "expand", false, "inline let, define-fun and :named terms in assertions (with --print: the expanded script)")
	rootCmd.AddCommand(cmd)
}

func checkFile(path string) (int, *smt.Store, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	return smtlib.Check(path, f)
}

// writeParseError prints the located errors of a script, or another error
// (such as a file that cannot be read) after the file's name.
func writeParseError(out *bufio.Writer, path string, err error) {
	var list smtlib.ErrorList
	if errors.As(err, &list) {
		out.WriteString(list.Lines())
	} else {
		fmt.Fprintf(out, "%s: %v\n", path, err)
	}
}
