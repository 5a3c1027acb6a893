package proc

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// WithCPULimit ends at the CPU limit (Err a deadline, Hit "cpu"), at the
// wall limit (Hit "wall") or with its parent (Hit ""), and a context
// derived from it ends with the same error, so a solver run under it
// calls the stop a timeout. The CPU clock here is a fake one, so that the
// test decides nothing by the machine's speed.
func TestWithCPULimit(t *testing.T) {
	var cpu atomic.Int64
	used := func() time.Duration { return time.Duration(cpu.Load()) }
	wait := func(c *CPULimit) {
		t.Helper()
		select {
		case <-c.Done():
		case <-time.After(time.Minute):
			t.Fatal("the context did not end")
		}
	}

	cpu.Store(int64(5 * time.Second)) // counted from the call
	c, cancel := WithCPULimit(context.Background(), 50*time.Millisecond, time.Hour, used)
	child, ccancel := context.WithTimeout(c, time.Hour)
	time.Sleep(100 * time.Millisecond)
	if c.Err() != nil {
		t.Fatalf("ended with no CPU used: %v (%s)", c.Err(), c.Hit())
	}
	cpu.Add(int64(60 * time.Millisecond))
	wait(c)
	<-child.Done()
	if !errors.Is(c.Err(), context.DeadlineExceeded) || c.Hit() != "cpu" || !errors.Is(child.Err(), context.DeadlineExceeded) {
		t.Errorf("CPU limit: %v (%s), child %v", c.Err(), c.Hit(), child.Err())
	}
	if d, ok := c.Deadline(); !ok || time.Until(d) < 50*time.Minute {
		t.Errorf("deadline %v, %v: want the wall limit's", d, ok)
	}
	ccancel()
	cancel()

	c, cancel = WithCPULimit(context.Background(), time.Hour, 100*time.Millisecond, used)
	wait(c)
	if !errors.Is(c.Err(), context.DeadlineExceeded) || c.Hit() != "wall" {
		t.Errorf("wall limit: %v (%s)", c.Err(), c.Hit())
	}
	cancel()

	parent, pcancel := context.WithCancel(context.Background())
	c, cancel = WithCPULimit(parent, time.Hour, time.Hour, used)
	pcancel()
	wait(c)
	if !errors.Is(c.Err(), context.Canceled) || c.Hit() != "" {
		t.Errorf("parent cancelled: %v (%s)", c.Err(), c.Hit())
	}
	cancel()

	c, cancel = WithCPULimit(context.Background(), time.Hour, time.Hour, used)
	cancel()
	wait(c)
	if !errors.Is(c.Err(), context.Canceled) || c.Hit() != "" {
		t.Errorf("cancelled: %v (%s)", c.Err(), c.Hit())
	}
}
