package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// ExitError carries a process exit code out of a command, and the error
// printed for it (none when Err is nil: the command has already said what
// went wrong, or the code is an answer, as a SAT solver's 10 and 20 are).
type ExitError struct {
	Code int
	Err  error
}

func (e ExitError) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return fmt.Sprintf("exit status %d", e.Code)
}

func (e ExitError) Unwrap() error { return e.Err }

// Exit is err with exit code code.
func Exit(code int, err error) error { return ExitError{code, err} }

// ExitCode is the exit code of err: 0 for nil, an [ExitError]'s code, 2
// (a usage error) for any other error.
func ExitCode(err error) int {
	var ee ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.Code
	}
	return 2
}

// Report prints err, the outcome of cmd (nil: the root command failed
// before choosing one), on w in the one format of tandem's error messages
// ([ErrorLine]), unless it is an [ExitError] without a message, and
// returns the exit code.
func Report(w io.Writer, cmd *cobra.Command, err error) int {
	var ee ExitError
	if err != nil && (!errors.As(err, &ee) || ee.Err != nil) {
		fmt.Fprintln(w, ErrorLine(cmd, err))
	}
	return ExitCode(err)
}

// ErrorLine is the one format of tandem's error messages:
// "tandem: COMMAND: MESSAGE", where COMMAND is the subcommand's path
// ("satfuzz reduce") and MESSAGE starts with FILE:LINE:COL when the error
// has a place. A message that starts with the command's package name, as
// Go errors often do ("diver: mode …"), does not say it twice.
func ErrorLine(cmd *cobra.Command, err error) string {
	name, root := "", "tandem"
	if cmd != nil {
		root = cmd.Root().Name()
		name = strings.TrimSpace(strings.TrimPrefix(cmd.CommandPath(), root))
	}
	msg := err.Error()
	if name == "" {
		return root + ": " + msg
	}
	first, _, _ := strings.Cut(name, " ")
	return root + ": " + name + ": " + strings.TrimPrefix(msg, first+": ")
}

// WriteJSON writes v to w as indented JSON, the form of every command's
// --json output.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
