package proc

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// NextCPULook is the wall time in which a process tree can use rest of
// CPU time at the earliest (at least 2 ms): how long one that bounds a
// tree's CPU time can wait before it looks again. A few looks per limit,
// not a poll every few milliseconds, which on a loaded machine (where a
// CPU second takes many wall seconds) would cost more than the work.
func NextCPULook(rest time.Duration) time.Duration {
	return max(rest/time.Duration(runtime.NumCPU()), 2*time.Millisecond)
}

// CPULimit is a context bounded by CPU time (see [WithCPULimit]).
type CPULimit struct {
	context.Context // the parent under the wall-clock safety limit
	parent          context.Context
	done            chan struct{}
	mu              sync.Mutex
	err             error
	hit             string
}

// WithCPULimit returns a copy of parent that is done when the CPU time
// used reports (user + system of a process tree, e.g. [SelfTreeCPU]) has
// grown by limit since the call, when wall (a safety limit, for work that
// waits without using CPU: a sleeping solver, a machine so loaded that
// the CPU limit is far away) has passed, or when parent is done. At
// either limit its Err is context.DeadlineExceeded: a deadline in CPU
// time, which every caller that tells a timeout from a cancel (solver.Run,
// solver.Session) reads as a timeout; [CPULimit.Hit] says which limit it
// was. Its Deadline is the wall limit's. Cancel it when done with it.
func WithCPULimit(parent context.Context, limit, wall time.Duration, used func() time.Duration) (*CPULimit, context.CancelFunc) {
	wctx, wcancel := context.WithTimeout(parent, wall)
	c := &CPULimit{Context: wctx, parent: parent, done: make(chan struct{})}
	c0 := used()
	go func() {
		t := time.NewTimer(NextCPULook(limit))
		defer t.Stop()
		for {
			select {
			case <-wctx.Done():
				c.mu.Lock()
				c.sync()
				c.mu.Unlock()
				return
			case <-t.C:
				u := used() - c0
				if u >= limit {
					c.finish(context.DeadlineExceeded, "cpu")
					wcancel()
					return
				}
				t.Reset(NextCPULook(limit - u))
			}
		}
	}()
	return c, wcancel
}

func (c *CPULimit) finish(err error, hit string) {
	c.mu.Lock()
	c.end(err, hit)
	c.mu.Unlock()
}

func (c *CPULimit) end(err error, hit string) {
	if c.err == nil {
		c.err, c.hit = err, hit
		close(c.done)
	}
}

// sync ends c when the wall limit or the parent has ended it, which a
// caller can see (the wall deadline passed) before the watcher does
// (c.mu held).
func (c *CPULimit) sync() {
	if c.err != nil {
		return
	}
	if err := c.Context.Err(); err != nil {
		hit := ""
		if c.parent.Err() == nil && err == context.DeadlineExceeded {
			hit = "wall"
		}
		c.end(err, hit)
	}
}

// Done is closed when the context ends.
func (c *CPULimit) Done() <-chan struct{} { return c.done }

// Err is nil while the context runs, context.DeadlineExceeded after
// either limit, and the parent's error when the parent ended it.
func (c *CPULimit) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return c.err
}

// Hit says which limit ended the context: "cpu", "wall", or "" (it has
// not ended, or its parent or its cancel ended it).
func (c *CPULimit) Hit() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return c.hit
}
