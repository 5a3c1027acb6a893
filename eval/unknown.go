package eval

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tandem/smt"
)

// Under-specified operations (issue 23 item 9). The standard leaves some
// results open — (div x 0), (mod x 0), (/ x 0), a selector applied to
// another constructor, fp.min of ±0, fp.to_ubv out of range, a symbol the
// model does not interpret — but open the way an uninterpreted function
// is: (div 1 0) is one fixed integer wherever it occurs. So an open value
// is an [smt.Undefined] with an ID that names the application it stands
// for, interned from the operator and its (evaluated) arguments: the same
// application gets the same ID, and an operation on such values is again
// one, named by the operator and its arguments' IDs. Two values with the
// same ID are equal under every interpretation of the open parts; any
// other comparison with one stays undefined, unless the result does not
// depend on it ((or true u), (ite c a a), a constant function table).
// That is sound (an undefined verdict only ever becomes the verdict every
// interpretation gives) and cheap, and it does not look further: (or u
// (not u)) stays undefined.

// unknowns interns the applications that open values stand for.
type unknowns struct {
	ids  map[string]uint64
	next uint64
}

// maxUnknowns bounds the interned applications of one evaluator; past it
// new open values get no ID (undefined, as before this tracking).
const maxUnknowns = 1 << 20

func (e *Evaluator) intern(key string) uint64 {
	if e.unk.ids == nil {
		e.unk.ids = map[string]uint64{}
	}
	if id, ok := e.unk.ids[key]; ok {
		return id
	}
	if len(e.unk.ids) >= maxUnknowns {
		return 0
	}
	e.unk.next++
	e.unk.ids[key] = e.unk.next
	return e.unk.next
}

// valueKey is a canonical text of a value for an application's key: an
// open value by its ID, others by their canonical print.
func valueKey(v smt.Value) string {
	if u, ok := v.(smt.Undefined); ok {
		return "#" + strconv.FormatUint(u.ID, 10)
	}
	return keyOf(v)
}

// appKey is the key of head applied to args, at sort s.
func appKey(head string, s *smt.Sort, args []smt.Value) string {
	var b strings.Builder
	b.WriteString(head)
	b.WriteByte('|')
	if s != nil {
		b.WriteString(s.String())
	}
	for _, a := range args {
		b.WriteByte('|')
		b.WriteString(valueKey(a))
	}
	return b.String()
}

// opHead names a theory operator with its indices.
func opHead(t *smt.Term) string {
	h := t.Op().String()
	for _, i := range t.Indices() {
		h += "_" + strconv.Itoa(i)
	}
	return h
}

// funcHead names a function symbol (by identity: two symbols of one name,
// before and after a reset, are different functions).
func funcHead(f *smt.Func) string { return fmt.Sprintf("%s@%p", f.Name, f) }

// open is the open value of the application head(args) at t: a leaf
// where the standard or the model leaves the result open.
func (e *Evaluator) open(t *smt.Term, head string, args []smt.Value, reason string) smt.Undefined {
	u := smt.Undefined{S: t.Sort(), Term: t, Reason: reason}
	for _, a := range args {
		if x, ok := a.(smt.Undefined); ok && x.ID == 0 {
			return u
		}
	}
	u.ID = e.intern(appKey(head, t.Sort(), args))
	return u
}

// symbolic is the value of head applied to args at t when some argument
// is open: one open value named by the application when every open
// argument has an ID, an undefined value about which nothing is known
// otherwise. The culprit is the first open argument's.
func (e *Evaluator) symbolic(t *smt.Term, head string, args []smt.Value) smt.Undefined {
	var first *smt.Undefined
	known := true
	for _, a := range args {
		if x, ok := a.(smt.Undefined); ok {
			if first == nil {
				first = &x
			}
			if x.ID == 0 {
				known = false
			}
		}
	}
	if first == nil {
		return smt.Undefined{S: t.Sort(), Term: t, Reason: "an argument is undefined"}
	}
	u := smt.Undefined{S: t.Sort(), Term: first.Term, Reason: first.Reason}
	if known {
		u.ID = e.intern(appKey(head, t.Sort(), args))
	}
	return u
}

// same says whether a and b are equal under every interpretation of the
// open values (eq), different under every one (known and !eq), or either.
func (e *Evaluator) same(a, b smt.Value) (eq, known bool, err error) {
	ua, oka := a.(smt.Undefined)
	ub, okb := b.(smt.Undefined)
	switch {
	case !oka && !okb:
		eq, err := e.equal(a, b)
		return eq, true, err
	case oka && okb && ua.ID != 0 && ua.ID == ub.ID:
		return true, true, nil
	}
	return false, false, nil
}

// eqOpen is = or distinct over arguments some of which are open.
func (e *Evaluator) eqOpen(t *smt.Term, vals []smt.Value) (smt.Value, error) {
	unknown := false
	if t.Op() == smt.OpEq {
		for i := 1; i < len(vals); i++ {
			eq, known, err := e.same(vals[i-1], vals[i])
			if err != nil {
				return nil, err
			}
			if known && !eq {
				return smt.BoolValue(false), nil
			}
			unknown = unknown || !known
		}
		if !unknown {
			return smt.BoolValue(true), nil
		}
		return e.symbolic(t, "=", vals), nil
	}
	for i := range vals {
		for j := i + 1; j < len(vals); j++ {
			eq, known, err := e.same(vals[i], vals[j])
			if err != nil {
				return nil, err
			}
			if known && eq {
				return smt.BoolValue(false), nil
			}
			unknown = unknown || !known
		}
	}
	if !unknown {
		return smt.BoolValue(true), nil
	}
	return e.symbolic(t, "distinct", vals), nil
}

// connective is the value of and/or/=> whose result the defined arguments
// did not decide: the open ones (us) decide it. One open argument, or
// several with the same ID, is the value; otherwise the application of
// the connective to them (and, or: in ID order, since they commute).
func (e *Evaluator) connective(t *smt.Term, us []smt.Value) smt.Value {
	if t.Op() != smt.OpImplies {
		slices.SortFunc(us, func(a, b smt.Value) int {
			x, y := a.(smt.Undefined).ID, b.(smt.Undefined).ID
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		})
		us = slices.CompactFunc(us, func(a, b smt.Value) bool {
			x, y := a.(smt.Undefined), b.(smt.Undefined)
			return x.ID != 0 && x.ID == y.ID
		})
	}
	if len(us) == 1 {
		u := us[0].(smt.Undefined)
		return smt.Undefined{S: t.Sort(), Term: u.Term, Reason: u.Reason, ID: u.ID}
	}
	return e.symbolic(t, opHead(t), us)
}

// keep is u as the value of t, keeping its identity.
func keep(t *smt.Term, u smt.Undefined) smt.Undefined {
	return smt.Undefined{S: t.Sort(), Term: u.Term, Reason: u.Reason, ID: u.ID}
}
