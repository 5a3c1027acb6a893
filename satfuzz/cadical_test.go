package satfuzz

import (
	"testing"

	"tandem/internal/testutil"
)

func TestCaDiCaLTarget(t *testing.T) {
	testutil.RequireBinary(t, "g++")
	testutil.RequireBinary(t, "cadical")
	if ps := run(t, "cadical", smallTrace); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
	if ps := run(t, "cadical", "init\noption check=true\noption chrono=2\nnewVar 3\naddClause 1 2\naddClause -1\nenumerating\n"); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
}
