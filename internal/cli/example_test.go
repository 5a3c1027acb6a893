package cli_test

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// A duration flag rejects 0 unless it says what 0 means; an OffDuration
// also takes -1 (off); a Seconds limit takes bare seconds as ddSMT does.
func Example() {
	fs := pflag.NewFlagSet("demo", pflag.ContinueOnError)
	var timeout, budget time.Duration
	var slice cli.OffDuration
	var limit cli.Seconds
	fs.DurationVar(&timeout, "timeout", time.Second, "time limit per query")
	fs.DurationVar(&budget, "budget", 0, "time budget (0: none)")
	cli.AllowDuration(fs, "budget", cli.ZeroOK)
	fs.Var(&slice, "slice", "time slice (-1: off)")
	fs.Var(&limit, "limit", "time limit, in seconds or as a duration")

	_ = fs.Parse([]string{"--budget", "0", "--slice", "-1", "--limit", "1.5"})
	fmt.Println(cli.CheckDurations(fs), slice.String(), time.Duration(limit))
	_ = fs.Parse([]string{"--timeout", "0s"})
	fmt.Println(cli.CheckDurations(fs))
	// Output:
	// <nil> off 1.5s
	// --timeout 0s: a zero duration would leave no time at all; give a positive duration such as 500ms, 10s or 2m
}
