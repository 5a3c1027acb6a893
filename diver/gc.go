package diver

import (
	"os"
	"runtime/debug"
	"sync"
)

// GCPercent and GCMemoryLimit are the garbage collector's settings while
// DIVER runs (unless GOGC or GOMEMLIMIT set them): a campaign allocates
// fast and keeps little (a seed's store, its pool and memos, a few MB to
// tens of MB live), so Go's default GOGC=100 spent ~15% of tandem's CPU on
// QF_LRA, where tandem's share of the CPU matters (bench/diver/README.md,
// "Fourth pass"). With 400 the heap may grow to 5× the live data between
// collections; the soft limit bounds that growth: near it the collector
// runs as often as it must to stay below (or as the default would, once
// the live data itself approaches the limit).
const (
	GCPercent     = 400
	GCMemoryLimit = 1 << 30
)

var gcOnce sync.Once

// tuneGC applies GCPercent and GCMemoryLimit to the process once, where
// the environment does not choose.
func tuneGC() {
	gcOnce.Do(func() {
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(GCPercent)
		}
		if os.Getenv("GOMEMLIMIT") == "" {
			debug.SetMemoryLimit(GCMemoryLimit)
		}
	})
}
