package smt

// IDTable maps term ids ([Term.ID]) to entries of type T, in pages of
// IDTablePage entries made on first use, so that a table costs about what
// the terms it is used for occupy, not the largest id of the Store. A
// Store numbers every term it ever made — a long SMT-LIB session's Store
// holds the terms of every query so far — so a flat slice indexed by id
// made each new evaluator or analysis of one query pay for all of them
// (issue 27). Entries are not tied to a Store: keep the term in T when
// terms of several Stores may meet. The zero IDTable is empty.
type IDTable[T any] struct {
	pages []*[IDTablePage]T
}

// IDTablePage is the number of entries of one page of an [IDTable].
const IDTablePage = 1 << idPageBits

const idPageBits = 8

// At is the entry of id, nil when no entry of its page was ever made.
func (t *IDTable[T]) At(id int) *T {
	p := id >> idPageBits
	if p >= len(t.pages) || t.pages[p] == nil {
		return nil
	}
	return &t.pages[p][id&(IDTablePage-1)]
}

// Slot is the entry of id, making its page (zero entries) if needed.
func (t *IDTable[T]) Slot(id int) *T {
	p := id >> idPageBits
	if p >= len(t.pages) {
		t.pages = append(t.pages, make([]*[IDTablePage]T, p+1-len(t.pages)+len(t.pages)/2)...)
	}
	if t.pages[p] == nil {
		t.pages[p] = new([IDTablePage]T)
	}
	return &t.pages[p][id&(IDTablePage-1)]
}

// Clear sets every entry to its zero value, keeping the pages.
func (t *IDTable[T]) Clear() {
	for _, pg := range t.pages {
		if pg != nil {
			clear(pg[:])
		}
	}
}

// Pages is the number of pages made: the table holds about
// Pages()*IDTablePage entries.
func (t *IDTable[T]) Pages() int {
	n := 0
	for _, p := range t.pages {
		if p != nil {
			n++
		}
	}
	return n
}
