package solver

// Test helpers for the external solver_test package (real_test.go), which
// cannot live in package solver because it imports solver/corpus.
var (
	CheckNoStrays   = checkNoStrays
	CheckGoroutines = checkGoroutines
	MustOK          = mustOK
)
