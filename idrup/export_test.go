package idrup

// SetCollectMin sets the freed arena size at which the checker compacts its
// clause arena and returns the previous value: tests set 0 to compact as
// often as possible.
func SetCollectMin(n int) int {
	old := collectMin
	collectMin = n
	return old
}

// SetInvariantCheck makes every check verify the clause database's
// invariants (db.invariants) before each line and call report with each
// violation; the returned function turns the checks off.
func SetInvariantCheck(report func(error)) (off func()) {
	invariantHook = func(d *db) {
		if err := d.invariants(); err != nil {
			report(err)
		}
	}
	return func() { invariantHook = nil }
}
