package eval_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tandem/eval"
	"tandem/smtlib"
)

// doublingLets is (let ((x1 (op x0 x0))) (let ((x2 (op x1 x1))) … xn)):
// a term of size O(n) whose value doubles in size at each level.
func doublingLets(decl, op, x0 string, n int, assert func(string) string) string {
	var b strings.Builder
	b.WriteString(decl)
	body := fmt.Sprintf("x%d", n)
	for i := n; i >= 1; i-- {
		body = fmt.Sprintf("(let ((x%d (%s x%d x%d))) %s)", i, op, i-1, i-1, body)
	}
	fmt.Fprintf(&b, "(assert (let ((x0 %s)) %s))", x0, assert(body))
	return b.String()
}

func evalScript(t *testing.T, src string, ev *eval.Evaluator, ctx context.Context) error {
	t.Helper()
	sc, err := smtlib.Parse("budget.smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = ev.EvalContext(ctx, sc.Assertions()[0])
	return err
}

// TestBudgetStopsHostileTerms: each input of issue 28 item 7 ends in a
// *BudgetError naming a culprit subterm, instead of running out of memory
// or running for minutes.
func TestBudgetStopsHostileTerms(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"str.++ doubling 40 levels", doublingLets("", "str.++", `"ab"`, 40, func(b string) string { return "(= (str.len " + b + ") 0)" }),
			"value too large"},
		{"Int squaring 40 times", doublingLets("", "*", "3", 40, func(b string) string { return "(= " + b + " 0)" }),
			"value too large"},
		{"Real squaring 40 times", doublingLets("", "*", "(/ 1.0 3.0)", 40, func(b string) string { return "(= " + b + " 0.0)" }),
			"value too large"},
		{"str.replace_all blow-up", `(assert (let ((s (str.++ "aaaaaaaaaaaaaaaa" "aaaaaaaaaaaaaaaa"))) (let ((s (str.replace_all s "a" s))) (let ((s (str.replace_all s "a" s))) (let ((s (str.replace_all s "a" s))) (let ((s (str.replace_all s "a" s))) (= s "")))))))`,
			"value too large"},
		{"define-fun-rec exponential fan-out", `(define-fun-rec f ((n Int)) Int (ite (<= n 0) 1 (+ (f (- n 1)) (f (- n 2)))))(assert (= (f 60) 0))`,
			"evaluation steps"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev := eval.New(nil)
			ev.Budget = eval.Budget{Steps: 200_000, Bytes: 1 << 20}
			err := evalScript(t, c.src, ev, context.Background())
			var be *eval.BudgetError
			if !errors.As(err, &be) || !errors.Is(err, eval.ErrBudget) || be.Term == nil {
				t.Fatalf("got %v, want a budget error", err)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "not evaluable: (") {
				t.Fatalf("error %q does not say %q with the culprit term", err, c.want)
			}
		})
	}
}

// TestDefaultBudgetStopsDoubling: the defaults alone stop the doubling
// DAG of the issue (it needs 2^41 characters).
func TestDefaultBudgetStopsDoubling(t *testing.T) {
	src := doublingLets("", "str.++", `"ab"`, 40, func(b string) string { return "(= (str.len " + b + ") 0)" })
	err := evalScript(t, src, eval.New(nil), context.Background())
	if !errors.Is(err, eval.ErrBudget) {
		t.Fatalf("got %v, want a budget error", err)
	}
}

// TestEvalContextTimeout: a cancelled context stops the evaluation with a
// budget error that wraps the context's error.
func TestEvalContextTimeout(t *testing.T) {
	src := `(define-fun-rec f ((n Int)) Int (ite (<= n 0) 1 (+ (f (- n 1)) (f (- n 2)))))(assert (= (f 60) 0))`
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	ev := eval.New(nil)
	err := evalScript(t, src, ev, ctx)
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, eval.ErrBudget) {
		t.Fatalf("got %v, want a budget error wrapping the deadline", err)
	}
	// The next evaluation starts afresh.
	sc, _ := smtlib.Parse("ok.smt2", []byte("(assert (= (* 2 3) 6))"))
	if v, err := ev.Eval(sc.Assertions()[0]); err != nil || v.String() != "true" {
		t.Fatalf("after the timeout: %v, %v", v, err)
	}
}

// A nested int.pow2 whose exponent is itself huge is refused with its size
// in bits, not printed in decimal (a 16-million-bit exponent took 24 s to
// print, found by FuzzRewrite).
func TestPow2HugeExponentMessage(t *testing.T) {
	src := "(assert (> (int.pow2 (int.pow2 16777215)) 0))"
	err := evalScript(t, src, eval.New(eval.NewModel()), context.Background())
	if err == nil || !strings.Contains(err.Error(), "int.pow2 of a 16777216-bit number is too large") {
		t.Fatalf("err = %v", err)
	}
}
