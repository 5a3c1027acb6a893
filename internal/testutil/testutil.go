// Package testutil holds helpers shared by tandem's tests: finding the shared
// corpus and requiring external solvers.
package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// InCI reports whether the tests run under CI (the CI environment variable is
// set), where a missing solver or corpus is a failure, not a skip.
func InCI() bool { return os.Getenv("CI") != "" }

// RequireBinary returns the path of an external program. When it is missing the
// test fails under CI (CI installs every solver) and is skipped elsewhere,
// with a message saying how to install it.
func RequireBinary(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	msg := name + " not found on PATH; run ./scripts/setup.sh (make test does) to install it"
	if InCI() {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// RepoRoot is the root of the tandem repository (the folder of go.mod).
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// SharedDir is the shared/ folder that sits beside the repository: the papers
// and the public corpus. TANDEM_SHARED overrides it.
func SharedDir() string {
	if d := os.Getenv("TANDEM_SHARED"); d != "" {
		return d
	}
	return filepath.Join(RepoRoot(), "..", "shared")
}

// Corpus returns the path of ../shared/corpus/<rel>, failing under CI and
// skipping elsewhere when it is absent.
func Corpus(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(SharedDir(), "corpus", rel)
	if _, err := os.Stat(p); err != nil {
		msg := "corpus path " + p + " not found (the shared/ folder must sit beside the repository)"
		if InCI() {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return p
}

// Short reports whether the suite runs in its quick form (go test -short).
func Short() bool { return testing.Short() }

// WriteFile writes text to the file name in dir and returns its path; an
// error fails the test.
func WriteFile(t testing.TB, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// OptionalBinary returns the path of an external program that CI does not
// install (bitwuzla built from source, say): the file named by the
// environment variable env when it is set, else name on PATH. When neither
// is found the test is skipped, in CI too. When env is set and names no
// executable file the test fails: whoever set it wants the program tested.
func OptionalBinary(t testing.TB, name, env string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		lp, err := exec.LookPath(p)
		if err != nil {
			t.Fatalf("%s=%s: %v; unset it to skip the %s tests", env, p, err, name)
		}
		return lp
	}
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	t.Skipf("%s not found on PATH and %s not set (optional: scripts/build-solvers.sh builds it); skipping", name, env)
	return ""
}
