package smt

import "testing"

// TestIDTableAgreesWithMap checks the paged table against a map on ids
// spread over many pages, including page boundaries and a clear.
func TestIDTableAgreesWithMap(t *testing.T) {
	var tb IDTable[int]
	want := map[int]int{}
	for i, id := range []int{0, 1, IDTablePage - 1, IDTablePage, IDTablePage + 1, 5 * IDTablePage, 1 << 20, 3, 1<<20 + IDTablePage - 1} {
		*tb.Slot(id) = i + 1
		want[id] = i + 1
	}
	for id, w := range want {
		if p := tb.At(id); p == nil || *p != w {
			t.Errorf("at(%d) = %v, want %d", id, p, w)
		}
	}
	if p := tb.At(1<<21 + 5); p != nil {
		t.Errorf("at(an id past every page) = %d, want nil", *p)
	}
	if p := tb.At(2 * IDTablePage); p != nil {
		t.Errorf("at(an id in a page never made) = %d, want nil", *p)
	}
	tb.Clear()
	for id := range want {
		if p := tb.At(id); p == nil || *p != 0 {
			t.Errorf("after clear, at(%d) = %v, want 0", id, p)
		}
	}
}
