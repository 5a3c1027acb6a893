package cli

import (
	"errors"
	"strings"

	"github.com/spf13/pflag"
)

// ProfilesFlag adds --profiles, the solver profiles file of every command
// that runs an SMT solver, to fs.
func ProfilesFlag(fs *pflag.FlagSet, p *string) {
	fs.StringVar(p, "profiles", "", "TOML file of solver profiles to add or override (default $TANDEM_SOLVERS, else ~/.config/tandem/solvers.toml; see 'tandem solvers --help')")
}

// FlagError is an error about the value of an option, named by the flag it
// came from: packages return errors about their options' fields and the
// command layer, which knows the flag names, wraps them with [Flag].
type FlagError struct {
	Flag string // without dashes
	Err  error
}

// Error reads "--flag: message", or "--flag "value": message" when the
// message starts with the quoted value.
func (e *FlagError) Error() string {
	msg := e.Err.Error()
	if strings.HasPrefix(msg, `"`) {
		return "--" + e.Flag + " " + msg
	}
	return "--" + e.Flag + ": " + msg
}

func (e *FlagError) Unwrap() error { return e.Err }

// Flag names flag as the source of err (nil stays nil).
func Flag(flag string, err error) error {
	if err == nil {
		return nil
	}
	var fe *FlagError
	if errors.As(err, &fe) && fe.Flag == flag {
		return err
	}
	return &FlagError{Flag: flag, Err: err}
}

// OptionError is an error about the value of one option of a package's
// options struct, named by its Go field ("Timeout"), so that a package's
// errors say nothing of flags. Its message is the neutral one of Err; the
// command layer names the flag with [NameFlags].
type OptionError struct {
	Option string
	Err    error
}

func (e *OptionError) Error() string { return e.Err.Error() }

func (e *OptionError) Unwrap() error { return e.Err }

// Option marks err as being about option (a field name); nil stays nil.
func Option(option string, err error) error {
	if err == nil {
		return nil
	}
	return &OptionError{Option: option, Err: err}
}

// NameFlags names the flag of the [OptionError] in err, if any, looking
// its option up in flags (field name → flag name without dashes): the
// error then reads "--flag: message". Other errors are returned as they
// are.
func NameFlags(err error, flags map[string]string) error {
	var oe *OptionError
	if !errors.As(err, &oe) {
		return err
	}
	if name, ok := flags[oe.Option]; ok {
		return Flag(name, err)
	}
	return err
}
