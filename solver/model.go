package solver

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"tandem/smt"
	"tandem/smtlib"
)

// ErrNoModel is returned when a run or reply holds no get-model answer.
var ErrNoModel = errors.New("the solver printed no model")

// Model reads the run's get-model answer (the first raw response that is a
// model) against the script that was run, giving typed values. Use
// smtlib.ParseValues and smtlib.ParseUnsatCore for the other raw responses.
func (r *Result) Model(sc *smtlib.Script) (*smtlib.Model, error) {
	var firstErr error
	for _, raw := range r.RawResponses {
		if !looksLikeModel(raw) {
			continue
		}
		m, err := smtlib.ParseModel([]byte(raw), sc)
		if err == nil {
			return m, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if m, ok, err := nativeModel(r.Stdout, sc); ok {
		return m, err
	}
	return nil, ErrNoModel
}

// nativeModel reads the model format of Boolector 1.5's -m switch, which
// does not print SMT-LIB: after the sat line, "name bits" for bit-vector
// and Bool constants and "name[index] bits" for array entries, in binary.
func nativeModel(stdout []byte, sc *smtlib.Script) (*smtlib.Model, bool, error) {
	lines := strings.Split(string(stdout), "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "sat" {
			start = i + 1
		}
	}
	if start < 0 || start >= len(lines) || strings.TrimSpace(lines[start]) == "" {
		return nil, false, nil
	}
	decls := map[string]*smt.Func{}
	for _, c := range sc.Commands {
		for _, f := range c.Funcs {
			decls[f.Name] = f
		}
	}
	st := sc.Store
	m := &smtlib.Model{Universe: map[*smt.Sort][]*smt.Func{}}
	arrays := map[*smt.Func]*smt.Term{}
	var order []*smt.Func
	for _, l := range lines[start:] {
		fields := strings.Fields(l)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			return nil, true, fmt.Errorf("boolector model line %q: want NAME BITS", l)
		}
		name, bits := fields[0], fields[1]
		var index string
		if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
			name, index = name[:i], name[i+1:len(name)-1]
		}
		name = strings.Trim(name, "|")
		f := decls[name]
		if f == nil || len(f.Params) != 0 {
			return nil, true, fmt.Errorf("boolector model names %s, which the script does not declare as a constant", name)
		}
		if index == "" {
			v, err := bitsTerm(st, bits, f.Result)
			if err != nil {
				return nil, true, fmt.Errorf("boolector model value of %s: %w", name, err)
			}
			m.Defs = append(m.Defs, &smtlib.ModelDef{Func: f, Declared: true, Body: v})
			continue
		}
		if f.Result.Kind != smt.KindArray {
			return nil, true, fmt.Errorf("boolector model indexes %s, which is not an array", name)
		}
		i, err := bitsTerm(st, index, f.Result.Index())
		if err != nil {
			return nil, true, fmt.Errorf("boolector model index of %s: %w", name, err)
		}
		v, err := bitsTerm(st, bits, f.Result.Elem())
		if err != nil {
			return nil, true, fmt.Errorf("boolector model value of %s: %w", name, err)
		}
		arr, ok := arrays[f]
		if !ok {
			// Boolector lists only the entries it needs; the rest is
			// unconstrained, and zero is as good a default as any.
			zero, err := bitsTerm(st, strings.Repeat("0", max(f.Result.Elem().Width, 1)), f.Result.Elem())
			if err != nil {
				return nil, true, err
			}
			arr, err = st.ConstArray(f.Result, zero)
			if err != nil {
				return nil, true, err
			}
			order = append(order, f)
		}
		arrays[f], err = st.Apply(smt.OpStore, nil, arr, i, v)
		if err != nil {
			return nil, true, err
		}
	}
	for _, f := range order {
		m.Defs = append(m.Defs, &smtlib.ModelDef{Func: f, Declared: true, Body: arrays[f]})
	}
	return m, true, nil
}

func bitsTerm(st *smt.Store, bits string, s *smt.Sort) (*smt.Term, error) {
	switch s.Kind {
	case smt.KindBool:
		switch strings.ReplaceAll(bits, "x", "0") {
		case "1":
			return st.True(), nil
		case "0":
			return st.False(), nil
		}
	case smt.KindBitVec:
		// x marks a don't-care bit: any value is a model, take 0.
		bits = strings.ReplaceAll(bits, "x", "0")
		if len(bits) == s.Width {
			if v, ok := new(big.Int).SetString(bits, 2); ok {
				return st.BV(v, s.Width)
			}
		}
	}
	return nil, fmt.Errorf("%q is not a value of sort %s", bits, s)
}

// Model reads a session's get-model reply against the script whose
// declarations the session holds.
func (r Reply) Model(sc *smtlib.Script) (*smtlib.Model, error) {
	if r.Kind != RespOther || !looksLikeModel(r.Raw) {
		return nil, ErrNoModel
	}
	return smtlib.ParseModel([]byte(r.Raw), sc)
}

// looksLikeModel tells a model, "(" followed by define-fun/declare-fun
// entries or nothing, or "(model", from get-value pairs and cores.
func looksLikeModel(raw string) bool {
	t := strings.TrimSpace(raw)
	if !strings.HasPrefix(t, "(") {
		return false
	}
	body := strings.TrimSpace(t[1:])
	for strings.HasPrefix(body, ";") { // z3's universe comments
		if i := strings.IndexByte(body, '\n'); i >= 0 {
			body = strings.TrimSpace(body[i+1:])
		} else {
			body = ""
		}
	}
	return body == ")" || strings.HasPrefix(body, "model") || strings.HasPrefix(body, "(define-fun") ||
		strings.HasPrefix(body, "(declare-fun") || strings.HasPrefix(body, "(define-funs-rec") ||
		strings.HasPrefix(body, "(forall")
}
