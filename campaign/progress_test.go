package campaign

import "testing"

func TestCountersLine(t *testing.T) {
	c := map[string]int64{ErrorCounter + "b": 2, ErrorCounter + "a": 2, ErrorCounter + "c": 5, ErrorCounter + "d": 1, "mutants": 9, RetiredCounter + "x=1": 1}
	if got, want := countersLine(c, ErrorCounter, 3), "5× c; 2× a; 2× b; 1 more"; got != want {
		t.Errorf("errors: %q, want %q", got, want)
	}
	if got, want := countersLine(c, RetiredCounter, 5), "1× x=1"; got != want {
		t.Errorf("retired: %q, want %q", got, want)
	}
	if got := countersLine(map[string]int64{"mutants": 3}, ErrorCounter, 3); got != "" {
		t.Errorf("no error counters: %q", got)
	}
}
