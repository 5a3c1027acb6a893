package smtlib

import (
	"fmt"

	"tandem/smt"
)

// Declare makes f known by name to the readers of this script's solver
// responses (ParseModel, ParseValues), as if the script had declared it:
// for symbols a program adds to the script it sends, such as the fresh
// constants of a purification. A name already in scope is an error.
func (s *Script) Declare(f *smt.Func) error {
	if s.env == nil {
		s.env = newParser(s.Filename, newLexerBytes(nil), []Options{{Store: s.Store}})
	}
	if _, ok := s.env.funs[f.Name]; ok {
		return fmt.Errorf("%s is already declared", f.Name)
	}
	s.env.funs[f.Name] = f
	return nil
}
