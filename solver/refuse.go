package solver

import "strings"

// RefusesOption reports whether a solver's error message refuses option opt:
// it names the option (see namesOption) and says the option or its value
// is not taken. An error that does not name the option (a parse error of
// the input, say) refuses nothing. Indented lines are left out: they are
// z3's "Legal parameters are:" list and cvc5's "Did you mean …?"
// suggestions, which name options the solver takes. DIVER retires the
// options its solver refuses.
func RefusesOption(msg, opt string) bool {
	key := strings.TrimLeft(opt, "-:")
	if i := strings.IndexAny(key, "= "); i >= 0 {
		key = key[:i]
	}
	if key == "" {
		return false
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.ToLower(msg), "\n") {
		if line != "" && line[0] != ' ' && line[0] != '\t' {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	m := b.String()
	if !namesOption(m, strings.ToLower(key)) {
		return false
	}
	for _, w := range refusals {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// namesOption reports whether the (lower-case) message m names the option
// key as the solvers do (TestRefusesRealMessages):
//   - the key as a whole name (cvc5's "can't understand option
//     `--strings-exp'", Bitwuzla's "invalid mode 'foo' for option
//     '--bv-solver'"), or with '_' for '-' (z3's "unknown parameter
//     'strings_exp'");
//   - a dotted key without its leading parts, quoted (z3's "unknown
//     parameter 'bv.solver' at module 'smt'" for smt.bv.solver, "'foo' at
//     module 'rewriter'" for rewriter.foo) or, when still dotted, as a
//     whole name ("Expected values for parameter arith.nl are …");
//   - its module (z3's "invalid parameter, unknown module 'foo'");
//   - its last part in words (z3's "Invalid string solver value" for
//     smt.string_solver, cvc5's "unconstrained simplification not
//     supported" for --unconstrained-simp).
func namesOption(m, key string) bool {
	for _, k := range []string{key, strings.ReplaceAll(key, "-", "_")} {
		if hasName(m, k, false) {
			return true
		}
		for i := strings.IndexByte(k, '.'); i >= 0; {
			s := k[i+1:]
			if quotes(m, s) || (strings.Contains(s, ".") && hasName(m, s, false)) {
				return true
			}
			j := strings.IndexByte(s, '.')
			if j < 0 {
				break
			}
			i += 1 + j
		}
		if i := strings.IndexByte(k, '.'); i > 0 && strings.Contains(m, "unknown module '"+k[:i]+"'") {
			return true
		}
	}
	last := key[strings.LastIndexByte(key, '.')+1:]
	words := strings.NewReplacer("-", " ", "_", " ").Replace(last)
	return words != last && hasName(m, words, true)
}

// hasName reports whether s holds name as a whole name: not inside a
// longer one ("arith.nl" is not named by "arith.nl.order", "solver" not by
// "string_solver"); a leading '-' is the option's dashes. With prefix, the
// name may begin a longer word ("unconstrained simp" in "unconstrained
// simplification").
func hasName(s, name string, prefix bool) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], name)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(name)
		before := i == 0 || !nameByte(s[i-1]) || s[i-1] == '-'
		after := end == len(s) || !(nameByte(s[end]) || s[end] == '-') || (prefix && s[end] != '.')
		if before && after {
			return true
		}
		off = i + 1
	}
}

func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

// refusals are what solvers say when they do not take an option or its
// value (TestRefusesRealMessages has each solver's words): z3 ("unknown
// parameter", "invalid parameter", "Expected values for parameter …",
// "Invalid string solver value. Legal values are …"), cvc5 and cvc4
// ("can't understand option", "unknown option for --bv-solver",
// "… did not parse as uint64_t", "requires a number as an argument",
// "Invalid call to 'setOption'", "cannot change option … after final
// initialization", "not supported with incremental solving"), Bitwuzla
// ("invalid option", "invalid mode", "invalid value", "expected value for
// option", "expected a numeric value").
var refusals = []string{"invalid", "unknown", "unrecognized", "unrecognised", "can't understand", "cannot understand",
	"not supported", "unsupported", "illegal", "legal values", "valid options", "no such option",
	"expected value", "expected a numeric", "expected numeric", "did not parse", "requires a number", "cannot change", "can't change",
	"cannot set", "can't set", "not settable"}

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
