package eval

import (
	"context"
	"errors"
	"fmt"
	"math"

	"tandem/smt"
)

// Budget bounds the work of one [Evaluator.Eval] call, so that no input
// makes evaluation run for minutes or exhaust memory (issue 28 item 7: a
// 40-level str.++ doubling let-DAG, 40 repeated squarings of an Int, a
// recursive definition with exponential fan-out). Past a bound the term is
// not evaluable: Eval returns a [*BudgetError] naming the culprit subterm.
// A zero field takes its default from [DefaultBudget].
type Budget struct {
	// Steps bounds the subterm evaluations: each term evaluated once per
	// scope (a let body, a call of a defined function) costs a step.
	Steps int64
	// Bytes bounds the total size of the large values computed (strings,
	// integers, rationals, bit-vectors, arrays of 1 KiB or more); an
	// operation whose result would pass it is refused before it allocates.
	Bytes int64
}

// DefaultBudget is the budget of an Evaluator whose Budget is zero: some
// seconds of the slowest evaluation, and 256 MiB of values. Real
// benchmarks stay far below both.
var DefaultBudget = Budget{Steps: 20_000_000, Bytes: 256 << 20}

// MaxNumberBits bounds the Int and Real values the evaluator computes
// (numerator plus denominator for a Real): beyond it multiplication takes
// seconds. It is the largest bit-vector width, [smt.MaxWidth].
const MaxNumberBits = smt.MaxWidth

// ErrBudget is wrapped by every [*BudgetError].
var ErrBudget = errors.New("evaluation budget exceeded")

// BudgetError is the error of an evaluation stopped by its [Budget] or by
// its context. Term is the subterm being evaluated when it stopped.
type BudgetError struct {
	Term *smt.Term
	// Reason says which bound, e.g. "its value would take 1.5 GiB, above
	// the 1 GiB budget".
	Reason string
	// Cause is the context's error when the context stopped it.
	Cause error
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("not evaluable: %s: %s", shortTerm(e.Term), e.Reason)
}

// Unwrap makes errors.Is(err, ErrBudget) true, and errors.Is(err,
// context.DeadlineExceeded) true for a timeout.
func (e *BudgetError) Unwrap() []error {
	if e.Cause != nil {
		return []error{ErrBudget, e.Cause}
	}
	return []error{ErrBudget}
}

// EvalContext is [Evaluator.Eval] stopped by ctx: when ctx is done the
// evaluation returns a [*BudgetError] wrapping ctx's error.
func (e *Evaluator) EvalContext(ctx context.Context, t *smt.Term) (smt.Value, error) {
	e.ctx = ctx
	defer func() { e.ctx = nil }()
	return e.Eval(t)
}

// startBudget resets the counters at the start of an Eval call.
func (e *Evaluator) startBudget() {
	e.limits = e.Budget
	if e.limits.Steps <= 0 {
		e.limits.Steps = DefaultBudget.Steps
	}
	if e.limits.Bytes <= 0 {
		e.limits.Bytes = DefaultBudget.Bytes
	}
	e.steps, e.bytes = 0, 0
}

// step counts one subterm evaluation.
func (e *Evaluator) step(t *smt.Term) error { return e.charge(t, 1) }

// charge counts n steps of work on t.
func (e *Evaluator) charge(t *smt.Term, n int64) error {
	before := e.steps
	e.steps += n
	if e.steps > e.limits.Steps || e.steps < before {
		return &BudgetError{Term: t, Reason: fmt.Sprintf("more than %d evaluation steps (a recursive definition with many calls, or a very large term)", e.limits.Steps)}
	}
	if e.ctx != nil && (e.steps>>10 != before>>10) {
		if err := e.ctx.Err(); err != nil {
			return &BudgetError{Term: t, Reason: "stopped: " + err.Error(), Cause: err}
		}
	}
	return nil
}

// need refuses an operation of t whose result would take about n bytes
// when that passes the byte budget; it is called before the allocation.
func (e *Evaluator) need(t *smt.Term, n int64) error {
	if n > e.limits.Bytes-e.bytes {
		return &BudgetError{Term: t, Reason: fmt.Sprintf("value too large: it would take %s, and the values of this evaluation may take %s in all (%s so far)",
			byteSize(n), byteSize(e.limits.Bytes), byteSize(e.bytes))}
	}
	return nil
}

// numberFits refuses an arithmetic operation of t whose result would have
// more than [MaxNumberBits] bits; bytes is cost's estimate of its size.
func (e *Evaluator) numberFits(t *smt.Term, bytes int64) error {
	switch t.Sort() {
	case smt.IntSort(), smt.RealSort():
		if bytes*8 > MaxNumberBits {
			return &BudgetError{Term: t, Reason: fmt.Sprintf("value too large: a number of about %d bits, above the %d-bit limit of Int and Real values", bytes*8, MaxNumberBits)}
		}
	}
	return nil
}

// account adds the size of t's value v to the bytes used. Values under
// 1 KiB are not counted: there are at most a few per step, so the step
// budget bounds them, and counting them would make the byte budget a
// second step budget.
func (e *Evaluator) account(t *smt.Term, v smt.Value) error {
	n := valueBytes(v)
	if n < 1<<10 {
		return nil
	}
	if err := e.need(t, n); err != nil {
		return err
	}
	e.bytes += n
	return nil
}

// valueBytes is about the memory a value takes beyond what it shares with
// its arguments' values.
func valueBytes(v smt.Value) int64 {
	switch x := v.(type) {
	case smt.StringValue:
		return 24 + 4*int64(len(x.Runes))
	case smt.IntValue:
		return 16 + int64(x.V.BitLen()/8)
	case smt.RealValue:
		return 32 + int64((x.V.Num().BitLen()+x.V.Denom().BitLen())/8)
	case smt.BVValue:
		return 16 + int64(x.W/8)
	case *smt.ArrayValue:
		return 48 + 32*int64(len(x.Entries))
	case *smt.DatatypeValue:
		return 32 + 16*int64(len(x.Args))
	}
	return 16
}

// cost estimates, before computing it, the size of the value of an
// operator application whose result can be much larger than its arguments
// (products, concatenations, replacements) and the work of computing it
// in steps (a step is about 256 word operations, the cost of evaluating
// an ordinary node); 0, 0 for operators of bounded cost.
func cost(t *smt.Term, a []smt.Value) (bytes, steps int64) {
	bits := func(v smt.Value) int64 {
		switch x := v.(type) {
		case smt.IntValue:
			return int64(x.V.BitLen())
		case smt.RealValue:
			return int64(x.V.Num().BitLen() + x.V.Denom().BitLen())
		}
		return 0
	}
	runes := func(v smt.Value) int64 {
		if s, ok := v.(smt.StringValue); ok {
			return int64(len(s.Runes))
		}
		return 0
	}
	const stepWork = 256
	switch t.Op() {
	case smt.OpMul, smt.OpDiv, smt.OpIntDiv, smt.OpMod:
		// Karatsuba multiplication of m and n words, m <= n, takes about
		// n * m^0.585 word operations; a Real product multiplies
		// numerators and denominators.
		var acc, work float64
		for i, v := range a {
			w := float64(bits(v)/64 + 1)
			if i > 0 {
				lo, hi := min(acc, w), max(acc, w)
				work += hi * math.Pow(lo, 0.585)
			}
			acc += w
		}
		return int64(acc * 8), int64(work / stepWork)
	case smt.OpAdd, smt.OpSub:
		var n int64
		for _, v := range a {
			n += bits(v)/64 + 1
		}
		return 8 * n, n / stepWork
	case smt.OpStrConcat:
		var n int64
		for _, v := range a {
			n += runes(v)
		}
		return 4 * n, n / stepWork
	case smt.OpStrReplace:
		n := runes(a[0]) + runes(a[2])
		return 4 * n, (n + runes(a[1])) / stepWork
	case smt.OpStrReplaceAll:
		s, p, r := runes(a[0]), runes(a[1]), runes(a[2])
		n := s
		if p > 0 {
			n = s + (s/p)*r
		}
		return 4 * n, n / stepWork
	case smt.OpStrReplaceRe, smt.OpStrReplaceReAll:
		// An empty match may be replaced at every position.
		s, r := runes(a[0]), runes(a[2])
		n := s + (s+1)*r
		return 4 * n, n / stepWork
	case smt.OpStrFromInt:
		// Decimal conversion is quadratic in the number of words.
		w := bits(a[0])/64 + 1
		return bits(a[0])/3 + 1, w * w / stepWork
	}
	return 0, 0
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
