package eval

import (
	"fmt"

	"tandem/smtlib"
)

// ReadModelFile reads the model in the file path (a get-model answer, as
// z3 or cvc5 print it) for the symbols of sc. what names the model in the
// errors ("model", "seed model").
func ReadModelFile(path, what string, sc *smtlib.Script) (*Model, error) {
	text, err := smtlib.ReadFile(path, what, 0)
	if err != nil {
		return nil, fmt.Errorf("reading the %s: %w", what, err)
	}
	sm, err := smtlib.ParseModel(text, sc)
	if err != nil {
		return nil, fmt.Errorf("reading the %s %s: %w", what, path, err)
	}
	m, err := ModelFromSMTLIB(sm)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", what, path, err)
	}
	return m, nil
}
