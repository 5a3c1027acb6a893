package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"tandem/campaign"
	"tandem/internal/cli"
)

var reportFlags struct {
	store    string
	json     bool
	output   string
	noExport bool
}

var reportCmd = &cobra.Command{
	Use:   "report DIR",
	Short: "render a campaign as a self-contained HTML page (or JSON)",
	Long: `Write DIR/report.html: the campaign's findings over time, throughput,
solver status mix, distinct bugs by class, the bug table with links to
their findings directories, the system's own panels and the workers.
The page is self-contained (inline SVG, no script, nothing fetched).
The findings directories under DIR/findings are rewritten from the store
first, so a PostgreSQL campaign's report links to every worker's bugs.

With --json, the same data is printed as JSON on standard output.`,
	Example: `  tandem report /tmp/c1
  tandem report /tmp/c1 --json | jq '.signatures[].key'
  tandem report /tmp/w0 --store postgres://tandem@db/tandem -o all.html`,
	Args: cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		f := &reportFlags
		rep, err := campaign.ReportDir(cmd.Context(), args[0], f.store, f.noExport)
		if err != nil {
			return err
		}
		if f.json {
			return cli.WriteJSON(os.Stdout, rep)
		}
		out := f.output
		if out == "" {
			out = filepath.Join(args[0], "report.html")
		}
		if err := rep.WriteHTMLFile(out); err != nil {
			return err
		}
		fmt.Printf("%s: %d iterations, %d findings, %d distinct bugs\n", out, rep.Iterations, rep.Findings, len(rep.Signatures))
		return nil
	},
}

func init() {
	f := reportCmd.Flags()
	f.StringVar(&reportFlags.store, "store", "", "the campaign's store, when campaign.json's is not enough (a PostgreSQL URL with its password)")
	f.BoolVar(&reportFlags.json, "json", false, "print the report as JSON instead of writing HTML")
	f.StringVarP(&reportFlags.output, "output", "o", "", "HTML file to write (default DIR/report.html)")
	f.BoolVar(&reportFlags.noExport, "no-export", false, "do not rewrite the findings directories")
	rootCmd.AddCommand(reportCmd)
}
