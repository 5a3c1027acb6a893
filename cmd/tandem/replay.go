package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"tandem/campaign"
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
		ctx, stop := signalContext(cmd.Context(), os.Stderr)
		defer stop()
		r, err := campaign.Replay(ctx, args[0], it, replayFlags.store)
		if err != nil {
			return err
		}
		if replayFlags.json {
			enc := json.NewEncoder(os.Stdout)
			enc.SetIndent("", "  ")
			enc.Encode(r)
		} else {
			fmt.Printf("campaign %s, system %s, iteration %d, seed %d: %d finding(s) in %s, %d solver call(s)\n",
				r.Campaign, r.System, r.Iteration, r.Seed, len(r.Findings), r.Wall.Round(1e6), r.Stats.SolverCalls)
			for i, f := range r.Findings {
				fmt.Printf("  [%d] %s %s %s: %s\n", i, r.Signatures[i], f.Class, f.Solver, f.Message)
			}
			switch {
			case !r.Done:
				fmt.Println("the store has not recorded this iteration as done")
			case r.Same:
				fmt.Println("same findings as recorded in the store")
			default:
				fmt.Printf("DIFFERENT from the store, which recorded %d finding(s): %v\n", len(r.Stored), r.Stored)
			}
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
