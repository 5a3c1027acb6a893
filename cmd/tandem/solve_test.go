package main

import (
	"testing"
	"time"
)

// TestOffDuration: --fuzz-slice -1 and --probe -1, as docs/solve.md
// writes them, turn the slice off instead of failing with "missing unit
// in duration".
func TestOffDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"-1": -1, "off": -1, "-2s": -1, "500ms": 500 * time.Millisecond, "0s": 0, "2s": 2 * time.Second,
	} {
		var d offDuration
		if err := d.Set(in); err != nil || time.Duration(d) != want {
			t.Errorf("Set(%q) = %v, %v; want %v", in, time.Duration(d), err, want)
		}
	}
	for _, in := range []string{"5", "-", "fast"} {
		var d offDuration
		if err := d.Set(in); err == nil {
			t.Errorf("Set(%q) accepted", in)
		}
	}
}
