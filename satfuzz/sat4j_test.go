package satfuzz

import (
	"testing"

	"tandem/internal/testutil"
)

func TestSat4jTarget(t *testing.T) {
	testutil.RequireBinary(t, "javac")
	testutil.RequireBinary(t, "java")
	if ps := run(t, "sat4j", smallTrace); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
	if ps := run(t, "sat4j", "init\noption solver=Glucose21\nnewVar 5\naddClause 1 2\naddClause -1\nenumerating\n"); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
}
