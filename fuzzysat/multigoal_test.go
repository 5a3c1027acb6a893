package fuzzysat

import (
	"fmt"
	"strings"
	"testing"

	"tandem/smtlib"
)

// kBranch is a query over k!0 … k!(n-1) whose branch condition is goal as
// written (an and stays one branch condition, as through the API; a query
// file would split it into the branch and π).
func kBranch(t testing.TB, n int, goal string, pi ...string) *Query {
	t.Helper()
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "(declare-const k!%d (_ BitVec 8))\n", i)
	}
	fmt.Fprintf(&sb, "(assert %s)\n", goal)
	for _, p := range pi {
		fmt.Fprintf(&sb, "(assert %s)\n", p)
	}
	sc, err := smtlib.Parse("test.smt2", []byte(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScript(sc, BranchFirst, n)
	if err != nil {
		t.Fatal(err)
	}
	as := sc.Assertions()
	return &Query{Name: "test", Layout: f.Layout, Goal: as[0], Pi: as[1:]}
}

// Queries only the code's multi-goal extras solve: each is sat by the
// named phase with the whole pipeline, and unknown with that phase off.
func TestMultigoalExtras(t *testing.T) {
	cases := []struct {
		name  string
		phase Phase
		n     int
		goal  string
		pi    []string
	}{
		// The branch holds on x = 0x123456YY for any YY, I2S finds
		// 0x12345600 first; π then needs YY = k!1 = 0x56. π reads only
		// the branch's bytes, so multi-goal has nothing to mutate once
		// they are frozen; the neighbour 0x12345600 + 0x56 is the only
		// solution in 2^32.
		{"freeze-neighbours", PhaseFreeze, 4,
			"(= (bvand (concat k!3 k!2 k!1 k!0) #xffffff00) #x12345600)",
			[]string{"(= (bvxor k!0 k!1) #x00)"}},
		// Forward order: the first conjunct fixes k!1 k!0 = 0xbeef by
		// I2S; with those bytes frozen the second conjunct reads one
		// mutable byte, k!2 = 0x5a, found by the single-byte brute
		// force. Jointly, no phase sets all three bytes.
		{"conjuncts", PhaseConjuncts, 3,
			"(and (= (concat k!1 k!0) #xbeef) (= (bvmul (concat k!2 k!1) #x9e37) #xc2d2))", nil},
		// Reverse order: the first conjunct has one solution in 2^16,
		// out of reach alone; the second fixes k!1 = 0x77, and then the
		// first has one mutable byte, k!0 = 0xa5.
		{"conjuncts-reverse", PhaseConjuncts, 2,
			"(and (= (bvmul (concat k!1 k!0) #x9e37) #x8a73) (= k!1 #x77))", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := kBranch(t, c.n, c.goal, c.pi...)
			r := solveK(t, q, make([]byte, c.n), Options{FreezeNeighbours: true})
			if r.Status != Sat || r.Phase != c.phase {
				t.Fatalf("%s by %s, want sat by %s", r.Status, r.Phase, c.phase)
			}
			if r.Stats.Rejected != 0 {
				t.Fatalf("%d candidates refused by the exact re-check", r.Stats.Rejected)
			}
			r = solveK(t, q, make([]byte, c.n), Options{FreezeNeighbours: true, Skip: PhaseSet(0).With(c.phase)})
			if r.Status != Unknown {
				t.Errorf("without %s: %s by %s, want unknown", c.phase, r.Status, r.Phase)
			}
			if c.phase != PhaseFreeze {
				return
			}
			r = solveK(t, q, make([]byte, c.n), Options{}) // off by default
			if r.Status != Unknown {
				t.Errorf("without %s: %s by %s, want unknown", c.phase, r.Status, r.Phase)
			}
		})
	}
}

// Solving conjunct by conjunct enumerates values with other conjuncts'
// bytes frozen, which proves nothing about the query: an exhausted step
// must not become an unsat answer. Here the query is unsat (2·k!1 is even,
// k!0 odd) but no phase can prove it, so the answer is unknown.
func TestConjunctsProveNothing(t *testing.T) {
	q := kBranch(t, 2, "(and (= (bvand k!0 #x01) #x01) (= (bvmul k!1 #x02) k!0))")
	r := solveK(t, q, []byte{0, 0}, Options{})
	if r.Status != Unknown {
		t.Fatalf("%s by %s, want unknown (%s)", r.Status, r.Phase, r.Proof)
	}
	if r.Stats.Phase[PhaseConjuncts].Runs != 1 {
		t.Fatalf("the conjunct-by-conjunct search ran %d times, want 1", r.Stats.Phase[PhaseConjuncts].Runs)
	}
}
