package smtserve

import "tandem/smt"

// unsatCache remembers sets of assertions proved unsat in this session
// (by fuzzing, the refuter or the fallback), so that a later query whose
// assertions include one of them is answered unsat at once: if A ∧ b is
// unsat and A ∪ {b} ⊆ A', A' is unsat (monotonicity). A concolic
// executor asks one infeasible branch, asserts it into π when its run
// takes it anyway (or asks it again in a loop), and asks more branches
// under that π: each of those queries holds the set.
//
// Terms are hash-consed in the session's one store, and every declaration
// makes a new symbol (smt.Store.NewFunc), so equal terms mean the same
// formula: an entry stays a proof after pop, reset-assertions and a
// redeclaration of the same name (whose terms are new ones and never match
// it). Reset and reset-assertions clear the cache only to free it; it
// keeps at most unsatCacheSize entries, the oldest dropped first.
type unsatCache struct {
	entries [][]*smt.Term
	next    int                            // the slot the next entry takes, once full
	byKey   map[*smt.Term]map[int]struct{} // an entry's last term → entry slots
}

const unsatCacheSize = 4096

// add remembers set (not copied) as unsat.
func (c *unsatCache) add(set []*smt.Term) {
	if len(set) == 0 {
		return
	}
	if c.byKey == nil {
		c.byKey = map[*smt.Term]map[int]struct{}{}
	}
	slot := len(c.entries)
	if slot < unsatCacheSize {
		c.entries = append(c.entries, set)
	} else {
		slot = c.next
		old := c.entries[slot]
		k := old[len(old)-1]
		delete(c.byKey[k], slot)
		if len(c.byKey[k]) == 0 {
			delete(c.byKey, k)
		}
		c.entries[slot] = set
		c.next = (c.next + 1) % unsatCacheSize
	}
	k := set[len(set)-1]
	if c.byKey[k] == nil {
		c.byKey[k] = map[int]struct{}{}
	}
	c.byKey[k][slot] = struct{}{}
}

// covers says whether set includes an entry.
func (c *unsatCache) covers(set []*smt.Term) bool {
	if len(c.byKey) == 0 {
		return false
	}
	var in map[*smt.Term]bool
	for _, t := range set {
		slots, ok := c.byKey[t]
		if !ok {
			continue
		}
		if in == nil {
			in = make(map[*smt.Term]bool, len(set))
			for _, u := range set {
				in[u] = true
			}
		}
		for slot := range slots {
			if includes(in, c.entries[slot]) {
				return true
			}
		}
	}
	return false
}

func includes(in map[*smt.Term]bool, entry []*smt.Term) bool {
	for _, t := range entry {
		if !in[t] {
			return false
		}
	}
	return true
}

func (c *unsatCache) clear() { *c = unsatCache{} }
