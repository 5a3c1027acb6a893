package diver

import (
	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// judgeMemo lets the runner's one evaluator keep its memo of subterm
// values from one judged mutant to the next while the models agree where
// it matters (issue 26 §1: judging costs what changed, not the formula).
//
// The invariant: every memoized value was computed while judging some
// mutant since the last reset, so it mentions only constants of that
// mutant's model (Seed.Model: the seed's constants and the lineage's
// fresh ones), all of which are in held, with the value (or absence)
// they had then. A new model may keep the memo when, on every constant
// of the new mutant, it has the held value (or the constant is new to
// held, so no memoized term mentions it); constants of other mutants may
// differ, since no term of this mutant mentions them. Models with more
// than constant values (function tables or bodies, z3's div0/mod0//0,
// as-array values, uninterpreted-sort universes or constraints) always
// reset: their interpretations are not compared.
type judgeMemo struct {
	ev   *eval.Evaluator
	held map[*smt.Func]heldValue
	// resets and reuses count the judgements that started a fresh memo
	// and those that kept it (for tests and the profile's sake).
	resets, reuses int64
}

type heldValue struct {
	v  smt.Value
	ok bool // the model has a value (a solver may leave a constant out)
}

// plainModel says whether the model interprets only declared constants,
// each by a value (see judgeMemo).
func plainModel(sm *smtlib.Model, em *eval.Model) bool {
	if len(sm.Constraints) > 0 || len(sm.Universe) > 0 || em.IntDivByZero != nil || em.IntModByZero != nil || em.RealDivByZero != nil {
		return false
	}
	for _, d := range sm.Defs {
		if !d.Declared || len(d.Formals) > 0 {
			return false
		}
		if _, ok := em.Const(d.Func); !ok {
			return false // a term, not a value: evaluated on demand
		}
	}
	return true
}

// evaluator returns the evaluator to judge a mutant whose constants are
// those of consts (the mutant's Seed.Model) under em; plain is
// plainModel's verdict on em.
func (j *judgeMemo) evaluator(em *eval.Model, plain bool, consts map[*smt.Func]smt.Value) *eval.Evaluator {
	if j.ev != nil && plain && j.held != nil && j.extend(em, consts) {
		j.reuses++
		return j.ev
	}
	j.resets++
	if j.ev == nil {
		j.ev = eval.New(em)
	} else {
		j.ev.SetModel(em)
	}
	j.held = nil
	if plain {
		j.held = make(map[*smt.Func]heldValue, len(consts))
		for c := range consts {
			v, ok := em.Const(c)
			j.held[c] = heldValue{v, ok}
		}
	}
	return j.ev
}

// extend checks em against held on consts and, when it agrees, adds the
// constants new to held to held and to the evaluator's model.
func (j *judgeMemo) extend(em *eval.Model, consts map[*smt.Func]smt.Value) bool {
	var added []*smt.Func
	for c := range consts {
		v, ok := em.Const(c)
		h, known := j.held[c]
		if !known {
			added = append(added, c)
			continue
		}
		if h.ok != ok || (ok && !smt.ValueEqual(h.v, v)) {
			return false
		}
	}
	cur := j.ev.Model()
	for _, c := range added {
		v, ok := em.Const(c)
		if ok {
			if err := cur.SetConst(c, v); err != nil {
				return false
			}
		}
		j.held[c] = heldValue{v, ok}
	}
	return true
}
