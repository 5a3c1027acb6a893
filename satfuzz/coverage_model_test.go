package satfuzz

import (
	"archive/zip"
	"path"
	"slices"
	"strings"
	"testing"

	"tandem/satfuzz/target/sat4j"
)

// sat4jReachedBy names the Sat4j classes an option reaches by another name
// than a value, and sat4jUnreachable the ones no trace reaches, with why
// (docs/satfuzz.md, "Option model coverage").
var (
	sat4jReachedBy = map[string]string{
		"RandomWalkDecorator": "randomWalk",
	}
	sat4jUnreachable = map[string]string{
		"SubsetVarOrder": "decides only a given set of variables: partial models by design",
		// Abstract classes and helpers, not components.
		"AbstractPhaserecordingSelectionStrategy": "abstract",
		"AbstractDataStructureFactory":            "abstract",
		"AbstractCardinalityDataStructure":        "abstract",
		"AbstractLearning":                        "abstract",
		"LimitedLearning":                         "abstract",
		"ValuedLit":                               "a helper of the orders",
	}
)

// Every concrete class of Sat4j's component packages (orders, phase
// strategies, restarts, learning strategies, data-structure factories) in
// the installed jar is reachable by the option model or listed as
// unreachable with a reason: a Sat4j with a new component fails here until
// the model or the list says what to do with it.
func TestSat4jOptionModelCoversJar(t *testing.T) {
	requireJava(t) // the sat4j tests need the jar with the JDK
	z, err := zip.OpenReader(sat4j.Jar)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var values []string
	for _, o := range Sat4jOptions {
		values = append(values, o.Values...)
	}
	n := 0
	for _, f := range z.File {
		dir, file := path.Split(f.Name)
		switch dir {
		case "org/sat4j/minisat/orders/", "org/sat4j/minisat/restarts/", "org/sat4j/minisat/learning/",
			"org/sat4j/minisat/constraints/":
		default:
			continue
		}
		class, ok := strings.CutSuffix(file, ".class")
		if !ok || strings.Contains(class, "$") || class == "package-info" {
			continue
		}
		n++
		if _, ok := sat4jUnreachable[class]; ok {
			continue
		}
		if opt, ok := sat4jReachedBy[class]; ok {
			if _, found := lookupOption(Sat4jOptions, opt); !found {
				t.Errorf("%s: reached by option %q, which the model does not have", class, opt)
			}
			continue
		}
		if !slices.Contains(values, class) {
			t.Errorf("%s%s is neither a value of the Sat4j option model nor listed as unreachable", dir, class)
		}
	}
	if n < 30 {
		t.Fatalf("only %d component classes in %s", n, sat4j.Jar)
	}
}
