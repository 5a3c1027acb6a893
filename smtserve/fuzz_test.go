package smtserve

import (
	"context"
	"strings"
	"testing"

	"tandem/solver"
)

// FuzzSession feeds arbitrary command streams to a session whose fallback
// is in process (so no solver is needed): no input may panic or stop the
// session with an error, and every answer line is a standard response.
func FuzzSession(f *testing.F) {
	for _, s := range []string{
		"(declare-const x (_ BitVec 8))(assert (= x #x01))(check-sat)(get-model)",
		"(set-option :print-success true)(push 2)(declare-fun f ((_ BitVec 4)) Bool)(assert (f #x1))(check-sat)(pop 1)(get-value (#x1))",
		"(declare-const b Bool)(check-sat-assuming (b (not b)))(get-assignment)(get-unsat-core)(reset-assertions)(check-sat)",
		"(define-fun g ((a (_ BitVec 8))) (_ BitVec 8) (bvmul a a))(declare-const y (_ BitVec 8))(assert (! (= (g y) #x04) :named n))(check-sat)(get-assignment)(get-info :all-statistics)",
		"(set-info :tandem-seed ((y #x02)))(declare-cb h ((_ BitVec 8)) (_ BitVec 8))(check-sat)(reset)(exit)(check-sat)",
		"(assert (bvadd x))(pop 9)((((", "(set-option :produce-unsat-cores true)(set-option :produce-proofs true)(declare-const x (_ BitVec 8))(assert (! (= x #x01) :named a))(assert (= x #x02))(check-sat)(get-unsat-core)(get-proof)(get-unsat-assumptions)",
		"(set-option :global-declarations true)(push 1)(declare-const g (_ BitVec 8))(declare-const i Int)(pop 1)(assert (= g #x03))(check-sat)(get-value (g i))(reset-assertions)(declare-const h Bool)(check-sat-assuming (h))(get-model)",
		"(declare-const x (_ BitVec 8))(assert (= x #x01))(check-sat)(reset-assertions)(declare-const x Int)(assert (> x 1))(check-sat)(get-value (x))", "(set-logic QF_LIA)(declare-const i Int)(assert (> i 3))(check-sat)(get-value (i))",
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, script []byte, answer uint8) {
		fb := &fakeBackend{answer: []solver.Status{solver.StatusSat, solver.StatusUnsat, solver.StatusUnknown}[answer%3],
			model: "((define-fun x () (_ BitVec 8) #x01))"}
		s, err := New(Options{Budget: 1e6, Fuzz: fuzzOptions(), Fallback: func(context.Context) (Backend, error) { return fb, nil }})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		var out strings.Builder
		if err := s.Serve(context.Background(), strings.NewReader(string(script)), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		st := s.Stats()
		if st.InProcess()+st.FallbackSat+st.FallbackUnsat+st.Unknown != st.Queries {
			t.Errorf("answers do not add up to the queries: %+v", st)
		}
	})
}
