package cbox

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"tandem/smt"
)

// testCacheDir holds the modules compiled by the tests: one folder for the
// whole run, so each source compiles once.
var testCacheDir string

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		os.Exit(runHelper())
	}
	d, err := os.MkdirTemp("", "cbox-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	testCacheDir = d
	code := m.Run()
	os.RemoveAll(d)
	os.Exit(code)
}

// testOptions are generous: tests of other behaviour must not time out on
// a loaded machine. Tests of timeouts set short ones for the calls that
// hang.
func testOptions() Options {
	return Options{CallTimeout: 20 * time.Second, CacheDir: testCacheDir}
}

// shortTimeout is the call timeout of the tests of timeouts: long enough for
// a restarted process to answer on a loaded machine.
const shortTimeout = 700 * time.Millisecond

// decl declares a closed box with the given sorts (the last is the result).
func decl(name string, sorts ...*smt.Sort) *smt.Func {
	st := smt.NewStore()
	return st.NewFunc(name, smt.FuncClosedBox, sorts[:len(sorts)-1], sorts[len(sorts)-1])
}

func bv(w int) *smt.Sort { return smt.BitVecSort(w) }

func bvv(x uint64, w int) smt.Value {
	return smt.BVValue{W: w, V: new(big.Int).SetUint64(x & maskOf(w))}
}

func wantKind(t *testing.T, err error, k Kind, contains ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want kind %v", k)
	}
	if got := KindOf(err); got != k {
		t.Fatalf("error kind %v, want %v: %v", got, k, err)
	}
	for _, c := range contains {
		if !strings.Contains(err.Error(), c) {
			t.Errorf("error %q does not mention %q", err, c)
		}
	}
}

// waitGoroutines waits until the number of goroutines is back to n.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("%d goroutines, want %d:\n%s", runtime.NumGoroutine(), n, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func mustCall(t *testing.T, b Box, args ...smt.Value) smt.Value {
	t.Helper()
	v, err := b.Call(context.Background(), args)
	if err != nil {
		t.Fatalf("%s%v: %v", b.Func().Name, args, err)
	}
	return v
}
