package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

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
			failed := 0
			for _, path := range args {
				sc, err := smtlib.ParseFile(path)
				if err != nil {
					failed++
					var list smtlib.ErrorList
					if errors.As(err, &list) {
						out.WriteString(list.Lines())
					} else {
						fmt.Fprintf(out, "%s: %v\n", path, err)
					}
					continue
				}
				if expand {
					if err := smtlib.Expand(sc); err != nil {
						fmt.Fprintf(out, "%s: %v\n", path, err)
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
