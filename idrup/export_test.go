package idrup

// SetCollectMin sets the freed arena size at which the checker compacts its
// clause arena and returns the previous value: tests set 0 to compact as
// often as possible.
func SetCollectMin(n int) int {
	old := collectMin
	collectMin = n
	return old
}
