package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"tandem/campaign"
	"tandem/internal/cli"
)

var replayFlags struct {
	store string
	json  bool
}

var replayCmd = &cobra.Command{
	Use:   "replay DIR ITERATION",
	Short: "re-run one iteration of a campaign from its seed alone",
	Long: `Re-run iteration ITERATION of the campaign in DIR through the system that
made it, with the iteration's own seed (derived from the campaign's master
seed), and compare what it finds now with what the store recorded.
Nothing is written to the store.

Exit code: 0 when the replay finds what the store recorded (or the
iteration was never done), 1 when it differs (the solver changed, or the
iteration depends on timing), 2 on a usage error.`,
	Example: `  tandem replay /tmp/c1 238
  tandem replay /tmp/c1 238 --json`,
	Args: cobra.ExactArgs(2),
	RunE: func(cmd *cobra.Command, args []string) error {
		it, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil {
			return fmt.Errorf("iteration %q: want a number such as 238", args[1])
		}
		r, err := campaign.Replay(cmd.Context(), args[0], it, replayFlags.store)
		if err != nil {
			return err
		}
		if replayFlags.json {
			if err := cli.WriteJSON(os.Stdout, r); err != nil {
				return err
			}
		} else {
			r.WriteText(os.Stdout)
		}
		if r.Done && !r.Same {
			return fail(1, nil)
		}
		return nil
	},
}

func init() {
	replayCmd.Flags().StringVar(&replayFlags.store, "store", "", "the campaign's store, when campaign.json's is not enough (a PostgreSQL URL with its password)")
	replayCmd.Flags().BoolVar(&replayFlags.json, "json", false, "print the result as JSON")
	rootCmd.AddCommand(replayCmd)
}
