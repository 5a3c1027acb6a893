package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"tandem/idrup"
)

func init() {
	var relaxed, quiet bool
	cmd := &cobra.Command{
		Use:   "idrup-check [ICNF] IDRUP",
		Short: "check an incremental IDRUP proof against its iCNF interactions",
		Long: `idrup-check checks an IDRUP proof of an incremental SAT solver run, as
Biere's idrup-check does (Fazekas, Pollitt, Fleury, Biere, MBMV'24).

With two files, ICNF is the interaction file (p icnf: i, q, s, m/v, u/f lines)
and IDRUP the proof the solver wrote (the same lines plus l, d, w, r). The
files are read in parallel: every input clause and query must appear in both
(compared as sets of literals), every lemma 'l' must follow by reverse unit
propagation, every 'd'/'w'/'r' must name a present clause, every
's SATISFIABLE' needs a model satisfying all input clauses and the query's
assumptions, and every 's UNSATISFIABLE' a core that is a subset of the
assumptions and refuted by unit propagation.

With only IDRUP given, the proof's own 'i' and 'q' lines are trusted.

Exit status: 0 if everything checks, 1 on a parse error or a failed check
(the message names the file and line).`,
		Example: `  tandem sat script.icnf --proof run.idrup > run.icnf
  tandem idrup-check run.icnf run.idrup`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			icnf, proof := "", args[0]
			if len(args) == 2 {
				icnf, proof = args[0], args[1]
			}
			st, err := idrup.CheckFiles(cmd.Context(), icnf, proof, idrup.Options{Relaxed: relaxed, GCPercent: idrup.CommandGCPercent})
			if err != nil {
				return fail(1, err)
			}
			if !quiet {
				fmt.Printf("c checked %d inputs, %d lemmas, %d deletions, %d queries (%d models, %d cores, %d unknown)\n",
					st.Inputs, st.Lemmas, st.Deleted, st.Queries, st.Models, st.Cores, st.Unknowns)
				fmt.Println("s VERIFIED")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&relaxed, "relaxed", false, "accept any blanks between tokens, CR LF line ends and a missing final new-line")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print nothing on success")
	rootCmd.AddCommand(cmd)
}
