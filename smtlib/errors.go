package smtlib

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Error is one problem in an input, at a position. When the problem is one
// of the typed errors ([*UnsupportedTheoryError], a builder's
// [*smt.SortError], …), Err is it and Msg includes its text: find it with
// [errors.As], on an Error or on an [ErrorList].
type Error struct {
	Filename string
	Pos      Pos
	Msg      string
	Err      error
}

// Unwrap returns the typed cause, or nil.
func (e *Error) Unwrap() error { return e.Err }

// Error prints file:line:col: msg, like a compiler.
func (e *Error) Error() string {
	name := e.Filename
	if name == "" {
		name = "<input>"
	}
	return fmt.Sprintf("%s:%d:%d: %s", name, e.Pos.Line, e.Pos.Col, e.Msg)
}

// ErrorList is every problem found in an input. Its zero value is ready to
// use; [ErrorList.Err] returns nil when it is empty.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(filename string, pos Pos, msg string) {
	*l = append(*l, &Error{Filename: filename, Pos: pos, Msg: msg})
}

// Sort orders the errors by position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Offset < l[j].Pos.Offset })
}

// Error prints the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Unwrap returns the errors of the list, for [errors.Is] and [errors.As].
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Lines prints every error, one per line.
func (l ErrorList) Lines() string {
	var b strings.Builder
	for _, e := range l {
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	return b.String()
}

// UnsupportedTheoryError reports that an input uses a theory tandem does not
// interpret (cvc5's sets, bags, relations, sequences, separation logic,
// finite fields, higher-order logic). It is wrapped in an [Error].
type UnsupportedTheoryError struct {
	Theory string
	Symbol string
}

func (e *UnsupportedTheoryError) Error() string {
	return fmt.Sprintf("unsupported theory: %s uses %s, a solver extension tandem does not interpret", e.Symbol, e.Theory)
}

// UnsupportedTheory returns the theory named in the first unsupported-theory
// error in err's tree, or "".
func UnsupportedTheory(err error) string {
	var u *UnsupportedTheoryError
	if errors.As(err, &u) {
		return u.Theory
	}
	return ""
}

// extensionTheory names the solver-extension theory a symbol belongs to.
func extensionTheory(name string) string {
	switch name {
	case "Set", "set.empty", "set.universe":
		return "sets"
	case "Bag":
		return "bags"
	case "Relation", "Table", "Tuple", "UnitTuple", "tuple", "tuple.unit":
		return "relations and tuples"
	case "sep", "pto", "wand", "emp", "sep.nil", "sep.emp", "declare-heap":
		return "separation logic"
	case "FiniteField":
		return "finite fields"
	case "->", "lambda", "@", "HO":
		return "higher-order logic"
	case "Nullable":
		return "nullables"
	}
	for _, p := range []struct{ prefix, theory string }{
		{"set.", "sets"}, {"bag.", "bags"}, {"rel.", "relations and tuples"}, {"table.", "relations and tuples"},
		{"tuple.", "relations and tuples"}, {"ff.", "finite fields"}, {"sep.", "separation logic"},
		{"nullable.", "nullables"},
	} {
		if strings.HasPrefix(name, p.prefix) {
			return p.theory
		}
	}
	return ""
}
