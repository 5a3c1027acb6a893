package solver

import (
	"fmt"
	"strings"

	"tandem/smtlib"
)

// Status is the outcome of a solver run or of one query in a [Session].
type Status int

// The statuses. The zero value is [StatusError] so a Result that was never
// filled in does not look like an answer.
const (
	StatusError       Status = iota // the solver reported an error, gave no answer or printed malformed output
	StatusSat                       // sat
	StatusUnsat                     // unsat
	StatusUnknown                   // unknown (the solver gave up)
	StatusTimeout                   // wall-time or CPU limit reached
	StatusMemout                    // memory limit reached
	StatusCrash                     // died by a signal, or printed a crash or self-check signature
	StatusUnsupported               // the solver said the input is unsupported
)

var statusNames = [...]string{"error", "sat", "unsat", "unknown", "timeout", "memout", "crash", "unsupported"}

// String returns the lower-case name used in SMT-LIB and in tandem's output.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// IsAnswer reports whether s is one of the three check-sat answers.
func (s Status) IsAnswer() bool { return s == StatusSat || s == StatusUnsat || s == StatusUnknown }

// Answer is s in the vocabulary of check-sat answers: sat and unsat as
// they are, unknown for every other outcome (a timeout or a crash claims
// nothing).
func (s Status) Answer() smtlib.Status {
	switch s {
	case StatusSat:
		return smtlib.Sat
	case StatusUnsat:
		return smtlib.Unsat
	}
	return smtlib.Unknown
}

// MarshalText encodes s as its name (for JSON output).
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a name written by MarshalText.
func (s *Status) UnmarshalText(b []byte) error {
	v, ok := ParseStatus(string(b))
	if !ok {
		return fmt.Errorf("unknown solver status %q (want one of %s)", b, strings.Join(statusNames[:], ", "))
	}
	*s = v
	return nil
}

// ParseStatus maps a status name ("sat", "unsat", "timeout", …) to its
// Status. It is case-sensitive, like SMT-LIB.
func ParseStatus(name string) (Status, bool) {
	for i, n := range statusNames {
		if n == name {
			return Status(i), true
		}
	}
	return StatusError, false
}

// ResponseKind says what kind of response one top-level solver output is.
type ResponseKind int

// The response kinds returned by [ClassifyResponse].
const (
	RespOther       ResponseKind = iota // any other s-expression: a model, get-value pairs, an unsat core, …
	RespAnswer                          // sat, unsat, unknown (or z3's "timeout")
	RespSuccess                         // success (print-success)
	RespError                           // (error "…")
	RespUnsupported                     // unsupported
	RespNoise                           // a stray top-level word that is none of the above
)

// ClassifyResponse says what one framed top-level response is. For answers
// it also returns the Status; for errors, the message with the SMT-LIB
// string escapes undone.
//
// This is a deliberately tiny classifier: models and get-value results are
// kept as raw text (RespOther) for the smtlib package's response parser.
func ClassifyResponse(text string) (ResponseKind, Status, string) {
	switch text {
	case "sat":
		return RespAnswer, StatusSat, ""
	case "unsat":
		return RespAnswer, StatusUnsat, ""
	case "unknown":
		return RespAnswer, StatusUnknown, ""
	case "timeout": // z3 -T / -t
		return RespAnswer, StatusTimeout, ""
	case "success":
		return RespSuccess, StatusError, ""
	case "unsupported":
		return RespUnsupported, StatusUnsupported, ""
	}
	if strings.HasPrefix(text, "(") {
		inner := strings.TrimSpace(text[1 : len(text)-1])
		if rest, ok := strings.CutPrefix(inner, "error"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\n' || rest[0] == '\t' || rest[0] == '"') {
			msg := strings.TrimSpace(rest)
			if len(msg) >= 2 && msg[0] == '"' && msg[len(msg)-1] == '"' {
				msg = strings.ReplaceAll(msg[1:len(msg)-1], `""`, `"`)
			}
			return RespError, StatusError, msg
		}
		return RespOther, StatusError, ""
	}
	return RespNoise, StatusError, ""
}

// isUnsupportedMessage reports whether an error message says that the input
// uses something the solver does not support (rather than being wrong).
func isUnsupportedMessage(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "unsupported") || strings.Contains(m, "not supported") ||
		strings.Contains(m, "unknown logic") || strings.Contains(m, "logic not supported")
}
