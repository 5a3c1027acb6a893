// Package cli holds the command-line grammar every tandem command shares,
// so that each rule is written once: duration flags that reject a zero or
// negative value unless the flag gives it a meaning ([AllowDuration],
// [CheckDurations]), durations that also take -1 or "off" ([OffDuration]),
// limits given in seconds or as a duration ([Seconds]), the --profiles flag
// of every command that runs an SMT solver ([ProfilesFlag]), and the error
// that names the flag an option came from ([FlagError]).
//
// Packages fill their option structs from a [pflag.FlagSet] with these
// helpers; cmd/tandem only builds the command tree and calls them.
//
//	fs.DurationVar(&o.Timeout, "timeout", 0, "… (0: no limit)")
//	cli.AllowDuration(fs, "timeout", cli.ZeroOK)
//	…
//	if err := cli.CheckDurations(fs); err != nil { … }
package cli
