package smtserve

import (
	"strings"
	"testing"

	"tandem/eval"
	"tandem/smt"
	"tandem/solver"
)

// TestUnsatCache: an assertion set the fallback proved unsat answers every
// later query that includes it without a round trip — after the pop of
// the branch's level, once the branch joins π — and no query that does
// not include it: after the pop that removes it, after reset-assertions
// and a redeclaration of the same name (its terms are new ones), after
// reset. Integer constants keep fuzzing and the refuter out of the way:
// the fake fallback says unsat to every query, so only the round trips
// show who answered.
func TestUnsatCache(t *testing.T) {
	fb := &fakeBackend{answer: solver.StatusUnsat}
	out, s := serve(t, fb, `(set-logic QF_LIA)
(declare-const i Int)
(push 1)
(assert (> i 3))
(check-sat)
(pop 1)
(check-sat)
(push 1)
(assert (> i 3))
(push 1)
(assert (< i 9))
(check-sat)
(check-sat-assuming ((< i 2)))
(pop 2)
(check-sat)
(reset-assertions)
(declare-const i Int)
(assert (> i 3))
(check-sat)
(assert (< i 1))
(check-sat)
(reset)
(set-logic QF_LIA)
(declare-const i Int)
(assert (> i 3))
(check-sat)
`)
	if got := strings.Join(lines(out), " "); got != strings.Repeat("unsat ", 8)[:8*6-1] {
		t.Fatalf("answers %q", got)
	}
	// round trips: the first query (proved by the fallback); the query
	// after the pop (π empty: no entry is included); the next two are the
	// cache's; the one after pop 2; after reset-assertions, the
	// redeclared i's (> i 3) is a new term; the one after it is the
	// cache's; after reset, a new fallback
	st := s.Stats()
	if st.CacheUnsat != 3 || st.FallbackUnsat != 5 {
		t.Errorf("stats %+v", st)
	}
	if n := strings.Count(strings.Join(fb.sent, "\n"), "check-sat"); n != 5 {
		t.Errorf("the fallback was asked %d queries, want 5:\n%s", n, strings.Join(fb.sent, "\n"))
	}
}

// TestUnsatCacheEviction: past unsatCacheSize entries the oldest go first,
// and the index keeps pointing at live entries only.
func TestUnsatCacheEviction(t *testing.T) {
	_, cs := conjuncts(t, refuteDecls+"(assert p)(assert (bvult x y))(assert (bvult y z))")
	var c unsatCache
	c.add([]*smt.Term{cs[0]})
	for range unsatCacheSize - 1 {
		c.add([]*smt.Term{cs[1], cs[2]})
	}
	if !c.covers(cs) || !c.covers(cs[:1]) {
		t.Fatal("entries not found")
	}
	c.add([]*smt.Term{cs[2]}) // evicts the first entry, {p}
	if c.covers(cs[:1]) {
		t.Error("an evicted entry still answers")
	}
	if !c.covers(cs[2:]) || !c.covers(cs[1:]) {
		t.Error("live entries lost")
	}
	c.clear()
	if c.covers(cs) {
		t.Error("clear kept an entry")
	}
}

// TestSeedModelChoice: the seed is the recent model checked on the most
// of the query's terms (the latest of equals), not merely the last one:
// in a concolic stream the last is the flip's, which falsifies the side
// the run took.
func TestSeedModelChoice(t *testing.T) {
	_, cs := conjuncts(t, refuteDecls+"(assert p)(assert (bvult x y))(assert (not (bvult x y)))(assert (bvult y z))")
	pi, taken, flip, next := cs[0], cs[1], cs[2], cs[3]
	s := &Session{}
	if s.modelFor([]*smt.Term{pi}, []*smt.Term{next}) != nil {
		t.Fatal("a model out of nothing")
	}
	mTaken, mFlip, mOther := eval.NewModel(), eval.NewModel(), eval.NewModel()
	s.remember(mOther, []*smt.Term{next})
	s.remember(mTaken, []*smt.Term{pi, taken})
	s.remember(mFlip, []*smt.Term{pi, flip})
	// the next query: π ∧ taken, branch next (the session's split puts
	// taken in the branch: it was asserted after the last check-sat)
	if got := s.modelFor([]*smt.Term{pi}, []*smt.Term{taken, next}); got != mTaken {
		t.Error("the seed is not the model of the side the run took")
	}
	if got := s.modelFor([]*smt.Term{pi}, nil); got != mFlip {
		t.Error("of equals, the seed is not the latest")
	}
	for range recentModels {
		s.remember(eval.NewModel(), []*smt.Term{pi})
	}
	if got := s.modelFor([]*smt.Term{pi}, []*smt.Term{taken, next}); got == mTaken || got == mFlip || got == mOther || len(s.recent) != recentModels {
		t.Errorf("old models kept: %d", len(s.recent))
	}
}

// TestSeedSat: a query the seed already satisfies (the side the run took,
// under the input that took it) is answered sat from the seed, checked by
// the evaluator, with no search and no fallback; its model is the seed's,
// for get-value. A query the seed falsifies is not.
func TestSeedSat(t *testing.T) {
	fb := &fakeBackend{answer: solver.StatusUnsat}
	out, s := serve(t, fb, `(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(set-info :tandem-seed ((x #x05) (y #x07)))
(push 1)
(assert (bvult x y))
(check-sat)
(get-value (x y))
(pop 1)
(push 1)
(assert (= x #x09))
(check-sat)
(get-value (x))
(pop 1)
`)
	want := "sat ((x #x05) (y #x07)) sat ((x #x09))"
	if got := strings.Join(strings.Fields(out), " "); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if st := s.Stats(); st.SeedSat != 1 || st.FuzzSat != 1 || st.RoundTrips != 0 {
		t.Errorf("stats %+v", st)
	}
}
