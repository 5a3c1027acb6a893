package solver

import "strings"

// RefusesOption reports whether a solver's error message refuses option opt:
// it names the option's key (z3's smt.string_solver of
// smt.string_solver=z3str3, or the last part, as z3's "unknown parameter
// 'foo' at module 'smt'" does for smt.foo; cvc5's strings-exp of
// --strings-exp) and says the option or its value is not taken. An error
// that does not name the option (a parse error of the input, say)
// refuses nothing. DIVER retires the options its solver refuses.
func RefusesOption(msg, opt string) bool {
	key := strings.TrimLeft(opt, "-:")
	if i := strings.IndexAny(key, "= "); i >= 0 {
		key = key[:i]
	}
	if key == "" {
		return false
	}
	m := strings.ToLower(msg)
	key = strings.ToLower(key)
	last := key[strings.LastIndexByte(key, '.')+1:]
	if !strings.Contains(m, key) && !(last != key && quotes(m, last)) {
		return false
	}
	for _, w := range refusals {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// refusals are what solvers say when they do not take an option: z3
// ("invalid parameter for smt.string_solver, valid options are …",
// "unknown parameter 'foo' at module 'smt'"), cvc5 ("can't understand
// option `--foo'"), Bitwuzla ("invalid option '--foo'").
var refusals = []string{"invalid", "unknown", "unrecognized", "unrecognised", "can't understand", "cannot understand",
	"not supported", "unsupported", "illegal", "legal values", "valid options", "no such option"}

// quotes reports whether s quotes w: 'w', `w' or "w" (a short key such as
// "solver" must not match "unknown constant solver").
func quotes(s, w string) bool {
	for _, q := range []string{"'" + w + "'", "`" + w + "'", `"` + w + `"`} {
		if strings.Contains(s, q) {
			return true
		}
	}
	return false
}

// ErrorsBeforeAnswer are the messages of the (error "…") responses a
// one-shot run printed before its first check-sat answer (nil when it
// printed none, or no answer).
func ErrorsBeforeAnswer(r *Result) []string {
	if !r.ErrorBeforeAnswer {
		return nil
	}
	rs, _ := Responses(r.Stdout)
	var errs []string
	for _, text := range rs {
		kind, _, msg := ClassifyResponse(text)
		if kind == RespAnswer {
			break
		}
		if kind == RespError {
			errs = append(errs, msg)
		}
	}
	return errs
}

// RefusedOptions reports whether every one of errs (the errors before an
// answer) refuses one of opts (RefusesOption): the solver then answered
// without those options, in its default mode for them, so the answer
// stands as a default-mode answer rather than an error (issue 26: z3
// trunk refuses smt.string_solver=z3str3, then answers).
func RefusedOptions(errs, opts []string) bool {
	if len(errs) == 0 {
		return false
	}
	for _, e := range errs {
		ok := false
		for _, o := range opts {
			if RefusesOption(e, o) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
