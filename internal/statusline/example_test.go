package statusline_test

import (
	"os"

	"tandem/internal/statusline"
)

// Off a terminal (here: standard output of a test), each update of the
// status line is a line of its own, and log lines are plain lines.
func Example() {
	l := statusline.New(os.Stdout, false)
	l.Set("size 412/1024 bytes, round 1")
	l.Set("size 95/1024 bytes, round 2")
	l.Logf("wrote %s", "small.smt2")
	l.Clear()
	// Output:
	// size 412/1024 bytes, round 1
	// size 95/1024 bytes, round 2
	// wrote small.smt2
}
