package campaign

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// reduceQueue reduces new signatures one at a time in the background, while
// the workers go on. Each signature's smallest trigger is reduced, the
// result is re-checked with the system's Reproducer, and the outcome is
// stored and exported. A reduction cut short by a stop stays pending and is
// redone on resume.
type reduceQueue struct {
	r       *runner
	red     Reducer
	mu      sync.Mutex
	q       []string
	seen    map[string]bool
	busy    bool
	wake    chan struct{} // an item was added
	idle    chan struct{} // closed and renewed whenever the queue empties
	stopped chan struct{} // closed when loop returns
}

func newReduceQueue(r *runner, red Reducer) *reduceQueue {
	return &reduceQueue{r: r, red: red, seen: map[string]bool{}, wake: make(chan struct{}, 1),
		idle: make(chan struct{}), stopped: make(chan struct{})}
}

func (q *reduceQueue) add(sig string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.seen[sig] {
		return
	}
	q.seen[sig] = true
	q.q = append(q.q, sig)
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *reduceQueue) loop(ctx context.Context) {
	defer close(q.stopped)
	for {
		q.mu.Lock()
		if len(q.q) == 0 {
			q.busy = false
			close(q.idle)
			q.idle = make(chan struct{})
			q.mu.Unlock()
			select {
			case <-ctx.Done():
				return
			case <-q.wake:
				continue
			}
		}
		sig := q.q[0]
		q.q = q.q[1:]
		q.busy = true
		q.mu.Unlock()
		if ctx.Err() != nil {
			return
		}
		q.r.reduceOne(ctx, q.red, sig)
	}
}

// drain waits until the queue is empty and nothing is being reduced, or the
// loop stopped.
func (q *reduceQueue) drain() {
	for {
		q.mu.Lock()
		empty := len(q.q) == 0 && !q.busy
		idle := q.idle
		q.mu.Unlock()
		if empty {
			return
		}
		select {
		case <-idle:
		case <-q.stopped:
			return
		}
	}
}

func (q *reduceQueue) wait() { <-q.stopped }

func (r *runner) reduceOne(ctx context.Context, red Reducer, sig string) {
	row, err := r.st.SignatureRow(ctx, r.meta.ID, sig)
	if err != nil {
		r.prog.logf("warning: reducing %s: %v", sig, err)
		return
	}
	f, err := r.st.Finding(ctx, r.meta.ID, row.SmallestIter, row.SmallestIdx)
	if err != nil {
		r.prog.logf("warning: reducing %s: %v", sig, err)
		return
	}
	status, reduced, note := r.reduceFinding(ctx, red, &f.Finding, sig)
	if status == ReducePending {
		return // stopped: stays pending for the next run
	}
	if err := r.st.setReduced(context.WithoutCancel(ctx), r.meta.ID, sig, status, reduced, note); err != nil {
		r.prog.logf("warning: %v", err)
		return
	}
	if err := r.exportSignature(context.WithoutCancel(ctx), sig); err != nil {
		r.prog.logf("warning: %v", err)
	}
	r.prog.reduced(sig, status, len(reduced), note)
}

// reduceFinding runs the reducer on f and re-checks its result.
func (r *runner) reduceFinding(ctx context.Context, red Reducer, f *Finding, sig string) (status string, reduced []byte, note string) {
	rctx, cancel := context.WithTimeout(ctx, r.opts.ReduceTimeout)
	defer cancel()
	out, err := red.Reduce(rctx, f)
	if ctx.Err() != nil {
		return ReducePending, nil, ""
	}
	if err != nil && !(errors.Is(err, context.DeadlineExceeded) && len(out) > 0) {
		return ReduceFailed, nil, fmt.Sprintf("reducer: %v", err)
	}
	if len(out) == 0 {
		return ReduceFailed, nil, "the reducer returned an empty trigger"
	}
	note = fmt.Sprintf("%d → %d bytes", len(f.Trigger), len(out))
	if err != nil {
		note += " (stopped at the time limit)"
	}
	rep, ok := r.sys.(Reproducer)
	if !ok {
		return ReduceUnverified, out, note + "; the system cannot re-check triggers"
	}
	vctx, vcancel := context.WithTimeout(ctx, r.opts.ReduceTimeout)
	defer vcancel()
	g, err := rep.Reproduce(vctx, f, out)
	switch {
	case ctx.Err() != nil:
		return ReducePending, nil, ""
	case err != nil:
		return ReduceFailed, nil, fmt.Sprintf("re-checking the reduced trigger: %v", err)
	case g == nil && len(out) >= len(f.Trigger):
		return ReduceFailed, nil, "the trigger no longer shows the problem when re-checked (timing or nondeterminism)"
	case g == nil:
		return ReduceFailed, nil, note + "; the reduced trigger shows no problem"
	case Signature(r.meta.System, g) != sig:
		return ReduceFailed, nil, note + "; the reduced trigger shows another problem: " + oneLine(g.Message, 200)
	}
	return ReduceVerified, out, note + "; re-checked"
}
